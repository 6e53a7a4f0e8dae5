-- Stored titles (issue #24, the list regression after #25): the title of every content version,
-- kept in a table of its own by triggers, so a read joins it by key.
--
-- Migration 0019 computed a title on every read with verso_version_title(), a SQL function that
-- cannot be inlined (its body reads tables): each call runs its own small executor, looks the title
-- field up through verso_title_field_id() (a join over the version's fields and sections, sorted)
-- and then the value. In the resolved list page of 100 that was ~0.1 ms per row, most of the
-- statement (bench/list-plans.ts: ~17 ms against ~1 ms without it); the by-slug tree, the review
-- queue and the audit page paid the same per row.
--
-- What a title depends on: the version's values, its template version, and that template
-- version's title field key, fields and sections (verso_title_field_id). Published content versions
-- never change values, and content uses published template versions only, so in practice only a
-- Draft's save moves a title; the template triggers are there so that no write path (a package
-- import, an operator's SQL) can leave a stored title different from what verso_version_title
-- computes. A version without a title has no row.
CREATE TABLE content_version_titles (
  content_version_id uuid PRIMARY KEY REFERENCES content_versions (id) ON DELETE CASCADE,
  title              text NOT NULL
);

-- Brings the stored titles of `versions` up to date (versions that no longer exist are skipped:
-- their rows went with them).
CREATE FUNCTION verso_refresh_version_titles(versions uuid[]) RETURNS void
LANGUAGE sql AS $$
  WITH computed AS MATERIALIZED (
    SELECT v.id, verso_version_title(v.id, v.template_version_id) AS title
    FROM content_versions v WHERE v.id = ANY(versions)
  ),
  untitled AS (
    DELETE FROM content_version_titles t USING computed c WHERE t.content_version_id = c.id AND c.title IS NULL
  )
  INSERT INTO content_version_titles AS t (content_version_id, title)
  SELECT c.id, c.title FROM computed c WHERE c.title IS NOT NULL
  ORDER BY c.id
  ON CONFLICT (content_version_id) DO UPDATE SET title = EXCLUDED.title WHERE t.title IS DISTINCT FROM EXCLUDED.title
$$;

-- Statement-level, as the serving rows' triggers (0015): a save that replaces a version's values
-- refreshes that version once per statement, whatever the number of values.
CREATE FUNCTION verso_version_titles_from_values() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM verso_refresh_version_titles(ARRAY(SELECT DISTINCT o.content_version_id FROM old_rows o));
  ELSE
    PERFORM verso_refresh_version_titles(ARRAY(SELECT DISTINCT n.content_version_id FROM new_rows n));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER content_field_values_titles_insert AFTER INSERT ON content_field_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_values();
CREATE TRIGGER content_field_values_titles_update AFTER UPDATE ON content_field_values REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_values();
CREATE TRIGGER content_field_values_titles_delete AFTER DELETE ON content_field_values REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_values();

-- A content version moved to another template version (an upgrade) takes that version's title field.
CREATE FUNCTION verso_version_titles_from_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM verso_refresh_version_titles(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.template_version_id IS DISTINCT FROM o.template_version_id));
  RETURN NULL;
END
$$;

CREATE TRIGGER content_versions_titles_update AFTER UPDATE ON content_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_versions();

-- A template version's title field key, fields or sections changed: every content version using it
-- (none while it is a draft, which content cannot use; found through content_versions_template_version).
CREATE FUNCTION verso_version_titles_from_template() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'template_versions' THEN
    PERFORM verso_refresh_version_titles(ARRAY(
      SELECT cv.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN content_versions cv ON cv.template_version_id = n.id
      WHERE n.title_field_key IS DISTINCT FROM o.title_field_key));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM verso_refresh_version_titles(ARRAY(
      SELECT cv.id FROM (SELECT DISTINCT o.template_version_id FROM old_rows o) x
      JOIN content_versions cv ON cv.template_version_id = x.template_version_id));
  ELSE
    PERFORM verso_refresh_version_titles(ARRAY(
      SELECT cv.id FROM (SELECT DISTINCT n.template_version_id FROM new_rows n) x
      JOIN content_versions cv ON cv.template_version_id = x.template_version_id));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER template_versions_titles_update AFTER UPDATE ON template_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_template();
CREATE TRIGGER template_fields_titles_insert AFTER INSERT ON template_fields REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_template();
CREATE TRIGGER template_fields_titles_update AFTER UPDATE ON template_fields REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_template();
CREATE TRIGGER template_fields_titles_delete AFTER DELETE ON template_fields REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_template();
CREATE TRIGGER template_sections_titles_update AFTER UPDATE ON template_sections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_template();
CREATE TRIGGER template_sections_titles_delete AFTER DELETE ON template_sections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_version_titles_from_template();

-- The triggers' statements take ids as a parameter: plan once per connection (see 0017).
ALTER FUNCTION verso_version_titles_from_values() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_version_titles_from_versions() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_version_titles_from_template() SET plan_cache_mode = force_generic_plan;

-- The titles of the versions that exist already.
INSERT INTO content_version_titles (content_version_id, title)
SELECT v.id, t.title FROM content_versions v CROSS JOIN LATERAL (SELECT verso_version_title(v.id, v.template_version_id) AS title) t
WHERE t.title IS NOT NULL;
