-- A cheap validator for the delivery list (issue #27 §2): a resolved list page's ETag is derived
-- from marks (migration 0028) instead of from its bytes, so a 304 on a delivery-cache miss costs one
-- small statement, not the page (services/delivery/delivery-documents.ts listTag).
--
-- A list page can show any item of its workspace, so every announced item change now also moves the
-- workspace's LISTS mark (a subject of its own, derived from the workspace id); workspace-wide and
-- global changes move the marks 0028 moves. What a list at "now" serves also changes, without any
-- write, when a window of any item of the workspace opens or closes: the tag names the first such
-- boundary after the read's instant, found by the two indexes below (an index probe each).

-- The subject whose mark the lists of workspace `ws` follow.
CREATE FUNCTION verso_delivery_lists_subject(ws uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$ SELECT md5('lists:' || ws::text)::uuid $$;

CREATE OR REPLACE FUNCTION verso_delivery_changed(ws text, items uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ws IS NULL THEN
    PERFORM verso_move_delivery_marks(ARRAY['00000000-0000-0000-0000-000000000000'::uuid]);
    PERFORM pg_notify('verso_delivery_changed', '*');
  ELSIF items IS NULL THEN
    PERFORM verso_move_delivery_marks(ARRAY[ws::uuid]);
    PERFORM pg_notify('verso_delivery_changed', ws);
  ELSE
    PERFORM verso_move_delivery_marks(items || verso_delivery_lists_subject(ws::uuid));
    PERFORM pg_notify('verso_delivery_changed', ws || ':' || (SELECT string_agg(i::text, ',' ORDER BY i::text) FROM unnest(items) i));
  END IF;
END
$$;
ALTER FUNCTION verso_delivery_changed(text, uuid[]) SET plan_cache_mode = force_generic_plan;

CREATE INDEX content_serving_starts ON content_serving (workspace_id, valid_from);
CREATE INDEX content_serving_ends ON content_serving (workspace_id, valid_until);
