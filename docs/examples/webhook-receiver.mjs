import http from 'node:http';
import { verifyWebhook } from '@verso/sdk';

http.createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  try {
    const event = await verifyWebhook(Buffer.concat(chunks), req.headers, process.env.VERSO_WEBHOOK_SECRET);
    console.log(event.type, JSON.stringify(event.payload));
    res.writeHead(204).end();
  } catch (error) { console.error('refused:', error.message); res.writeHead(400).end(); }
}).listen(Number(process.env.PORT ?? 4000), '127.0.0.1', () => console.log('listening'));
