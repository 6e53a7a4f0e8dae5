// Re-encryption of stored signing secrets to the active key and the inventory behind the
// remaining gauge (spec, Signing-secret encryption), on the real webhook_endpoints table.
import crypto from 'node:crypto';
import { expect } from 'chai';
import pg from 'pg';
import type { DatabasePool } from 'slonik';
import { createDatabasePool } from '../../server/src/db/pool.js';
import { createSecretBox, remainingByVersionAndKey, rotateBatch, type RotationBatchResult, type SecretBox } from '../../server/src/secrets/keyring.js';
import { connect, createTestDatabase } from '../helpers/database.js';

const keys = { old: crypto.randomBytes(32), current: crypto.randomBytes(32), retired: crypto.randomBytes(32), legacy: crypto.randomBytes(32) };
const settings = (activeKeyId: string, available: Record<string, Buffer>) => ({
  activeKeyId,
  keys: new Map(Object.entries(available)),
  legacyKey: keys.legacy,
  rotation: { enabled: true, batchSize: 100, delayMs: 5000 },
  developmentKeyring: null,
});
const box = createSecretBox(settings('current', { old: keys.old, current: keys.current }));
const oldBox = createSecretBox(settings('old', { old: keys.old }));
const retiredBox = createSecretBox(settings('retired', { retired: keys.retired }));

