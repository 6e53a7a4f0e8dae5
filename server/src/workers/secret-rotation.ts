// Signing-secret rotation (spec, Signing-secret encryption). With Secrets__Rotation__Enabled false
// the worker makes one non-mutating inventory (how much ciphertext is not yet v2 under the active
// key, per version and key id), publishes it on the remaining gauge and stops; a transient failure
// is retried after Secrets__Rotation__DelaySeconds. With it true, every cycle re-encrypts one batch
// (secrets/rotation-queries.ts: each row in its own transaction, locked rows skipped), walking the
// table by id and starting over once it reached the end, then publishes a fresh inventory and waits
// the delay. Rows that cannot be decrypted are counted and logged with endpoint id, version, key id
// and reason only.
import type { DatabasePool } from 'slonik';
import type { Logger } from '../logging/logger.js';
import { remainingByVersionAndKey, rotateBatch, type SecretBox } from '../secrets/keyring.js';
import type { SecretInstruments } from '../telemetry/secret-instruments.js';
import type { BackgroundWorker } from './worker-host.js';

export interface SecretRotationOptions {
  readonly enabled: boolean;
  readonly batchSize: number;
  readonly delayMs: number;
}

export function createSecretRotationWorker(
  db: DatabasePool,
  box: SecretBox,
  logger: Logger,
  instruments: SecretInstruments,
  options: SecretRotationOptions,
): BackgroundWorker {
  let inventoried = false;
  let afterId: string | null = null;

  async function publishInventory(): Promise<void> {
    instruments.publishRemaining(await remainingByVersionAndKey(db, box));
  }

  async function preflight(): Promise<number> {
    try {
      await publishInventory();
      inventoried = true;
      logger.info('secret rotation is off; the inventory of stored signing secrets is published', { event: 'secret_rotation_preflight' });
    } catch (err) {
      logger.warn(`secret rotation preflight failed; retrying in ${options.delayMs} ms`, { err, event: 'secret_rotation_preflight_failed' });
    }
    return 0;
  }

  async function cycle(): Promise<number> {
    const started = performance.now();
    try {
      const result = await rotateBatch(db, box, options.batchSize, { afterId });
      afterId = result.reachedEnd ? null : result.lastId;
      instruments.rotationRows.add(result.rotated, { outcome: 'rotated' });
      instruments.rotationRows.add(result.skipped, { outcome: 'skipped' });
      instruments.rotationRows.add(result.failed, { outcome: 'failed' });
      for (const f of result.failures) {
        instruments.recordDecryptFailure({ version: f.version, keyId: f.keyId, reason: f.reason });
        logger.error('signing secret could not be re-encrypted', { endpoint_id: f.endpointId, version: f.version, key_id: f.keyId, reason: f.reason });
      }
      await publishInventory();
      instruments.rotationCycles.add(1, { outcome: 'succeeded' });
      return result.rotated;
    } catch (err) {
      instruments.rotationCycles.add(1, { outcome: 'failed' });
      logger.error(`secret rotation cycle failed; retrying in ${options.delayMs} ms`, { err, event: 'secret_rotation_cycle_failed' });
      return 0;
    } finally {
      instruments.rotationDuration.record((performance.now() - started) / 1000);
    }
  }

  return {
    name: options.enabled ? 'secret-rotation' : 'secret-rotation-preflight',
    intervalMs: options.delayMs,
    // Never "full": the configured delay separates every two cycles (upstream's pacing).
    batchSize: Number.POSITIVE_INFINITY,
    runOnce: () => (options.enabled ? cycle() : preflight()),
    finished: () => !options.enabled && inventoried,
  };
}
