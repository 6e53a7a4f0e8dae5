// What the media lifecycle steps (workers/media-*.ts) work with: the database, this replica's
// storage provider, the Media__Operations__* settings and the verso.media.* instruments.
import type { DatabasePool } from 'slonik';
import type { MediaConfig } from '../config.js';
import type { Logger } from '../logging/logger.js';
import type { StorageProvider } from '../storage/provider.js';
import type { MediaInstruments } from '../telemetry/media-instruments.js';

export interface MediaLifecycle {
  readonly db: DatabasePool;
  readonly storage: StorageProvider;
  readonly logger: Logger;
  readonly instruments: MediaInstruments;
  readonly options: MediaConfig['operations'];
}

/** The pause before retry n (1-based) of a failed delete: base · 2^(n−1), capped (30 s → 3600 s by default). */
export function deletionBackoffMs(options: Pick<MediaConfig['operations'], 'retryBaseMs' | 'retryMaxMs'>, failures: number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** exponent);
}