function sealV1(plaintext: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keys.legacy, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

interface Row {
  id: string;
  secret_ciphertext: string;
  secret_version: string;
  secret_key_id: string | null;
  row_version: number;
  updated_at: Date;
}

describe('signing-secret rotation (rotateBatch, remainingByVersionAndKey)', () => {
  let url: string;
  let db: DatabasePool;
  let raw: pg.Pool;
  let workspaceId: string;
  const plaintextOf = new Map<string, string>();

  async function insertEndpoint(secret: { ciphertext: string; version: string; keyId: string | null }, plaintext: string | null, o: { deleted?: boolean } = {}): Promise<string> {
    const { rows } = await raw.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (workspace_id, name, url, events, secret_ciphertext, secret_version, secret_key_id, deleted_at)
       VALUES ($1, 'hook', 'https://hooks.example.com/in', ARRAY['content.created'], $2, $3, $4, $5) RETURNING id`,
      [workspaceId, secret.ciphertext, secret.version, secret.keyId, o.deleted ? new Date() : null],
    );
    const id = rows[0]!.id;
    if (plaintext !== null) plaintextOf.set(id, plaintext);
    return id;
  }
  const rows = async () => (await raw.query<Row>('SELECT id, secret_ciphertext, secret_version, secret_key_id, row_version, updated_at FROM webhook_endpoints ORDER BY id')).rows;
  const newSecret = () => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

  /** Passes over every row in batches of `size`, as the worker does; sums the batches. */
  async function pass(size: number, target: SecretBox = box) {
    const total = { rotated: 0, skipped: 0, failed: 0, failures: [] as RotationBatchResult['failures'][number][], batches: 0 };
    let afterId: string | null = null;
    for (;;) {
      const r: RotationBatchResult = await rotateBatch(db, target, size, { afterId });
      total.rotated += r.rotated;
      total.skipped += r.skipped;
      total.failed += r.failed;
      total.failures.push(...r.failures);
      total.batches += 1;
      afterId = r.lastId;
      if (r.reachedEnd) return total;
    }
  }

  before(async () => {
    url = await createTestDatabase();
    db = await createDatabasePool(url, { size: 4, statementTimeoutMs: 10_000 });
    raw = connect(url);
    workspaceId = (await raw.query<{ id: string }>(`INSERT INTO workspaces (name, slug) VALUES ('Hooks', 'hooks') RETURNING id`)).rows[0]!.id;
  });
  after(async () => {
    await db?.end();
    await raw?.end();
  });

  let retiredId: string;
  let tamperedId: string;
  let currentIds: string[];
  let snapshot: Row[];

  it('counts what is not yet v2 under the active key, by version and key id (configured non-active keys and legacy listed even at zero)', async () => {
    expect(await remainingByVersionAndKey(db, box)).to.deep.equal([
      { version: 'v1', keyId: 'legacy', count: 0 },
      { version: 'v2', keyId: 'old', count: 0 },
    ]);
    for (let i = 0; i < 3; i += 1) {
      const s = newSecret();
      await insertEndpoint({ ciphertext: sealV1(s), version: 'v1', keyId: null }, s);
    }
    const deleted = newSecret();
    await insertEndpoint({ ciphertext: sealV1(deleted), version: 'v1', keyId: null }, deleted, { deleted: true });
    for (let i = 0; i < 3; i += 1) {
      const s = newSecret();
      await insertEndpoint(oldBox.seal(s), s);
    }
    const broken = oldBox.seal(newSecret());
    tamperedId = await insertEndpoint({ ...broken, ciphertext: broken.ciphertext.slice(0, -4) + 'AAA=' }, null);
    retiredId = await insertEndpoint(retiredBox.seal(newSecret()), null);
    currentIds = [];
    for (let i = 0; i < 2; i += 1) {
      const s = newSecret();
      currentIds.push(await insertEndpoint(box.seal(s), s));
    }
    expect(await remainingByVersionAndKey(db, box)).to.deep.equal([
      { version: 'v1', keyId: 'legacy', count: 4 },
      { version: 'v2', keyId: 'old', count: 4 },
      { version: 'v2', keyId: 'unknown', count: 1 },
    ]);
  });

  it('re-encrypts every row it can to the active key, in batches, leaving row_version and updated_at alone; reports the rest with bounded labels', async () => {
    snapshot = await rows();
    const total = await pass(2);
    expect({ rotated: total.rotated, skipped: total.skipped, failed: total.failed }).to.deep.equal({ rotated: 7, skipped: 0, failed: 2 });
    expect(total.batches).to.equal(5); // 9 candidates in batches of 2
    expect(total.failures.sort((a, b) => a.endpointId.localeCompare(b.endpointId))).to.deep.equal(
      [
        { endpointId: tamperedId, version: 'v2', keyId: 'old', reason: 'authentication' },
        { endpointId: retiredId, version: 'v2', keyId: 'unknown', reason: 'unknown_key' },
      ].sort((a, b) => a.endpointId.localeCompare(b.endpointId)),
    );
    const after = await rows();
    for (const row of after) {
      const was = snapshot.find((r) => r.id === row.id)!;
      expect(row.row_version, 'row_version').to.equal(was.row_version);
      expect(row.updated_at.getTime(), 'updated_at').to.equal(was.updated_at.getTime());
      if (row.id === tamperedId || row.id === retiredId) {
        expect(row.secret_ciphertext).to.equal(was.secret_ciphertext);
        continue;
      }
      expect([row.secret_version, row.secret_key_id]).to.deep.equal(['v2', 'current']);
      expect(row.secret_ciphertext).to.match(/^v2\.current\./);
      expect(box.open({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id })).to.equal(plaintextOf.get(row.id));
      if (currentIds.includes(row.id)) expect(row.secret_ciphertext, 'already current: untouched').to.equal(was.secret_ciphertext);
    }
    expect(await remainingByVersionAndKey(db, box)).to.deep.equal([
      { version: 'v1', keyId: 'legacy', count: 0 },
      { version: 'v2', keyId: 'old', count: 1 },
      { version: 'v2', keyId: 'unknown', count: 1 },
    ]);
  });

  it('a second pass finds only the rows it cannot open, and ends', async () => {
    const total = await pass(100);
    expect({ rotated: total.rotated, skipped: total.skipped, failed: total.failed, batches: total.batches }).to.deep.equal({ rotated: 0, skipped: 0, failed: 2, batches: 1 });
  });

  it('skips a row another transaction holds (FOR UPDATE SKIP LOCKED) and rotates it on a later pass', async () => {
    const s = newSecret();
    const id = await insertEndpoint(oldBox.seal(s), s);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [id]);
      const started = Date.now();
      const held = await pass(100);
      expect(Date.now() - started, 'did not wait for the lock').to.be.below(2_000);
      expect({ rotated: held.rotated, skipped: held.skipped, failed: held.failed }).to.deep.equal({ rotated: 0, skipped: 1, failed: 2 });
      await holder.query('COMMIT');
    } finally {
      await holder.end();
    }
    const later = await pass(100);
    expect({ rotated: later.rotated, skipped: later.skipped }).to.deep.equal({ rotated: 1, skipped: 0 });
    const row = (await rows()).find((r) => r.id === id)!;
    expect(box.open({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id })).to.equal(s);
  });

  it('two rotation workers at once rotate each row exactly once between them', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const s = newSecret();
      ids.push(await insertEndpoint({ ciphertext: sealV1(s), version: 'v1', keyId: null }, s));
    }
    const [a, b] = await Promise.all([pass(3), pass(3)]);
    expect(a.rotated + b.rotated).to.equal(20);
    expect(a.rotated + a.skipped + b.rotated + b.skipped).to.be.at.least(20);
    for (const row of (await rows()).filter((r) => ids.includes(r.id))) {
      expect(box.isCurrent({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id })).to.equal(true);
      expect(box.open({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id })).to.equal(plaintextOf.get(row.id));
    }
  });

  it('refuses a batch size outside 1–500', async () => {
    for (const size of [0, 501, 1.5]) {
      let thrown: unknown;
      try {
        await rotateBatch(db, box, size);
      } catch (err) {
        thrown = err;
      }
      expect(thrown, String(size)).to.be.instanceOf(RangeError);
    }
  });
});
