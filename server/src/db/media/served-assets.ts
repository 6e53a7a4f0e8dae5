// Which assets are public by being published (issue #35): a public URL is handed out, and served, only
// for an asset that content served now or later uses as a Media or File value — unless the workspace
// makes all its media public. A draft's new upload, or an asset only old versions used, stays private.
import { sql } from 'slonik';

/**
 * True when a version that serves now or is scheduled to (a content_serving span not yet over, 0015)
 * has a Media or File value naming the asset `alias`.id. Read through the values' asset indexes (0010).
 */
export function usedByServedContent(alias: string) {
  const id = sql.identifier([alias, 'id']);
  return sql.fragment`EXISTS (
    SELECT 1 FROM content_field_values sv JOIN content_serving cs ON cs.version_id = sv.content_version_id
    WHERE (sv.media_asset_id = ${id} OR sv.file_asset_id = ${id}) AND cs.valid_until > now())`;
}

/** Whether asset `alias`'s public URL may be handed out: public media on, and published or all media public. */
export function handsOutPublicUrl(alias: string) {
  const workspaceId = sql.identifier([alias, 'workspace_id']);
  return sql.fragment`(SELECT w.public_media AND (w.all_media_public OR ${usedByServedContent(alias)})
    FROM workspaces w WHERE w.id = ${workspaceId})`;
}
