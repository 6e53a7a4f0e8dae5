// The ban table's rules in isolation: threshold within the window, expiry, and its memory bound.
import { expect } from 'chai';
import v8 from 'node:v8';
import vm from 'node:vm';
import { BanTable } from '../../server/src/http/edge/ban-table.js';

// A real collection before each reading, so the figure is what the table keeps, not garbage.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const rules = { rejectionThreshold: 20, windowMs: 5 * 60_000, banDurationMs: 24 * 3_600_000, maxAddresses: 100_000 };

describe('edge: ban table', () => {
  it('bans at the 21st rejection within the window, for the ban duration, then forgets', () => {
    const t = new BanTable(rules);
    const t0 = 1_000_000;
    for (let i = 1; i <= 20; i++) expect(t.recordRejection('198.51.100.1', t0 + i)).to.equal(null);
    expect(t.isBanned('198.51.100.1', t0 + 21)).to.equal(false);
    expect(t.recordRejection('198.51.100.1', t0 + 21)).to.deep.equal({ rejectionCount: 21, bannedAt: t0 + 21, bannedUntil: t0 + 21 + rules.banDurationMs });
    expect(t.isBanned('198.51.100.1', t0 + 22)).to.equal(true);
    expect(t.isBanned('198.51.100.2', t0 + 22)).to.equal(false);
    expect(t.isBanned('198.51.100.1', t0 + 21 + rules.banDurationMs - 1)).to.equal(true);
    expect(t.isBanned('198.51.100.1', t0 + 21 + rules.banDurationMs)).to.equal(false);
    expect(t.size).to.deep.equal({ banned: 0, watched: 0 });
  });

  it('does not ban for rejections spread beyond the window', () => {
    const t = new BanTable(rules);
    for (let i = 0; i < 100; i++) expect(t.recordRejection('198.51.100.1', i * (rules.windowMs / 10))).to.equal(null);
  });

  it('stays bounded under 100,000 distinct addresses, evicting the oldest', () => {
    const small = new BanTable({ ...rules, rejectionThreshold: 0, maxAddresses: 1000 });
    for (let i = 0; i < 5000; i++) small.recordRejection(`10.0.${i >> 8}.${i & 255}`, 1);
    expect(small.size.banned).to.equal(1000);
    expect(small.isBanned('10.0.0.0', 2)).to.equal(false); // the oldest went first
    expect(small.isBanned('10.0.19.135', 2)).to.equal(true); // the newest stayed (4999)

    // Full size, defaults: 100,000 addresses watched and 100,000 banned, then 100,000 more of each.
    gc();
    const before = process.memoryUsage().heapUsed;
    const t = new BanTable({ ...rules, rejectionThreshold: 1 });
    const addr = (i: number) => `2001:db8::${(i >>> 16).toString(16)}:${(i & 0xffff).toString(16)}`;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100_000; i++) {
        const a = addr(round * 200_000 + i);
        t.recordRejection(a, 10);
        t.recordRejection(a, 11); // banned
        t.recordRejection(addr(round * 200_000 + 100_000 + i), 12); // watched
      }
    }
    expect(t.size).to.deep.equal({ banned: 100_000, watched: 100_000 });
    gc();
    const grownMb = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
    // docs/security.md's figure: about 35 MB for 200,000 entries keyed by IPv6 addresses.
    console.log(`      ban table at its bound: ${grownMb.toFixed(1)} MB`);
    expect(grownMb).to.be.below(50);
  });
});
