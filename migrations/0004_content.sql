-- Content: items (identity headers), their dated versions with the review workflow, and the field
-- values of each version. Status, fields, schedule and effective window live on versions; an item
-- only carries its slug, locale, translation group, tags and the template version of its latest
-- version (informational, used by the list filters).
--
-- `row_version` counts writes to a row; ETags are derived from it. An item's row_version also
-- moves whenever one of its versions is written (spec: the item's UpdatedAt changes then).

CREATE TABLE content_items (
  id                   uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id         uuid NOT NULL REFERENCES workspaces (id),
  -- Denormalised from template_version_id so the `templateId` list filter needs no join.
  template_id          uuid NOT NULL REFERENCES templates (id),
  template_version_id  uuid NOT NULL REFERENCES template_versions (id),
  slug                 text CHECK (slug ~ '^[a-z0-9]+([-_][a-z0-9]+)*$' AND length(slug) <= 100),
  locale_code          text CHECK (length(locale_code) BETWEEN 1 AND 20),
  translation_group_id uuid,
  row_version          integer NOT NULL DEFAULT 1,
  is_deleted           boolean NOT NULL DEFAULT false,
  deleted_at           timestamptz,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
-- `by-slug` names one item per workspace, so a slug is unique among live items; a deleted item's
-- slug may be reused.
CREATE UNIQUE INDEX content_items_slug ON content_items (workspace_id, slug) WHERE NOT is_deleted AND slug IS NOT NULL;
CREATE INDEX content_items_workspace_created ON content_items (workspace_id, created_at, id) WHERE NOT is_deleted;
CREATE INDEX content_items_template_version ON content_items (template_version_id);
CREATE INDEX content_items_template ON content_items (template_id);
CREATE INDEX content_items_translation_group ON content_items (translation_group_id) WHERE translation_group_id IS NOT NULL;

-- The tag join table was created with the tags (0003); its items exist only now.
ALTER TABLE content_item_tags
  ADD CONSTRAINT content_item_tags_item FOREIGN KEY (content_item_id) REFERENCES content_items (id);

CREATE TABLE content_versions (
  id                              uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  content_item_id                 uuid NOT NULL REFERENCES content_items (id),
  version_number                  integer NOT NULL CHECK (version_number >= 1),
  status                          text NOT NULL CHECK (status IN ('Draft', 'Review', 'Approved', 'Published', 'Archived')),
  -- The template version this version's values belong to; every mutation validates against it.
  template_version_id             uuid NOT NULL REFERENCES template_versions (id),
  -- Copies of the item's identity (upstream keeps them per version) and a snapshot of its tags.
  slug                            text,
  locale_code                     text,
  translation_group_id            uuid,
  tags                            text[] NOT NULL DEFAULT '{}',
  -- The effective window: both ends or neither; a window is half-open [start, end).
  effective_start_at              timestamptz,
  effective_end_at                timestamptz,
  -- Scheduled publication (only ever set on Approved versions) and the scheduler's lease on it.
  publish_at                      timestamptz,
  schedule_lease_owner            text,
  schedule_lease_token            uuid,
  schedule_lease_expires_at       timestamptz,
  published_at                    timestamptz,
  published_by_user_id            uuid,
  archived_at                     timestamptz,
  rolled_back_from_version_number integer,
  row_version                     integer NOT NULL DEFAULT 1,
  created_at                      timestamptz NOT NULL DEFAULT now(),
  updated_at                      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (content_item_id, version_number),
  CHECK ((effective_start_at IS NULL) = (effective_end_at IS NULL)),
  CHECK (effective_start_at IS NULL OR effective_start_at < effective_end_at),
  CHECK (publish_at IS NULL OR status = 'Approved'),
  CHECK (status <> 'Published' OR published_at IS NOT NULL)
);
-- Spec rule: at most one default-published version (Published, no effective window) per item, not
-- even for an instant. The publish transaction also locks the item row, so concurrent publishes of
-- one item queue up; this index is the last line of defence if any code path forgot to.
CREATE UNIQUE INDEX content_versions_one_default_published
  ON content_versions (content_item_id) WHERE status = 'Published' AND effective_start_at IS NULL;
-- Serving resolution reads only Published rows.
CREATE INDEX content_versions_published
  ON content_versions (content_item_id, effective_start_at, effective_end_at) WHERE status = 'Published';
CREATE INDEX content_versions_template_version ON content_versions (template_version_id);
-- The scheduler's queue: due Approved versions.
CREATE INDEX content_versions_due_schedule ON content_versions (publish_at, id) WHERE publish_at IS NOT NULL;

CREATE TABLE content_field_values (
  id                    uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  content_version_id    uuid NOT NULL REFERENCES content_versions (id) ON DELETE CASCADE,
  field_id              uuid NOT NULL REFERENCES template_fields (id),
  -- Position among the values of one field; unique per field after the API's renumbering.
  sort_order            integer NOT NULL,
  value_kind            text NOT NULL CHECK (value_kind IN ('Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media',
                          'File', 'Link', 'Quote', 'Separator', 'ChildContent', 'Component')),
  text_value            text,
  bool_value            boolean,
  media_asset_id        uuid,
  file_asset_id         uuid,
  child_content_item_id uuid REFERENCES content_items (id),
  json_value            jsonb,
  -- The picklist option's label when the value was saved; historical labels never re-resolve.
  display_label         text,
  UNIQUE (content_version_id, field_id, sort_order)
);
CREATE INDEX content_field_values_child ON content_field_values (child_content_item_id) WHERE child_content_item_id IS NOT NULL;
CREATE INDEX content_field_values_text ON content_field_values (content_version_id) WHERE text_value IS NOT NULL;

-- Which live content items use any version of a template (template delete is refused while any
-- do). Replaces the placeholder body from 0003 now that content exists.
CREATE OR REPLACE FUNCTION verso_template_content_references(p_template_id uuid) RETURNS SETOF uuid
LANGUAGE sql STABLE AS $$
  SELECT DISTINCT ci.id
  FROM content_items ci
  JOIN content_versions cv ON cv.content_item_id = ci.id
  JOIN template_versions tv ON tv.id = cv.template_version_id
  WHERE tv.template_id = p_template_id AND NOT ci.is_deleted
$$;
