// The webhook delivery client (server/src/webhooks/egress) against a real HTTPS receiver on
// loopback: a test CA made now, a resolver that maps test names to 127.0.0.1 / ::1, and an address
// policy that is the default one with exactly those two loopback addresses allowed (spec, Egress
// rules; issue #15, Egress). What must never connect is in ssrf-corpus.test.ts.
import { spawn } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { expect } from 'chai';
import { createWebhookSender, defaultAddressPolicy, MAX_ERROR_LENGTH, type AddressPolicy, type WebhookSender } from '../../server/src/webhooks/egress/index.js';
import { startHttpsReceiver, testResolver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { createTestCa, type TestCa } from '../helpers/test-ca.js';

const HOST = 'hooks.example.test';
const V6_HOST = 'v6.example.test';
const WRONG_HOST = 'wrong.example.test';
const allowLoopback: AddressPolicy = { isForbidden: (a) => (a === '127.0.0.1' || a === '::1' ? null : defaultAddressPolicy.isForbidden(a)) };

async function listen(server: net.Server, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as net.AddressInfo).port;
}

describe('webhook egress: one delivery attempt', () => {
  let ca: TestCa;
  let receiver: HttpsReceiver;
  let receiver6: HttpsReceiver;
  let wrongName: HttpsReceiver;
  let resolver: ReturnType<typeof testResolver>;
  let sender: WebhookSender;
  const senders: WebhookSender[] = [];
  const newSender = (o: Partial<Parameters<typeof createWebhookSender>[0]> = {}) => {
    const s = createWebhookSender({ allowHttp: false, resolver, policy: allowLoopback, ca: ca.cert, ...o });
    senders.push(s);
    return s;
  };
  const url = (r: HttpsReceiver, pathAndQuery = '/hooks', host = HOST) => `https://${host}:${r.port}${pathAndQuery}`;
  const post = (target: string, o: { body?: Buffer | string; headers?: Record<string, string>; timeoutMs?: number; via?: WebhookSender } = {}) =>
    (o.via ?? sender).send({ url: target, body: o.body ?? '{"ok":true}', headers: o.headers ?? {}, timeoutMs: o.timeoutMs ?? 5_000 });

  before(async () => {
    ca = await createTestCa();
    const certificate = await ca.issue({ dns: [HOST, V6_HOST] });
    receiver = await startHttpsReceiver({ certificate });
    receiver6 = await startHttpsReceiver({ certificate, host: '::1' });
    wrongName = await startHttpsReceiver({ certificate: await ca.issue({ dns: [WRONG_HOST] }) });
    resolver = testResolver({ [HOST]: ['127.0.0.1'], [V6_HOST]: ['::1'], [WRONG_HOST]: ['127.0.0.1'] });
    sender = newSender();
  });
  beforeEach(() => {
    receiver.answer({ status: 200 });
    receiver6.answer({ status: 200 });
    resolver.set(HOST, ['127.0.0.1']);
  });
  after(async () => {
    for (const s of senders) s.close();
    await Promise.all([receiver, receiver6, wrongName].map((r) => r?.close()));
  });

  it('POSTs the exact body bytes and the given headers; Host and TLS SNI are the endpoint name while the connection goes to the pinned address', async () => {
    // Not what JSON.stringify would write (spacing, escapes, a trailing newline, non-ASCII), so a
    // re-serialising client would be caught.
    const body = Buffer.from('{"b":1,  "a":"\\u00e9 é","list":[ ],"n":1.50}\n', 'utf8');
    const headers = {
      'Content-Type': 'application/json',
      'X-Verso-Event': 'content.created',
      'X-Verso-Event-Id': '0192f0c8-0000-7000-8000-000000000001',
      'X-Verso-Signature': 'sha256=00ff',
      'webhook-id': '0192f0c8-0000-7000-8000-000000000001',
      'webhook-timestamp': '1790000000',
      'webhook-signature': 'v1,AAAA',
    };
    const before = receiver.requests.length;
    const res = await post(url(receiver, '/hooks/in?x=1&y=%C3%A9'), { body, headers });
    expect(res).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(receiver.requests).to.have.length(before + 1);
    const got = receiver.requests.at(-1)!;
    expect(got.method).to.equal('POST');
    expect(got.path).to.equal('/hooks/in?x=1&y=%C3%A9');
    expect(got.body.equals(body)).to.equal(true);
    expect(got.servername).to.equal(HOST);
    expect(got.headers.host).to.equal(`${HOST}:${receiver.port}`);
    expect(got.headers['content-length']).to.equal(String(body.length));
    for (const [name, value] of Object.entries(headers)) expect(got.headers[name.toLowerCase()], name).to.equal(value);
    expect(resolver.asked.at(-1)).to.equal(HOST);
  });

  it('sends a string body as its UTF-8 bytes and defaults Content-Type to application/json', async () => {
    const res = await post(url(receiver), { body: '{"title":"Ünïcödé ✓"}' });
    expect(res.outcome).to.equal('delivered');
    const got = receiver.requests.at(-1)!;
    expect(got.body.equals(Buffer.from('{"title":"Ünïcödé ✓"}', 'utf8'))).to.equal(true);
    expect(got.headers['content-type']).to.equal('application/json');
  });

  it('drops transport headers a caller tries to set (Host, Content-Length, Transfer-Encoding, Connection)', async () => {
    const res = await post(url(receiver), { body: 'abc', headers: { Host: 'evil.example', 'Content-Length': '999', 'Transfer-Encoding': 'chunked', Connection: 'upgrade' } });
    expect(res.outcome).to.equal('delivered');
    const got = receiver.requests.at(-1)!;
    expect(got.headers.host).to.equal(`${HOST}:${receiver.port}`);
    expect(got.headers['content-length']).to.equal('3');
    expect(got.headers['transfer-encoding']).to.equal(undefined);
    expect(got.body.toString()).to.equal('abc');
  });

  it('reaches an IPv6 receiver the same way (::1 pinned, SNI the name)', async () => {
    const res = await post(url(receiver6, '/v6', V6_HOST));
    expect(res).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(receiver6.requests.at(-1)!.servername).to.equal(V6_HOST);
    expect(receiver6.requests.at(-1)!.headers.host).to.equal(`${V6_HOST}:${receiver6.port}`);
  });

  it('sends to a name with a trailing dot as the name without it (resolution, Host and SNI)', async () => {
    const res = await post(`https://${HOST}.:${receiver.port}/dot`);
    expect(res.outcome).to.equal('delivered');
    expect(resolver.asked.at(-1)).to.equal(HOST);
    expect(receiver.requests.at(-1)!.servername).to.equal(HOST);
    expect(receiver.requests.at(-1)!.headers.host).to.equal(`${HOST}:${receiver.port}`);
  });

  it('counts any 2xx as delivered and every 4xx and 5xx as an http_status failure carrying the status', async () => {
    for (const status of [200, 201, 202, 204, 299]) {
      receiver.answer({ status });
      expect(await post(url(receiver)), String(status)).to.deep.equal({ outcome: 'delivered', statusCode: status, error: null });
    }
    for (const status of [400, 401, 404, 410, 429, 500, 502, 503]) {
      receiver.answer({ status });
      const res = await post(url(receiver));
      expect(res.outcome, String(status)).to.equal('http_status');
      expect(res.statusCode).to.equal(status);
      expect(res.error).to.match(new RegExp(`^The receiver answered HTTP ${status}\\b`));
    }
  });

  it('treats every 3xx as a failed redirect and never follows its Location', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      receiver.answer({ status, headers: { Location: `https://${HOST}:${receiver.port}/elsewhere?token=s3cr3t` } });
      const before = receiver.requests.length;
      const res = await post(url(receiver));
      expect(res.outcome, String(status)).to.equal('redirect');
      expect(res.statusCode).to.equal(status);
      expect(res.error).to.equal(`The receiver answered ${status} (a redirect to https://${HOST}:${receiver.port}); redirects are not followed.`);
      expect(receiver.requests.length - before).to.equal(1);
    }
  });

  it('fails the TLS check when the certificate is for another name: the receiver gets a connection but never a request', async () => {
    resolver.set(HOST, ['127.0.0.1']);
    const before = wrongName.connections;
    const res = await post(url(wrongName));
    expect(res.outcome).to.equal('connection_failed');
    expect(res.statusCode).to.equal(null);
    expect(res.error).to.match(/^The TLS certificate of hooks\.example\.test was not accepted \(127\.0\.0\.1\): ERR_TLS_CERT_ALTNAME_INVALID: .*wrong\.example\.test/);
    expect(wrongName.connections - before).to.equal(1);
    expect(wrongName.requests).to.have.length(0);
  });

  it('fails the TLS check when the certificate chains to a CA it does not trust (the system roots)', async () => {
    const res = await post(url(receiver), { via: newSender({ ca: undefined }) });
    expect(res.outcome).to.equal('connection_failed');
    expect(res.error).to.match(/^The TLS certificate of hooks\.example\.test was not accepted \(127\.0\.0\.1\): UNABLE_TO_VERIFY_LEAF_SIGNATURE: /);
  });

  it('times out when the answer comes later than the timeout', async () => {
    receiver.answer({ status: 200, delayMs: 3_000 });
    const started = Date.now();
    const res = await post(url(receiver), { timeoutMs: 300 });
    const took = Date.now() - started;
    expect(res).to.deep.equal({ outcome: 'timeout', statusCode: null, error: 'Timed out after 300 ms waiting for the response (hooks.example.test: 127.0.0.1).' });
    expect(took).to.be.within(250, 1_500);
  });

  it('times out when the TLS handshake never completes (the timeout covers connect and TLS too)', async () => {
    const silent = net.createServer(() => undefined);
    const port = await listen(silent);
    try {
      const res = await post(`https://${HOST}:${port}/`, { timeoutMs: 300 });
      expect(res).to.deep.equal({ outcome: 'timeout', statusCode: null, error: 'Timed out after 300 ms in the TLS handshake (hooks.example.test: 127.0.0.1).' });
    } finally {
      silent.close();
    }
  });

  it('times out when resolution does not answer in time', async () => {
    const slow = newSender({ resolver: { resolve: () => new Promise(() => undefined) } });
    const res = await post(url(receiver), { timeoutMs: 200, via: slow });
    expect(res).to.deep.equal({ outcome: 'timeout', statusCode: null, error: 'Timed out after 200 ms resolving hooks.example.test.' });
  });

  it('reports a refused connection and a failed resolution as connection_failed, and an empty resolution as a rejected destination', async () => {
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    expect(await post(`https://${HOST}:${port}/`)).to.deep.equal({
      outcome: 'connection_failed',
      statusCode: null,
      error: `Connection refused by hooks.example.test (127.0.0.1, port ${port}).`,
    });
    expect(await post(`https://unknown.example.test:${receiver.port}/`)).to.deep.equal({
      outcome: 'connection_failed',
      statusCode: null,
      error: 'Could not resolve unknown.example.test: getaddrinfo ENOTFOUND unknown.example.test.',
    });
    resolver.set(HOST, []);
    expect(await post(url(receiver))).to.deep.equal({
      outcome: 'rejected_destination',
      statusCode: null,
      error: 'Destination rejected: hooks.example.test resolved to no address; not connecting.',
    });
  });

  it('reads at most a few KiB of the answer: a huge response body does not hold the attempt', async () => {
    receiver.answer({ status: 200, body: Buffer.alloc(8 * 1024 * 1024, 0x61) });
    const started = Date.now();
    const res = await post(url(receiver), { timeoutMs: 5_000 });
    expect(res).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(Date.now() - started).to.be.below(2_000);
  });

  it('keeps a connection alive for the next attempt only while resolution approves the same addresses', async () => {
    const own = newSender();
    const before = receiver.connections;
    expect((await post(url(receiver), { via: own })).outcome).to.equal('delivered');
    expect((await post(url(receiver), { via: own })).outcome).to.equal('delivered');
    expect(receiver.connections - before, 'the second attempt reused the first connection').to.equal(1);
    resolver.set(HOST, ['127.0.0.1', '::1']);
    expect((await post(url(receiver), { via: own })).outcome).to.equal('delivered');
    expect(receiver.connections - before, 'another approved set means a new connection').to.equal(2);
  });

  it('replaces a kept-alive connection the receiver has dropped and sends the request once', async () => {
    const own = newSender();
    expect((await post(url(receiver), { via: own })).outcome).to.equal('delivered');
    receiver.dropConnections();
    const before = receiver.requests.length;
    expect(await post(url(receiver), { via: own })).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(receiver.requests.length - before).to.equal(1);
  });

  it('sends plain http only when allowed', async () => {
    const plain = http.createServer((req, res) => req.resume().on('end', () => res.end()));
    const port = await listen(plain);
    try {
      const target = `http://${HOST}:${port}/plain`;
      expect(await post(target)).to.deep.equal({ outcome: 'rejected_destination', statusCode: null, error: 'Destination rejected: The URL must use https.' });
      expect(await post(target, { via: newSender({ allowHttp: true }) })).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    } finally {
      plain.closeAllConnections();
      plain.close();
    }
  });

  it('never puts the URL path or query, a header value or the body into an error text', async () => {
    const secret = 'whsec_NEVER_IN_AN_ERROR';
    const closed = net.createServer();
    const port = await listen(closed);
    await new Promise((r) => closed.close(r));
    const targets = [`https://${HOST}:${port}/p/${secret}?t=${secret}`, url(wrongName, `/p/${secret}?t=${secret}`), `https://10.0.0.1/p/${secret}?t=${secret}`];
    receiver.answer({ status: 500, body: secret });
    targets.push(url(receiver, `/p/${secret}?t=${secret}`));
    receiver.answer({ status: 302, headers: { Location: `https://${HOST}/x/${secret}?t=${secret}` } });
    for (const target of targets) {
      const res = await post(target, { body: secret, headers: { 'X-Verso-Signature': secret, 'X-Token': secret } });
      expect(res.outcome).to.not.equal('delivered');
      expect(res.error).to.be.a('string').and.not.include(secret);
    }
  });

  it('keeps error texts within 4000 characters', async () => {
    const verbose = newSender({ resolver: { resolve: async () => Promise.reject(new Error('x'.repeat(10_000))) } });
    const res = await post(url(receiver), { via: verbose });
    expect(res.outcome).to.equal('connection_failed');
    expect(res.error!.length).to.equal(MAX_ERROR_LENGTH);
  });

  it('does not use a replaced global agent', async () => {
    let used = 0;
    const counting = new https.Agent();
    const original = counting.createConnection.bind(counting);
    counting.createConnection = ((...args: Parameters<typeof original>) => {
      used += 1;
      return original(...args);
    }) as typeof counting.createConnection;
    const saved = https.globalAgent;
    https.globalAgent = counting;
    try {
      expect((await post(url(receiver), { via: newSender() })).outcome).to.equal('delivered');
    } finally {
      https.globalAgent = saved;
      counting.destroy();
    }
    expect(used).to.equal(0);
  });

  it('ignores ambient proxy settings (HTTPS_PROXY, HTTP_PROXY, ALL_PROXY, NODE_USE_ENV_PROXY) that node itself honours', async function () {
    this.timeout(20_000);
    let proxied = 0;
    const proxy = net.createServer((socket) => {
      proxied += 1;
      socket.destroy();
    });
    const proxyPort = await listen(proxy);
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const senderModule = pathToFileURL(path.resolve('server/src/webhooks/egress/index.ts')).href;
    // The child first sends through the webhook sender (must reach the receiver directly), then
    // makes a plain https request with node's defaults, which must go to the proxy: that proves
    // the proxy settings were in force for the child and the sender chose to ignore them.
    const script = `
      import https from 'node:https';
      const { createWebhookSender, defaultAddressPolicy } = await import(${JSON.stringify(senderModule)});
      const env = process.env;
      const sender = createWebhookSender({
        allowHttp: false, ca: env.TEST_CA,
        resolver: { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
        policy: { isForbidden: (a) => (a === '127.0.0.1' ? null : defaultAddressPolicy.isForbidden(a)) },
      });
      const viaSender = await sender.send({ url: env.TEST_URL, body: '{"proxy":false}', headers: {}, timeoutMs: 5000 });
      sender.close();
      const viaDefaults = await new Promise((resolve) => {
        const req = https.request(env.TEST_URL, { method: 'POST', ca: env.TEST_CA, timeout: 3000 }, (res) => { res.resume(); resolve('direct ' + res.statusCode); });
        req.on('error', (e) => resolve('error ' + e.code));
        req.on('timeout', () => req.destroy());
        req.end();
      });
      process.stdout.write(JSON.stringify({ viaSender, viaDefaults }));
    `;
    const before = receiver.requests.length;
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: {
          ...process.env,
          NODE_USE_ENV_PROXY: '1',
          HTTPS_PROXY: proxyUrl,
          HTTP_PROXY: proxyUrl,
          ALL_PROXY: proxyUrl,
          https_proxy: proxyUrl,
          http_proxy: proxyUrl,
          NO_PROXY: '',
          no_proxy: '',
          TEST_CA: ca.cert,
          TEST_URL: url(receiver, '/via-child'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c) => (stdout += c));
      child.stderr.on('data', (c) => (stderr += c));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`child exited ${code}: ${stderr}`))));
    });
    proxy.close();
    const { viaSender, viaDefaults } = JSON.parse(out) as { viaSender: unknown; viaDefaults: string };
    expect(viaSender).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(receiver.requests.slice(before).map((r) => r.path)).to.deep.equal(['/via-child']);
    expect(viaDefaults, 'node itself used the proxy (the settings were in force)').to.match(/^error /);
    expect(proxied, 'only the plain request went to the proxy').to.equal(1);
  });
});
