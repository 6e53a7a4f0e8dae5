-- A publish's writes in one statement (issue #24, publish p95 under load).
--
-- Under the churn read load a publish's latency followed the number of its round trips, not
-- PostgreSQL's work: each statement's answer waits for the API's busy event loop (and a backend)
-- before the next is sent, and a publish sent ~13 in a row (BEGIN, item and version locks, the
-- template's fields and the values for the completeness check, archive, publish, outbox, audit,
-- COMMIT, then three reads for the response). The service now reads what it decides on in one
-- statement without a lock, checks the rules in TypeScript (status, override, completeness: 422
-- naming the missing fields), and sends everything the publish writes to this function, which is
-- one statement and so one transaction of its own:
--   1. the item row lock (the lock order of every content write), then the version's, and only if
--      the version is still at the row_version the rules were checked against, and the item's
--      default-published versions other than the target are exactly `p_archive_ids` (NULL: a dated
--      version, which archives nothing and does not care): otherwise nothing is written and no
--      row is returned, and the service reads again (optimistic: every change to a version's
--      status, values, window or template version bumps its row_version);
--   2. the prior default(s) archived, by their own statement first: the partial unique index of
--      default-published versions is checked row by row;
--   3. the target Published and the item touched (row_version, updated_at), as markVersionPublished;
--   4. the outbox events in the given order (`seq` follows it), each payload merged with
--      `p_payload_extra` (the purge keys, computed by the caller's statement), and the audit entries
--      in the given order. Serving rows and delivery notices follow from the triggers, as for any
--      write;
--   5. the API's delivery-cache barrier notice (`p_barrier_notice`, db/delivery/delivery-notices.ts),
--      when given, last: notices of one transaction arrive in the order sent, so once the API sees
--      it, it has applied the publish's own notices, without a round trip of its own for it.
-- Returns the published version's row (after the write), for the response.
-- The API's publish and the scheduler's both call it (db/content/content-publication.ts).
CREATE FUNCTION verso_publish_content_version(
  p_workspace_id uuid,
  p_item_id uuid,
  p_version_id uuid,
  p_row_version integer,
  p_archive_ids uuid[],
  p_published_by uuid,
  p_events jsonb,
  p_payload_extra jsonb,
  p_audits jsonb,
  p_barrier_notice text
) RETURNS SETOF content_versions
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  PERFORM 1 FROM content_items WHERE id = p_item_id AND workspace_id = p_workspace_id AND NOT is_deleted FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM 1 FROM content_versions WHERE id = p_version_id AND content_item_id = p_item_id AND row_version = p_row_version FOR UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  IF p_archive_ids IS NOT NULL AND ARRAY(
      SELECT id FROM content_versions
      WHERE content_item_id = p_item_id AND status = 'Published' AND effective_start_at IS NULL AND id <> p_version_id
      ORDER BY id) <> ARRAY(SELECT a FROM unnest(p_archive_ids) a ORDER BY a) THEN
    RETURN;
  END IF;
  IF cardinality(p_archive_ids) > 0 THEN
    UPDATE content_versions SET status = 'Archived', archived_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ANY(p_archive_ids) AND content_item_id = p_item_id;
  END IF;
  UPDATE content_versions SET status = 'Published', published_at = now(), published_by_user_id = p_published_by,
    archived_at = NULL, publish_at = NULL, schedule_lease_owner = NULL, schedule_lease_token = NULL,
    schedule_lease_expires_at = NULL, row_version = row_version + 1, updated_at = now()
  WHERE id = p_version_id;
  UPDATE content_items SET row_version = row_version + 1, updated_at = now() WHERE id = p_item_id;
  INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload)
  SELECT e.workspace_id, e.event_type, e.entity_type, e.entity_id, e.payload || coalesce(p_payload_extra, '{}'::jsonb)
  FROM ROWS FROM (jsonb_to_recordset(p_events) AS (workspace_id uuid, event_type text, entity_type text, entity_id uuid, payload jsonb))
    WITH ORDINALITY AS e(workspace_id, event_type, entity_type, entity_id, payload, n)
  ORDER BY e.n;
  INSERT INTO audit_log (id, workspace_id, entity_type, entity_id, content_item_id, action, actor_type, actor_id, actor_display_name, change_delta)
  SELECT r.id, r.workspace_id, r.entity_type, r.entity_id, r.content_item_id, r.action, r.actor_type, r.actor_id, r.actor_display_name, r.change_delta
  FROM ROWS FROM (jsonb_to_recordset(p_audits) AS (id uuid, workspace_id uuid, entity_type text, entity_id uuid,
    content_item_id uuid, action text, actor_type text, actor_id text, actor_display_name text, change_delta jsonb))
    WITH ORDINALITY AS r(id, workspace_id, entity_type, entity_id, content_item_id, action, actor_type, actor_id, actor_display_name, change_delta, n)
  ORDER BY r.n;
  -- Last: after every notice the writes above sent, so its arrival means they have been applied.
  IF p_barrier_notice IS NOT NULL THEN
    PERFORM pg_notify('verso_delivery_changed', p_barrier_notice);
  END IF;
  RETURN QUERY SELECT * FROM content_versions WHERE id = p_version_id;
END
$$;
