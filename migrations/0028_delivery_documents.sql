-- Stored delivery documents (issue #24, the cold by-slug path): the finished body of each by-slug
-- answer at "now", kept in PostgreSQL and shared by every replica, so a read whose in-process cache
-- misses (a cold process, another replica, Delivery__CacheSeconds=0) is one indexed lookup of the
-- very bytes it sends — what the side-by-side ceiling does — instead of the recursive tree read,
-- the asset read and the presentation (services/delivery/delivery-documents.ts).
--
-- A document is served only while it is exactly what a fresh read would answer:
-- - Marks. Every change that the delivery notices announce (0007, 0016, 0020) now also moves a
--   mark, in the writer's transaction: each announced item's (the changed items and every item
--   embedding them: verso_delivery_dependents), the workspace's when the whole workspace is
--   announced, the global one for '*'. A document stores the sum of the marks of its item, its
--   workspace and the global one as they were when the read that built it BEGAN (read in an
--   earlier statement, so from an older or equal snapshot), and is served only while that sum is
--   unchanged (marks take ever larger values of one sequence, so any move grows the sum). A
--   writer that committed after that is seen by the check, whenever the document was stored; one
--   in flight is not yet visible to anyone. No lock is taken by readers, and nothing is deleted:
--   an outdated document is overwritten by the next read.
-- - Time. `valid_until` is the first instant after the read's instant at which a window of its
--   item, of an item it embeds or of one it names but that serves nothing yet opens or closes
--   (from content_serving); past it the document is not served.
-- - Links. `links` fingerprints what the asset URLs in the body were signed with (base URL, key);
--   a document made under other settings is not served.
CREATE SEQUENCE delivery_mark_seq;

-- subject_id: an item, a workspace, or the nil uuid (everything).
CREATE TABLE delivery_marks (
  subject_id uuid PRIMARY KEY,
  mark       bigint NOT NULL
);

CREATE TABLE delivery_documents (
  workspace_id   uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  slug           text NOT NULL,
  -- expandChildren of the read.
  expand         boolean NOT NULL,
  -- No foreign key: its check would lock the item row (FOR KEY SHARE), and a publish holds that row
  -- FOR UPDATE while it refreshes the serving rows, so storing a document would wait for writers. A
  -- document whose item is gone is never served (the lookup starts from the live item holding the
  -- slug) and is overwritten when the slug is read again.
  item_id        uuid NOT NULL,
  -- The sum of the item's, the workspace's and the global mark when the read began (marks only
  -- grow, so the sum moves whenever one of them does).
  marks          bigint NOT NULL,
  links          text NOT NULL,
  valid_until    timestamptz NOT NULL,
  -- Every item the body names (the purge keys), the item first.
  items          uuid[] NOT NULL,
  etag           text NOT NULL,
  body           text NOT NULL,
  PRIMARY KEY (workspace_id, slug, expand)
);

-- The subject whose mark the lists of workspace `ws` follow (migration 0029: the resolved list's
-- validator): a list can show any item of its workspace, so every announced item change moves it.
CREATE FUNCTION verso_delivery_lists_subject(ws uuid) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$ SELECT md5('lists:' || ws::text)::uuid $$;

-- Moves the marks of `subjects` (sorted, so concurrent writers take the rows in one order).
CREATE FUNCTION verso_move_delivery_marks(subjects uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO delivery_marks AS m (subject_id, mark)
  SELECT s, nextval('delivery_mark_seq') FROM (SELECT DISTINCT unnest(subjects) AS s ORDER BY 1) x
  ON CONFLICT (subject_id) DO UPDATE SET mark = EXCLUDED.mark
$$;

-- The one way a change is announced: the notice the delivery caches hear after commit, and the
-- marks the stored documents are checked against, in the writer's transaction. `ws` null: every
-- workspace ('*'); `items` null: the whole workspace; else these items (already with the items
-- embedding them) and the workspace's lists (their mark moves too).
CREATE FUNCTION verso_delivery_changed(ws text, items uuid[]) RETURNS void
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

-- The announcing functions of 0016 and 0020, now through verso_delivery_changed (same notices).
CREATE OR REPLACE FUNCTION verso_announce_delivery_items(ws text, items uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  max_items constant integer := 150;
  ids uuid[];
BEGIN
  IF ws IS NULL THEN
    PERFORM verso_delivery_changed(NULL, NULL);
    RETURN;
  END IF;
  SELECT array_agg(d ORDER BY d::text) INTO ids
  FROM (SELECT d FROM verso_delivery_dependents(items) d LIMIT max_items + 1) s;
  IF coalesce(array_length(ids, 1), 0) = 0 OR array_length(ids, 1) > max_items THEN
    PERFORM verso_delivery_changed(ws, NULL);
  ELSE
    PERFORM verso_delivery_changed(ws, ids);
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
      PERFORM verso_delivery_changed(ws, NULL);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'template_versions' THEN
    FOR ws IN SELECT DISTINCT t.workspace_id::text
              FROM changed_rows c LEFT JOIN templates t ON t.id = c.template_id LOOP
      PERFORM verso_delivery_changed(ws, NULL);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'template_fields' THEN
    FOR ws IN SELECT DISTINCT t.workspace_id::text
              FROM changed_rows c
              JOIN template_versions tv ON tv.id = c.template_version_id
              JOIN templates t ON t.id = tv.template_id LOOP
      PERFORM verso_delivery_changed(ws, NULL);
    END LOOP;
  ELSE
    PERFORM verso_delivery_changed(NULL, NULL);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION verso_announce_media_asset_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM verso_delivery_changed(coalesce(NEW.workspace_id, OLD.workspace_id)::text, NULL);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION verso_announce_workspace_public_media() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM verso_delivery_changed(NEW.id::text, NULL);
  RETURN NULL;
END
$$;

ALTER FUNCTION verso_delivery_changed(text, uuid[]) SET plan_cache_mode = force_generic_plan;
-- CREATE OR REPLACE resets a function's settings: these keep the generic plans of 0017.
ALTER FUNCTION verso_announce_delivery_items(text, uuid[]) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_announce_delivery_change() SET plan_cache_mode = force_generic_plan;
