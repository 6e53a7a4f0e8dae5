-- Titles, not slugs (issue #25): a template version names the field whose text is an item's title;
-- lists, pickers and history show it with the slug as secondary text.
--
-- NULL = the default: the version's first Text field. A key that no longer names a Text field of
-- the version (a draft's field removed or retyped after it was chosen) also falls back to the
-- default, so a title never disappears because of a later edit.
ALTER TABLE template_versions ADD COLUMN title_field_key text;

-- The title field of a template version: the chosen key if it names a non-open Text field, else
-- the first such field in the order the API lists fields (root fields first, then by section
-- order, then field order).
CREATE FUNCTION verso_title_field_id(p_template_version_id uuid) RETURNS uuid
LANGUAGE sql STABLE AS $$
  SELECT f.id
  FROM template_versions tv
  JOIN template_fields f ON f.template_version_id = tv.id
  LEFT JOIN template_sections s ON s.id = f.section_id
  WHERE tv.id = p_template_version_id AND f.primitive_type = 'Text' AND NOT f.is_open
  ORDER BY (tv.title_field_key IS NOT NULL AND lower(f.key) = lower(tv.title_field_key)) DESC,
    (f.section_id IS NOT NULL), s.sort_order, f.sort_order, f.id
  LIMIT 1
$$;

-- An item version's title: the first non-blank value of its template version's title field. Used
-- inside the list statements (one page, one statement): a few index probes per page row on
-- template_fields_key and the (content_version_id, field_id, sort_order) unique index.
CREATE FUNCTION verso_version_title(p_version_id uuid, p_template_version_id uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT btrim(v.text_value)
  FROM content_field_values v
  WHERE v.content_version_id = p_version_id AND v.field_id = verso_title_field_id(p_template_version_id)
    AND btrim(v.text_value) <> ''
  ORDER BY v.sort_order
  LIMIT 1
$$;
