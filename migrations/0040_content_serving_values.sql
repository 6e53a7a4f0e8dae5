-- Field filters and field sorts on the resolved content list (filter[<key>][<op>], sortBy=fields.<key>)
-- at the cost of a page: the indexable values of every SERVED version, one row per (serving row,
-- value), next to the serving rows of migration 0015. A page filtered by a range on a field and
-- sorted by it is then one range scan of one index below, stopping after the page
-- (db/delivery/content-list.ts); an equality filter is one probe.
--
-- Rows are per serving row, not per version: the span (valid_from, valid_until) is copied, so the
-- index alone says whether a value is served at asOf, as the serving indexes do. They are written
-- by triggers on content_serving (below), so every path that moves the serving rows — the refresh
-- function, whatever calls it, an operator's SQL — moves these in the same transaction; and by a
-- trigger on content_field_values for the rare write of a served version's values (a package
-- import writes a Published version before its values).
--
-- Only the kinds a filter can compare are kept: Text, RichText, Markdown, Link and PickList (text),
-- Boolean, Number, Date, DateTime and ChildContent (the child item's id). Media, File, Quote, Json,
-- Component and Separator values are not.
CREATE TABLE content_serving_values (
  content_item_id uuid NOT NULL,
  valid_from      timestamptz NOT NULL,
  valid_until     timestamptz NOT NULL,
  workspace_id    uuid NOT NULL,
  template_id     uuid NOT NULL,
  version_id      uuid NOT NULL,
  -- Keys are unique per template version case-insensitively (template_fields_key), and the same
  -- key across the template's versions is the same field: lower-cased, a filter on the current
  -- version's key finds items still on an older version too.
  field_key       text NOT NULL,
  -- The field's first value in the version (lowest sort_order, then id): what a field sort uses.
  is_first        boolean NOT NULL,
  number_value    numeric,
  date_value      date,
  date_time_value timestamptz,
  -- Text is compared by code point (COLLATE "C"). A btree entry must stay under ~2.7 kB and a
  -- Markdown value need not, so the index holds the first 200 characters (text_key) and the full
  -- value rides in the row: a comparison tests the prefix in the index and the whole value after.
  text_key        text COLLATE "C",
  text_value      text COLLATE "C",
  bool_value      boolean,
  child_id        uuid
);
-- Maintenance: the rows of one serving row.
CREATE INDEX content_serving_values_span ON content_serving_values (content_item_id, valid_from);
-- One index per compared type: (template, key, value, item) so a range or an equality on one field
-- is one contiguous range of entries in value order (ties by item id, the sort's tie-break), and the
-- span, the served version and is_first ride along, so a page is read from the index alone.
CREATE INDEX content_serving_values_number ON content_serving_values (template_id, field_key, number_value, content_item_id)
  INCLUDE (valid_from, valid_until, version_id, is_first) WHERE number_value IS NOT NULL;
CREATE INDEX content_serving_values_date ON content_serving_values (template_id, field_key, date_value, content_item_id)
  INCLUDE (valid_from, valid_until, version_id, is_first) WHERE date_value IS NOT NULL;
CREATE INDEX content_serving_values_date_time ON content_serving_values (template_id, field_key, date_time_value, content_item_id)
  INCLUDE (valid_from, valid_until, version_id, is_first) WHERE date_time_value IS NOT NULL;
CREATE INDEX content_serving_values_text ON content_serving_values (template_id, field_key, text_key, content_item_id)
  INCLUDE (valid_from, valid_until, version_id, is_first) WHERE text_key IS NOT NULL;
CREATE INDEX content_serving_values_bool ON content_serving_values (template_id, field_key, bool_value, content_item_id)
  INCLUDE (valid_from, valid_until, version_id, is_first) WHERE bool_value IS NOT NULL;
CREATE INDEX content_serving_values_child ON content_serving_values (template_id, field_key, child_id, content_item_id)
  INCLUDE (valid_from, valid_until, version_id, is_first) WHERE child_id IS NOT NULL;
-- exists / sort's "items without a value": whether a serving row has any value for a key.
CREATE INDEX content_serving_values_key ON content_serving_values (content_item_id, valid_from, field_key) INCLUDE (is_first);

-- The value rows of serving rows `spans` (item, valid_from), computed from the served versions.
CREATE FUNCTION verso_content_serving_value_rows(items uuid[], starts timestamptz[]) RETURNS SETOF content_serving_values
LANGUAGE sql STABLE AS $$
  SELECT s.content_item_id, s.valid_from, s.valid_until, s.workspace_id, s.template_id, s.version_id,
    lower(f.key),
    row_number() OVER (PARTITION BY s.content_item_id, s.valid_from, lower(f.key) ORDER BY fv.sort_order, fv.id) = 1,
    CASE WHEN fv.value_kind = 'Number' THEN fv.number_value END,
    CASE WHEN fv.value_kind = 'Date' THEN fv.date_value END,
    CASE WHEN fv.value_kind = 'DateTime' THEN fv.date_time_value END,
    CASE WHEN fv.value_kind IN ('Text', 'RichText', 'Markdown', 'Link', 'PickList') THEN left(fv.text_value, 200) END,
    CASE WHEN fv.value_kind IN ('Text', 'RichText', 'Markdown', 'Link', 'PickList') THEN fv.text_value END,
    CASE WHEN fv.value_kind = 'Boolean' THEN fv.bool_value END,
    CASE WHEN fv.value_kind = 'ChildContent' THEN fv.child_content_item_id END
  FROM unnest(items, starts) AS k(item, at)
  JOIN content_serving s ON s.content_item_id = k.item AND s.valid_from = k.at
  JOIN content_field_values fv ON fv.content_version_id = s.version_id
  JOIN template_fields f ON f.id = fv.field_id
  WHERE fv.value_kind IN ('Text', 'RichText', 'Markdown', 'Link', 'PickList', 'Boolean', 'Number', 'Date', 'DateTime', 'ChildContent')
    AND (fv.text_value IS NOT NULL OR fv.bool_value IS NOT NULL OR fv.number_value IS NOT NULL OR fv.date_value IS NOT NULL
      OR fv.date_time_value IS NOT NULL OR fv.child_content_item_id IS NOT NULL)
$$;

-- Rewrites the value rows of serving rows `spans` from what content_serving holds now (a serving row
-- that is gone leaves none).
CREATE FUNCTION verso_refresh_content_serving_values(items uuid[], starts timestamptz[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(items), 0) = 0 THEN
    RETURN;
  END IF;
  DELETE FROM content_serving_values v USING unnest(items, starts) AS k(item, at)
  WHERE v.content_item_id = k.item AND v.valid_from = k.at;
  INSERT INTO content_serving_values SELECT * FROM verso_content_serving_value_rows(items, starts);
END
$$;

-- Statement-level, one per event (transition tables allow one event per trigger). An update that
-- changes only the span's end (a window added after it) rewrites the rows too: they are few per
-- item, and one rule is simpler to trust than a second path.
CREATE FUNCTION verso_content_serving_values_from_serving() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM verso_refresh_content_serving_values(ARRAY(SELECT o.content_item_id FROM old_rows o ORDER BY 1, o.valid_from),
      ARRAY(SELECT o.valid_from FROM old_rows o ORDER BY o.content_item_id, 1));
  ELSE
    PERFORM verso_refresh_content_serving_values(ARRAY(SELECT n.content_item_id FROM new_rows n ORDER BY 1, n.valid_from),
      ARRAY(SELECT n.valid_from FROM new_rows n ORDER BY n.content_item_id, 1));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER content_serving_values_insert AFTER INSERT ON content_serving REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_values_from_serving();
CREATE TRIGGER content_serving_values_update AFTER UPDATE ON content_serving REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_values_from_serving();
CREATE TRIGGER content_serving_values_delete AFTER DELETE ON content_serving REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_values_from_serving();

-- Values written or removed for a version that is served now: its serving rows' value rows follow.
-- A draft's save (the common write) finds its version is not Published and stops at one probe.
CREATE FUNCTION verso_content_serving_values_from_values() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  items uuid[];
  starts timestamptz[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(s.content_item_id ORDER BY s.content_item_id, s.valid_from), array_agg(s.valid_from ORDER BY s.content_item_id, s.valid_from)
    INTO items, starts
    FROM (SELECT DISTINCT o.content_version_id FROM old_rows o) x
    JOIN content_versions cv ON cv.id = x.content_version_id AND cv.status = 'Published'
    JOIN content_serving s ON s.content_item_id = cv.content_item_id AND s.version_id = cv.id;
  ELSE
    SELECT array_agg(s.content_item_id ORDER BY s.content_item_id, s.valid_from), array_agg(s.valid_from ORDER BY s.content_item_id, s.valid_from)
    INTO items, starts
    FROM (SELECT DISTINCT n.content_version_id FROM new_rows n) x
    JOIN content_versions cv ON cv.id = x.content_version_id AND cv.status = 'Published'
    JOIN content_serving s ON s.content_item_id = cv.content_item_id AND s.version_id = cv.id;
  END IF;
  PERFORM verso_refresh_content_serving_values(items, starts);
  RETURN NULL;
END
$$;

CREATE TRIGGER content_field_values_serving_insert AFTER INSERT ON content_field_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_values_from_values();
CREATE TRIGGER content_field_values_serving_update AFTER UPDATE ON content_field_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_values_from_values();
CREATE TRIGGER content_field_values_serving_delete AFTER DELETE ON content_field_values REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_content_serving_values_from_values();

-- As 0017 found for the serving functions: generic plans, not re-planned per call.
ALTER FUNCTION verso_refresh_content_serving_values(uuid[], timestamptz[]) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_content_serving_values_from_serving() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_content_serving_values_from_values() SET plan_cache_mode = force_generic_plan;

-- The value rows of the serving rows that exist already.
INSERT INTO content_serving_values
SELECT * FROM verso_content_serving_value_rows(
  ARRAY(SELECT content_item_id FROM content_serving ORDER BY content_item_id, valid_from),
  ARRAY(SELECT valid_from FROM content_serving ORDER BY content_item_id, valid_from));
ANALYZE content_serving_values;
