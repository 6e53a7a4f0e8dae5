// Requests Node's HTTP parser refuses never reach express; the server's clientError listener still
// answers them as problem details (status, title, a trace id and correlation id, nothing from the
// request) and closes the connection. Sent over raw sockets, since no HTTP client sends them.
import net from 'node:net';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  closed: boolean;
}

function sendRaw(url: string, request: string | Buffer): Promise<RawAnswer> {
  const { port, hostname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server neither answered nor closed: ${Buffer.concat(chunks).toString('latin1')}`));
    }, 5_000);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {}); // a reset after the answer is fine; the answer is what is checked
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, closed: true });
    });
    socket.write(request);
  });
}

function expectProblemAnswer(answer: RawAnswer, status: number, code: string) {
  expect(answer.status).to.equal(status);
  expect(answer.headers['content-type']).to.equal('application/problem+json');
  expect(answer.headers.connection).to.equal('close');
  expect(answer.closed).to.equal(true);
  const body = JSON.parse(answer.body);
  expect(body).to.include({ type: `https://verso.dev/errors/${code}`, status, instance: null });
  expect(body.title).to.be.a('string').with.length.greaterThan(0);
  expect(body.traceId).to.match(/^[0-9a-f]{32}$/);
  expect(body.correlationId).to.equal(answer.headers['x-correlation-id']);
  expect(Number(answer.headers['content-length'])).to.equal(Buffer.byteLength(answer.body));
  return body;
}

describe('HTTP parser errors are answered as problem details', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  it('a bare LF inside a header: 400, nothing of the request echoed', async () => {
    const answer = await sendRaw(api.url, 'GET /health/live HTTP/1.1\r\nHost: x\r\nX-Note: secret-marker\nmore\r\n\r\n');
    expectProblemAnswer(answer, 400, 'bad-request');
    expect(answer.body).not.to.include('secret-marker');
  });

  it('a NUL inside a header value: 400', async () => {
    const answer = await sendRaw(api.url, Buffer.from('GET /health/live HTTP/1.1\r\nHost: x\r\nX-Note: a\u0000secret-marker\r\n\r\n', 'latin1'));
    expectProblemAnswer(answer, 400, 'bad-request');
    expect(answer.body).not.to.include('secret-marker');
  });

  it('a 20 KB request line (over the 16 KiB of request line plus headers): 431', async () => {
    const answer = await sendRaw(api.url, `GET /health/live?pad=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectProblemAnswer(answer, 431, 'request-header-fields-too-large');
    expect(answer.body).not.to.include('aaaa');
  });

  it('headers over the limit: 431', async () => {
    const answer = await sendRaw(api.url, `GET /health/live HTTP/1.1\r\nHost: x\r\nX-Pad: ${'b'.repeat(17_000)}\r\n\r\n`);
    expectProblemAnswer(answer, 431, 'request-header-fields-too-large');
  });

  it('an Expect other than 100-continue is ignored, not a bodiless 417', async () => {
    // fetch refuses to send Expect, so this one goes over a raw socket too.
    const answer = await sendRaw(api.url, 'GET /health/live HTTP/1.1\r\nHost: x\r\nExpect: x-something\r\nConnection: close\r\n\r\n');
    expect(answer.status).to.equal(200);
    expect(JSON.parse(answer.body)).to.deep.equal({ status: 'Healthy' });
  });

  it('logs the refusal with its trace id, and keeps serving', async () => {
    const answer = await sendRaw(api.url, 'GET /health/live HTTP/1.1\r\nHost: x\r\nBroken header line\r\n\r\n');
    const body = expectProblemAnswer(answer, 400, 'bad-request');
    const logged = api.log.find((l) => l.event === 'http_parser_error' && l.traceId === body.traceId);
    expect(logged, 'a log line an operator can find by the trace id').not.to.equal(undefined);
    expect(logged!.correlationId).to.equal(body.correlationId);
    expect((await api.get('/health/live')).status).to.equal(200);
  });
});
