-- Delivery-cache invalidation by item (services/delivery/delivery-cache.ts). Migration 0007 announced
-- every change as "this workspace changed", so one publish emptied the workspace's whole cache on
-- every replica. A change to content now names the items whose delivery answers it can alter: the
-- changed items themselves and every item that embeds one of them, up to the expansion depth
-- (services/delivery/content-expansion.ts, MAX_EXPANSION_DEPTH = 8), found in one recursive query
-- over the stored child references of all versions (a superset of what any served version embeds).
--
-- Payloads on verso_delivery_changed (db/delivery/delivery-notices.ts reads them):
--   '*'                      everything (a row whose workspace cannot be found any more)
--   '<workspace>'            the whole workspace (templates, tags: they show in every item)
--   '<workspace>:<id>,<id>'  these items, and the workspace's lists
-- A NOTIFY payload must stay under 8000 bytes: past MAX_NOTICE_ITEMS ids (150 × 37 bytes + the
-- workspace ≈ 5.6 KB) the notice names the whole workspace instead. Ids are sorted, so the notices
-- of a transaction's several statements about one item are identical and PostgreSQL sends one.

-- The items whose delivery answers embed any of `items` (the items included), at most 8 levels up.
CREATE FUNCTION verso_delivery_dependents(items uuid[]) RETURNS SETOF uuid
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(item_id, depth) AS (
    SELECT DISTINCT i, 0 FROM unnest(items) i
    UNION
    -- UNION (not ALL) with the depth in the row: each item appears at most once per level, so a
    -- cycle or a widely shared child costs at most 9 rows per item.
    SELECT cv.content_item_id, up.depth + 1
    FROM up
    JOIN content_field_values v ON v.child_content_item_id = up.item_id
    JOIN content_versions cv ON cv.id = v.content_version_id
    WHERE up.depth < 8
  )
  SELECT DISTINCT item_id FROM up
$$;

CREATE FUNCTION verso_announce_delivery_items(ws text, items uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  max_items constant integer := 150;
  ids text[];
BEGIN
  IF ws IS NULL THEN
    PERFORM pg_notify('verso_delivery_changed', '*');
    RETURN;
  END IF;
  SELECT array_agg(d::text ORDER BY d) INTO ids
  FROM (SELECT d FROM verso_delivery_dependents(items) d LIMIT max_items + 1) s;
  IF coalesce(array_length(ids, 1), 0) = 0 OR array_length(ids, 1) > max_items THEN
    PERFORM pg_notify('verso_delivery_changed', ws);
  ELSE
    PERFORM pg_notify('verso_delivery_changed', ws || ':' || array_to_string(ids, ','));
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION verso_announce_delivery_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ws text;
  r record;
BEGIN
  -- Each branch reads the transition table `changed_rows` with the columns of its own table;
  -- PL/pgSQL plans a statement when it first runs, per table, so the other branches never parse.
  IF TG_TABLE_NAME = 'content_items' THEN
    FOR r IN SELECT c.workspace_id::text AS ws, array_agg(DISTINCT c.id) AS items FROM changed_rows c GROUP BY 1 LOOP
      PERFORM verso_announce_delivery_items(r.ws, r.items);
    END LOOP;
  ELSIF TG_TABLE_NAME IN ('content_versions', 'content_item_tags') THEN
    -- A null workspace (the item deleted in the same transaction) announces '*'.
    FOR r IN SELECT ci.workspace_id::text AS ws, array_agg(DISTINCT c.content_item_id) AS items
             FROM changed_rows c LEFT JOIN content_items ci ON ci.id = c.content_item_id GROUP BY 1 LOOP
      PERFORM verso_announce_delivery_items(r.ws, r.items);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'content_field_values' THEN
    -- Inner joins: values whose version is gone were deleted by that version's cascade, and the
    -- version's own delete trigger has announced its item already.
    FOR r IN SELECT ci.workspace_id::text AS ws, array_agg(DISTINCT ci.id) AS items
             FROM changed_rows c
             JOIN content_versions cv ON cv.id = c.content_version_id
             JOIN content_items ci ON ci.id = cv.content_item_id GROUP BY 1 LOOP
      PERFORM verso_announce_delivery_items(r.ws, r.items);
    END LOOP;
  ELSIF TG_TABLE_NAME IN ('templates', 'tags') THEN
    FOR ws IN SELECT DISTINCT c.workspace_id::text FROM changed_rows c LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'template_versions' THEN
    FOR ws IN SELECT DISTINCT coalesce(t.workspace_id::text, '*')
              FROM changed_rows c LEFT JOIN templates t ON t.id = c.template_id LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'template_fields' THEN
    FOR ws IN SELECT DISTINCT t.workspace_id::text
              FROM changed_rows c
              JOIN template_versions tv ON tv.id = c.template_version_id
              JOIN templates t ON t.id = tv.template_id LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSE
    PERFORM pg_notify('verso_delivery_changed', '*');
  END IF;
  RETURN NULL;
END
$$;
