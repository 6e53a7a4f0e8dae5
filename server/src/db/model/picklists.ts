// Named queries for picklists, their immutable revisions and the revisions' options.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { modelEntityRow } from './model-rows.js';
import { matchesNameOrSlug } from './name-search.js';
import type { PackageProvenance } from './templates.js';

const picklistRow = modelEntityRow({
  current_revision_id: z.string().nullable(),
  current_revision_number: z.number(),
});
export type PickListRow = z.infer<typeof picklistRow>;

const revisionRow = z.object({
  id: z.string(),
  picklist_id: z.string(),
  revision_number: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  created_at: z.string(),
});
export type PickListRevisionRow = z.infer<typeof revisionRow>;

/** Every revision of a picklist, newest first (the detail's history). */
export async function listRevisions(db: CommonQueryMethods, picklistId: string): Promise<readonly PickListRevisionRow[]> {
  return db.any(sql.type(revisionRow)`
    SELECT r.id, r.picklist_id, r.revision_number, r.name, r.slug, r.description, r.created_at
    FROM picklist_revisions r WHERE r.picklist_id = ${picklistId} ORDER BY r.revision_number DESC`);
}

const optionRow = z.object({ id: z.string(), revision_id: z.string(), label: z.string(), value: z.string(), sort_order: z.number() });
export type PickListOptionRow = z.infer<typeof optionRow>;

const PICKLIST_COLUMNS = sql.fragment`p.id, p.workspace_id, p.name, p.slug, p.description, p.current_revision_id,
  coalesce((SELECT r.revision_number FROM picklist_revisions r WHERE r.id = p.current_revision_id), 0) AS current_revision_number,
  p.package_namespace, p.package_id, p.package_version, p.row_version, p.created_at, p.updated_at`;

export async function listPickLists(
  db: CommonQueryMethods,
  workspaceId: string,
  search: string | null,
  limit: number,
  offset: number,
): Promise<{ rows: (PickListRow & { option_count: number })[]; total: number }> {
  const where = sql.fragment`p.workspace_id = ${workspaceId} AND NOT p.is_deleted AND ${matchesNameOrSlug('p', search)}`;
  const rows = await db.any(sql.type(picklistRow.extend({ option_count: z.number() }))`
    SELECT ${PICKLIST_COLUMNS},
      (SELECT count(*) FROM picklist_options o WHERE o.revision_id = p.current_revision_id) AS option_count
    FROM picklists p WHERE ${where}
    ORDER BY lower(p.name), p.id LIMIT ${limit} OFFSET ${offset}`);
  const total = await db.oneFirst(sql.type(z.object({ n: z.number() }))`SELECT count(*) AS n FROM picklists p WHERE ${where}`);
  return { rows: [...rows], total };
}

export async function listAllPickLists(db: CommonQueryMethods, workspaceId: string): Promise<readonly PickListRow[]> {
  return db.any(sql.type(picklistRow)`
    SELECT ${PICKLIST_COLUMNS} FROM picklists p WHERE p.workspace_id = ${workspaceId} AND NOT p.is_deleted ORDER BY p.slug`);
}

export async function findPickList(
  db: CommonQueryMethods,
  workspaceId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<PickListRow | null> {
  return db.maybeOne(sql.type(picklistRow)`
    SELECT ${PICKLIST_COLUMNS} FROM picklists p
    WHERE p.id = ${id} AND p.workspace_id = ${workspaceId} AND NOT p.is_deleted
    ${options.forUpdate ? sql.fragment`FOR UPDATE OF p` : sql.fragment``}`);
}

export async function insertPickList(
  tx: CommonQueryMethods,
  p: { id: string; workspaceId: string; name: string; slug: string; description: string | null; provenance?: PackageProvenance | null },
): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO picklists (id, workspace_id, name, slug, description, package_namespace, package_id, package_version)
    VALUES (${p.id}, ${p.workspaceId}, ${p.name}, ${p.slug}, ${p.description},
            ${p.provenance?.namespace ?? null}, ${p.provenance?.id ?? null}, ${p.provenance?.version ?? null})`);
}

/** Writes a new revision with its options and makes it current; returns the revision id. */
export async function addRevision(
  tx: CommonQueryMethods,
  picklistId: string,
  revision: { id: string; name: string; slug: string; description: string | null },
  options: readonly { id: string; label: string; value: string; order: number }[],
  provenance?: PackageProvenance,
): Promise<string> {
  await tx.query(sql.unsafe`
    INSERT INTO picklist_revisions (id, picklist_id, revision_number, name, slug, description)
    SELECT ${revision.id}, ${picklistId}, coalesce(max(revision_number), 0) + 1, ${revision.name}, ${revision.slug}, ${revision.description}
    FROM picklist_revisions WHERE picklist_id = ${picklistId}`);
  if (options.length > 0) {
    const rows = options.map((o) => ({ id: o.id, revision_id: revision.id, label: o.label, value: o.value, sort_order: o.order }));
    await tx.query(sql.unsafe`
      INSERT INTO picklist_options (id, revision_id, label, value, sort_order)
      SELECT id, revision_id, label, value, sort_order
      FROM jsonb_to_recordset(${sql.jsonb(rows)}) AS r(id uuid, revision_id uuid, label text, value text, sort_order integer)`);
  }
  await tx.query(sql.unsafe`
    UPDATE picklists SET current_revision_id = ${revision.id}, name = ${revision.name}, slug = ${revision.slug},
      description = ${revision.description}, row_version = row_version + 1, updated_at = now(),
      package_namespace = ${provenance ? provenance.namespace : sql.fragment`package_namespace`},
      package_id = ${provenance ? provenance.id : sql.fragment`package_id`},
      package_version = ${provenance ? provenance.version : sql.fragment`package_version`}
    WHERE id = ${picklistId}`);
  return revision.id;
}

export async function findRevision(db: CommonQueryMethods, picklistId: string, revisionId: string): Promise<PickListRevisionRow | null> {
  return db.maybeOne(sql.type(revisionRow)`
    SELECT id, picklist_id, revision_number, name, slug, description, created_at FROM picklist_revisions
    WHERE id = ${revisionId} AND picklist_id = ${picklistId}`);
}

export async function listOptions(db: CommonQueryMethods, revisionIds: readonly string[]): Promise<readonly PickListOptionRow[]> {
  if (revisionIds.length === 0) return [];
  return db.any(sql.type(optionRow)`
    SELECT id, revision_id, label, value, sort_order FROM picklist_options
    WHERE revision_id = ANY(${sql.array(revisionIds, 'uuid')}) ORDER BY sort_order, id`);
}

export async function softDeletePickList(tx: CommonQueryMethods, id: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE picklists SET is_deleted = true, deleted_at = now(), row_version = row_version + 1, updated_at = now() WHERE id = ${id}`);
}

/** Fields of live templates and components that bind the picklist (any version, any status). */
export async function fieldsBindingPickList(db: CommonQueryMethods, picklistId: string): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT f.id FROM template_fields f
      JOIN template_versions v ON v.id = f.template_version_id JOIN templates t ON t.id = v.template_id
      WHERE f.picklist_id = ${picklistId} AND NOT t.is_deleted
    UNION ALL
    SELECT f.id FROM component_fields f
      JOIN component_versions v ON v.id = f.component_version_id JOIN components c ON c.id = v.component_id
      WHERE f.picklist_id = ${picklistId} AND NOT c.is_deleted
    LIMIT 100`);
}
