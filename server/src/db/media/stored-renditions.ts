// Which renditions are stored (migration 0035): storing one more is allowed only within the bounds
// per asset (and content version) and per workspace (services/media/public-media.ts). The check and
// the row are one transaction under a per-workspace lock, so concurrent cold requests of a workspace
// cannot together overshoot its bounds; it runs only when a rendition was just computed (cold).
import { sql, type DatabasePool } from 'slonik';
import { z } from 'zod';

export interface StoredRendition {
  readonly storageKey: string;
  readonly workspaceId: string;
  readonly assetId: string;
  readonly contentVersion: string;
  readonly byteSize: number;
}

export interface StoredRenditionBounds {
  readonly perAsset: number;
  readonly bytesPerWorkspace: number;
}

const usage = z.object({ known: z.boolean(), asset_count: z.number(), workspace_bytes: z.number() });

/**
 * Records `r` as stored when it is within `bounds` (true: store the object), or already recorded
 * (true: its object is written again); false when storing it would pass a bound.
 */
export async function claimStoredRendition(db: DatabasePool, r: StoredRendition, bounds: StoredRenditionBounds): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${'verso.renditions:' + r.workspaceId}))`);
    const now = await tx.one(sql.type(usage)`
      SELECT EXISTS (SELECT 1 FROM media_renditions WHERE storage_key = ${r.storageKey}) AS known,
             (SELECT count(*) FROM media_renditions
               WHERE media_asset_id = ${r.assetId} AND content_version = ${r.contentVersion})::int AS asset_count,
             (SELECT coalesce(sum(byte_size), 0) FROM media_renditions WHERE workspace_id = ${r.workspaceId})::float8 AS workspace_bytes`);
    if (now.known) return true;
    if (now.asset_count >= bounds.perAsset || now.workspace_bytes + r.byteSize > bounds.bytesPerWorkspace) return false;
    // The asset may have been purged meanwhile (no row to refer to): then nothing is stored.
    const inserted = await tx.query(sql.unsafe`
      INSERT INTO media_renditions (storage_key, workspace_id, media_asset_id, content_version, byte_size)
      SELECT ${r.storageKey}, ${r.workspaceId}, id, ${r.contentVersion}, ${r.byteSize} FROM media_assets WHERE id = ${r.assetId}`);
    return inserted.rowCount === 1;
  });
}
