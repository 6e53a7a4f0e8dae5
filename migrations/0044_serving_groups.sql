-- Translation groups as the content list with `locale` reads them (db/delivery/locale-candidates.ts):
-- one entry per group, the member best ranked in the reader's chain. A page walks its sort's index as
-- before and keeps a row only when no better-ranked member of its group qualifies, which is a probe
-- of the group's few rows by its key, coalesce(translation_group_id, id) (an item without a group is
-- a group of its own). The columns the probe tests ride along, so it reads the index alone.

-- The published list (resolve=true): the members serving at the read's instant.
CREATE INDEX content_serving_group ON content_serving (workspace_id, (coalesce(translation_group_id, content_item_id)))
  INCLUDE (locale_code, valid_from, valid_until, translation_group_id, content_item_id);

-- The editing list (resolve=false) and the preview list: the live members. Not partial on NOT
-- is_deleted: as a partial index it was the planner's cheapest source of "every live item", chosen
-- over the trigram index for a slug search (test/content/list.test.ts).
CREATE INDEX content_items_group ON content_items (workspace_id, (coalesce(translation_group_id, id)))
  INCLUDE (locale_code, translation_group_id, is_deleted);

-- The number of entries of a list with `locale` and no other filter: every translation group with a
-- member in the reader's chain (or one without a locale) serving at the read's instant has one. So
-- a group counts for a chain when the locales its serving members are in meet it, and the count is
-- kept, as content_serving_counts keeps the items' (migration 0015), per workspace and per set of
-- locales: for each group, the spans of its timeline during which the set of locales its serving
-- members are in does not change (content_serving_groups), and the net number of such spans
-- beginning at each instant per set (content_serving_group_counts). A read sums the deltas at or
-- before its instant of the sets meeting its chain: as many rows as there are distinct sets × window
-- boundaries, not groups. A set holds lower-cased codes in order, '' for a member without a locale.
CREATE TABLE content_serving_groups (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  group_key    uuid NOT NULL,
  valid_from   timestamptz NOT NULL,
  valid_until  timestamptz NOT NULL,
  locale_keys  text[] NOT NULL,
  PRIMARY KEY (workspace_id, group_key, valid_from),
  CHECK (valid_from < valid_until)
);

CREATE TABLE content_serving_group_counts (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  locale_keys  text[] NOT NULL,
  at           timestamptz NOT NULL,
  delta        integer NOT NULL,
  PRIMARY KEY (workspace_id, locale_keys, at)
);

