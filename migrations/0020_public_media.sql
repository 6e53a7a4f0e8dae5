-- Public, signed media URLs and renditions (issue #26).
--
-- A workspace can turn its public media URLs off: every replica reads this column on each public
-- request (no cache), so turning it off is a 404 everywhere as soon as the update commits.
ALTER TABLE workspaces ADD COLUMN public_media boolean NOT NULL DEFAULT true;

-- An image's pixel dimensions (after its EXIF orientation), read from its header at upload so that
-- delivery responses can carry `width` and `height` for <img>. Null for a file that is not an image
-- Verso can read; images uploaded before this migration are filled in by the dimensions backfill
-- (workers/media-dimensions.ts), which stamps dimensions_read_at whether or not it found any, so each
-- asset is looked at once.
ALTER TABLE media_assets
  ADD COLUMN width integer CHECK (width > 0),
  ADD COLUMN height integer CHECK (height > 0),
  ADD COLUMN dimensions_read_at timestamptz,
  ADD CONSTRAINT media_assets_dimensions_pair CHECK ((width IS NULL) = (height IS NULL));

-- The backfill's queue: available images not looked at yet.
CREATE INDEX media_assets_dimensions_unread ON media_assets (created_at, id)
  WHERE dimensions_read_at IS NULL AND blob_state = 'Available' AND mime_type LIKE 'image/%';

-- Delivery responses now carry each Media/File value's asset (alt text, dimensions, URLs), so a
-- change to an asset that a delivery read shows must reach the delivery caches of every replica,
-- like a change to content does (0007, 0016): the asset's workspace is announced as a whole.
-- Row-level with a WHEN: the verification pass stamps blob_verified_at on many rows, which must not
-- empty the caches; PostgreSQL sends identical notices of one transaction once.
CREATE FUNCTION verso_announce_media_asset_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verso_delivery_changed', coalesce(NEW.workspace_id, OLD.workspace_id)::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER media_assets_announce_delivery_update AFTER UPDATE OF alt_text, width, height, is_deleted, blob_state, content_sha256
  ON media_assets FOR EACH ROW
  WHEN (OLD.alt_text IS DISTINCT FROM NEW.alt_text OR OLD.width IS DISTINCT FROM NEW.width
        OR OLD.height IS DISTINCT FROM NEW.height OR OLD.is_deleted IS DISTINCT FROM NEW.is_deleted
        OR OLD.blob_state IS DISTINCT FROM NEW.blob_state OR OLD.content_sha256 IS DISTINCT FROM NEW.content_sha256)
  EXECUTE FUNCTION verso_announce_media_asset_change();

CREATE FUNCTION verso_announce_workspace_public_media() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verso_delivery_changed', NEW.id::text);
  RETURN NULL;
END
$$;

-- Turning public media on or off changes every URL a delivery answer of the workspace carries.
CREATE TRIGGER workspaces_announce_public_media AFTER UPDATE OF public_media ON workspaces
  FOR EACH ROW WHEN (OLD.public_media IS DISTINCT FROM NEW.public_media)
  EXECUTE FUNCTION verso_announce_workspace_public_media();
