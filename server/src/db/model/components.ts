// Named queries for components, their versions and the versions' fields.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { fieldBasicsColumns, modelEntityRow } from './model-rows.js';
import { matchesNameOrSlug } from './name-search.js';
import type { PackageProvenance } from './templates.js';

const componentRow = modelEntityRow({ current_version_id: z.string().nullable() });
export type ComponentRow = z.infer<typeof componentRow>;

const versionRow = z.object({
  id: z.string(),
  component_id: z.string(),
  version_number: z.number(),
  status: z.enum(['Draft', 'Published', 'Archived']),
  notes: z.string().nullable(),
  published_at: z.string().nullable(),
  row_version: z.number(),
});
export type ComponentVersionRow = z.infer<typeof versionRow>;

const fieldRow = z.object({
  id: z.string(),
  component_version_id: z.string(),
  ...fieldBasicsColumns,
  primitive_type: z.string().nullable(),
  nested_component_id: z.string().nullable(),
  picklist_id: z.string().nullable(),
  picklist_revision_id: z.string().nullable(),
  field_config: z.record(z.string(), z.unknown()),
});
export type ComponentFieldRow = z.infer<typeof fieldRow>;

const COMPONENT_COLUMNS = sql.fragment`c.id, c.workspace_id, c.name, c.slug, c.description, c.current_version_id,
  c.package_namespace, c.package_id, c.package_version, c.row_version, c.created_at, c.updated_at`;
const VERSION_COLUMNS = sql.fragment`v.id, v.component_id, v.version_number, v.status, v.notes, v.published_at, v.row_version`;

export async function listComponents(
  db: CommonQueryMethods,
  workspaceId: string,
  search: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: readonly ComponentRow[]; total: number }> {
  const where = sql.fragment`c.workspace_id = ${workspaceId} AND NOT c.is_deleted AND ${matchesNameOrSlug('c', search)}`;
  const rows = await db.any(sql.type(componentRow)`
    SELECT ${COMPONENT_COLUMNS} FROM components c WHERE ${where} ORDER BY lower(c.name), c.id LIMIT ${limit} OFFSET ${offset}`);
  const total = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM components c WHERE ${where}`);
  return { rows, total };
}

export async function listAllComponents(db: CommonQueryMethods, workspaceId: string): Promise<readonly ComponentRow[]> {
  return db.any(sql.type(componentRow)`
    SELECT ${COMPONENT_COLUMNS} FROM components c WHERE c.workspace_id = ${workspaceId} AND NOT c.is_deleted ORDER BY c.slug`);
}

export async function findComponent(
  db: CommonQueryMethods,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ComponentRow | null> {
  return db.maybeOne(sql.type(componentRow)`
    SELECT ${COMPONENT_COLUMNS} FROM components c
    WHERE c.id = ${id} AND c.workspace_id = ${workspaceId} AND NOT c.is_deleted
    ${options.forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

export async function insertComponent(
  tx: CommonQueryMethods,
  c: { id: string; workspaceId: string; name: string; slug: string; description: string | null; provenance?: PackageProvenance | null },
): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO components (id, workspace_id, name, slug, description, package_namespace, package_id, package_version)
    VALUES (${c.id}, ${c.workspaceId}, ${c.name}, ${c.slug}, ${c.description},
            ${c.provenance?.namespace ?? null}, ${c.provenance?.id ?? null}, ${c.provenance?.version ?? null})`);
}

export async function updateComponentDetails(
  tx: CommonQueryMethods,
  id: string,
  c: { name: string; slug: string; description: string | null; provenance?: PackageProvenance },
): Promise<void> {
  const p = c.provenance;
  await tx.query(sql.unsafe`
    UPDATE components SET name = ${c.name}, slug = ${c.slug}, description = ${c.description},
      package_namespace = ${p ? p.namespace : sql.fragment`package_namespace`},
      package_id = ${p ? p.id : sql.fragment`package_id`},
      package_version = ${p ? p.version : sql.fragment`package_version`},
      row_version = row_version + 1, updated_at = now()
    WHERE id = ${id}`);
}

export async function setComponentCurrentVersion(tx: CommonQueryMethods, id: string, versionId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE components SET current_version_id = ${versionId}, row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}

export async function findComponentVersion(
  db: CommonQueryMethods,
  componentId: string,
  versionNumber: number,
  options: { forUpdate?: boolean } = {},
): Promise<ComponentVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM component_versions v WHERE v.component_id = ${componentId} AND v.version_number = ${versionNumber}
    ${options.forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

export async function findComponentVersionById(db: CommonQueryMethods, versionId: string): Promise<ComponentVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`SELECT ${VERSION_COLUMNS} FROM component_versions v WHERE v.id = ${versionId}`);
}

export async function findComponentDraft(db: CommonQueryMethods, componentId: string): Promise<ComponentVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM component_versions v WHERE v.component_id = ${componentId} AND v.status = 'Draft'`);
}

