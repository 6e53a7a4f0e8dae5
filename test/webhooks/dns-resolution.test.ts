// How webhook egress resolves names (issue #23, finding 4; server/src/webhooks/egress/dns-resolver.ts):
// c-ares against a real UDP DNS server on loopback written for the test (test/helpers/dns-server.ts),
// not getaddrinfo on libuv's thread pool, so a tenant whose DNS never answers stalls nobody else.
// Cache expiry is driven by an injected clock; everything else waits for the event it caused.
import dns from 'node:dns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import {
  createDnsResolver,
  createWebhookSender,
  defaultAddressPolicy,
  DNS_MAX_TTL_MS,
  DNS_NEGATIVE_TTL_MS,
  type AddressPolicy,
  type DnsResolverOptions,
  type Resolver,
  type WebhookSender,
} from '../../server/src/webhooks/egress/index.js';
import { startTestDnsServer, type TestDnsServer } from '../helpers/dns-server.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { createTestCa } from '../helpers/test-ca.js';

const HOST = 'hooks.example.test';
const allowLoopback: AddressPolicy = { isForbidden: (a) => (a === '127.0.0.1' || a === '::1' ? null : defaultAddressPolicy.isForbidden(a)) };
const CANCELLED = { outcome: 'connection_failed', statusCode: null, error: 'Cancelled: the attempt was stopped before it completed.' };

async function failureOf(p: Promise<unknown>): Promise<NodeJS.ErrnoException> {
  return p.then(
    (value) => expect.fail(`expected a failure, got ${JSON.stringify(value)}`),
    (err: NodeJS.ErrnoException) => err,
  );
}

