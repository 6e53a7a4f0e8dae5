// A signing secret the caller brings must look random (issue #23): at least 32 characters, at least
// 8 different ones, no stretch of 8 characters twice, at most two thirds of neighbouring pairs runs
// or sequences; otherwise 422 at /secret, naming the rule. Random secrets of the usual generators
// always pass (checked over a deterministic stream of samples, so the test never flakes).
import crypto from 'node:crypto';
import { expect } from 'chai';
import { chosenSecretProblem } from '../../server/src/services/webhooks/chosen-secret-rule.js';
import { dbQuery, expectProblem, expectStatus, startWebhookWorld, type WebhookWorld } from './webhook-fixture.js';

/** Deterministic pseudo-random bytes: SHA-256 of a label and a counter. */
function bytes(label: string, n: number, count: number): Buffer {
  const out: Buffer[] = [];
  for (let i = 0; out.length * 32 < count; i++) out.push(crypto.createHash('sha256').update(`${label}:${n}:${i}`).digest());
  return Buffer.concat(out).subarray(0, count);
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

describe('a signing secret the caller chooses', () => {
  describe('the rule (chosenSecretProblem)', () => {
    it('refuses short, repetitive, repeated-block and sequential text, each with its reason', () => {
      expect(chosenSecretProblem('f3Kq9-ZpLw2xVb7m')).to.match(/at least 32 characters long \(it has 16\)/);
      expect(chosenSecretProblem('a'.repeat(40))).to.match(/at least 8 different characters/);
      expect(chosenSecretProblem('passwordpasswordpasswordpassword')).to.match(/at least 8 different characters/);
      expect(chosenSecretProblem('0123456789abcdef0123456789abcdef')).to.match(/repeats a stretch of 8 characters/);
      expect(chosenSecretProblem('x7Kp2mQ9aZ3rx7Kp2mQ9aZ3rx7Kp2mQ9aZ3r')).to.match(/repeats a stretch of 8 characters/);
      expect(chosenSecretProblem('abcdefghijklmnopqrstuvwxyz012345')).to.match(/runs or sequences/);
      expect(chosenSecretProblem('ZYXWVUTSRQPONMLKJIHGFEDCBA9876543210')).to.match(/runs or sequences/);
    });

    it('passes every sample of the usual random generators (hex of 16 and 32 bytes, UUIDs, base64 and base64url, alphanumerics, whsec_)', () => {
      for (let n = 0; n < 2000; n++) {
        const samples = [
          bytes('hex16', n, 16).toString('hex'),
          bytes('HEX16', n, 16).toString('hex').toUpperCase(),
          bytes('hex32', n, 32).toString('hex'),
          bytes('uuid', n, 16).toString('hex'),
          bytes('b64', n, 24).toString('base64'),
          bytes('b64url', n, 32).toString('base64url'),
          `whsec_${bytes('whsec', n, 24).toString('base64')}`,
          [...bytes('alnum', n, 32)].map((b) => ALNUM[b % ALNUM.length]).join(''),
        ];
        for (const s of samples) expect(chosenSecretProblem(s), s).to.equal(null);
      }
    });
  });

  describe('POST /workspaces/{workspaceId}/webhooks with a secret', () => {
    let w: WebhookWorld;
    before(async () => {
      w = await startWebhookWorld();
    });
    after(() => w.api.close());

    const create = (secret: string, url = 'https://hooks.example.test/') =>
      w.api.post(`${w.base}/webhooks`, { name: 'chosen', url, events: ['content.created'], secret }, { token: w.editor });

    it('422 at /secret for one the schema allows (16–31 characters, or patterned) and stores nothing', async () => {
      for (const weak of ['Sixteen-chars-ok', 'my-webhook-secret-is-31-chars!!', 'a'.repeat(64), 'abcdefghijklmnopqrstuvwxyz0123456789']) {
        const res = await create(weak);
        expectProblem(res, 422, 'validation-failed');
        expect(Object.keys(res.body.errors), weak).to.deep.equal(['/secret']);
        expect(res.body.errors['/secret'][0]).to.match(/^The secret /);
        expect(res.text).to.not.include(weak);
      }
      expect(await dbQuery(w.api, `SELECT 1 FROM webhook_endpoints WHERE name = 'chosen'`)).to.have.length(0);
    });

    it('one 422 lists a weak secret with a bad URL', async () => {
      const res = await create('too-weak-but-16+', 'http://hooks.example.test/');
      expectProblem(res, 422, 'validation-failed');
      expect(Object.keys(res.body.errors).sort()).to.deep.equal(['/secret', '/url']);
    });

    it('keeps a random-looking secret of 32 characters or more exactly as sent', async () => {
      const secret = bytes('api', 0, 16).toString('hex');
      const res = await create(secret);
      expectStatus(res, 201);
      expect(res.body.secret).to.equal(secret);
    });
  });
});
