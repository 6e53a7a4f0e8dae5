-- Media assets and the durable lifecycle of their blobs (spec: "Media asset", "Media asset state",
-- rules 1–5; README: Media).
--
-- An asset row and its storage key are committed before a byte is written (PendingUpload, hidden),
-- so a blob in storage always has an owner to find it by, however an upload ends. Deleting a blob
-- is never done in passing: it is a deletion intent, a durable row that a worker of any replica
-- claims under an owner + token + expiry lease, and completes only while that lease is still its
-- own (rule 4).

CREATE TABLE media_assets (
  id                    uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id          uuid NOT NULL REFERENCES workspaces (id),
  -- As the client sent it (control characters removed); the key holds a sanitised copy.
  file_name             text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  mime_type             text NOT NULL CHECK (length(mime_type) BETWEEN 3 AND 255),
  size_bytes            bigint NOT NULL DEFAULT 0 CHECK (size_bytes >= 0),
  -- SHA-256 of the bytes (hex), known once the blob is written: the download's strong ETag.
  content_sha256        text CHECK (content_sha256 ~ '^[0-9a-f]{64}$'),
  alt_text              text CHECK (length(alt_text) <= 1000),
  -- Where the bytes are: the provider that wrote them (all replicas must share one; rule 2 handles
  -- the rest) and the key under the managed prefix verso/media/.
  provider              text NOT NULL CHECK (provider IN ('local', 's3')),
  storage_key           text NOT NULL CHECK (length(storage_key) BETWEEN 1 AND 1024),
  -- Rule 5: the column default stays Available, so rows written by a binary that predates the
  -- lifecycle during a rolling upgrade are visible; new uploads set PendingUpload explicitly.
  blob_state            text NOT NULL DEFAULT 'Available'
                          CHECK (blob_state IN ('PendingUpload', 'Available', 'UploadFailed', 'Missing', 'DeletePending')),
  -- When the verification pass (or a download) last looked for the object.
  blob_verified_at      timestamptz,
  uploaded_by           text,
  row_version           integer NOT NULL DEFAULT 1,
  -- Soft delete (spec: soft-delete data); purge_after is the recovery deadline of rule 1.
  is_deleted            boolean NOT NULL DEFAULT false,
  deleted_at            timestamptz,
  deleted_by_user_id    uuid,
  deletion_requested_at timestamptz,
  purge_after           timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, storage_key),
  CHECK (NOT is_deleted OR (deleted_at IS NOT NULL AND purge_after IS NOT NULL)),
  CHECK (blob_state <> 'DeletePending' OR is_deleted)
);
-- The library's list: visible assets of a workspace, newest first.
CREATE INDEX media_assets_visible ON media_assets (workspace_id, created_at DESC, id DESC)
  WHERE blob_state = 'Available' AND NOT is_deleted;
-- The stale-upload pass: uploads still pending, oldest first.
CREATE INDEX media_assets_pending ON media_assets (created_at) WHERE blob_state = 'PendingUpload';
-- The verification pass: the assets looked at longest ago first, per provider.
CREATE INDEX media_assets_verification ON media_assets (provider, blob_verified_at NULLS FIRST, id)
  WHERE blob_state IN ('Available', 'Missing');

-- Content refers to assets by id in Media and File values; a delete is refused while live content
-- does (and content writes check the asset exists), so these are looked up by asset.
CREATE INDEX content_field_values_media_asset ON content_field_values (media_asset_id) WHERE media_asset_id IS NOT NULL;
CREATE INDEX content_field_values_file_asset ON content_field_values (file_asset_id) WHERE file_asset_id IS NOT NULL;

CREATE TABLE media_deletion_intents (
  id                 uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  -- Null for an orphan: an object under a managed prefix that no asset row owns.
  media_asset_id     uuid REFERENCES media_assets (id) ON DELETE SET NULL,
  provider           text NOT NULL CHECK (provider IN ('local', 's3')),
  storage_key        text NOT NULL,
  reason             text NOT NULL CHECK (reason IN ('user_delete', 'upload_failed', 'stale_upload', 'orphan')),
  -- Not claimed before this: purge_after for a user's delete, now for a failed upload, later after
  -- a failed attempt (exponential backoff).
  due_at             timestamptz NOT NULL,
  attempts           integer NOT NULL DEFAULT 0,
  -- A short reason code of the last failure or release (never a message that could carry a secret).
  last_error         text,
  lease_owner        text,
  lease_token        uuid,
  lease_expires_at   timestamptz,
  completed_at       timestamptz,
  cancelled_at       timestamptz,
  cancel_reason      text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (completed_at IS NULL OR cancelled_at IS NULL),
  CHECK ((lease_owner IS NULL) = (lease_token IS NULL) AND (lease_token IS NULL) = (lease_expires_at IS NULL))
);
-- One open intent per blob: an orphan found twice, or an upload failing twice, queues it once.
CREATE UNIQUE INDEX media_deletion_intents_open_key ON media_deletion_intents (provider, storage_key)
  WHERE completed_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX media_deletion_intents_due ON media_deletion_intents (due_at, id)
  WHERE completed_at IS NULL AND cancelled_at IS NULL;
CREATE INDEX media_deletion_intents_asset ON media_deletion_intents (media_asset_id) WHERE media_asset_id IS NOT NULL;

-- Where orphan discovery continues: one page per managed prefix per cycle, resuming after the last
-- key it saw (null: from the start) so successive cycles walk the whole prefix.
CREATE TABLE media_scan_cursors (
  provider   text NOT NULL CHECK (provider IN ('local', 's3')),
  prefix     text NOT NULL,
  cursor     text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, prefix)
);
