// Properties of the egress address policy and the URL check, against an independent oracle:
// ipaddr.js's own classification of special-purpose ranges (range()). The SSRF corpus has the
// named tricks; this covers the space between them.
import { createRequire } from 'node:module';
import { expect } from 'chai';
import fc from 'fast-check';
import { checkWebhookUrl, defaultAddressPolicy } from '../../server/src/webhooks/egress/index.js';

// The server's ipaddr.js (v2, with the current special-purpose tables); a bare import from here
// would find the repository root's copy, express's v1.
// (Types come from the root copy's declarations; every call used here exists in both versions.)
type IpAddr = typeof import('ipaddr.js');
const ipaddr = createRequire(new URL('../../server/package.json', import.meta.url))('ipaddr.js') as IpAddr;
type IPv6 = InstanceType<IpAddr['IPv6']>;

const forbidden = (a: string) => defaultAddressPolicy.isForbidden(a);
// Blocks ipaddr.js lists as special but that are globally reachable unicast (IANA): not forbidden.
const GLOBAL_SPECIAL_V4 = new Set(['as112', 'amt']);

// Random IPv6 addresses are almost always plain global unicast; these prefixes make the special
// blocks (and the embedded-IPv4 forms) come up often.
const INTERESTING_PREFIXES = [0x0000, 0x0064, 0x0100, 0x2001, 0x2002, 0x2400, 0x2a00, 0x3fff, 0x5f00, 0xfc00, 0xfd12, 0xfe80, 0xfec0, 0xff02];
const ipv6Bytes = fc
  .tuple(fc.constantFrom(...INTERESTING_PREFIXES), fc.constantFrom(0x0000, 0xff9b, 0x0001, 0x0db8, 0x0002, 0x0003, 0x0020, 0x1234), fc.uint8Array({ minLength: 12, maxLength: 12 }), fc.boolean())
  .map(([p0, p1, rest, zeros]) => {
    const bytes = [p0 >> 8, p0 & 0xff, p1 >> 8, p1 & 0xff, ...rest];
    // Often make the middle zero, which is where ::ffff:a.b.c.d, ::a.b.c.d and 64:ff9b::a.b.c.d live.
    if (zeros) for (let i = 4; i < 10; i += 1) bytes[i] = 0;
    return ipaddr.fromByteArray(bytes) as IPv6;
  });

describe('webhook egress: address policy and URL check properties', () => {
  it('forbids an IPv4 address exactly when ipaddr.js classifies it as special (other than the globally reachable AS112 and AMT blocks)', () => {
    fc.assert(
      fc.property(fc.ipV4(), (a) => {
        const range = ipaddr.parse(a).range();
        const expectForbidden = range !== 'unicast' && !GLOBAL_SPECIAL_V4.has(range);
        expect(forbidden(a) !== null, `${a} (${range})`).to.equal(expectForbidden);
      }),
      { numRuns: 20_000 },
    );
  });

  it('judges an IPv4 address the same in every spelling (decimal, octal, hex, short): WHATWG and ipaddr.js agree, or the text is refused', () => {
    fc.assert(
      fc.property(fc.ipV4Extended(), (spelling) => {
        const canonical = new URL(`https://${spelling}/`).hostname;
        expect(checkWebhookUrl(`https://${spelling}/`, { allowHttp: false }), spelling).to.equal(checkWebhookUrl(`https://${canonical}/`, { allowHttp: false }));
        // A resolver could hand the sender such text: ipaddr.js must read it as WHATWG does, or
        // not at all (then the policy fails closed).
        if (ipaddr.isValid(spelling)) expect(ipaddr.parse(spelling).toString(), spelling).to.equal(canonical);
        else expect(forbidden(spelling), spelling).to.equal('not an IP address');
      }),
      { numRuns: 5_000 },
    );
  });

  it('lets an IPv6 address through only when it is global unicast, or maps / NAT64-translates an allowed IPv4 address', () => {
    fc.assert(
      fc.property(ipv6Bytes, (ip) => {
        const a = ip.toString();
        const range = ip.range();
        const verdict = forbidden(a);
        if (ip.isIPv4MappedAddress() || ip.match(ipaddr.parseCIDR('64:ff9b::/96') as [IPv6, number])) {
          const v4 = ipaddr.fromByteArray(ip.toByteArray().slice(12)).toString();
          expect(verdict === null, `${a} embeds ${v4}`).to.equal(forbidden(v4) === null);
          return;
        }
        if (verdict === null) {
          expect(range, a).to.be.oneOf(['unicast', 'amt', 'as112v6']);
          expect(ip.match(ipaddr.parseCIDR('2000::/3') as [IPv6, number]), `${a} is outside 2000::/3`).to.equal(true);
          expect(ip.match(ipaddr.parseCIDR('2001::/23') as [IPv6, number]), a).to.equal(false);
        } else if (range !== 'unicast') {
          expect(verdict, a).to.be.a('string');
        }
      }),
      { numRuns: 20_000 },
    );
    // Plain global unicast passes, so the property above is not vacuous.
    expect(forbidden('2a00:1450:4001:80b::200e')).to.equal(null);
    expect(forbidden('::ffff:8.8.8.8')).to.equal(null);
    expect(forbidden('64:ff9b::8.8.8.8')).to.equal(null);
  });

  it('never throws on any string: checkWebhookUrl answers null or a message', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme' }), fc.webUrl({ withFragments: true, withQueryParameters: true }), fc.string().map((s) => `https://${s}`)), (url) => {
        const verdict = checkWebhookUrl(url, { allowHttp: false });
        expect(verdict === null || (typeof verdict === 'string' && verdict.length > 0 && verdict.length < 300)).to.equal(true);
        if (verdict === null) {
          const u = new URL(url);
          expect(u.protocol).to.equal('https:');
          expect(u.username + u.password).to.equal('');
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('never accepts a URL whose host is a forbidden literal, in any spelling', () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4Extended(), fc.ipV6().map((a) => `[${a}]`)), (host) => {
        let parsed: URL;
        try {
          parsed = new URL(`https://${host}/hook`);
        } catch {
          return; // not a host WHATWG accepts: nothing could connect to it
        }
        const literal = parsed.hostname.replace(/^\[|\]$/g, '');
        const verdict = checkWebhookUrl(`https://${host}/hook`, { allowHttp: false });
        expect(verdict === null, host).to.equal(forbidden(literal) === null);
      }),
      { numRuns: 10_000 },
    );
  });
});
