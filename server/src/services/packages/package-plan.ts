// What importing a package would do in a workspace: templates are created or updated (matched by
// slug, fields by key); picklists and components are created, reused when identical, or in
// conflict when a different one has the slug. The preview route shows this; the import follows it.
import type { CommonQueryMethods } from 'slonik';
import { sql } from 'slonik';
import { z } from 'zod';
import { listFields } from '../../db/model/template-structure.js';
import type {
  CtpComponent,
  CtpPackage,
  CtpPickList,
  PackageComponentPreview,
  PackageImportPreviewResponse,
  PackagePickListPreview,
  PackageTemplatePreview,
} from '../../generated/schemas.js';
import { shownVersion } from '../model/template-presenter.js';
import { componentToPackage, loadCatalogue, picklistToPackage, type Catalogue } from './package-export.js';
import { canonicalJson, picklistRefOf, portableConfig, templateFields } from './package-format.js';
import { packagedFieldBasics } from '../model/field-basics.js';

export function normalisePickList(p: CtpPickList): CtpPickList {
  return {
    slug: p.slug,
    name: p.name,
    description: p.description ?? null,
    options: p.options.map((o, i) => ({ label: o.label.trim(), value: o.value.trim(), order: o.order ?? i })),
  };
}

export function normaliseComponent(c: CtpComponent): CtpComponent {
  return {
    slug: c.slug,
    name: c.name,
    description: c.description ?? null,
    fields: c.fields.map((f) => ({
      ...packagedFieldBasics(f),
      primitiveType: f.primitiveType ?? null,
      componentRef: f.componentRef ?? null,
      picklistRef: picklistRefOf(f),
      fieldConfig: portableConfig(f.fieldConfig),
    })),
  };
}

export async function installedVersions(db: CommonQueryMethods, workspaceId: string, pkg: CtpPackage): Promise<string[]> {
  const versions = await db.anyFirst(sql.type(z.object({ v: z.string() }))`
    SELECT DISTINCT package_version AS v FROM (
      SELECT package_namespace, package_id, package_version FROM templates WHERE workspace_id = ${workspaceId} AND NOT is_deleted
      UNION ALL SELECT package_namespace, package_id, package_version FROM components WHERE workspace_id = ${workspaceId} AND NOT is_deleted
      UNION ALL SELECT package_namespace, package_id, package_version FROM picklists WHERE workspace_id = ${workspaceId} AND NOT is_deleted
    ) p WHERE package_namespace = ${pkg.namespace} AND package_id = ${pkg.id} AND package_version IS NOT NULL
    ORDER BY 1`);
  return [...versions];
}

export interface ImportPlan {
  readonly preview: PackageImportPreviewResponse;
  readonly catalogue: Catalogue;
}

export async function planImport(db: CommonQueryMethods, workspaceId: string, pkg: CtpPackage): Promise<ImportPlan> {
  const cat = await loadCatalogue(db, workspaceId);
  const bySlug = <T extends { slug: string }>(rows: Iterable<T>) => new Map([...rows].map((r) => [r.slug, r]));
  const templates = bySlug(cat.templates.values());
  const components = bySlug(cat.components.values());
  const picklists = bySlug(cat.picklists.values());
  const sameSource = (row: { package_namespace: string | null; package_id: string | null }) =>
    row.package_namespace === pkg.namespace && row.package_id === pkg.id;

  const pickListPreviews: PackagePickListPreview[] = [];
  for (const p of pkg.picklists ?? []) {
    const incoming = normalisePickList(p);
    const existing = picklists.get(p.slug);
    const current = existing ? await picklistToPackage(db, existing, existing.current_revision_id!) : null;
    const identical = current !== null && canonicalJson(current) === canonicalJson(incoming);
    pickListPreviews.push({
      slug: p.slug,
      name: p.name,
      description: incoming.description ?? null,
      options: incoming.options.map((o) => ({ label: o.label, value: o.value, order: o.order! })),
      status: !existing ? 'Create' : identical ? 'Unchanged' : 'Conflict',
      existingId: existing?.id ?? null,
      existingName: existing?.name ?? null,
      existingOptions: current ? current.options.map((o) => ({ label: o.label, value: o.value, order: o.order! })) : null,
      suggestedAction: !existing ? 'import' : identical || !sameSource(existing) ? 'useExisting' : 'replace',
    });
  }

  const componentPreviews: PackageComponentPreview[] = [];
  for (const c of pkg.components ?? []) {
    const incoming = normaliseComponent(c);
    const existing = components.get(c.slug);
    const current = existing ? (await componentToPackage(db, existing, cat)).component : null;
    const identical = current !== null && canonicalJson(normaliseComponent(current)) === canonicalJson(incoming);
    componentPreviews.push({
      slug: c.slug,
      name: c.name,
      description: incoming.description ?? null,
      fieldCount: c.fields.length,
      status: !existing ? 'Create' : identical ? 'Unchanged' : 'Conflict',
      existingId: existing?.id ?? null,
      existingName: existing?.name ?? null,
      existingFieldCount: current ? current.fields.length : null,
      suggestedAction: !existing ? 'import' : identical || !sameSource(existing) ? 'useExisting' : 'replace',
    });
  }

  const templatePreviews: PackageTemplatePreview[] = [];
  for (const t of pkg.templates) {
    const existing = templates.get(t.slug);
    const incomingKeys = templateFields(t).map(({ field }) => field.key);
    const version = existing ? await shownVersion(db, existing) : null;
    const existingKeys = version ? (await listFields(db, [version.id])).map((f) => f.key) : [];
    const lower = (keys: string[]) => new Set(keys.map((k) => k.toLowerCase()));
    const inExisting = lower(existingKeys);
    const inIncoming = lower(incomingKeys);
    templatePreviews.push({
      slug: t.slug,
      name: t.name,
      status: existing ? 'Update' : 'Create',
      existingId: existing?.id ?? null,
      fieldCount: incomingKeys.length,
      addedFieldKeys: incomingKeys.filter((k) => !inExisting.has(k.toLowerCase())),
      removedFieldKeys: existingKeys.filter((k) => !inIncoming.has(k.toLowerCase())),
      keptFieldKeys: incomingKeys.filter((k) => inExisting.has(k.toLowerCase())),
    });
  }

  return {
    catalogue: cat,
    preview: {
      packageNamespace: pkg.namespace,
      id: pkg.id,
      version: pkg.version,
      installedVersions: await installedVersions(db, workspaceId, pkg),
      pickLists: pickListPreviews,
      templates: templatePreviews,
      components: componentPreviews,
    },
  };
}
