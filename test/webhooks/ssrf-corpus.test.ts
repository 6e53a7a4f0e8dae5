// The SSRF corpus (issue #15, Egress): every trick below must fail as a rejected destination with
// a message naming the address class, and must reach nothing. "Nothing" is proven two ways:
// HTTPS listeners on 127.0.0.1 and [::1] (where a careless client would land: 0.0.0.0, [::],
// IPv4-mapped and exotic spellings of 127.0.0.1 all connect to local listeners on Linux) count
// accepted connections, and node's `net.client.socket` diagnostics channel counts every client
// socket the process creates, which covers the addresses no test can listen on (10/8,
// 169.254.169.254, NAT64, 6to4, …).
//
// The forbidden-address cases use the DEFAULT address policy; names are answered by a test
// resolver (the address a real DNS would return for an attacker's name). Only the cases that need
// a first leg to succeed (rebinding, redirects, userinfo and http on a reachable name) allow
// 127.0.0.1 as the stand-in for a public address.
import diagnostics from 'node:diagnostics_channel';
import { expect } from 'chai';
import { checkWebhookUrl, createWebhookSender, defaultAddressPolicy, type AddressPolicy, type WebhookSender } from '../../server/src/webhooks/egress/index.js';
import { startHttpsReceiver, testResolver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { createTestCa } from '../helpers/test-ca.js';

const HOST = 'hooks.example.test';
const IDN_ASCII = 'xn--bcher-kva.example.test'; // bücher.example.test

interface Case {
  readonly name: string;
  /** P4 / P6 are replaced by the ports of the 127.0.0.1 / [::1] listeners. */
  readonly url: string;
  /** What the test resolver answers for hooks.example.test (and the IDN name) in this case. */
  readonly resolves?: readonly string[];
  readonly error: RegExp;
  /** Registration refuses it too (everything but names, which are resolved only at delivery). */
  readonly refusedAtRegistration?: boolean;
}

const LOOPBACK4 = /127\.0\.0\.1, a loopback address \(127\.0\.0\.0\/8\)/;
const literal = (name: string, url: string, error: RegExp): Case => ({ name, url, error, refusedAtRegistration: true });
const named = (name: string, resolves: readonly string[], error: RegExp, url = `https://${HOST}:P4/hook`): Case => ({ name, url, resolves, error });

const CORPUS: readonly Case[] = [
  literal('decimal IPv4 2130706433', 'https://2130706433:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('octal IPv4 0177.0.0.1', 'https://0177.0.0.1:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('hex short IPv4 0x7f.1', 'https://0x7f.1:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('short IPv4 127.1', 'https://127.1:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('hex long IPv4 0x7f000001', 'https://0x7f000001:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('octal long IPv4 017700000001', 'https://017700000001:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('dotted hex IPv4 0x7f.0x0.0x0.0x1', 'https://0x7f.0x0.0x0.0x1:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('127.0.0.1', 'https://127.0.0.1:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('127.0.0.1 with a trailing dot', 'https://127.0.0.1.:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('IDN host of full-width digits １２７.０.０.１', 'https://１２７.０.０.１:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('IDN host of circled digits ①②⑦.0.0.1', 'https://①②⑦.0.0.1:P4/', /host 127\.0\.0\.1 is a loopback address/),
  literal('0.0.0.0', 'https://0.0.0.0:P4/', /host 0\.0\.0\.0 is the unspecified address/),
  literal('0 (= 0.0.0.0)', 'https://0:P4/', /host 0\.0\.0\.0 is the unspecified address/),
  literal('[::]', 'https://[::]:P6/', /host :: is the unspecified address/),
  literal('[::1]', 'https://[::1]:P6/', /host ::1 is the loopback address/),
  literal('[::ffff:127.0.0.1]', 'https://[::ffff:127.0.0.1]:P4/', /IPv4-mapped IPv6 address of 127\.0\.0\.1, a loopback address/),
  literal('[::ffff:7f00:1]', 'https://[::ffff:7f00:1]:P4/', /IPv4-mapped IPv6 address of 127\.0\.0\.1, a loopback address/),
  literal('[0:0:0:0:0:ffff:127.0.0.1]', 'https://[0:0:0:0:0:ffff:127.0.0.1]:P4/', /IPv4-mapped IPv6 address of 127\.0\.0\.1/),
  literal('IPv4-compatible [::127.0.0.1]', 'https://[::127.0.0.1]:P4/', /IPv4-compatible IPv6 address \(deprecated\), embedding 127\.0\.0\.1, a loopback/),
  literal('NAT64 of loopback [64:ff9b::127.0.0.1]', 'https://[64:ff9b::127.0.0.1]:P4/', /NAT64 address \(64:ff9b::\/96\) of 127\.0\.0\.1, a loopback/),
  literal('NAT64 of the metadata address', 'https://[64:ff9b::a9fe:a9fe]/', /NAT64 address \(64:ff9b::\/96\) of 169\.254\.169\.254, a link-local/),
  literal('local-use NAT64 of 10.0.0.1', 'https://[64:ff9b:1::a00:1]/', /local-use NAT64 address \(64:ff9b:1::\/48\)/),
  literal('6to4 of loopback', 'https://[2002:7f00:1::1]/', /6to4 address \(2002::\/16\), embedding 127\.0\.0\.1, a loopback/),
  literal('6to4 of the metadata address', 'https://[2002:a9fe:a9fe::1]/', /6to4 address \(2002::\/16\), embedding 169\.254\.169\.254, a link-local/),
  literal('Teredo with client 127.0.0.1', 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /Teredo address \(2001::\/32\), embedding 127\.0\.0\.1, a loopback/),
  literal('cloud metadata 169.254.169.254', 'https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/),
  literal('IPv6 cloud metadata [fd00:ec2::254]', 'https://[fd00:ec2::254]/', /fd00:ec2::254 is a unique-local address/),
  literal('private 10.0.0.1', 'https://10.0.0.1/', /10\.0\.0\.1 is a private address \(10\.0\.0\.0\/8\)/),
  literal('private 172.16.0.1', 'https://172.16.0.1/', /172\.16\.0\.1 is a private address \(172\.16\.0\.0\/12\)/),
  literal('private 172.31.255.254', 'https://172.31.255.254/', /is a private address \(172\.16\.0\.0\/12\)/),
  literal('private 192.168.0.1', 'https://192.168.0.1/', /is a private address \(192\.168\.0\.0\/16\)/),
  literal('CGNAT 100.64.0.1', 'https://100.64.0.1/', /carrier-grade NAT address/),
  literal('benchmarking 198.18.0.1', 'https://198.18.0.1/', /benchmarking address/),
  literal('documentation 192.0.2.1', 'https://192.0.2.1/', /documentation address \(192\.0\.2\.0\/24\)/),
  literal('documentation 198.51.100.1', 'https://198.51.100.1/', /documentation address \(198\.51\.100\.0\/24\)/),
  literal('documentation 203.0.113.1', 'https://203.0.113.1/', /documentation address \(203\.0\.113\.0\/24\)/),
  literal('IETF protocol assignment 192.0.0.170', 'https://192.0.0.170/', /IETF protocol assignment/),
  literal('multicast 224.0.0.1', 'https://224.0.0.1/', /multicast address/),
  literal('broadcast 255.255.255.255', 'https://255.255.255.255/', /the broadcast address/),
  literal('reserved 240.0.0.1', 'https://240.0.0.1/', /reserved address \(240\.0\.0\.0\/4\)/),
  literal('link-local [fe80::1]', 'https://[fe80::1]/', /link-local address \(fe80::\/10\)/),
  literal('site-local [fec0::1]', 'https://[fec0::1]/', /site-local address/),
  literal('unique-local [fc00::1]', 'https://[fc00::1]/', /unique-local address/),
  literal('multicast [ff02::1]', 'https://[ff02::1]/', /multicast address \(ff00::\/8\)/),
  literal('documentation [2001:db8::1]', 'https://[2001:db8::1]/', /documentation address \(2001:db8::\/32\)/),
  literal('discard-only [100::1]', 'https://[100::1]/', /discard-only address/),
  literal('localhost', 'https://localhost:P4/', /localhost is a loopback name/),
  literal('localhost. (trailing dot)', 'https://localhost.:P4/', /localhost is a loopback name/),
  literal('a *.localhost name', 'https://api.localhost:P4/', /api\.localhost is a loopback name/),
  literal('https://user@127.0.0.1', 'https://user@127.0.0.1:P4/', /must not contain user information/),
  named('a name resolving to 127.0.0.1', ['127.0.0.1'], /hooks\.example\.test resolves to 127\.0\.0\.1, a loopback address/),
  named('a name resolving to ::1', ['::1'], /hooks\.example\.test resolves to ::1, the loopback address/, `https://${HOST}:P6/`),
  named('a name resolving to 10.1.2.3', ['10.1.2.3'], /resolves to 10\.1\.2\.3, a private address/),
  named('a name resolving to 169.254.169.254', ['169.254.169.254'], /resolves to 169\.254\.169\.254, a link-local address/),
  named('a name resolving to one public and one private address', ['93.184.215.14', '127.0.0.1'], /resolves to 127\.0\.0\.1, a loopback address/),
  named('a name resolving to a public and a loopback IPv6 address', ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', '::1'], /resolves to ::1, the loopback address/, `https://${HOST}:P6/`),
  named('a name resolving to an IPv4-mapped metadata address', ['::ffff:169.254.169.254'], /IPv4-mapped IPv6 address of 169\.254\.169\.254, a link-local/),
  named('a name resolving to NAT64 of loopback', ['64:ff9b::7f00:1'], /NAT64 address .* of 127\.0\.0\.1/),
  named('a name resolving to an exotic spelling of loopback (0x7f.1)', ['0x7f.1'], /resolves to 127\.0\.0\.1, a loopback address/),
  named('a name resolving to something that is not an address', ['not-an-address'], /resolved to something that is not an IP address/),
  named('a name resolving to no address', [], /resolved to no address/),
  named('a trailing-dot name resolving to loopback', ['127.0.0.1'], LOOPBACK4, `https://${HOST}.:P4/`),
  named('an IDN name resolving to loopback', ['127.0.0.1'], /xn--bcher-kva\.example\.test resolves to 127\.0\.0\.1/, 'https://bücher.example.test:P4/'),
];

describe('webhook egress: the SSRF corpus (no connection, a clear refusal)', () => {
  let v4: HttpsReceiver;
  let v6: HttpsReceiver;
  let caCert: string;
  let resolver: ReturnType<typeof testResolver>;
  let strict: WebhookSender;
  const senders: WebhookSender[] = [];
  let sockets = 0;
  const onSocket = () => void (sockets += 1);
  const port = (url: string) => url.replace('P4', String(v4.port)).replace('P6', String(v6.port));
  // 127.0.0.1 stands in for a public address where a first leg must get through.
  const stand_in: AddressPolicy = { isForbidden: (a) => (a === '127.0.0.1' ? null : defaultAddressPolicy.isForbidden(a)) };
  const sender = (o: { policy?: AddressPolicy } = {}) => {
    const s = createWebhookSender({ allowHttp: false, resolver, ca: caCert, ...o });
    senders.push(s);
    return s;
  };

  /** Runs `act`, then proves it created no socket and neither listener saw a connection. */
  async function expectNoConnection<T>(act: () => Promise<T>): Promise<T> {
    const before = { sockets, v4: v4.connections, v6: v6.connections };
    const out = await act();
    expect({ sockets, v4: v4.connections, v6: v6.connections }, 'sockets created / connections accepted').to.deep.equal(before);
    return out;
  }

  before(async () => {
    const ca = await createTestCa();
    caCert = ca.cert;
    const certificate = await ca.issue({ dns: [HOST, IDN_ASCII, 'localhost', 'api.localhost'], ips: ['127.0.0.1', '::1'] });
    v4 = await startHttpsReceiver({ certificate });
    v6 = await startHttpsReceiver({ certificate, host: '::1' });
    resolver = testResolver({});
    strict = sender();
    diagnostics.subscribe('net.client.socket', onSocket);
  });
  after(async () => {
    diagnostics.unsubscribe('net.client.socket', onSocket);
    for (const s of senders) s.close();
    await Promise.all([v4?.close(), v6?.close()]);
  });

  it(`holds at least 40 tricks (${CORPUS.length})`, () => {
    expect(CORPUS.length).to.be.at.least(40);
  });

  for (const c of CORPUS) {
    it(`${c.name}: ${c.url}`, async () => {
      resolver.set(HOST, c.resolves ?? []);
      resolver.set(IDN_ASCII, c.resolves ?? []);
      const url = port(c.url);
      const res = await expectNoConnection(() => strict.send({ url, body: '{}', headers: {}, timeoutMs: 2_000 }));
      expect(res.outcome).to.equal('rejected_destination');
      expect(res.statusCode).to.equal(null);
      expect(res.error).to.match(/^Destination rejected: /).and.match(c.error);
      if (c.refusedAtRegistration) expect(checkWebhookUrl(url, { allowHttp: false })).to.be.a('string').and.match(c.error);
      if (c.resolves) expect(resolver.asked.at(-1)).to.equal(c.url.includes('bücher') ? IDN_ASCII : HOST);
    });
  }

  // WHATWG drops empty user information, so `https://@host/` parses exactly like `https://host/`:
  // only the raw authority shows the `@` (issue #23).
  for (const userinfo of ['user:pass@', 'user@', '@', ':@', ':pass@', 'user:@', '%40@', '@@', '%00@']) {
    it(`user information "${userinfo}" in front of a reachable name: no connection either`, async () => {
      resolver.set(HOST, ['127.0.0.1']);
      const url = `https://${userinfo}${HOST}:${v4.port}/`;
      const res = await expectNoConnection(() => sender({ policy: stand_in }).send({ url, body: '{}', headers: {}, timeoutMs: 2_000 }));
      expect(res).to.deep.equal({ outcome: 'rejected_destination', statusCode: null, error: 'Destination rejected: The URL must not contain user information.' });
      expect(checkWebhookUrl(url, { allowHttp: false })).to.equal('The URL must not contain user information.');
    });
  }

  it('an @ spelled after a scheme without slashes, or after backslashes, is user information too', () => {
    for (const url of [`https:@${HOST}/`, `https:/@${HOST}/`, `https:///@${HOST}/`, `https:\\\\@${HOST}/`, `https:/\\@${HOST}/`]) {
      expect(new URL(url).host, url).to.equal(HOST);
      expect(checkWebhookUrl(url, { allowHttp: false }), url).to.equal('The URL must not contain user information.');
    }
  });

  it('an @ in the path or query is not user information', () => {
    for (const url of [`https://${HOST}/@`, `https://${HOST}/a@b`, `https://${HOST}?to=a@b`, `https://${HOST}\\@/`]) {
      expect(checkWebhookUrl(url, { allowHttp: false }), url).to.equal(null);
    }
  });

  it('http:// while https is required: refused without a connection, even to a reachable name', async () => {
    resolver.set(HOST, ['127.0.0.1']);
    const url = `http://${HOST}:${v4.port}/`;
    const res = await expectNoConnection(() => sender({ policy: stand_in }).send({ url, body: '{}', headers: {}, timeoutMs: 2_000 }));
    expect(res).to.deep.equal({ outcome: 'rejected_destination', statusCode: null, error: 'Destination rejected: The URL must use https.' });
    expect(checkWebhookUrl(url, { allowHttp: false })).to.equal('The URL must use https.');
  });

  it('a name that is public on the first attempt and private on the retry: the retry re-resolves and connects nowhere', async () => {
    const rebinding = sender({ policy: stand_in });
    resolver.set(HOST, ['127.0.0.1']);
    const url = `https://${HOST}:${v4.port}/rebind`;
    const first = await rebinding.send({ url, body: '{"attempt":1}', headers: {}, timeoutMs: 2_000 });
    expect(first).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(v4.requests.at(-1)!.path).to.equal('/rebind');
    resolver.set(HOST, ['::1']);
    const retry = await expectNoConnection(() => rebinding.send({ url: `https://${HOST}:${v6.port}/rebind`, body: '{"attempt":2}', headers: {}, timeoutMs: 2_000 }));
    expect(retry).to.deep.equal({
      outcome: 'rejected_destination',
      statusCode: null,
      error: 'Destination rejected: hooks.example.test resolves to ::1, the loopback address (::1); not connecting.',
    });
    expect(resolver.asked.filter((h) => h === HOST).length).to.be.at.least(2);
  });

  for (const status of [301, 302, 307, 308]) {
    it(`a ${status} redirect to a private address fails as a redirect and its target gets no connection`, async () => {
      resolver.set(HOST, ['127.0.0.1']);
      v4.answer({ status, headers: { Location: `https://[::1]:${v6.port}/internal` } });
      const before = { sockets, v6: v6.connections, requests: v4.requests.length };
      const res = await sender({ policy: stand_in }).send({ url: `https://${HOST}:${v4.port}/start`, body: '{}', headers: {}, timeoutMs: 2_000 });
      v4.answer({ status: 200 });
      expect(res).to.deep.equal({
        outcome: 'redirect',
        statusCode: status,
        error: `The receiver answered ${status} (a redirect to https://[::1]:${v6.port}); redirects are not followed.`,
      });
      expect(v4.requests.length - before.requests, 'the first leg arrived once').to.equal(1);
      expect(v6.connections, 'the Location target got no connection').to.equal(before.v6);
      expect(sockets - before.sockets, 'one socket: the first leg').to.equal(1);
    });
  }

  it('a redirect to the metadata address is not followed either', async () => {
    resolver.set(HOST, ['127.0.0.1']);
    v4.answer({ status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/' } });
    const before = sockets;
    const res = await sender({ policy: stand_in }).send({ url: `https://${HOST}:${v4.port}/start`, body: '{}', headers: {}, timeoutMs: 2_000 });
    v4.answer({ status: 200 });
    expect(res.outcome).to.equal('redirect');
    expect(res.error).to.equal('The receiver answered 302 (a redirect to http://169.254.169.254); redirects are not followed.');
    expect(sockets - before).to.equal(1);
  });
});