-- Brings the spans and counts of the groups (wss[i], keys[i]) up to date from their serving rows,
-- writing only what changed (as verso_refresh_content_serving does for items). The serving rows of
-- two members of one group may be written by two transactions at once (each locks only its own
-- items), so each group is locked first, in one order; the spans are then computed from what the
-- other committed.
--
-- It runs inside the write that changed the serving rows, often before their statistics know the
-- rows exist (a bulk publish fills an empty table): planned on those, the joins below became nested
-- loops over thousands of groups (a 5,000-item publish took 42 s instead of 1). Hence nested loops
-- are off for the function (the set joins hash), while the serving rows are still read per group
-- through the group index (a LATERAL, which is a nested loop by nature).
CREATE FUNCTION verso_refresh_serving_groups(wss uuid[], keys uuid[]) RETURNS void
LANGUAGE plpgsql SET enable_nestloop = off AS $$
BEGIN
  IF coalesce(cardinality(keys), 0) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('verso_serving_group:' || t.ws || ':' || t.k, 0))
  FROM (SELECT DISTINCT u.ws, u.k FROM unnest(wss, keys) u(ws, k) ORDER BY 1, 2) t;
  WITH targets AS MATERIALIZED (
    SELECT DISTINCT u.ws, u.k FROM unnest(wss, keys) u(ws, k)
  ),
  members AS MATERIALIZED (
    SELECT t.ws, t.k, s.valid_from, s.valid_until, s.locale_key
    FROM targets t
    CROSS JOIN LATERAL (
      SELECT x.valid_from, x.valid_until, coalesce(lower(x.locale_code), '') AS locale_key FROM content_serving x
      WHERE x.workspace_id = t.ws AND coalesce(x.translation_group_id, x.content_item_id) = t.k) s
  ),
  edges AS (
    SELECT m.ws, m.k, m.valid_from AS at FROM members m
    UNION
    SELECT m.ws, m.k, m.valid_until FROM members m
  ),
  pieces AS (
    SELECT e.ws, e.k, e.at AS from_at, lead(e.at) OVER (PARTITION BY e.ws, e.k ORDER BY e.at) AS until_at FROM edges e
  ),
  -- No member's span begins or ends inside a piece, so the locales serving at its start serve throughout.
  -- (A join on the group, not a subquery per piece: a bulk write refreshes thousands of groups at once.)
  covered AS (
    SELECT p.ws, p.k, p.from_at, p.until_at, array_agg(DISTINCT m.locale_key ORDER BY m.locale_key) AS locale_keys
    FROM pieces p
    JOIN members m ON m.ws = p.ws AND m.k = p.k AND m.valid_from <= p.from_at AND p.from_at < m.valid_until
    WHERE p.until_at IS NOT NULL
    GROUP BY p.ws, p.k, p.from_at, p.until_at
  ),
  -- Adjacent pieces with the same locales become one span (gaps and islands).
  marked AS (
    SELECT c.*, CASE WHEN lag(c.locale_keys) OVER w = c.locale_keys AND lag(c.until_at) OVER w = c.from_at THEN 0 ELSE 1 END AS starts
    FROM covered c
    WINDOW w AS (PARTITION BY c.ws, c.k ORDER BY c.from_at)
  ),
  grouped AS (
    SELECT m.*, sum(m.starts) OVER (PARTITION BY m.ws, m.k ORDER BY m.from_at) AS grp FROM marked m
  ),
  want AS MATERIALIZED (
    SELECT g.ws AS workspace_id, g.k AS group_key, min(g.from_at) AS valid_from, max(g.until_at) AS valid_until, g.locale_keys
    FROM grouped g GROUP BY g.ws, g.k, g.grp, g.locale_keys
  ),
  have AS MATERIALIZED (
    SELECT g.* FROM targets t
    CROSS JOIN LATERAL (SELECT y.* FROM content_serving_groups y WHERE y.workspace_id = t.ws AND y.group_key = t.k) g
  ),
  -- Compared by key (hash joins): a bulk write refreshes thousands of groups that already have spans.
  added AS (
    SELECT w.* FROM want w
    LEFT JOIN have h ON h.workspace_id = w.workspace_id AND h.group_key = w.group_key AND h.valid_from = w.valid_from
    WHERE h.group_key IS NULL OR h.valid_until <> w.valid_until OR h.locale_keys <> w.locale_keys
  ),
  removed AS (
    SELECT h.* FROM have h
    LEFT JOIN want w ON w.workspace_id = h.workspace_id AND w.group_key = h.group_key AND w.valid_from = h.valid_from
    WHERE w.group_key IS NULL OR h.valid_until <> w.valid_until OR h.locale_keys <> w.locale_keys
  ),
  dropped AS (
    DELETE FROM content_serving_groups g USING removed r
    WHERE g.workspace_id = r.workspace_id AND g.group_key = r.group_key AND g.valid_from = r.valid_from
      AND NOT EXISTS (SELECT 1 FROM added a WHERE a.workspace_id = r.workspace_id AND a.group_key = r.group_key AND a.valid_from = r.valid_from)
  ),
  written AS (
    INSERT INTO content_serving_groups SELECT * FROM added
    ON CONFLICT (workspace_id, group_key, valid_from) DO UPDATE SET valid_until = EXCLUDED.valid_until, locale_keys = EXCLUDED.locale_keys
  ),
  moves AS (
    SELECT a.workspace_id, a.locale_keys, e.at, e.d FROM added a CROSS JOIN LATERAL (VALUES (a.valid_from, 1), (a.valid_until, -1)) e(at, d)
    UNION ALL
    SELECT r.workspace_id, r.locale_keys, e.at, e.d FROM removed r CROSS JOIN LATERAL (VALUES (r.valid_from, -1), (r.valid_until, 1)) e(at, d)
  )
  -- Sorted, so concurrent writers lock count rows in one order. A workspace being deleted has no
  -- spans left to move.
  INSERT INTO content_serving_group_counts AS c (workspace_id, locale_keys, at, delta)
  SELECT m.workspace_id, m.locale_keys, m.at, sum(m.d)
  FROM moves m WHERE m.at <> 'infinity' AND EXISTS (SELECT 1 FROM workspaces w WHERE w.id = m.workspace_id)
  GROUP BY m.workspace_id, m.locale_keys, m.at
  HAVING sum(m.d) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (workspace_id, locale_keys, at) DO UPDATE SET delta = c.delta + EXCLUDED.delta;
END
$$;

-- Statement-level triggers on the serving rows (which every write path keeps, migration 0015): the
-- groups of the rows written, before and after, are refreshed once per statement.
CREATE FUNCTION verso_serving_groups_from_serving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM verso_refresh_serving_groups(array_agg(t.ws), array_agg(t.k))
    FROM (SELECT DISTINCT n.workspace_id AS ws, coalesce(n.translation_group_id, n.content_item_id) AS k FROM new_rows n) t;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM verso_refresh_serving_groups(array_agg(t.ws), array_agg(t.k))
    FROM (SELECT n.workspace_id AS ws, coalesce(n.translation_group_id, n.content_item_id) AS k FROM new_rows n
          UNION
          SELECT o.workspace_id, coalesce(o.translation_group_id, o.content_item_id) FROM old_rows o) t;
  ELSE
    PERFORM verso_refresh_serving_groups(array_agg(t.ws), array_agg(t.k))
    FROM (SELECT DISTINCT o.workspace_id AS ws, coalesce(o.translation_group_id, o.content_item_id) AS k FROM old_rows o) t;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER content_serving_groups_insert AFTER INSERT ON content_serving
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verso_serving_groups_from_serving();
CREATE TRIGGER content_serving_groups_update AFTER UPDATE ON content_serving
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION verso_serving_groups_from_serving();
CREATE TRIGGER content_serving_groups_delete AFTER DELETE ON content_serving
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION verso_serving_groups_from_serving();

-- The groups there are.
SELECT verso_refresh_serving_groups(array_agg(t.ws), array_agg(t.k))
FROM (SELECT DISTINCT s.workspace_id AS ws, coalesce(s.translation_group_id, s.content_item_id) AS k FROM content_serving s) t;
