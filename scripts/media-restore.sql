-- Restores one soft-deleted media asset before its purge: the maintenance procedure of the spec's
-- rule 1 (there is no restore route). README: Media, "Restoring a deleted asset".
--
-- The procedure, in order:
--   1. Pause the reconcilers: set Media__Operations__Enabled=false (or Workers__Enabled=false) on
--      every replica and restart them, then wait Media__Operations__LeaseSeconds (300 s) so that no
--      deletion worker still holds a lease.
--   2. Verify the blob exists at the asset's recorded provider and key:
--        SELECT provider, storage_key FROM media_assets WHERE id = '<asset id>';
--      local: the file <Storage__Local__BasePath>/<storage_key>; s3: `aws s3api head-object
--      --bucket <bucket> --key <storage_key>`. No blob, no restore: stop here.
--   3. Run this script with the asset's id (and who you are, for the audit log):
--        psql "$DATABASE_URL" -v ON_ERROR_STOP=1 \
--          -c "SET verso.restore_asset_id = '<asset id>'" -c "SET verso.restore_operator = '<your name>'" \
--          -f scripts/media-restore.sql
--      In one transaction it locks the asset row and its open deletion intent; confirms the asset is
--      DeletePending, its deadline (purge_after) has not passed and no unexpired lease is held;
--      cancels the intent and clears its lease; clears is_deleted, deleted_at, deleted_by_user_id,
--      deletion_requested_at and purge_after; makes the asset Available with a fresh verification
--      time; and records the restore in the audit log. Any failed check aborts it with the reason
--      and changes nothing.
--   4. Resume the reconcilers (undo step 1).
-- After the deadline, or once the blob is deleted, recovery needs a matched database and storage
-- backup (README: Operations).
BEGIN;

DO $restore$
DECLARE
  v_id       uuid := nullif(current_setting('verso.restore_asset_id', true), '')::uuid;
  v_operator text := coalesce(nullif(current_setting('verso.restore_operator', true), ''), 'an operator');
  v_asset    media_assets%ROWTYPE;
  v_intent   media_deletion_intents%ROWTYPE;
BEGIN
  IF v_id IS NULL THEN
    RAISE EXCEPTION 'set verso.restore_asset_id to the id of the asset to restore';
  END IF;

  -- The deletion worker's lock order (intent, then asset), so one of the two simply waits for the
  -- other: a worker that got there first has purged the asset (the check below then refuses), one
  -- that comes later finds the asset restored and cancels nothing it should not.
  SELECT * INTO v_intent FROM media_deletion_intents
   WHERE media_asset_id = v_id AND completed_at IS NULL AND cancelled_at IS NULL
   FOR UPDATE;
  SELECT * INTO v_asset FROM media_assets WHERE id = v_id FOR UPDATE;

  IF v_asset.id IS NULL THEN
    RAISE EXCEPTION 'media asset % does not exist (already purged?): recovery needs a matched database and storage backup', v_id;
  END IF;
  IF v_asset.blob_state <> 'DeletePending' OR NOT v_asset.is_deleted THEN
    RAISE EXCEPTION 'media asset % is %, not a deleted asset awaiting its purge', v_id, v_asset.blob_state;
  END IF;
  IF v_asset.purge_after IS NULL OR v_asset.purge_after <= now() THEN
    RAISE EXCEPTION 'the recovery deadline of media asset % passed at %: recovery needs a matched database and storage backup', v_id, v_asset.purge_after;
  END IF;
  IF EXISTS (SELECT 1 FROM media_deletion_intents WHERE media_asset_id = v_id AND completed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'the blob of media asset % has been deleted already', v_id;
  END IF;
  IF v_intent.id IS NOT NULL AND v_intent.lease_expires_at IS NOT NULL AND v_intent.lease_expires_at > now() THEN
    RAISE EXCEPTION 'a deletion worker (%) holds the intent of media asset % until %: pause the reconcilers and wait for the lease to expire',
      v_intent.lease_owner, v_id, v_intent.lease_expires_at;
  END IF;

  IF v_intent.id IS NOT NULL THEN
    UPDATE media_deletion_intents
       SET cancelled_at = now(), cancel_reason = 'restored', lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL,
           updated_at = now()
     WHERE id = v_intent.id;
  END IF;

  UPDATE media_assets
     SET is_deleted = false, deleted_at = NULL, deleted_by_user_id = NULL, deletion_requested_at = NULL, purge_after = NULL,
         blob_state = 'Available', blob_verified_at = now(), row_version = row_version + 1, updated_at = now()
   WHERE id = v_id;

  INSERT INTO audit_log (workspace_id, entity_type, entity_id, action, actor_type, actor_id, actor_display_name, change_delta)
  VALUES (v_asset.workspace_id, 'MediaAsset', v_id, 'Updated', 'System', NULL, 'maintenance restore by ' || v_operator,
          jsonb_build_object(
            'blobState', jsonb_build_object('before', 'DeletePending', 'after', 'Available'),
            'isDeleted', jsonb_build_object('before', true, 'after', false),
            'purgeAfter', jsonb_build_object('before', v_asset.purge_after, 'after', NULL)));

  RAISE NOTICE 'media asset % restored (provider %, key %)', v_id, v_asset.provider, v_asset.storage_key;
END
$restore$;

COMMIT;
