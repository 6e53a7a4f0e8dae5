// The admin process: serves the admin app on Admin__Port; stops cleanly on SIGINT/SIGTERM.
import http from 'node:http';
import { createAdminApp } from './app.js';
import { loadAdminConfig } from './config.js';

let config;
try {
  config = loadAdminConfig(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(78);
}
const server = http.createServer(createAdminApp(config));
server.listen(config.port, config.host, () => {
  console.log(JSON.stringify({ level: 'info', message: `Verso admin listening on http://${config.host}:${config.port}`, timestamp: new Date().toISOString() }));
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
