// Issue #27 §3, webhooks on a developer's machine: Webhook__AllowedPrivateDestinations__N lets a
// listed host:port on loopback or a private network receive deliveries (http:// allowed) in
// development and test, checked at registration and at every attempt like the public rules; in
// production the setting stops start-up. The receiver is docs/webhooks.md's ten-line example
// (docs/examples/webhook-receiver.mjs), run as its own process, verifying with the SDK.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { REPO_ROOT } from '../../server/src/contract.js';
import { checkWebhookUrl, createWebhookSender, privateDestinations } from '../../server/src/webhooks/egress/index.js';
import { createArticle, expectProblem, expectStatus, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';
import { startTestApi } from '../helpers/api.js';
import { testResolver } from '../helpers/https-receiver.js';
import { productionKeyring } from '../helpers/production-env.js';
import { within } from '../helpers/wait.js';

const RECEIVER = path.join(REPO_ROOT, 'docs/examples/webhook-receiver.mjs');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The receiver of docs/webhooks.md as a process; resolves once it listens. Its stdout lines are collected. */
async function startReadmeReceiver(port: number, secret: string): Promise<{ child: ChildProcess; lines: string[] }> {
  const child = spawn(process.execPath, [RECEIVER], { env: { ...process.env, PORT: String(port), VERSO_WEBHOOK_SECRET: secret }, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  await within(10_000, async () => lines.includes('listening'));
  return { child, lines };
}

describe('webhooks on a developer\'s machine (Webhook__AllowedPrivateDestinations)', function () {
  this.timeout(60_000);

  describe('in test (and development): a listed host:port receives signed deliveries', () => {
    let w: ContentWorld;
    let port: number;
    let receiver: { child: ChildProcess; lines: string[] } | undefined;

    before(async () => {
      port = await freePort();
      w = await startContentWorld(await startTestApi({ env: { 'Webhook__AllowedPrivateDestinations__0': `127.0.0.1:${port}` } }));
    });
    after(async () => {
      receiver?.child.kill();
      await w?.api.close();
    });

    it('the receiver of docs/webhooks.md on 127.0.0.1 gets a delivery over http:// and the SDK verifies its signature', async () => {
      const created = await w.api.post(`${w.base}/webhooks`, { name: 'Laptop', url: `http://127.0.0.1:${port}/hooks`, events: ['content.version_published'] }, { token: w.editor });
      expectStatus(created, 201);
      receiver = await startReadmeReceiver(port, created.body.secret);
      const item = await createArticle(w, 'Local');
      await publishNow(w, item.id, 1);
      const line = async () => receiver!.lines.find((l) => l.startsWith('content.version_published ') && JSON.parse(l.slice(l.indexOf(' ') + 1)).contentItemId === item.id);
      await within(10_000, async () => (await line()) !== undefined);
      expect(JSON.parse((await line())!.slice('content.version_published '.length))).to.include({ contentItemId: item.id, workspaceId: w.ws, status: 'Published' });
      // The receiver answered 204 only because verifyWebhook accepted it; the log agrees.
      await within(60_000, async () => (await w.api.get(`${w.base}/webhooks/${created.body.endpoint.id}/deliveries?isDelivered=true`, { token: w.editor })).body.totalCount === 1);
    });

    it('refuses at registration what is not listed: another port, another private address, https-only elsewhere', async () => {
      for (const url of [`http://127.0.0.1:${port + 1}/hooks`, `https://127.0.0.1:${port + 1}/hooks`, `http://10.0.0.8:${port}/hooks`, `http://[::1]:${port}/hooks`, `http://example.com:${port}/hooks`]) {
        const res = await w.api.post(`${w.base}/webhooks`, { name: 'Other', url, events: ['content.created'] }, { token: w.editor });
        expectProblem(res, 422, 'validation-failed');
        expect(Object.keys(res.body.errors), url).to.deep.equal(['/url']);
      }
    });
  });

  it('without the setting, the same URL is refused at registration', async () => {
    const w = await startContentWorld(await startTestApi());
    try {
      const res = await w.api.post(`${w.base}/webhooks`, { name: 'Laptop', url: 'http://127.0.0.1:4000/hooks', events: ['content.created'] }, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      // Refused for where it points (https would not change that), and said so.
      expect(res.body.errors['/url']).to.have.length(1);
      expect(res.body.errors['/url'][0]).to.match(/^The destination is not allowed: the URL's host 127\.0\.0\.1 is a loopback address/);
      expect(res.body.errors['/url'][0]).to.include('Webhook__AllowedPrivateDestinations');
    } finally {
      await w.api.close();
    }
  });

  describe('the URL check and every attempt', () => {
    const listed = privateDestinations(['127.0.0.1|4000', 'devbox.test|8080', '::1|4001']);

    it('exempts exactly the listed host and port, in any spelling of the address', () => {
      const ok = (url: string) => checkWebhookUrl(url, { allowHttp: false, privateDestinations: listed });
      expect(ok('http://127.0.0.1:4000/x')).to.equal(null);
      expect(ok('https://127.0.0.1:4000/x')).to.equal(null);
      expect(ok('http://2130706433:4000/x')).to.equal(null); // WHATWG's 127.0.0.1
      expect(ok('http://[::1]:4001/x')).to.equal(null);
      expect(ok('http://DevBox.test.:8080/x')).to.equal(null);
      // An unlisted local port (or address, or name) is not allowed, over http as over https: the
      // message says why, not "must use https".
      const notAllowed = /^The destination is not allowed: the URL's host .+ is .+, and webhooks are only sent to public addresses/;
      for (const url of ['http://127.0.0.1:4001/x', 'https://127.0.0.1:4001/x', 'http://127.0.0.2:4000/x', 'http://[::1]:4000/x', 'http://10.0.0.8:4000/x', 'http://localhost:4000/x']) {
        expect(ok(url), url).to.match(notAllowed);
      }
      expect(ok('http://127.0.0.1:4001/x')).to.include('127.0.0.1 is a loopback address');
      expect(ok('http://10.0.0.8:4000/x')).to.include('10.0.0.8 is a private address');
      expect(ok('http://localhost:4000/x')).to.include('localhost is a loopback name');
      // https stays required where it is: a public host, or a name resolved only at delivery.
      expect(ok('http://example.com:4000/x')).to.equal('The URL must use https.');
      expect(ok('http://93.184.216.34/x')).to.equal('The URL must use https.');
      // Every other rule still holds.
      expect(ok('http://user@127.0.0.1:4000/x')).to.equal('The URL must not contain user information.');
      expect(ok('http://127.0.0.1:4000/x#frag')).to.equal('The URL must not contain a fragment.');
      expect(ok('ftp://127.0.0.1:4000/x')).to.equal('The URL must use https.');
    });

    it('resolves a name once per attempt and pins it: a listed address on its port is reached, the same address on another port is not', async () => {
      const server = http.createServer((req, res) => res.writeHead(204).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as net.AddressInfo;
      // Webhook__AllowHttp as well, so that the names below (not listed themselves) may use http://.
      const sender = createWebhookSender({
        allowHttp: true,
        resolver: testResolver({ 'laptop.test': ['127.0.0.1'], 'sneaky.test': ['127.0.0.1', '10.0.0.1'] }),
        privateDestinations: privateDestinations([`127.0.0.1|${port}`, `sneaky.test|${port}`]),
      });
      try {
        const send = (url: string) => sender.send({ url, body: '{}', headers: {}, timeoutMs: 5_000 });
        expect(await send(`http://laptop.test:${port}/hook`)).to.deep.equal({ outcome: 'delivered', statusCode: 204, error: null });
        expect(await send(`http://127.0.0.1:${port}/hook`)).to.deep.include({ outcome: 'delivered' });
        const otherPort = await send(`http://laptop.test:${port + 1}/hook`);
        expect(otherPort.outcome).to.equal('rejected_destination');
        expect(otherPort.error).to.match(/resolves to 127\.0\.0\.1, a loopback address/);
        // A listed name is the developer's own: whatever it resolves to, but only on its port.
        expect(await send(`http://sneaky.test:${port}/hook`)).to.deep.include({ outcome: 'delivered' });
        // Unlisted, the same name is refused as a whole (one private answer is enough).
        expect(await send(`http://sneaky.test:${port + 1}/hook`)).to.deep.include({ outcome: 'rejected_destination' });
      } finally {
        sender.close();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });

  describe('configuration', () => {
    const load = (env: Record<string, string>) => loadConfig(env, { version: '1.2.3', cwd: '/srv/verso' });

    it('reads host:port pairs in development and test, canonical', () => {
      const c = load({ NODE_ENV: 'development', Webhook__AllowedPrivateDestinations__0: '127.0.0.1:4000', Webhook__AllowedPrivateDestinations__1: '[0:0::1]:4001', Webhook__AllowedPrivateDestinations__2: 'Host.Docker.Internal:8080' });
      expect(c.webhooks.allowedPrivateDestinations).to.deep.equal(['127.0.0.1|4000', '::1|4001', 'host.docker.internal|8080']);
      expect(load({ NODE_ENV: 'test', Webhook__AllowedPrivateDestinations__0: '127.0.0.1:4000' }).webhooks.allowedPrivateDestinations).to.deep.equal(['127.0.0.1|4000']);
      expect(load({}).webhooks.allowedPrivateDestinations).to.deep.equal([]);
    });

    for (const [value, message] of [
      ['127.0.0.1', /must be host:port/],
      ['127.0.0.1:0', /port outside 1–65535/],
      ['127.0.0.1:70000', /port outside 1–65535/],
      ['::1:4000', /must be host:port/],
      ['[127.0.0.1]:4000', /not an IPv6 address/],
      ['http://127.0.0.1:4000', /must be host:port/],
    ] as const) {
      it(`refuses ${JSON.stringify(value)} naming the setting`, () => {
        expect(() => load({ Webhook__AllowedPrivateDestinations__3: value })).to.throw(ConfigError, new RegExp(`Webhook__AllowedPrivateDestinations__3 (must be|has) .*${message.source.replace(/^must be /, '')}`));
      });
    }

    it('production refuses to start with it set (exit 78, the setting named)', function () {
      this.timeout(30_000);
      expect(() => load({ NODE_ENV: 'production', Webhook__AllowedPrivateDestinations__0: '127.0.0.1:4000' })).to.throw(ConfigError, /must not be set in production/);
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
        env: { ...process.env, ...productionKeyring(), NODE_ENV: 'production', Webhook__AllowedPrivateDestinations__0: '127.0.0.1:4000' },
        encoding: 'utf8',
        timeout: 25_000,
      });
      expect(result.status).to.equal(78);
      expect(result.stderr).to.include('Invalid configuration: Webhook__AllowedPrivateDestinations__0 must not be set in production');
    });

    it('docs/webhooks.md shows the receiver this test runs, line for line', () => {
      expect(fs.readFileSync(path.join(REPO_ROOT, 'docs/webhooks.md'), 'utf8')).to.include(fs.readFileSync(RECEIVER, 'utf8'));
    });
  });
});
