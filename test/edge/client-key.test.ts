// Who a client is for the windows and bans (issue #23, finding 5): IPv4 as itself, IPv6 as its
// RateLimit__Ipv6PrefixLength prefix; the ban listing's filter; the setting's bounds.
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { addressOrNetworkFilter, clientKeyOf, parseClientAddress } from '../../server/src/services/security/client-address.js';

const key = (text: string, bits: number) => {
  const parsed = parseClientAddress(text)!;
  return clientKeyOf(parsed, parsed.toString(), bits);
};

describe('edge: client keys', () => {
  it('keys IPv4 (and IPv4-mapped IPv6) by the address, IPv6 by its prefix in CIDR notation', () => {
    expect(key('203.0.113.9', 64)).to.equal('203.0.113.9');
    expect(key('::ffff:203.0.113.9', 64)).to.equal('203.0.113.9');
    expect(key('2001:db8:1:2:3:4:5:6', 64)).to.equal('2001:db8:1:2::/64');
    expect(key('2001:DB8:1:2::1', 64)).to.equal('2001:db8:1:2::/64');
    expect(key('2001:db8:1:2ff:3:4:5:6', 56)).to.equal('2001:db8:1:200::/56');
    expect(key('2001:db8:1:2:3:4:5:6', 128)).to.equal('2001:db8:1:2:3:4:5:6');
  });

  it('reads the listing filter as an address or a network, and nothing else', () => {
    expect(addressOrNetworkFilter('2001:db8:1:2::7')).to.equal('2001:db8:1:2::7');
    expect(addressOrNetworkFilter('::ffff:198.51.100.1')).to.equal('198.51.100.1');
    expect(addressOrNetworkFilter('2001:db8:1:2::/64')).to.equal('2001:db8:1:2::/64');
    expect(addressOrNetworkFilter('198.51.100.0/24')).to.equal('198.51.100.0/24');
    expect(addressOrNetworkFilter('::ffff:198.51.100.0/120')).to.equal('198.51.100.0/24');
    for (const bad of ['not-an-ip', '198.51.100.0/33', '2001:db8::/129', '2001:db8::/x', '/64', '1/8']) expect(addressOrNetworkFilter(bad), bad).to.equal(null);
  });

  it('takes RateLimit__Ipv6PrefixLength between 32 and 128 (default 64)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }, { version: 't' }).edge.rateLimit.ipv6PrefixLength).to.equal(64);
    expect(loadConfig({ RateLimit__Ipv6PrefixLength: '48' }, { version: 't' }).edge.rateLimit.ipv6PrefixLength).to.equal(48);
    for (const bad of ['31', '129', '64.5', 'wide']) {
      expect(() => loadConfig({ RateLimit__Ipv6PrefixLength: bad }, { version: 't' }), bad).to.throw(ConfigError, /RateLimit__Ipv6PrefixLength/);
    }
  });
});
