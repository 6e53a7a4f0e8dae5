// Orphan discovery (spec, Limits): objects under a managed prefix that no asset row owns — left by
// a crash between a provider's write and its bookkeeping, by a restore of the database alone, or by
// a storage probe that died — are queued for deletion once at least Media__Operations__
// OrphanGraceHours old (24 h: an upload in flight has its row already, but the grace also covers
// clocks and stores that report times loosely). One page of `batchSize` objects per managed prefix
// per cycle, resuming where the last cycle stopped; objects outside the managed prefixes are never
// listed, let alone deleted. The deletion worker re-checks ownership before it deletes (rule 3).
import { queueDeletion } from '../db/media/media-deletion-intents.js';
import { lockScanCursor, ownedKeys, saveScanCursor } from '../db/media/media-lifecycle.js';
import { isManagedKey, MANAGED_PREFIXES } from '../services/media/storage-keys.js';
import { providerLabel } from '../telemetry/media-instruments.js';
import type { MediaLifecycle } from './media-context.js';

/** One page per managed prefix; returns how many orphans were queued. */
export async function runOrphanDiscovery(ctx: MediaLifecycle, signal: AbortSignal): Promise<number> {
  const provider = ctx.storage.name;
  const label = { provider: providerLabel(provider) };
  let queued = 0;
  for (const prefix of MANAGED_PREFIXES) {
    if (signal.aborted) break;
    queued += await ctx.db.transaction(async (tx) => {
      // Another replica scanning this prefix right now holds the cursor: this one skips it.
      const cursor = await lockScanCursor(tx, provider, prefix);
      if (!cursor) return 0;
      const page = await ctx.storage.list(prefix, { cursor: cursor.cursor ?? undefined, limit: ctx.options.batchSize });
      ctx.instruments.scan.add(page.objects.length, label);
      const oldEnough = Date.now() - ctx.options.orphanGraceMs;
      const candidates = page.objects.filter((o) => isManagedKey(o.key) && o.lastModified.getTime() <= oldEnough);
      const owned = await ownedKeys(tx, provider, candidates.map((o) => o.key));
      let found = 0;
      for (const object of candidates) {
        if (owned.has(object.key)) continue;
        if (await queueDeletion(tx, { assetId: null, provider, storageKey: object.key, reason: 'orphan', dueAt: null })) {
          found += 1;
          ctx.instruments.orphanDiscovered.add(1, label);
          ctx.logger.info('unowned media object queued for deletion', { storageKey: object.key });
        }
      }
      // No cursor: the prefix was walked to its end; the next cycle starts again from the top.
      await saveScanCursor(tx, provider, prefix, page.cursor ?? null);
      return found;
    });
  }
  return queued;
}
