// Re-encryption of stored signing secrets to the active key, and the inventory behind the
// verso.webhook.secret.rotation.remaining gauge (spec, Signing-secret encryption). The rotation
// worker calls rotateBatch in a loop, passing back `lastId` until `reachedEnd`, then waits.
//
// Each row is re-encrypted in its own short transaction: the row is locked FOR UPDATE SKIP LOCKED
// and re-checked there, so a row that an API call is changing right now (rotate-secret, delete) is
// skipped and picked up by a later pass instead of being waited for or overwritten with an older
// secret. Only the secret_* columns change: the plaintext is the same, so row_version (the
// endpoint's ETag) and updated_at stay as they are; an If-Match taken before a rotation pass still
// matches after it.
//
// Every row counts, soft-deleted ones included: a retired key must not be referenced anywhere, and
// "remaining is zero" (the condition for retiring one) has to mean exactly that.
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';
import { LEGACY_KEY_LABEL, SecretDecryptError, UNKNOWN_LABEL, type DecryptFailureReason, type DecryptFailureVersion } from './decrypt-error.js';
import type { SecretBox } from './secret-box.js';

export interface RotationFailure {
  readonly endpointId: string;
  readonly version: DecryptFailureVersion;
  readonly keyId: string;
  readonly reason: DecryptFailureReason;
}

export interface RotationBatchResult {
  readonly rotated: number;
  /** Locked by someone else, or already current when locked: left for a later pass. */
  readonly skipped: number;
  /** Could not be decrypted (see `failures`): left as they are, reported, never retried in this pass. */
  readonly failed: number;
  readonly failures: readonly RotationFailure[];
  /** The last row id looked at; pass it as `afterId` to continue after this batch. */
  readonly lastId: string | null;
  /** Fewer candidates than the batch size: this pass has seen every row. */
  readonly reachedEnd: boolean;
}

export interface RemainingCiphertext {
  readonly version: DecryptFailureVersion;
  readonly keyId: string;
  readonly count: number;
}

const notCurrent = (activeKeyId: string) =>
  sql.fragment`(secret_version IS DISTINCT FROM 'v2' OR secret_key_id IS DISTINCT FROM ${activeKeyId})`;

const lockedRow = z.object({ id: z.string(), secret_ciphertext: z.string(), secret_version: z.string(), secret_key_id: z.string().nullable() });

export async function rotateBatch(
  db: DatabasePool,
  box: SecretBox,
  batchSize: number,
  options: { readonly afterId?: string | null } = {},
): Promise<RotationBatchResult> {
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 500) throw new RangeError('batchSize must be an integer between 1 and 500');
  const afterId = options.afterId ?? null;
  const candidates = await db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM webhook_endpoints
    WHERE ${notCurrent(box.activeKeyId)} AND (${afterId}::uuid IS NULL OR id > ${afterId}::uuid)
    ORDER BY id
    LIMIT ${batchSize}`);
  let rotated = 0;
  let skipped = 0;
  const failures: RotationFailure[] = [];
  for (const id of candidates) {
    const outcome = await db.transaction(async (tx) => {
      const row = await tx.maybeOne(sql.type(lockedRow)`
        SELECT id, secret_ciphertext, secret_version, secret_key_id FROM webhook_endpoints
        WHERE id = ${id} AND ${notCurrent(box.activeKeyId)}
        FOR UPDATE SKIP LOCKED`);
      if (!row) return 'skipped' as const;
      let plaintext: string;
      try {
        plaintext = box.open({ ciphertext: row.secret_ciphertext, version: row.secret_version, keyId: row.secret_key_id });
      } catch (err) {
        if (!(err instanceof SecretDecryptError)) throw err;
        return { endpointId: id, version: err.version, keyId: err.keyId, reason: err.reason } satisfies RotationFailure;
      }
      const sealed = box.seal(plaintext);
      await tx.query(sql.unsafe`
        UPDATE webhook_endpoints
        SET secret_ciphertext = ${sealed.ciphertext}, secret_version = ${sealed.version}, secret_key_id = ${sealed.keyId}
        WHERE id = ${id}`);
      return 'rotated' as const;
    });
    if (outcome === 'rotated') rotated += 1;
    else if (outcome === 'skipped') skipped += 1;
    else failures.push(outcome);
  }
  return {
    rotated,
    skipped,
    failed: failures.length,
    failures,
    lastId: candidates.at(-1) ?? afterId,
    reachedEnd: candidates.length < batchSize,
  };
}

/**
 * Ciphertext not yet v2 under the active key, by version and key-id label: a configured key id,
 * `legacy` for v1, `unknown` for anything else. Every configured non-active key (and `legacy` when
 * Secrets__EncryptionKey is set) is listed even at zero, so the gauge shows the zero that allows
 * a key to be retired instead of a series that vanished. Reads only; safe as the preflight.
 */
export async function remainingByVersionAndKey(db: DatabasePool, box: SecretBox): Promise<RemainingCiphertext[]> {
  const configured = box.keyIds.filter((k) => k !== box.activeKeyId);
  const rows = await db.any(sql.type(z.object({ version: z.string(), key_id: z.string(), count: z.number() }))`
    SELECT
      CASE WHEN secret_version IN ('v1', 'v2') THEN secret_version ELSE 'unknown' END AS version,
      CASE
        WHEN secret_version = 'v1' THEN ${LEGACY_KEY_LABEL}
        WHEN secret_version = 'v2' AND secret_key_id = ANY(${sql.array(box.keyIds, 'text')}) THEN secret_key_id
        ELSE ${UNKNOWN_LABEL}
      END AS key_id,
      count(*)::int AS count
    FROM webhook_endpoints
    WHERE ${notCurrent(box.activeKeyId)}
    GROUP BY 1, 2`);
  const result = new Map<string, RemainingCiphertext>();
  const put = (version: DecryptFailureVersion, keyId: string, count: number) => result.set(`${version}/${keyId}`, { version, keyId, count });
  for (const keyId of configured) put('v2', keyId, 0);
  if (box.hasLegacyKey) put('v1', LEGACY_KEY_LABEL, 0);
  for (const r of rows) put(r.version as DecryptFailureVersion, r.key_id, r.count);
  return [...result.values()].sort((a, b) => `${a.version}/${a.keyId}`.localeCompare(`${b.version}/${b.keyId}`));
}
