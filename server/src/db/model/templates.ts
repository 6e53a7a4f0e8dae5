// Named queries for templates and template versions (sections and fields: db/template-structure.ts).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { modelEntityRow } from './model-rows.js';
import { matchesNameOrSlug } from './name-search.js';

export type VersionStatus = 'Draft' | 'Published' | 'Archived';

const templateRow = modelEntityRow({ current_version_id: z.string().nullable() });
export type TemplateRow = z.infer<typeof templateRow>;

const versionRow = z.object({
  id: z.string(),
  template_id: z.string(),
  version_number: z.number(),
  status: z.enum(['Draft', 'Published', 'Archived']),
  notes: z.string().nullable(),
  published_at: z.string().nullable(),
  title_field_key: z.string().nullable(),
  row_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TemplateVersionRow = z.infer<typeof versionRow>;

const TEMPLATE_COLUMNS = sql.fragment`t.id, t.workspace_id, t.name, t.slug, t.description, t.current_version_id,
  t.package_namespace, t.package_id, t.package_version, t.row_version, t.created_at, t.updated_at`;
const VERSION_COLUMNS = sql.fragment`v.id, v.template_id, v.version_number, v.status, v.notes, v.published_at,
  v.title_field_key, v.row_version, v.created_at, v.updated_at`;

export async function listTemplates(
  db: CommonQueryMethods,
  workspaceId: string,
  search: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: TemplateRow[]; total: number }> {
  const rows = await db.any(sql.type(templateRow.extend({ total: z.number() }))`
    SELECT ${TEMPLATE_COLUMNS}, count(*) OVER () AS total
    FROM templates t
    WHERE t.workspace_id = ${workspaceId} AND NOT t.is_deleted AND ${matchesNameOrSlug('t', search)}
    ORDER BY lower(t.name), t.id
    LIMIT ${limit} OFFSET ${offset}`);
  const total = rows[0]?.total ?? (offset > 0 ? await countTemplates(db, workspaceId, search) : 0);
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

async function countTemplates(db: CommonQueryMethods, workspaceId: string, search: string | null): Promise<number> {
  return db.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT count(*) AS n FROM templates t
    WHERE t.workspace_id = ${workspaceId} AND NOT t.is_deleted AND ${matchesNameOrSlug('t', search)}`);
}

/** Live templates of a workspace (all of them; used by the package export and the cycle check). */
export async function listAllTemplates(db: CommonQueryMethods, workspaceId: string): Promise<readonly TemplateRow[]> {
  return db.any(sql.type(templateRow)`
    SELECT ${TEMPLATE_COLUMNS} FROM templates t
    WHERE t.workspace_id = ${workspaceId} AND NOT t.is_deleted ORDER BY t.slug`);
}

export async function findTemplate(
  db: CommonQueryMethods,
  workspaceId: string,
  templateId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TemplateRow | null> {
  return db.maybeOne(sql.type(templateRow)`
    SELECT ${TEMPLATE_COLUMNS} FROM templates t
    WHERE t.id = ${templateId} AND t.workspace_id = ${workspaceId} AND NOT t.is_deleted
    ${options.forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

export async function findTemplateBySlug(db: CommonQueryMethods, workspaceId: string, slug: string): Promise<TemplateRow | null> {
  return db.maybeOne(sql.type(templateRow)`
    SELECT ${TEMPLATE_COLUMNS} FROM templates t
    WHERE t.workspace_id = ${workspaceId} AND t.slug = ${slug} AND NOT t.is_deleted`);
}

export interface NewTemplate {
  readonly id: string;
  readonly workspaceId: string;
  readonly name: string;
  readonly slug: string;
  readonly description: string | null;
  readonly provenance?: PackageProvenance | null;
}

export interface PackageProvenance {
  readonly namespace: string;
  readonly id: string;
  readonly version: string;
}

export async function insertTemplate(tx: CommonQueryMethods, t: NewTemplate): Promise<TemplateRow> {
  return tx.one(sql.type(templateRow)`
    INSERT INTO templates AS t (id, workspace_id, name, slug, description, package_namespace, package_id, package_version)
    VALUES (${t.id}, ${t.workspaceId}, ${t.name}, ${t.slug}, ${t.description},
            ${t.provenance?.namespace ?? null}, ${t.provenance?.id ?? null}, ${t.provenance?.version ?? null})
    RETURNING ${TEMPLATE_COLUMNS}`);
}

export async function updateTemplateDetails(
  tx: CommonQueryMethods,
  templateId: string,
  changes: { name: string; description: string | null; provenance?: PackageProvenance },
): Promise<TemplateRow> {
  const p = changes.provenance;
  return tx.one(sql.type(templateRow)`
    UPDATE templates AS t SET name = ${changes.name}, description = ${changes.description},
      package_namespace = ${p ? p.namespace : sql.fragment`t.package_namespace`},
      package_id = ${p ? p.id : sql.fragment`t.package_id`},
      package_version = ${p ? p.version : sql.fragment`t.package_version`},
      row_version = t.row_version + 1, updated_at = now()
    WHERE t.id = ${templateId}
    RETURNING ${TEMPLATE_COLUMNS}`);
}

export async function setTemplateCurrentVersion(tx: CommonQueryMethods, templateId: string, versionId: string): Promise<TemplateRow> {
  return tx.one(sql.type(templateRow)`
    UPDATE templates AS t SET current_version_id = ${versionId}, row_version = t.row_version + 1, updated_at = now()
    WHERE t.id = ${templateId}
    RETURNING ${TEMPLATE_COLUMNS}`);
}

export async function softDeleteTemplate(tx: CommonQueryMethods, templateId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE templates SET is_deleted = true, deleted_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ${templateId}`);
}

/** Content items using any version of the template (the content migration defines the function's body). */
export async function contentUsingTemplate(db: CommonQueryMethods, templateId: string): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT r AS id FROM verso_template_content_references(${templateId}) AS r LIMIT 100`);
}

export async function findVersionByNumber(
  db: CommonQueryMethods,
  templateId: string,
  versionNumber: number,
  options: { forUpdate?: boolean } = {},
): Promise<TemplateVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM template_versions v
    WHERE v.template_id = ${templateId} AND v.version_number = ${versionNumber}
    ${options.forUpdate ? sql.fragment`FOR UPDATE` : sql.fragment``}`);
}

export async function findVersionById(db: CommonQueryMethods, versionId: string): Promise<TemplateVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`SELECT ${VERSION_COLUMNS} FROM template_versions v WHERE v.id = ${versionId}`);
}

/** A version by its own id, if its template is live and in the workspace. */
export async function findWorkspaceVersionById(db: CommonQueryMethods, workspaceId: string, versionId: string): Promise<TemplateVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM template_versions v JOIN templates t ON t.id = v.template_id
    WHERE v.id = ${versionId} AND t.workspace_id = ${workspaceId} AND NOT t.is_deleted`);
}

export async function findDraftVersion(db: CommonQueryMethods, templateId: string): Promise<TemplateVersionRow | null> {
  return db.maybeOne(sql.type(versionRow)`
    SELECT ${VERSION_COLUMNS} FROM template_versions v WHERE v.template_id = ${templateId} AND v.status = 'Draft'`);
}

export async function listVersions(
  db: CommonQueryMethods,
  templateId: string,
  limit: number,
  offset: number,
): Promise<{ rows: (TemplateVersionRow & { field_count: number })[]; total: number }> {
  const rows = await db.any(sql.type(versionRow.extend({ field_count: z.number(), total: z.number() }))`
    SELECT ${VERSION_COLUMNS},
      (SELECT count(*) FROM template_fields f WHERE f.template_version_id = v.id) AS field_count,
      count(*) OVER () AS total
    FROM template_versions v WHERE v.template_id = ${templateId}
    ORDER BY v.version_number DESC LIMIT ${limit} OFFSET ${offset}`);
  const total =
    rows[0]?.total ??
    (await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM template_versions WHERE template_id = ${templateId}`));
  return { rows: rows.map(({ total: _t, ...row }) => row), total };
}

export async function nextVersionNumber(tx: CommonQueryMethods, templateId: string): Promise<number> {
  return tx.oneFirst(sql.type(z.object({ n: z.number() }))`
    SELECT coalesce(max(version_number), 0) + 1 AS n FROM template_versions WHERE template_id = ${templateId}`);
}

export async function insertVersion(
  tx: CommonQueryMethods,
  v: { id: string; templateId: string; versionNumber: number; status: 'Draft' | 'Published'; notes: string | null; titleFieldKey?: string | null },
): Promise<TemplateVersionRow> {
  return tx.one(sql.type(versionRow)`
    INSERT INTO template_versions AS v (id, template_id, version_number, status, notes, title_field_key, published_at)
    VALUES (${v.id}, ${v.templateId}, ${v.versionNumber}, ${v.status}, ${v.notes}, ${v.titleFieldKey ?? null},
            ${v.status === 'Published' ? sql.fragment`now()` : null})
    RETURNING ${VERSION_COLUMNS}`);
}

/** Every published version of the template becomes Archived (content may stay pinned to it). */
export async function archivePublishedVersions(tx: CommonQueryMethods, templateId: string): Promise<readonly string[]> {
  return tx.anyFirst(sql.type(z.object({ id: z.string() }))`
    UPDATE template_versions SET status = 'Archived', row_version = row_version + 1, updated_at = now()
    WHERE template_id = ${templateId} AND status = 'Published'
    RETURNING id`);
}

export async function markVersionPublished(tx: CommonQueryMethods, versionId: string): Promise<TemplateVersionRow> {
  return tx.one(sql.type(versionRow)`
    UPDATE template_versions AS v SET status = 'Published', published_at = now(), row_version = v.row_version + 1, updated_at = now()
    WHERE v.id = ${versionId}
    RETURNING ${VERSION_COLUMNS}`);
}

/** Records that a draft's sections or fields changed (moves its ETag). */
export async function touchVersion(tx: CommonQueryMethods, versionId: string): Promise<TemplateVersionRow> {
  return tx.one(sql.type(versionRow)`
    UPDATE template_versions AS v SET row_version = v.row_version + 1, updated_at = now()
    WHERE v.id = ${versionId}
    RETURNING ${VERSION_COLUMNS}`);
}

/** Names the draft's title field (null: the default, its first Text field); moves its ETag. */
export async function setVersionTitleFieldKey(tx: CommonQueryMethods, versionId: string, key: string | null): Promise<TemplateVersionRow> {
  return tx.one(sql.type(versionRow)`
    UPDATE template_versions AS v SET title_field_key = ${key}, row_version = v.row_version + 1, updated_at = now()
    WHERE v.id = ${versionId}
    RETURNING ${VERSION_COLUMNS}`);
}
