// The session codec remembers the cookies it opened (auth/session.ts, OpenedCookies): the same
// cookie value is not decrypted again, but nothing the cookie's own cryptography would refuse gets
// through, expiry is judged on every request, a cleared cookie is forgotten, and the memory is bounded.
import crypto from 'node:crypto';
import { expect } from 'chai';
import type express from 'express';
import { loadAdminConfig } from '../src/config.js';
import { AUTH_COOKIE, SessionCodec, type AdminSession } from '../src/auth/session.js';

describe('admin: session cookies opened once', () => {
  const config = loadAdminConfig(
    { NODE_ENV: 'test', Admin__Auth__Session__SlidingWindowMinutes: '30', Admin__Auth__Session__MaxLifetimeHours: '2' },
    { cwd: '/tmp/verso-codec-test' },
  );
  const user = { id: 'u1', email: 'ada@example.test', displayName: 'Ada', role: 'Editor' as const, isSuperAdmin: false, mustChangePassword: false };
  let now: number;
  let codec: SessionCodec;
  const key = new Uint8Array(crypto.randomBytes(32));
  beforeEach(() => {
    now = Date.UTC(2026, 10, 28, 9, 0);
    codec = new SessionCodec(key, config, () => now);
  });

  /** A cookie value sealed by another codec with the same key: this codec has never seen it. */
  async function foreignCookie(session: AdminSession = new SessionCodec(key, config, () => now).create('token-1', user)): Promise<string> {
    return new SessionCodec(key, config, () => now).seal(session);
  }

  it('decrypts a cookie once; later requests with the same value get copies of the same claims', async () => {
    const value = await foreignCookie();
    const first = await codec.open(value);
    expect(first.state).to.equal('valid');
    expect(codec.decryptions).to.equal(1);
    first.session!.user.role = 'Admin';
    first.session!.theme = 'dark';
    const second = await codec.open(value);
    expect(second.state).to.equal('valid');
    expect(codec.decryptions).to.equal(1);
    expect(second.session!.user.role).to.equal('Editor');
    expect(second.session!.theme).to.equal(undefined);
    expect(second.session!.token).to.equal('token-1');
  });

  it('knows what it sealed itself without decrypting it', async () => {
    const value = await codec.seal(codec.create('token-2', user));
    expect((await codec.open(value)).session!.token).to.equal('token-2');
    expect(codec.decryptions).to.equal(0);
  });

  it('refuses a tampered or foreign cookie even right after the genuine one was opened', async () => {
    const value = await foreignCookie();
    expect((await codec.open(value)).state).to.equal('valid');
    const parts = value.split('.');
    const flip = (s: string) => (s[5] === 'A' ? s.slice(0, 5) + 'B' + s.slice(6) : s.slice(0, 5) + 'A' + s.slice(6));
    for (const i of [0, 2, 3, 4]) {
      const tampered = parts.map((p, j) => (j === i ? flip(p) : p)).join('.');
      expect((await codec.open(tampered)).state, `part ${i} changed`).to.equal('invalid');
    }
    expect((await codec.open(value + 'x')).state).to.equal('invalid');
    const otherKey = await new SessionCodec(new Uint8Array(crypto.randomBytes(32)), config, () => now).seal(codec.create('token-1', user));
    expect((await codec.open(otherKey)).state).to.equal('invalid');
    expect((await codec.open(value)).state).to.equal('valid');
  });

  it('judges the sliding window and the hard limit on every request, kept or not', async () => {
    const value = await foreignCookie();
    expect((await codec.open(value)).state).to.equal('valid');
    now += 31 * 60_000;
    expect((await codec.open(value)).state).to.equal('expired');
    expect((await codec.open(value)).state).to.equal('expired');

    // Slid every 20 minutes, up to the hard limit of 2 hours from sign-in.
    const issuedAt = now;
    let session: AdminSession = { ...codec.create('token-3', user), issuedAt, lastSeenAt: issuedAt };
    for (let i = 0; i < 5; i++) {
      now += 20 * 60_000;
      session = { ...session, lastSeenAt: now };
      const slid = await codec.seal(session);
      expect((await codec.open(slid)).state).to.equal('valid');
    }
    const last = await codec.seal(session);
    now = issuedAt + 2 * 3_600_000 + 1;
    expect((await codec.open(last)).state).to.equal('expired');
  });

  it('forgets a cookie the admin clears (sign-out): it is decrypted, and judged, afresh', async () => {
    const value = await foreignCookie();
    await codec.open(value);
    const res = { req: { headers: { cookie: `other=1; ${AUTH_COOKIE}=${value}` } }, locals: {}, getHeader: () => undefined, setHeader: () => undefined } as unknown as express.Response;
    codec.clear(res);
    expect((await codec.open(value)).state).to.equal('valid');
    expect(codec.decryptions).to.equal(2);
  });

  it('never keeps a cookie that did not open, and keeps at most a bounded number', async () => {
    await codec.open('not.a.cookie.at.all');
    await codec.open(await new SessionCodec(new Uint8Array(crypto.randomBytes(32)), config, () => now).seal(codec.create('t', user)));
    expect(codec.openedCount).to.equal(0);
    const sealer = new SessionCodec(key, config, () => now);
    const values = await Promise.all(Array.from({ length: 4100 }, (_, i) => sealer.seal(sealer.create(`token-${i}`, user))));
    for (const v of values) await codec.open(v);
    expect(codec.openedCount).to.equal(4096);
    // The oldest went first: the first cookie is decrypted again, the last is not.
    const before = codec.decryptions;
    await codec.open(values.at(-1));
    expect(codec.decryptions).to.equal(before);
    await codec.open(values[0]);
    expect(codec.decryptions).to.equal(before + 1);
  });
});
