-- What each item serves, kept as rows (issue #24, "lists that cost a page"): the resolved content
-- list reads a page of these through an index on its sort key instead of resolving every item of
-- the workspace (db/delivery/content-list.ts).
--
-- A row is a SPAN of an item's timeline: during [valid_from, valid_until) the item serves version
-- version_id (the serving rule, db/delivery/content-serving.ts). What an item serves changes only
-- where one of its published versions' effective windows opens or closes, so the spans between
-- those instants are computed once, at write time, for all time: a read at any instant (now, or an
-- `asOf` in the past or future) takes the one span containing it, and a window boundary passing
-- needs no write at all. An item without windows has one span, (-infinity, infinity); spans serving
-- nothing are not stored, and an item's spans never overlap, so the filter
-- `valid_from <= t AND t < valid_until` yields at most one row per item.
--
-- The item's list columns (slug, locale, template, translation group) are copied so the filters
-- and sorts they serve read this table's indexes alone.
CREATE TABLE content_serving (
  content_item_id      uuid NOT NULL REFERENCES content_items (id) ON DELETE CASCADE,
  valid_from           timestamptz NOT NULL,
  valid_until          timestamptz NOT NULL,
  workspace_id         uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  version_id           uuid NOT NULL,
  -- The served version's publish time: the resolved list's createdAt/updatedAt sort key.
  published_at         timestamptz NOT NULL,
  slug                 text,
  locale_code          text,
  template_id          uuid NOT NULL,
  template_version_id  uuid NOT NULL,
  translation_group_id uuid,
  PRIMARY KEY (content_item_id, valid_from),
  CHECK (valid_from < valid_until)
);
-- One index per sort the resolved list offers (the contract's sortBy: createdAt/updatedAt both
-- sort on the publish time, or slug), each read forward or backward for sortDesc. The slug sorts
-- put NULLs last in both directions, which one index cannot give both ways, hence two. The span
-- and the served version ride along so a page is read from the index alone.
CREATE INDEX content_serving_published ON content_serving (workspace_id, published_at, content_item_id)
  INCLUDE (valid_from, valid_until, version_id);
CREATE INDEX content_serving_slug_asc ON content_serving (workspace_id, slug ASC NULLS LAST, content_item_id ASC)
  INCLUDE (valid_from, valid_until, version_id);
CREATE INDEX content_serving_slug_desc ON content_serving (workspace_id, slug DESC NULLS LAST, content_item_id DESC)
  INCLUDE (valid_from, valid_until, version_id);
-- The filters with an index of their own, in the default order (publish time).
CREATE INDEX content_serving_template ON content_serving (workspace_id, template_id, published_at, content_item_id)
  INCLUDE (valid_from, valid_until, version_id);
CREATE INDEX content_serving_locale ON content_serving (workspace_id, lower(locale_code), published_at, content_item_id)
  INCLUDE (valid_from, valid_until, version_id);
CREATE INDEX content_serving_template_version ON content_serving (template_version_id, published_at, content_item_id)
  INCLUDE (valid_from, valid_until, version_id);

-- The resolved list's totals without a scan: per workspace, template version and locale, the net
-- number of spans that begin at each instant (+1 at valid_from, -1 at valid_until). The number of
-- items served at t, for any of these filters or none, is the sum of `delta` over at <= t — a sum
-- over as many rows as there are distinct window boundaries × templates × locales, not items.
CREATE TABLE content_serving_counts (
  workspace_id        uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  template_id         uuid NOT NULL,
  template_version_id uuid NOT NULL,
  -- lower(locale_code), '' for none (a locale code is never empty).
  locale_key          text NOT NULL,
  at                  timestamptz NOT NULL,
  delta               integer NOT NULL,
  PRIMARY KEY (workspace_id, template_id, template_version_id, locale_key, at)
);

-- The spans items `items` should have now (live items only).
CREATE FUNCTION verso_content_serving_spans(items uuid[]) RETURNS SETOF content_serving
LANGUAGE sql STABLE AS $$
  WITH live AS (
    SELECT ci.* FROM content_items ci WHERE ci.id = ANY(items) AND NOT ci.is_deleted
  ),
  -- Every instant at which what an item serves may change, and the beginning of time.
  edges AS (
    SELECT l.id AS item_id, '-infinity'::timestamptz AS at FROM live l
    UNION
    SELECT cv.content_item_id, e.at
    FROM live l
    JOIN content_versions cv ON cv.content_item_id = l.id AND cv.status = 'Published' AND cv.effective_start_at IS NOT NULL
    CROSS JOIN LATERAL (VALUES (cv.effective_start_at), (cv.effective_end_at)) e(at)
  ),
  pieces AS (
    SELECT item_id, at AS from_at, lead(at, 1, 'infinity') OVER (PARTITION BY item_id ORDER BY at) AS until_at FROM edges
  ),
  -- No window opens or closes inside a piece, so what its first instant serves, it serves throughout:
  -- the serving rule evaluated there, spelled as db/delivery/content-serving.ts spells it.
  served AS (
    SELECT p.item_id, p.from_at, p.until_at, v.id AS version_id, v.published_at
    FROM pieces p
    CROSS JOIN LATERAL (
      SELECT cv.id, cv.published_at FROM content_versions cv
      WHERE cv.content_item_id = p.item_id AND cv.status = 'Published'
        AND (cv.effective_start_at IS NULL OR (cv.effective_start_at <= p.from_at AND p.from_at < cv.effective_end_at))
      ORDER BY (cv.effective_start_at IS NULL), (cv.effective_end_at - cv.effective_start_at),
        cv.published_at DESC, cv.version_number DESC
      LIMIT 1) v
    WHERE p.from_at < p.until_at
  ),
  -- Adjacent pieces serving the same version become one span (gaps and islands).
  marked AS (
    SELECT s.*, CASE WHEN lag(s.version_id) OVER w = s.version_id AND lag(s.until_at) OVER w = s.from_at THEN 0 ELSE 1 END AS starts
    FROM served s WINDOW w AS (PARTITION BY s.item_id ORDER BY s.from_at)
  ),
  grouped AS (
    SELECT m.*, sum(m.starts) OVER (PARTITION BY m.item_id ORDER BY m.from_at) AS grp FROM marked m
  )
  SELECT g.item_id, min(g.from_at), max(g.until_at), l.workspace_id, g.version_id, g.published_at,
    l.slug, l.locale_code, l.template_id, l.template_version_id, l.translation_group_id
  FROM grouped g JOIN live l ON l.id = g.item_id
  GROUP BY g.item_id, g.grp, g.version_id, g.published_at, l.workspace_id, l.slug, l.locale_code, l.template_id,
    l.template_version_id, l.translation_group_id
$$;

-- Brings the spans (and the counts) of `items` up to date: rows that did not change are not
-- written, and counts move only by their net change, so replacing the served version of an item
-- (a publish) writes its span but no count row. The items are locked first, so two transactions
-- refreshing one item take turns, and the second computes from what the first committed.
CREATE FUNCTION verso_refresh_content_serving(items uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(items), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM content_items WHERE id = ANY(items) ORDER BY id FOR UPDATE;
  WITH want AS MATERIALIZED (
    SELECT * FROM verso_content_serving_spans(items)
  ),
  have AS MATERIALIZED (
    SELECT * FROM content_serving WHERE content_item_id = ANY(items)
  ),
  added AS (
    SELECT w.* FROM want w WHERE NOT EXISTS (SELECT 1 FROM have h WHERE (h.*) IS NOT DISTINCT FROM (w.*))
  ),
  removed AS (
    SELECT h.* FROM have h WHERE NOT EXISTS (SELECT 1 FROM want w WHERE (h.*) IS NOT DISTINCT FROM (w.*))
  ),
  -- Rows whose key stays are updated in place (a delete and an insert of one key cannot share a
  -- statement); the others are deleted.
  dropped AS (
    DELETE FROM content_serving s USING removed r
    WHERE s.content_item_id = r.content_item_id AND s.valid_from = r.valid_from
      AND NOT EXISTS (SELECT 1 FROM added a WHERE a.content_item_id = r.content_item_id AND a.valid_from = r.valid_from)
  ),
  written AS (
    INSERT INTO content_serving SELECT * FROM added
    ON CONFLICT (content_item_id, valid_from) DO UPDATE SET
      valid_until = EXCLUDED.valid_until, workspace_id = EXCLUDED.workspace_id, version_id = EXCLUDED.version_id,
      published_at = EXCLUDED.published_at, slug = EXCLUDED.slug, locale_code = EXCLUDED.locale_code,
      template_id = EXCLUDED.template_id, template_version_id = EXCLUDED.template_version_id,
      translation_group_id = EXCLUDED.translation_group_id
  ),
  moves AS (
    SELECT a.workspace_id, a.template_id, a.template_version_id, coalesce(lower(a.locale_code), '') AS locale_key, e.at, e.d
    FROM added a CROSS JOIN LATERAL (VALUES (a.valid_from, 1), (a.valid_until, -1)) e(at, d)
    UNION ALL
    SELECT r.workspace_id, r.template_id, r.template_version_id, coalesce(lower(r.locale_code), ''), e.at, e.d
    FROM removed r CROSS JOIN LATERAL (VALUES (r.valid_from, -1), (r.valid_until, 1)) e(at, d)
  )
  -- Sorted, so concurrent writers lock count rows in one order.
  INSERT INTO content_serving_counts AS c (workspace_id, template_id, template_version_id, locale_key, at, delta)
  SELECT m.workspace_id, m.template_id, m.template_version_id, m.locale_key, m.at, sum(m.d)
  FROM moves m WHERE m.at <> 'infinity'
  GROUP BY m.workspace_id, m.template_id, m.template_version_id, m.locale_key, m.at
  HAVING sum(m.d) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (workspace_id, template_id, template_version_id, locale_key, at) DO UPDATE SET delta = c.delta + EXCLUDED.delta;
END
$$;

-- Triggers rather than calls in the services (as with the delivery notices, 0007): no write path —
-- a service, the scheduled-publishing worker, a package import, an operator's SQL — can change
-- what an item serves without its spans following in the same transaction. Statement-level, so a
-- bulk write refreshes its items once; updates refresh only items whose serving inputs changed
-- (a draft edit touches neither), inserts and deletes only for Published versions.
CREATE FUNCTION verso_content_serving_from_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM verso_refresh_content_serving(ARRAY(
      SELECT x.item FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.content_item_id), (o.content_item_id)) x(item)
      WHERE (n.status, n.effective_start_at, n.effective_end_at, n.published_at, n.version_number, n.content_item_id)
        IS DISTINCT FROM (o.status, o.effective_start_at, o.effective_end_at, o.published_at, o.version_number, o.content_item_id)
        AND 'Published' IN (n.status, o.status)
      GROUP BY x.item));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM verso_refresh_content_serving(ARRAY(SELECT DISTINCT n.content_item_id FROM new_rows n WHERE n.status = 'Published'));
  ELSE
    PERFORM verso_refresh_content_serving(ARRAY(SELECT DISTINCT o.content_item_id FROM old_rows o WHERE o.status = 'Published'));
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION verso_content_serving_from_items() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM verso_refresh_content_serving(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.workspace_id, n.is_deleted, n.slug, n.locale_code, n.template_id, n.template_version_id, n.translation_group_id)
      IS DISTINCT FROM (o.workspace_id, o.is_deleted, o.slug, o.locale_code, o.template_id, o.template_version_id, o.translation_group_id)));
  RETURN NULL;
END
$$;

CREATE TRIGGER content_versions_serving_insert AFTER INSERT ON content_versions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_from_versions();
CREATE TRIGGER content_versions_serving_update AFTER UPDATE ON content_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_from_versions();
CREATE TRIGGER content_versions_serving_delete AFTER DELETE ON content_versions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_from_versions();
CREATE TRIGGER content_items_serving_update AFTER UPDATE ON content_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_from_items();

-- The spans of the items that exist already.
SELECT verso_refresh_content_serving(ARRAY(SELECT id FROM content_items WHERE NOT is_deleted));