describe('webhook egress: name resolution (c-ares, cached, one lookup per name in flight)', () => {
  let dnsServer: TestDnsServer;
  let receiver: HttpsReceiver;
  let caCert: string;
  let folder: string;
  let hostsFile: string;
  const closers: Array<Resolver | WebhookSender> = [];
  let clock = 1_000_000;
  const now = () => clock;

  const newResolver = (o: Partial<DnsResolverOptions> = {}) => {
    const r = createDnsResolver({ timeoutMs: 60_000, tries: 1, servers: [dnsServer.address], hostsFile, now, ...o });
    closers.push(r);
    return r;
  };
  const newSender = (resolver: Resolver, policy = allowLoopback) => {
    const s = createWebhookSender({ allowHttp: false, resolver, policy, ca: caCert });
    closers.push(s);
    return s;
  };

  before(async () => {
    dnsServer = await startTestDnsServer();
    dnsServer.set(HOST, { A: ['127.0.0.1'] });
    const ca = await createTestCa();
    caCert = ca.cert;
    receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: [HOST] }) });
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-dns-'));
    hostsFile = path.join(folder, 'hosts');
    fs.writeFileSync(hostsFile, [
      '# a comment line',
      '198.51.100.7   Pinned.Example.Test  pinned-alias.example.test # trailing comment',
      '2001:db8::7    pinned.example.test',
      '127.0.0.1      loopback-alias.example.test',
      'fe80::1%eth0   scoped.example.test',
      'not-an-address ignored.example.test',
      '',
    ].join('\n'));
  });
  beforeEach(() => (clock += DNS_MAX_TTL_MS * 10));
  after(async () => {
    for (const c of closers) c.close?.();
    await Promise.all([dnsServer?.close(), receiver?.close()]);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('while deliveries to names whose DNS never answers are pending, getaddrinfo and other names resolve and deliver', async () => {
    // More hung names than libuv has pool threads (4): with getaddrinfo these would hold them all.
    const hung = Array.from({ length: 8 }, (_, i) => `hung-${i}.stalled.example.test`);
    for (const name of hung) dnsServer.hang(name);
    const resolver = newResolver();
    const sender = newSender(resolver);
    const abort = new AbortController();
    const settled: number[] = [];
    const targets = [...hung, hung[0], hung[0], hung[0]];
    const stuck = targets.map((name, i) =>
      sender.send({ url: `https://${name}/hook`, body: '{}', headers: {}, timeoutMs: 120_000, signal: abort.signal }).then((r) => {
        settled.push(i);
        return r;
      }),
    );
    await dnsServer.waitFor((qs) => hung.every((name) => qs.some((q) => q.name === name && q.type === 'AAAA')));

    // The thread pool is free: a getaddrinfo lookup of something else answers.
    expect((await dns.promises.lookup('localhost', { all: true })).length).to.be.greaterThan(0);
    // Another name, on a DNS server that answers, resolves and a whole delivery goes through.
    const delivered = await sender.send({ url: `https://${HOST}:${receiver.port}/hook`, body: '{"ok":true}', headers: {}, timeoutMs: 30_000 });
    expect(delivered).to.deep.equal({ outcome: 'delivered', statusCode: 200, error: null });
    expect(receiver.requests.at(-1)).to.include({ servername: HOST, path: '/hook' });
    expect(receiver.requests.at(-1)!.headers['host']).to.equal(`${HOST}:${receiver.port}`);

    expect(settled, 'no hung delivery has finished').to.deep.equal([]);
    // Four deliveries to hung-0 share one lookup: one A and one AAAA query.
    expect(dnsServer.queries.filter((q) => q.name === hung[0]).map((q) => q.type).sort()).to.deep.equal(['A', 'AAAA']);

    abort.abort();
    for (const r of await Promise.all(stuck)) expect(r).to.deep.equal(CANCELLED);
  });

  it('a lookup that gets no answer fails after the timeout (ETIMEOUT), and the failure is cached for 30 s', async () => {
    const name = 'silent.example.test';
    dnsServer.hang(name);
    const resolver = newResolver({ timeoutMs: 300, tries: 1 });
    const first = await failureOf(resolver.resolve(name));
    expect(first).to.include({ code: 'ETIMEOUT', message: `no DNS answer for ${name} within 300 ms` });
    // (The queries were sent before the timer started; waiting for them to be read keeps this exact on a busy machine.)
    await dnsServer.waitFor(() => dnsServer.asked(name) >= 2);
    const asked = dnsServer.asked(name);
    expect(asked).to.equal(2); // A and AAAA

    expect(await failureOf(resolver.resolve(name))).to.equal(first);
    expect(dnsServer.asked(name), 'answered from the negative cache').to.equal(asked);

    clock += DNS_NEGATIVE_TTL_MS;
    expect(await failureOf(resolver.resolve(name))).to.include({ code: 'ETIMEOUT' });
    await dnsServer.waitFor(() => dnsServer.asked(name) >= asked + 2);
    expect(dnsServer.asked(name)).to.equal(asked + 2);
  });

  it('the sender reports such a lookup as a connection failure naming the host, retried like one', async () => {
    dnsServer.hang('silent-delivery.example.test');
    const res = await newSender(newResolver({ timeoutMs: 200, tries: 1 })).send({ url: 'https://silent-delivery.example.test/hook?token=secret', body: '{}', headers: {}, timeoutMs: 30_000 });
    expect(res).to.deep.equal({
      outcome: 'connection_failed',
      statusCode: null,
      error: 'Could not resolve silent-delivery.example.test: ETIMEOUT: no DNS answer for silent-delivery.example.test within 200 ms.',
    });
  });

  it('asks for A and AAAA: both are the answer, one family alone is enough, neither is ENOTFOUND (cached briefly)', async () => {
    dnsServer.set('dual.example.test', { A: ['198.51.100.1', '198.51.100.2'], AAAA: ['2001:db8::1'] });
    dnsServer.set('six.example.test', { AAAA: ['2001:db8::6'] });
    dnsServer.set('four.example.test', { A: ['198.51.100.4'] });
    dnsServer.set('nodata.example.test', {});
    const resolver = newResolver();
    expect(await resolver.resolve('dual.example.test')).to.deep.equal([
      { address: '198.51.100.1', family: 4 },
      { address: '198.51.100.2', family: 4 },
      { address: '2001:db8::1', family: 6 },
    ]);
    expect(await resolver.resolve('six.example.test')).to.deep.equal([{ address: '2001:db8::6', family: 6 }]);
    expect(await resolver.resolve('FOUR.example.test.')).to.deep.equal([{ address: '198.51.100.4', family: 4 }]);
    for (const name of ['nodata.example.test', 'nxdomain.example.test']) {
      expect(await failureOf(resolver.resolve(name))).to.include({ code: 'ENOTFOUND', message: `${name} has no address (no A or AAAA record)` });
      await failureOf(resolver.resolve(name));
      expect(dnsServer.asked(name), name).to.equal(2);
    }
  });

  it('caches answers for their lowest TTL, never longer than 5 minutes, in a bounded cache', async () => {
    dnsServer.set('ttl.example.test', { A: ['198.51.100.10'], AAAA: ['2001:db8::10'], ttl: 60 });
    dnsServer.set('long.example.test', { A: ['198.51.100.11'], ttl: 86_400 });
    dnsServer.set('zero.example.test', { A: ['198.51.100.12'], ttl: 0 });
    const resolver = newResolver();

    await resolver.resolve('ttl.example.test');
    await resolver.resolve('ttl.example.test');
    expect(dnsServer.asked('ttl.example.test')).to.equal(2);
    clock += 59_999;
    await resolver.resolve('ttl.example.test');
    expect(dnsServer.asked('ttl.example.test')).to.equal(2);
    clock += 1;
    await resolver.resolve('ttl.example.test');
    expect(dnsServer.asked('ttl.example.test')).to.equal(4);

    await resolver.resolve('long.example.test');
    clock += DNS_MAX_TTL_MS - 1;
    await resolver.resolve('long.example.test');
    expect(dnsServer.asked('long.example.test')).to.equal(2);
    clock += 1;
    await resolver.resolve('long.example.test');
    expect(dnsServer.asked('long.example.test')).to.equal(4);

    await resolver.resolve('zero.example.test');
    await resolver.resolve('zero.example.test');
    expect(dnsServer.asked('zero.example.test'), 'TTL 0 is not cached').to.equal(4);

    const small = newResolver({ maxCacheEntries: 2 });
    for (const n of ['c1', 'c2', 'c3']) dnsServer.set(`${n}.example.test`, { A: ['198.51.100.20'] });
    await small.resolve('c1.example.test');
    await small.resolve('c2.example.test');
    await small.resolve('c1.example.test'); // c1 is now the most recently used
    await small.resolve('c3.example.test'); // evicts c2
    await small.resolve('c1.example.test');
    expect(dnsServer.asked('c1.example.test')).to.equal(2);
    await small.resolve('c2.example.test');
    expect(dnsServer.asked('c2.example.test')).to.equal(4);
  });

  it('answers IP literals, localhost, *.localhost and hosts-file names without asking DNS', async () => {
    const resolver = newResolver();
    const before = dnsServer.queries.length;
    expect(await resolver.resolve('localhost')).to.deep.equal([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
    expect(await resolver.resolve('api.localhost.')).to.deep.equal([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
    expect(await resolver.resolve('203.0.113.9')).to.deep.equal([{ address: '203.0.113.9', family: 4 }]);
    expect(await resolver.resolve('2001:db8::9')).to.deep.equal([{ address: '2001:db8::9', family: 6 }]);
    expect(await resolver.resolve('pinned.example.test')).to.deep.equal([{ address: '198.51.100.7', family: 4 }, { address: '2001:db8::7', family: 6 }]);
    expect(await resolver.resolve('PINNED-ALIAS.example.test.')).to.deep.equal([{ address: '198.51.100.7', family: 4 }]);
    expect(dnsServer.queries.length, 'no DNS query').to.equal(before);
    // Lines without a usable address are skipped: those names go to DNS.
    await failureOf(resolver.resolve('scoped.example.test'));
    await failureOf(resolver.resolve('ignored.example.test'));
    expect(dnsServer.asked('scoped.example.test') + dnsServer.asked('ignored.example.test')).to.equal(4);
  });

  it('every egress rule still holds on what DNS and the hosts file answer (default policy: no connection)', async () => {
    dnsServer.set('private.example.test', { A: ['10.0.0.1'] });
    dnsServer.set('mixed.example.test', { A: ['93.184.215.14'], AAAA: ['::1'] });
    const strict = newSender(newResolver(), defaultAddressPolicy);
    const send = (host: string) => strict.send({ url: `https://${host}:${receiver.port}/hook`, body: '{}', headers: {}, timeoutMs: 5_000 });
    const connections = receiver.connections;
    expect((await send('private.example.test')).error).to.equal('Destination rejected: private.example.test resolves to 10.0.0.1, a private address (10.0.0.0/8); not connecting.');
    expect((await send('mixed.example.test')).error).to.equal('Destination rejected: mixed.example.test resolves to ::1, the loopback address (::1); not connecting.');
    expect((await send('loopback-alias.example.test')).error).to.equal('Destination rejected: loopback-alias.example.test resolves to 127.0.0.1, a loopback address (127.0.0.0/8); not connecting.');
    expect((await send(HOST)).error).to.equal(`Destination rejected: ${HOST} resolves to 127.0.0.1, a loopback address (127.0.0.0/8); not connecting.`);
    expect(receiver.connections).to.equal(connections);
  });

  it('close() ends the lookups in flight; a cancelled lookup is not cached', async () => {
    const name = 'cancelled.example.test';
    dnsServer.hang(name);
    const resolver = newResolver();
    const pending = failureOf(resolver.resolve(name));
    await dnsServer.waitFor(() => dnsServer.asked(name) === 2);
    resolver.close();
    expect(await pending).to.include({ code: 'ECANCELLED' });
    const again = failureOf(resolver.resolve(name));
    await dnsServer.waitFor(() => dnsServer.asked(name) === 4);
    resolver.close();
    expect(await again).to.include({ code: 'ECANCELLED' });
  });
});
