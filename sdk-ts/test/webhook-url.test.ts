// Webhook create/update check the URL before sending (item 35): https only, no user information,
// no loopback name, no literal address outside public unicast — a TypeError, and nothing reaches
// the transport, for the generated methods and for call().
import { expect } from 'chai';
import { checkWebhookUrl, VersoClient } from '../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from './support/fake-http-server.js';

const WS = '0190f0e2-8f3e-7a41-b7c4-5d1e2f3a4b5c';
const ID = '0190f0e2-8f3e-7a41-b7c4-5d1e2f3a4b5d';

const REFUSED: Array<[url: string, reason: RegExp]> = [
  ['http://hooks.example.com/verso', /https/],
  ['ftp://hooks.example.com/verso', /https/],
  ['hooks.example.com/verso', /absolute/],
  ['', /required/],
  ['https://user:pass@hooks.example.com/', /user information/],
  ['https://token@hooks.example.com/', /user information/],
  // Empty user information: WHATWG drops it, the server refuses it (issue #23).
  ['https://@hooks.example.com/', /user information/],
  ['https://:@hooks.example.com/', /user information/],
  ['https://%40@hooks.example.com/', /user information/],
  ['https:@hooks.example.com/', /user information/],
  ['https:\\\\@hooks.example.com/', /user information/],
  ['https://localhost/hook', /loopback name/],
  ['https://api.localhost./hook', /loopback name/],
  ['https://127.0.0.1/hook', /loopback/],
  ['https://2130706433/hook', /127\.0\.0\.1.*loopback/],
  ['https://0x7f.1/hook', /loopback/],
  ['https://0.0.0.0/hook', /this network/],
  ['https://10.1.2.3/hook', /private/],
  ['https://172.16.0.1/hook', /private/],
  ['https://172.31.255.255/hook', /private/],
  ['https://192.168.1.1/hook', /private/],
  ['https://100.64.0.1/hook', /carrier-grade NAT/],
  ['https://100.127.255.254/hook', /carrier-grade NAT/],
  ['https://169.254.169.254/latest/meta-data', /link-local/],
  ['https://198.18.0.1/hook', /benchmarking/],
  ['https://198.19.255.1/hook', /benchmarking/],
  ['https://192.0.2.10/hook', /documentation/],
  ['https://203.0.113.7/hook', /documentation/],
  ['https://224.0.0.1/hook', /multicast/],
  ['https://239.255.255.250/hook', /multicast/],
  ['https://240.0.0.1/hook', /reserved/],
  ['https://255.255.255.255/hook', /reserved or broadcast/],
  ['https://[::1]/hook', /loopback/],
  ['https://[::]/hook', /unspecified/],
  ['https://[::ffff:127.0.0.1]/hook', /IPv4-mapped.*127\.0\.0\.1.*loopback/],
  ['https://[::ffff:10.0.0.1]/hook', /IPv4-mapped.*private/],
  ['https://[::ffff:a9fe:a9fe]/hook', /169\.254\.169\.254.*link-local/],
  ['https://[64:ff9b::7f00:1]/hook', /NAT64.*loopback/],
  ['https://[::7f00:1]/hook', /IPv4-compatible/],
  ['https://[fe80::1]/hook', /link-local/],
  ['https://[fc00::1]/hook', /unique-local/],
  ['https://[fd12:3456::1]/hook', /unique-local/],
  ['https://[ff02::1]/hook', /multicast/],
  ['https://[2001:db8::1]/hook', /documentation/],
  ['https://[2001:2::1]/hook', /IETF protocol assignment/],
  ['https://[2002:7f00:1::1]/hook', /6to4/],
  ['https://[100::1]/hook', /discard-only/],
  ['https://[4000::1]/hook', /reserved/],
];

const ACCEPTED = [
  'https://hooks.example.com/verso?token=abc',
  'https://hooks.example.com:8443/verso',
  'https://93.184.215.14/hook',
  'https://172.32.0.1/hook',
  'https://100.128.0.1/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://[::ffff:8.8.8.8]/hook',
  'https://[64:ff9b::808:808]/hook',
  'https://localhost.example.com/hook',
  'https://hooks.example.com/a@b?to=c@d',
];

describe('SDK webhook URL check', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  for (const [url, reason] of REFUSED) {
    it(`refuses ${url || '(empty)'}`, () => {
      const problem = checkWebhookUrl(url);
      expect(problem, url).to.be.a('string').and.match(reason);
    });
  }

  it('accepts public https URLs (names, public IPv4 and IPv6, mapped public addresses)', () => {
    for (const url of ACCEPTED) expect(checkWebhookUrl(url), url).to.equal(null);
  });

  it('never quotes the URL (its path or query may carry a secret)', () => {
    const problem = checkWebhookUrl('http://hooks.example.com/verso?token=s3cret');
    expect(problem).not.to.include('s3cret');
    expect(checkWebhookUrl('https://me:s3cret@hooks.example.com/')).not.to.include('s3cret');
  });

  it('createWebhookEndpoint and updateWebhookEndpoint throw TypeError before sending; fetch sees no request', async () => {
    const client = new VersoClient({ baseUrl: server.url, token: 't' });
    const body = { name: 'Hook', url: 'https://10.0.0.5/hook', events: ['content.deleted' as const] };
    const created = await client.createWebhookEndpoint({ path: { workspaceId: WS }, body }).catch((e: unknown) => e);
    expect(created).to.be.instanceOf(TypeError);
    expect((created as TypeError).message).to.match(/createWebhookEndpoint: .*10\.0\.0\.5 is a private address/);
    const updated = await client.updateWebhookEndpoint({ path: { workspaceId: WS, id: ID }, body: { ...body, url: 'http://hooks.example.com/', isActive: true } }, { ifMatch: '"1"' }).catch((e: unknown) => e);
    expect(updated).to.be.instanceOf(TypeError);
    const viaCall = await client.call('updateWebhookEndpoint', { path: { workspaceId: WS, id: ID }, body: { ...body, url: 'https://[::1]/', isActive: true } }).catch((e: unknown) => e);
    expect(viaCall).to.be.instanceOf(TypeError);
    expect(server.requests).to.have.length(0);
  });

  it('a good URL is sent; validateWebhookUrls: false leaves the check to the server', async () => {
    server.fallback = { status: 201, body: { endpoint: {}, secret: 'x', warning: '' } };
    const client = new VersoClient({ baseUrl: server.url, token: 't' });
    await client.createWebhookEndpoint({ path: { workspaceId: WS }, body: { name: 'Hook', url: 'https://hooks.example.com/verso', events: ['content.deleted'] } });
    expect(server.requests).to.have.length(1);
    const unchecked = new VersoClient({ baseUrl: server.url, token: 't', validateWebhookUrls: false });
    await unchecked.createWebhookEndpoint({ path: { workspaceId: WS }, body: { name: 'Hook', url: 'http://hooks.example.com/verso', events: ['content.deleted'] } });
    expect(server.requests).to.have.length(2);
    expect(JSON.parse(server.requests[1]!.body)).to.include({ url: 'http://hooks.example.com/verso' });
  });
});
