// The media instruments of the spec's operational telemetry (svc.media.* there, verso.media.* here),
// recorded by the media lifecycle workers. Labels are limited to the spec's three, each from a
// closed set: provider (local, s3, unknown), reason (why a blob is being deleted, or which step of
// a cycle failed) and outcome (what became of an attempt).
import type { Attributes, Counter, Meter } from '@opentelemetry/api';
import type { DatabasePool } from 'slonik';
import { countOpenIntents } from '../db/media/media-deletion-intents.js';
import type { Logger } from '../logging/logger.js';

export type MediaProviderLabel = 'local' | 's3' | 'unknown';
export type MediaReasonLabel = 'user_delete' | 'upload_failed' | 'stale_upload' | 'orphan' | 'unknown';
/** What became of one claimed deletion intent. */
export type DeletionOutcome = 'deleted' | 'cancelled' | 'failed' | 'provider_mismatch' | 'lease_lost' | 'not_due';
/** The steps of a reconciliation cycle, as the cycle_failures reason. */
export type CycleStep = 'stale_uploads' | 'deletion' | 'verification' | 'orphan_discovery' | 'dimensions';

export function providerLabel(name: string): MediaProviderLabel {
  return name === 'local' || name === 's3' ? name : 'unknown';
}

export function reasonLabel(reason: string): MediaReasonLabel {
  return (['user_delete', 'upload_failed', 'stale_upload', 'orphan'] as const).find((r) => r === reason) ?? 'unknown';
}

/** A counter whose labels can only be the spec's. */
interface LabelledCounter<L extends Attributes> {
  add(value: number, labels: L): void;
}

type ProviderOnly = { provider: MediaProviderLabel };

export interface MediaInstruments {
  /** PendingUpload rows the stale-upload pass marked UploadFailed. */
  readonly uploadStale: LabelledCounter<ProviderOnly>;
  /** Available assets whose object was found missing (now Missing, hidden). */
  readonly blobMissing: LabelledCounter<ProviderOnly>;
  /** Objects listed under the managed prefixes by orphan discovery. */
  readonly scan: LabelledCounter<ProviderOnly>;
  /** Unowned objects old enough that discovery queued them for deletion. */
  readonly orphanDiscovered: LabelledCounter<ProviderOnly>;
  readonly deletionClaimed: LabelledCounter<ProviderOnly & { reason: MediaReasonLabel }>;
  /** Claimed intents that still carried an expired lease (a worker died or stalled). */
  readonly deletionReclaimed: LabelledCounter<ProviderOnly & { reason: MediaReasonLabel }>;
  readonly deletionOutcome: LabelledCounter<ProviderOnly & { reason: MediaReasonLabel; outcome: DeletionOutcome }>;
  /** Failed deletes given back with backoff. */
  readonly deletionRetried: LabelledCounter<ProviderOnly & { reason: MediaReasonLabel }>;
  readonly cycleFailures: LabelledCounter<ProviderOnly & { reason: CycleStep }>;
}

export function createMediaInstruments(meter: Meter, db: DatabasePool, logger: Logger): MediaInstruments {
  // A gauge read at collection time: open intents are a backlog (a state), and a database fact that
  // every replica reports alike — aggregate it with max, not sum.
  meter
    .createObservableGauge('verso.media.deletion.pending', { description: 'Open media deletion intents (due or not), by provider and reason.' })
    .addCallback(async (result) => {
      try {
        for (const row of await countOpenIntents(db)) result.observe(row.n, { provider: providerLabel(row.provider), reason: reasonLabel(row.reason) });
      } catch (err) {
        logger.warn('verso.media.deletion.pending could not be read', { err });
      }
    });
  const counter = (name: string, description: string): Counter => meter.createCounter(name, { description });
  return {
    uploadStale: counter('verso.media.upload.stale', 'Uploads left PendingUpload past AbandonedUploadMinutes, marked UploadFailed with a deletion intent.'),
    blobMissing: counter('verso.media.blob.missing', 'Available media assets whose object was found missing from storage.'),
    scan: counter('verso.media.scan', 'Objects listed under the managed prefixes by orphan discovery.'),
    orphanDiscovered: counter('verso.media.orphan.discovered', 'Objects under a managed prefix without an owning asset, queued for deletion.'),
    deletionClaimed: counter('verso.media.deletion.claimed', 'Media deletion intents claimed by a deletion worker, reclaimed ones included.'),
    deletionReclaimed: counter('verso.media.deletion.reclaimed', 'Media deletion intents claimed after the lease of an earlier claim expired.'),
    deletionOutcome: counter('verso.media.deletion.outcome', 'What became of claimed media deletion intents, by outcome.'),
    deletionRetried: counter('verso.media.deletion.retried', 'Failed media blob deletions released for a retry with backoff.'),
    cycleFailures: counter('verso.media.reconciliation.cycle_failures', 'Media reconciliation steps that failed, by step.'),
  };
}
