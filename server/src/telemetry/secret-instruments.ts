// The signing-secret instruments of the spec (svc.webhook.secret.* there, verso.* here), with
// exactly its labels and their bounded values: version v1, v2 or unknown; key_id a configured key
// id, `legacy` for v1 ciphertext (it has none) or `unknown`; reason and outcome from the spec's lists.
import type { Counter, Histogram, Meter } from '@opentelemetry/api';

export type DecryptFailureLabels = { readonly version: string; readonly keyId: string; readonly reason: string };
export interface RemainingCiphertext {
  readonly version: string;
  readonly keyId: string;
  readonly count: number;
}

const VERSIONS = new Set(['v1', 'v2']);
const REASONS = new Set(['configuration', 'unknown_version', 'unknown_key', 'malformed_ciphertext', 'authentication', 'unknown']);
export const LEGACY_KEY_LABEL = 'legacy';

export interface SecretInstruments {
  /** A secret that could not be opened (signing a delivery or rotating). */
  recordDecryptFailure(labels: DecryptFailureLabels): void;
  readonly rotationRows: Counter<{ outcome: 'rotated' | 'skipped' | 'failed' }>;
  readonly rotationCycles: Counter<{ outcome: 'succeeded' | 'failed' }>;
  /** Seconds per rotation cycle. */
  readonly rotationDuration: Histogram;
  /**
   * The inventory of ciphertext that is not active-key v2, per version and key id; the gauge shows
   * the latest one. A version/key seen before and absent now is shown as 0, so "zero for every
   * version/key id" can be read off the gauge once rotation is done.
   */
  publishRemaining(inventory: readonly RemainingCiphertext[]): void;
}

export function createSecretInstruments(meter: Meter, configuredKeyIds: readonly string[]): SecretInstruments {
  const known = new Set(configuredKeyIds);
  const version = (v: string) => (VERSIONS.has(v) ? v : 'unknown');
  const keyLabel = (k: string) => (known.has(k) || k === LEGACY_KEY_LABEL ? k : 'unknown');
  const decryptFailures = meter.createCounter('verso.webhook.secret.decrypt_failures', { description: 'Signing secrets that could not be decrypted, including normal dispatch reads.' });
  const rotationRows = meter.createCounter<{ outcome: 'rotated' | 'skipped' | 'failed' }>('verso.webhook.secret.rotation.rows', { description: 'Endpoint secrets handled by rotation cycles.' });
  const rotationCycles = meter.createCounter<{ outcome: 'succeeded' | 'failed' }>('verso.webhook.secret.rotation.cycles', { description: 'Completed secret-rotation worker cycles.' });
  const rotationDuration = meter.createHistogram('verso.webhook.secret.rotation.duration', {
    description: 'Duration of a secret-rotation cycle.',
    unit: 's',
    advice: { explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30] },
  });
  for (const outcome of ['rotated', 'skipped', 'failed'] as const) rotationRows.add(0, { outcome });
  for (const outcome of ['succeeded', 'failed'] as const) rotationCycles.add(0, { outcome });

  let remaining = new Map<string, { version: string; key_id: string; count: number }>();
  meter
    .createObservableGauge('verso.webhook.secret.rotation.remaining', { description: 'Stored signing-secret ciphertext that is not v2 under the active key (latest inventory).' })
    .addCallback((result) => {
      for (const r of remaining.values()) result.observe(r.count, { version: r.version, key_id: r.key_id });
    });

  return {
    recordDecryptFailure(labels) {
      decryptFailures.add(1, { version: version(labels.version), key_id: keyLabel(labels.keyId), reason: REASONS.has(labels.reason) ? labels.reason : 'unknown' });
    },
    rotationRows,
    rotationCycles,
    rotationDuration,
    publishRemaining(inventory) {
      const next = new Map<string, { version: string; key_id: string; count: number }>();
      for (const r of remaining.values()) next.set(`${r.version}/${r.key_id}`, { ...r, count: 0 });
      for (const r of inventory) {
        const labels = { version: version(r.version), key_id: keyLabel(r.keyId) };
        const key = `${labels.version}/${labels.key_id}`;
        next.set(key, { ...labels, count: (next.get(key)?.count ?? 0) + r.count });
      }
      remaining = next;
    },
  };
}
