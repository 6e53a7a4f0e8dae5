// The signing-secret rotation worker (Secrets__Rotation__*): with rotation off, one non-mutating
// inventory that publishes the remaining gauge (retried after the delay when it fails); with it on,
// cycles that re-encrypt batches to the active key until the gauge reads zero, counted by rows,
// cycles and duration. Deliveries keep verifying with the same secret throughout.
import crypto from 'node:crypto';
import { expect } from 'chai';
import type { DatabasePool } from 'slonik';
import { createLogger } from '../../server/src/logging/logger.js';
import { createSecretBox, readSecretsSettings } from '../../server/src/secrets/keyring.js';
import { createSecretRotationWorker } from '../../server/src/workers/secret-rotation.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { dbQuery, registerEndpoint, runOnce, scrape, series, startWebhookWorld, valueOf, type WebhookWorld } from './webhook-fixture.js';

const key = () => crypto.randomBytes(32).toString('base64');

describe('signing-secret rotation worker', () => {
  const keys = { Secrets__EncryptionKeys__k1: key(), Secrets__EncryptionKeys__k2: key() };
  let w: WebhookWorld;
  const log = new MemoryLog();
  before(async () => {
    w = await startWebhookWorld({ env: { Metrics__Enabled: 'true', Metrics__Port: '0', Secrets__ActiveKeyId: 'k1', ...keys } });
  });
  after(() => w.api.close());

  /** The keyring of a later deployment: same keys, k2 active. */
  const nextBox = () => createSecretBox(readSecretsSettings({ Secrets__ActiveKeyId: 'k2', ...keys }, { environment: 'test', dataDirectory: w.api.config.data.directory }));
  const worker = (box: ReturnType<typeof nextBox>, enabled: boolean, db: DatabasePool = w.api.running.deps.db) =>
    createSecretRotationWorker(db, box, createLogger({ level: 'debug', stream: log }), w.api.running.deps.metrics.secrets, { enabled, batchSize: 2, delayMs: 5_000 });
  const keyOf = async () => (await dbQuery(w.api, 'SELECT secret_version || \'/\' || secret_key_id AS k FROM webhook_endpoints ORDER BY id')).map((r) => r.k);

  it('off: one inventory publishes the remaining gauge by version and key id, changes nothing, and the worker is done', async () => {
    const created = [await registerEndpoint(w), await registerEndpoint(w), await registerEndpoint(w)];
    expect(await keyOf()).to.deep.equal(['v2/k1', 'v2/k1', 'v2/k1']);
    const preflight = worker(nextBox(), false);
    expect(preflight.name).to.equal('secret-rotation-preflight');
    expect(preflight.finished!()).to.equal(false);
    await runOnce(preflight);
    expect(preflight.finished!()).to.equal(true);
    expect(await keyOf()).to.deep.equal(['v2/k1', 'v2/k1', 'v2/k1']);
    const text = await scrape(w);
    expect(valueOf(text, 'verso_webhook_secret_rotation_remaining', { version: 'v2', key_id: 'k1' })).to.equal(created.length);
    for (const s of series(text, 'verso_webhook_secret_rotation_remaining')) expect(Object.keys(s.labels).sort()).to.deep.equal(['key_id', 'version']);
  });

  it('off: a failed inventory is logged and tried again (the host waits Secrets__Rotation__DelaySeconds)', async () => {
    let calls = 0;
    const real = w.api.running.deps.db;
    // The first read fails as a dropped connection would; the second goes through.
    const flaky = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop === 'any') return (...args: unknown[]) => (++calls === 1 ? Promise.reject(new Error('connection terminated')) : (target.any as (...a: unknown[]) => unknown)(...args));
        return Reflect.get(target, prop, receiver);
      },
    });
    const preflight = worker(nextBox(), false, flaky);
    expect(preflight.intervalMs).to.equal(5_000);
    await runOnce(preflight);
    expect(preflight.finished!()).to.equal(false);
    expect(log.lines.some((l) => l.event === 'secret_rotation_preflight_failed')).to.equal(true);
    await runOnce(preflight);
    expect(preflight.finished!()).to.equal(true);
  });

  it('on: re-encrypts a batch per cycle to the active key until nothing remains; secrets and ETags are unchanged', async () => {
    const before = await scrape(w);
    const box = nextBox();
    const rows = await dbQuery(w.api, 'SELECT id, secret_ciphertext, secret_version, secret_key_id, row_version FROM webhook_endpoints ORDER BY id');
    const plain = rows.map((r) => box.open({ ciphertext: r.secret_ciphertext, version: r.secret_version, keyId: r.secret_key_id }));
    const rotation = worker(box, true);
    expect(rotation.name).to.equal('secret-rotation');
    expect(await runOnce(rotation)).to.equal(2);
    expect(valueOf(await scrape(w), 'verso_webhook_secret_rotation_remaining', { version: 'v2', key_id: 'k1' })).to.equal(1);
    expect(await runOnce(rotation)).to.equal(1);
    expect(rotation.finished!()).to.equal(false);
    expect(await keyOf()).to.deep.equal(['v2/k2', 'v2/k2', 'v2/k2']);
    const after = await dbQuery(w.api, 'SELECT secret_ciphertext, secret_version, secret_key_id, row_version FROM webhook_endpoints ORDER BY id');
    expect(after.map((r) => box.open({ ciphertext: r.secret_ciphertext, version: r.secret_version, keyId: r.secret_key_id }))).to.deep.equal(plain);
    expect(after.map((r) => r.row_version)).to.deep.equal(rows.map((r) => r.row_version));
    // A third cycle finds nothing: zero for every version/key id, on a second independent pass.
    expect(await runOnce(rotation)).to.equal(0);
    const text = await scrape(w);
    expect(valueOf(text, 'verso_webhook_secret_rotation_remaining', { version: 'v2', key_id: 'k1' })).to.equal(0);
    expect(series(text, 'verso_webhook_secret_rotation_remaining').every((s) => s.value === 0)).to.equal(true);
    const delta = (name: string, labels: Record<string, string>) => valueOf(text, name, labels)! - (valueOf(before, name, labels) ?? 0);
    expect(delta('verso_webhook_secret_rotation_rows_total', { outcome: 'rotated' })).to.equal(3);
    expect(delta('verso_webhook_secret_rotation_rows_total', { outcome: 'failed' })).to.equal(0);
    expect(delta('verso_webhook_secret_rotation_cycles_total', { outcome: 'succeeded' })).to.equal(3);
    expect(delta('verso_webhook_secret_rotation_cycles_total', { outcome: 'failed' })).to.equal(0);
    expect(delta('verso_webhook_secret_rotation_duration_count', {})).to.equal(3);
  });

  it('on: a row that cannot be decrypted is counted (rows failed, decrypt_failures by version, key id, reason) and logged with its id only', async () => {
    const { endpoint } = await registerEndpoint(w);
    // Sealed under k1 by the API; this deployment no longer has k1.
    const box = createSecretBox(readSecretsSettings({ Secrets__ActiveKeyId: 'k2', Secrets__EncryptionKeys__k2: keys.Secrets__EncryptionKeys__k2 }, { environment: 'test', dataDirectory: w.api.config.data.directory }));
    const before = await scrape(w);
    await runOnce(worker(box, true));
    const text = await scrape(w);
    expect(valueOf(text, 'verso_webhook_secret_rotation_rows_total', { outcome: 'failed' })! - valueOf(before, 'verso_webhook_secret_rotation_rows_total', { outcome: 'failed' })!).to.equal(1);
    const labels = { version: 'v2', key_id: 'unknown', reason: 'unknown_key' };
    expect(valueOf(text, 'verso_webhook_secret_decrypt_failures_total', labels)! - (valueOf(before, 'verso_webhook_secret_decrypt_failures_total', labels) ?? 0)).to.equal(1);
    const line = log.lines.find((l) => l.message === 'signing secret could not be re-encrypted' && l.endpoint_id === endpoint.id);
    expect(line).to.include({ version: 'v2', key_id: 'unknown', reason: 'unknown_key' });
    const [row] = await dbQuery(w.api, 'SELECT secret_ciphertext, url FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(log.text()).to.not.include(row.secret_ciphertext).and.not.include(row.url).and.not.include(keys.Secrets__EncryptionKeys__k1);
  });
});
