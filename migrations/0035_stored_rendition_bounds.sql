-- The renditions stored under verso/renditions/ (services/media/stored-renditions.ts), one row per
-- object, so that storing one more can be refused beyond a bound per asset (Media__Public__
-- StoredPerAsset, per content version) and per workspace (StoredMiBPerWorkspace): the public route
-- is unsigned and anonymous, and without a bound one client could fill the disk with renditions.
-- Beyond a bound a rendition is still computed and served, just not stored. A row is written before
-- its object (a failed write leaves a row whose object the next request writes again: the row for a
-- key that exists always lets its object be stored), and goes with its asset's row when the asset is
-- purged (media-deletion.ts deletes the objects).
CREATE TABLE media_renditions (
  storage_key text PRIMARY KEY,
  workspace_id uuid NOT NULL,
  media_asset_id uuid NOT NULL REFERENCES media_assets (id) ON DELETE CASCADE,
  content_version text NOT NULL,
  byte_size bigint NOT NULL CHECK (byte_size >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX media_renditions_asset ON media_renditions (media_asset_id, content_version);
CREATE INDEX media_renditions_workspace ON media_renditions (workspace_id);
