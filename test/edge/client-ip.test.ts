// Step 1 of the edge: who the client is (trusted proxies, X-Forwarded-For, IPv6 and mapped forms).
import { expect } from 'chai';
import { AddressSet } from '../../server/src/http/edge/address-set.js';
import { resolveClient, UNKNOWN_CLIENT } from '../../server/src/http/edge/client-ip.js';
import { loadConfig, ConfigError } from '../../server/src/config.js';

const none = new AddressSet([], []);
const proxies = new AddressSet(['10.0.0.1', '2001:db8::1'], ['192.168.0.0/16', 'fd00::/8']);
const ip = (remote: string | undefined, xff?: string | string[], trusted = proxies) => resolveClient(remote, xff, trusted).canonical;

describe('edge: client IP', () => {
  it('is the socket peer, canonical: IPv4-mapped IPv6 is the IPv4 client, IPv6 in its short form', () => {
    expect(ip('203.0.113.5', undefined, none)).to.equal('203.0.113.5');
    expect(ip('::ffff:203.0.113.5', undefined, none)).to.equal('203.0.113.5');
    expect(ip('::FFFF:cb00:7105', undefined, none)).to.equal('203.0.113.5');
    expect(ip('2001:0db8:0000:0000:0000:0000:0000:0042', undefined, none)).to.equal('2001:db8::42');
    expect(ip(undefined, undefined, none)).to.equal(UNKNOWN_CLIENT);
  });

  it('ignores a spoofed X-Forwarded-For from an untrusted peer', () => {
    expect(ip('203.0.113.5', '198.51.100.1', none)).to.equal('203.0.113.5');
    expect(ip('203.0.113.5', '198.51.100.1')).to.equal('203.0.113.5');
  });

  it('walks a trusted chain from the right to the first untrusted hop', () => {
    // client-written junk, the client, an inner proxy in a trusted network, the trusted peer
    expect(ip('10.0.0.1', '1.1.1.1, 198.51.100.7, 192.168.4.4')).to.equal('198.51.100.7');
    expect(ip('::ffff:10.0.0.1', '198.51.100.7')).to.equal('198.51.100.7');
    expect(ip('10.0.0.1', ['1.1.1.1, 198.51.100.7', '192.168.4.4'])).to.equal('198.51.100.7');
    expect(ip('2001:db8::1', '2001:db8:beef::9, fd00::3')).to.equal('2001:db8:beef::9');
    expect(ip('10.0.0.1', '::ffff:198.51.100.7')).to.equal('198.51.100.7');
  });

  it('stops at the last good hop when an entry is malformed, and at the leftmost when all are trusted', () => {
    expect(ip('10.0.0.1', '198.51.100.7, not-an-ip, 192.168.4.4')).to.equal('192.168.4.4');
    expect(ip('10.0.0.1', 'garbage')).to.equal('10.0.0.1');
    expect(ip('10.0.0.1', '198.51.100.7, ')).to.equal('10.0.0.1');
    expect(ip('10.0.0.1', '1.2.3')).to.equal('10.0.0.1');
    expect(ip('10.0.0.1', '192.168.1.1, 192.168.2.2')).to.equal('192.168.1.1');
  });
});

describe('edge: settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'production', ...env }, { version: 't' });

  it('production refuses a declared forwarded deployment without trusted proxies', () => {
    expect(() => load({ TrustedProxy__ForwardedHeadersEnabled: 'true' })).to.throw(ConfigError, /TrustedProxy__TrustedProxies__0/);
    expect(load({ TrustedProxy__ForwardedHeadersEnabled: 'true', TrustedProxy__TrustedNetworks__0: '10.0.0.0/8' }).edge.trustedProxy.networks).to.deep.equal(['10.0.0.0/8']);
    expect(load({ TrustedProxy__ForwardedHeadersEnabled: 'true', TrustedProxy__RequireTrustedProxiesInProduction: 'false' }).edge.trustedProxy.proxies).to.deep.equal([]);
    expect(load({}).edge.rateLimit).to.include({ perActorPerMinute: 600, perIpPerMinute: 60 });
    expect(load({}).edge.ipBan).to.include({ rejectionThreshold: 20, windowMs: 300_000, banDurationMs: 86_400_000 });
  });

  it('names a bad address or network, and keeps entries canonical', () => {
    expect(() => load({ IpAllowList__Ips__0: '10.0.0' })).to.throw(ConfigError, /IpAllowList__Ips__0/);
    expect(() => load({ TrustedProxy__TrustedNetworks__3: '10.0.0.0/33' })).to.throw(ConfigError, /TrustedProxy__TrustedNetworks__3/);
    const c = load({ IpAllowList__Ips__1: '::ffff:10.1.2.3', IpAllowList__Ips__0: '2001:DB8:0::1', IpAllowList__Networks__0: 'fd00::/8' });
    expect(c.edge.allowList).to.deep.equal({ ips: ['2001:db8::1', '10.1.2.3'], networks: ['fd00::/8'] });
  });
});
