-- The content model: templates and their versions (sections, fields, allowed types), components
-- and their versions, picklists with immutable revisions, and tags.
--
-- Versions are immutable once published: only Draft rows are ever edited, and the "at most one
-- Draft" and "at most one Published" rules are unique partial indexes, so two concurrent requests
-- can never both win (the loser's INSERT/UPDATE fails and the service answers 409).
-- `row_version` counts writes to a row; ETags are derived from it (timestamps can repeat within a
-- millisecond, a counter cannot).

CREATE TABLE templates (
  id                 uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id       uuid NOT NULL REFERENCES workspaces (id),
  name               text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  slug               text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  description        text,
  current_version_id uuid,
  -- Provenance of templates created or updated by a package import (namespace/id@version).
  package_namespace  text,
  package_id         text,
  package_version    text,
  row_version        integer NOT NULL DEFAULT 1,
  is_deleted         boolean NOT NULL DEFAULT false,
  deleted_at         timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
-- Slugs are unique among live templates; a deleted template's slug may be reused.
CREATE UNIQUE INDEX templates_slug ON templates (workspace_id, slug) WHERE NOT is_deleted;
CREATE INDEX templates_workspace_name ON templates (workspace_id, name) WHERE NOT is_deleted;

CREATE TABLE template_versions (
  id             uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  template_id    uuid NOT NULL REFERENCES templates (id),
  version_number integer NOT NULL CHECK (version_number >= 1),
  status         text NOT NULL CHECK (status IN ('Draft', 'Published', 'Archived')),
  notes          text,
  published_at   timestamptz,
  row_version    integer NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (template_id, version_number),
  CHECK ((status = 'Draft') = (published_at IS NULL))
);
CREATE UNIQUE INDEX template_versions_one_draft ON template_versions (template_id) WHERE status = 'Draft';
CREATE UNIQUE INDEX template_versions_one_published ON template_versions (template_id) WHERE status = 'Published';

ALTER TABLE templates
  ADD CONSTRAINT templates_current_version FOREIGN KEY (current_version_id) REFERENCES template_versions (id);

CREATE TABLE template_sections (
  id                  uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  template_version_id uuid NOT NULL REFERENCES template_versions (id) ON DELETE CASCADE,
  name                text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  description         text,
  sort_order          integer NOT NULL,
  is_collapsible      boolean NOT NULL DEFAULT false
);
CREATE INDEX template_sections_version ON template_sections (template_version_id, sort_order);

CREATE TABLE components (
  id                 uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id       uuid NOT NULL REFERENCES workspaces (id),
  name               text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  slug               text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  description        text,
  current_version_id uuid,
  package_namespace  text,
  package_id         text,
  package_version    text,
  row_version        integer NOT NULL DEFAULT 1,
  is_deleted         boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX components_slug ON components (workspace_id, slug) WHERE NOT is_deleted;

CREATE TABLE component_versions (
  id             uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  component_id   uuid NOT NULL REFERENCES components (id),
  version_number integer NOT NULL CHECK (version_number >= 1),
  status         text NOT NULL CHECK (status IN ('Draft', 'Published', 'Archived')),
  notes          text,
  published_at   timestamptz,
  row_version    integer NOT NULL DEFAULT 1,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (component_id, version_number),
  CHECK ((status = 'Draft') = (published_at IS NULL))
);
CREATE UNIQUE INDEX component_versions_one_draft ON component_versions (component_id) WHERE status = 'Draft';
CREATE UNIQUE INDEX component_versions_one_published ON component_versions (component_id) WHERE status = 'Published';

ALTER TABLE components
  ADD CONSTRAINT components_current_version FOREIGN KEY (current_version_id) REFERENCES component_versions (id);

CREATE TABLE picklists (
  id                  uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id        uuid NOT NULL REFERENCES workspaces (id),
  name                text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  slug                text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 100),
  description         text,
  current_revision_id uuid,
  package_namespace   text,
  package_id          text,
  package_version     text,
  row_version         integer NOT NULL DEFAULT 1,
  is_deleted          boolean NOT NULL DEFAULT false,
  deleted_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX picklists_slug ON picklists (workspace_id, slug) WHERE NOT is_deleted;

-- Every create or update of a picklist writes a new revision; revisions are never changed, so a
-- field bound to revision 3 keeps exactly the options it was designed against.
CREATE TABLE picklist_revisions (
  id              uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  picklist_id     uuid NOT NULL REFERENCES picklists (id),
  revision_number integer NOT NULL CHECK (revision_number >= 1),
  name            text NOT NULL,
  slug            text NOT NULL,
  description     text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (picklist_id, revision_number)
);

ALTER TABLE picklists
  ADD CONSTRAINT picklists_current_revision FOREIGN KEY (current_revision_id) REFERENCES picklist_revisions (id);

CREATE TABLE picklist_options (
  id          uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  revision_id uuid NOT NULL REFERENCES picklist_revisions (id),
  label       text NOT NULL CHECK (length(btrim(label)) >= 1),
  value       text NOT NULL CHECK (length(btrim(value)) >= 1),
  sort_order  integer NOT NULL
);
CREATE UNIQUE INDEX picklist_options_value ON picklist_options (revision_id, lower(value));

CREATE TABLE template_fields (
  id                   uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  template_version_id  uuid NOT NULL REFERENCES template_versions (id) ON DELETE CASCADE,
  -- Deleting a section moves its fields to the root of the version.
  section_id           uuid REFERENCES template_sections (id) ON DELETE SET NULL,
  key                  text NOT NULL,
  label                text NOT NULL,
  help_text            text,
  sort_order           integer NOT NULL,
  is_required          boolean NOT NULL DEFAULT false,
  min_occurrences      integer NOT NULL DEFAULT 0 CHECK (min_occurrences >= 0),
  max_occurrences      integer CHECK (max_occurrences IS NULL OR max_occurrences >= min_occurrences),
  is_open              boolean NOT NULL DEFAULT false,
  composition_mode     text NOT NULL CHECK (composition_mode IN ('Inline', 'Reference')),
  primitive_type       text CHECK (primitive_type IN
                         ('Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator')),
  target_template_id   uuid REFERENCES templates (id),
  component_id         uuid REFERENCES components (id),
  picklist_id          uuid REFERENCES picklists (id),
  picklist_revision_id uuid REFERENCES picklist_revisions (id),
  field_config         jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(field_config) = 'object')
);
-- Keys identify a field across versions and package re-imports; case does not make a new key.
CREATE UNIQUE INDEX template_fields_key ON template_fields (template_version_id, lower(key));
CREATE INDEX template_fields_target ON template_fields (target_template_id) WHERE target_template_id IS NOT NULL;
CREATE INDEX template_fields_picklist ON template_fields (picklist_id) WHERE picklist_id IS NOT NULL;

-- Entries of a polymorphic (open) field: each names a template or a primitive type.
CREATE TABLE template_field_allowed_types (
  id                  uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  field_id            uuid NOT NULL REFERENCES template_fields (id) ON DELETE CASCADE,
  sort_order          integer NOT NULL,
  primitive_type      text CHECK (primitive_type IN
                        ('Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator')),
  allowed_template_id uuid REFERENCES templates (id),
  CHECK ((primitive_type IS NULL) <> (allowed_template_id IS NULL))
);
CREATE INDEX template_field_allowed_types_field ON template_field_allowed_types (field_id, sort_order);

CREATE TABLE component_fields (
  id                   uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  component_version_id uuid NOT NULL REFERENCES component_versions (id) ON DELETE CASCADE,
  key                  text NOT NULL,
  label                text NOT NULL,
  help_text            text,
  sort_order           integer NOT NULL CHECK (sort_order >= 0),
  is_required          boolean NOT NULL DEFAULT false,
  min_occurrences      integer NOT NULL DEFAULT 0 CHECK (min_occurrences >= 0),
  max_occurrences      integer CHECK (max_occurrences IS NULL OR max_occurrences >= min_occurrences),
  primitive_type       text CHECK (primitive_type IN
                         ('Text', 'RichText', 'Markdown', 'Boolean', 'PickList', 'Media', 'File', 'Link', 'Quote', 'Separator')),
  nested_component_id  uuid REFERENCES components (id),
  picklist_id          uuid REFERENCES picklists (id),
  picklist_revision_id uuid REFERENCES picklist_revisions (id),
  field_config         jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(field_config) = 'object'),
  CHECK ((primitive_type IS NULL) <> (nested_component_id IS NULL))
);
CREATE UNIQUE INDEX component_fields_key ON component_fields (component_version_id, lower(key));
CREATE INDEX component_fields_picklist ON component_fields (picklist_id) WHERE picklist_id IS NOT NULL;

-- Tags are created by content saves (trimmed, lower-cased, unique per workspace); this issue lists
-- and deletes them. The content migration adds the foreign key from content_item_tags to its items.
CREATE TABLE tags (
  id           uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  name         text NOT NULL CHECK (name = lower(btrim(name)) AND length(name) BETWEEN 1 AND 100),
  is_deleted   boolean NOT NULL DEFAULT false,
  deleted_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_name ON tags (workspace_id, name) WHERE NOT is_deleted;

CREATE TABLE content_item_tags (
  content_item_id uuid NOT NULL,
  tag_id          uuid NOT NULL REFERENCES tags (id),
  PRIMARY KEY (content_item_id, tag_id)
);
CREATE INDEX content_item_tags_tag ON content_item_tags (tag_id);

-- Which content items use any version of a template (template delete is refused while any do).
-- Content does not exist yet at this migration; the content migration replaces this function
-- (CREATE OR REPLACE) with one that reads its tables, so the template service never changes.
CREATE FUNCTION verso_template_content_references(p_template_id uuid) RETURNS SETOF uuid
LANGUAGE sql STABLE AS $$ SELECT NULL::uuid WHERE false $$;