export async function latestComponentVersion(db: CommonQueryMethods, componentId: string): Promise<ComponentVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM component_versions v WHERE v.component_id = ${componentId}
    ORDER BY v.version_number DESC LIMIT 1`);
}

/** Every version of a component, newest first (the component's history). */
export async function listComponentVersions(db: CommonQueryMethods, componentId: string): Promise<readonly ComponentVersionRow[]> {
  return db.any(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM component_versions v WHERE v.component_id = ${componentId} ORDER BY v.version_number DESC`);
}

export async function insertComponentVersion(
  tx: CommonQueryMethods,
  v: { id: string; componentId: string; status: 'Draft' | 'Published'; notes: string | null },
): Promise<ComponentVersionRow> {
  return tx.one(sql.type(versionRow)`
    INSERT INTO component_versions AS v (id, component_id, version_number, status, notes, published_at)
    SELECT ${v.id}, ${v.componentId}, coalesce(max(version_number), 0) + 1, ${v.status}, ${v.notes},
           ${v.status === 'Published' ? sql.fragment`now()` : null}
    FROM component_versions WHERE component_id = ${v.componentId}
    RETURNING ${VERSION_COLUMNS}`);
}

export async function archivePublishedComponentVersions(tx: CommonQueryMethods, componentId: string): Promise<readonly string[]> {
  return tx.anyFirst(sql.type(z.object({ id: z.string() }))`
    UPDATE component_versions SET status = 'Archived', row_version = row_version + 1, updated_at = now()
    WHERE component_id = ${componentId} AND status = 'Published' RETURNING id`);
}

export async function markComponentVersionPublished(tx: CommonQueryMethods, versionId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE component_versions SET status = 'Published', published_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ${versionId}`);
}

export async function touchComponentVersion(tx: CommonQueryMethods, versionId: string): Promise<void> {
  await tx.query(sql.unsafe`UPDATE component_versions SET row_version = row_version + 1, updated_at = now() WHERE id = ${versionId}`);
}

export async function listComponentFields(db: CommonQueryMethods, versionIds: readonly string[]): Promise<readonly ComponentFieldRow[]> {
  if (versionIds.length === 0) return [];
  return db.any(sql.type(fieldRow)`
    SELECT id, component_version_id, key, label, help_text, sort_order, is_required, min_occurrences, max_occurrences,
      primitive_type, nested_component_id, picklist_id, picklist_revision_id, field_config
    FROM component_fields WHERE component_version_id = ANY(${sql.array(versionIds, 'uuid')}) ORDER BY sort_order, id`);
}

export interface NewComponentField {
  readonly id: string;
  readonly key: string;
  readonly label: string;
  readonly helpText: string | null;
  readonly order: number;
  readonly isRequired: boolean;
  readonly minOccurrences: number;
  readonly maxOccurrences: number | null;
  readonly primitiveType: string | null;
  readonly nestedComponentId: string | null;
  readonly picklistId: string | null;
  readonly picklistRevisionId: string | null;
  readonly fieldConfig: Readonly<Record<string, unknown>>;
}

/** Replaces every field of a version with the given ones. */
export async function replaceComponentFields(tx: CommonQueryMethods, versionId: string, fields: readonly NewComponentField[]): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM component_fields WHERE component_version_id = ${versionId}`);
  if (fields.length === 0) return;
  const rows = fields.map((f) => ({
    id: f.id,
    component_version_id: versionId,
    key: f.key,
    label: f.label,
    help_text: f.helpText,
    sort_order: f.order,
    is_required: f.isRequired,
    min_occurrences: f.minOccurrences,
    max_occurrences: f.maxOccurrences,
    primitive_type: f.primitiveType,
    nested_component_id: f.nestedComponentId,
    picklist_id: f.picklistId,
    picklist_revision_id: f.picklistRevisionId,
    field_config: f.fieldConfig,
  }));
  await tx.query(sql.unsafe`
    INSERT INTO component_fields (id, component_version_id, key, label, help_text, sort_order, is_required, min_occurrences,
      max_occurrences, primitive_type, nested_component_id, picklist_id, picklist_revision_id, field_config)
    SELECT id, component_version_id, key, label, help_text, sort_order, is_required, min_occurrences, max_occurrences,
      primitive_type, nested_component_id, picklist_id, picklist_revision_id, field_config
    FROM jsonb_to_recordset(${sql.jsonb(rows as never)}) AS r(id uuid, component_version_id uuid, key text, label text,
      help_text text, sort_order integer, is_required boolean, min_occurrences integer, max_occurrences integer,
      primitive_type text, nested_component_id uuid, picklist_id uuid, picklist_revision_id uuid, field_config jsonb)`);
}

/** Nesting edges (component → nested component) of each live component's draft and published version. */
export async function listNestingEdges(db: CommonQueryMethods, workspaceId: string): Promise<readonly { from_id: string; version_id: string; to_id: string }[]> {
  return db.any(sql.type(z.object({ from_id: z.string(), version_id: z.string(), to_id: z.string() }))`
    SELECT v.component_id AS from_id, v.id AS version_id, f.nested_component_id AS to_id
    FROM component_fields f JOIN component_versions v ON v.id = f.component_version_id JOIN components c ON c.id = v.component_id
    WHERE c.workspace_id = ${workspaceId} AND NOT c.is_deleted AND v.status IN ('Draft', 'Published')
      AND f.nested_component_id IS NOT NULL`);
}
