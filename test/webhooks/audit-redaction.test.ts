// The audit log records a webhook's signing secret as the bare text `redacted` (issue #23): no digest
// of it, not even a prefix, so a weak chosen secret cannot be tested offline by whoever reads the
// log. Entries written before (`redacted:` + 12 hex of SHA-256) are rewritten by migration 0014;
// PasswordHash and TokenHash keep their digests (spec), in old entries and new.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { migrate, readMigrationFiles } from '../../server/src/db/migrate.js';
import { MIGRATIONS_DIR } from '../../server/src/contract.js';
import { connect, createTestDatabase } from '../helpers/database.js';
import { createActor } from '../helpers/actors.js';
import { dbQuery, expectStatus, registerEndpoint, startWebhookWorld, type WebhookWorld } from './webhook-fixture.js';

const digest = (s: string) => `redacted:${crypto.createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 12)}`;

describe('audit redaction of webhook signing secrets', () => {
  describe('new entries', () => {
    let w: WebhookWorld;
    before(async () => {
      w = await startWebhookWorld();
    });
    after(() => w.api.close());

    it('create and rotation record the secret as `redacted`; no digest of either secret is anywhere in the log or its API', async () => {
      const chosen = crypto.createHash('sha256').update('audit-redaction').digest('hex');
      const { endpoint } = await registerEndpoint(w, { secret: chosen });
      const rotate = await w.api.post(`${w.base}/webhooks/${endpoint.id}/rotate-secret`, undefined, { token: w.editor });
      expectStatus(rotate, 200);
      const entries = await dbQuery(w.api, 'SELECT action, change_delta FROM audit_log WHERE entity_id = $1 ORDER BY occurred_at, id', [endpoint.id]);
      expect(entries.map((e) => [e.action, e.change_delta.secret])).to.deep.equal([
        ['Created', { before: null, after: 'redacted' }],
        ['Updated', { before: 'redacted', after: 'redacted' }],
      ]);
      const su = await createActor(w.api, { role: 'Admin', superadmin: true });
      const audit = await w.api.get(`/api/v1/audit?entityId=${endpoint.id}`, { token: su.token });
      expectStatus(audit, 200);
      expect(audit.body.items.map((e: any) => e.changeDelta.secret)).to.have.deep.members([
        { before: null, after: 'redacted' },
        { before: 'redacted', after: 'redacted' },
      ]);
      for (const secret of [chosen, rotate.body.secret as string]) {
        const hash = digest(secret).slice('redacted:'.length);
        expect(JSON.stringify(entries)).to.not.include(hash);
        expect(audit.text).to.not.include(hash);
      }
    });
  });

  describe('the migration audit_plain_secret_redaction (entries written before)', () => {
    it('rewrites every secret property\'s `redacted:<hex>` to `redacted`, keeps nulls, other values and PasswordHash/TokenHash digests', async () => {
      const files = readMigrationFiles(MIGRATIONS_DIR);
      // Found by name, so the test follows the file if it is renumbered.
      const rewrite = files.find((f) => f.name === 'audit_plain_secret_redaction')!.version;
      const before = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-mig-'));
      for (const f of fs.readdirSync(MIGRATIONS_DIR)) {
        if (/^\d{4}_/.test(f) && Number(f.slice(0, 4)) < rewrite) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
      }
      const url = await createTestDatabase({ empty: true });
      await migrate(url, before, () => {});
      const pool = connect(url);
      try {
        const insert = (delta: unknown) =>
          pool.query(`INSERT INTO audit_log (entity_type, entity_id, action, change_delta) VALUES ('WebhookEndpoint', gen_random_uuid(), 'Updated', $1) RETURNING id`, [JSON.stringify(delta)]);
        const old = (await insert({
          name: { before: 'a', after: 'b' },
          secret: { before: digest('old secret'), after: digest('new secret') },
          signing_secret: { before: null, after: digest('x') },
          passwordHash: { before: digest('h1'), after: digest('h2') },
          tokenHash: { before: null, after: digest('t') },
        })).rows[0].id;
        const untouched = (await insert({ url: { before: 'https://a.example/', after: 'https://b.example/' } })).rows[0].id;

        expect(await migrate(url, MIGRATIONS_DIR, () => {})).to.equal(files.filter((f) => f.version >= rewrite).length);
        const { rows } = await pool.query('SELECT id, change_delta FROM audit_log ORDER BY id');
        const byId = new Map(rows.map((r) => [r.id, r.change_delta]));
        expect(byId.get(old)).to.deep.equal({
          name: { before: 'a', after: 'b' },
          secret: { before: 'redacted', after: 'redacted' },
          signing_secret: { before: null, after: 'redacted' },
          passwordHash: { before: digest('h1'), after: digest('h2') },
          tokenHash: { before: null, after: digest('t') },
        });
        expect(byId.get(untouched)).to.deep.equal({ url: { before: 'https://a.example/', after: 'https://b.example/' } });
        // Still append-only afterwards.
        let refused: unknown;
        await pool.query('UPDATE audit_log SET action = action').catch((err: unknown) => (refused = err));
        expect((refused as Error).message).to.include('append-only');
      } finally {
        await pool.end();
      }
    });
  });
});
