// Imports a package in one transaction (imports into one workspace take turns on an advisory
// lock). Order: picklists, then components (nested ones first), then templates (all rows first,
// so templates can reference each other, then one new published version each). Every field gets a
// new id and keeps its key. Anything refused — an invalid package, an installed version, an
// unresolved conflict — changes nothing.
import { v7 as uuidv7 } from 'uuid';
import { sql, type DatabasePool, type DatabaseTransactionConnection } from 'slonik';
import { conflict } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import {
  archivePublishedComponentVersions,
  insertComponent,
  insertComponentVersion,
  replaceComponentFields,
  setComponentCurrentVersion,
  updateComponentDetails,
} from '../../db/model/components.js';
import { addRevision, insertPickList } from '../../db/model/picklists.js';
import { enqueueOutboxEvent } from '../../db/platform/outbox.js';
import {
  archivePublishedVersions,
  insertTemplate,
  insertVersion,
  nextVersionNumber,
  setTemplateCurrentVersion,
  updateTemplateDetails,
  type PackageProvenance,
} from '../../db/model/templates.js';
import { insertFields, insertSections, type NewField } from '../../db/model/template-structure.js';
import type { CtpComponent, CtpPackage, PackageImportResponse } from '../../generated/schemas.js';
import { auditModelChange } from '../model/model-audit.js';
import { normaliseOptions } from '../model/picklists.js';
import { assertValidPackage } from './package-rules.js';
import { compareVersions, picklistRefOf, portableConfig, templateFields, type Resolutions } from './package-format.js';
import { planImport } from './package-plan.js';
import { packagedFieldBasics } from '../model/field-basics.js';

function freeSlug(slug: string, taken: Set<string>): string {
  for (let n = 2; ; n++) {
    const candidate = `${slug.slice(0, 90)}-${n}`;
    if (!taken.has(candidate)) {
      taken.add(candidate);
      return candidate;
    }
  }
}

/** Nested components before the components that nest them (the package is known to be acyclic). */
function nestedFirst(components: readonly CtpComponent[]): CtpComponent[] {
  const bySlug = new Map(components.map((c) => [c.slug, c]));
  const out: CtpComponent[] = [];
  const seen = new Set<string>();
  const visit = (c: CtpComponent) => {
    if (seen.has(c.slug)) return;
    seen.add(c.slug);
    c.fields.forEach((f) => f.componentRef && bySlug.has(f.componentRef) && visit(bySlug.get(f.componentRef)!));
    out.push(c);
  };
  components.forEach(visit);
  return out;
}

/**
 * The resolution the request sent for `slug`, own keys only: `constructor` is a valid slug, and on
 * the plain object the request body is, it would "find" Object and pass for a resolution (issue #23).
 */
function resolutionFor<T>(sent: Readonly<Record<string, T>>, slug: string): T | undefined {
  return Object.hasOwn(sent, slug) ? sent[slug] : undefined;
}

export async function importPackage(db: DatabasePool, actor: Actor, workspaceId: string, pkg: CtpPackage, resolutions: Resolutions): Promise<PackageImportResponse> {
  assertValidPackage(pkg);
  return db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(hashtext(${'verso.package-import:' + workspaceId}))`);
    const { preview, catalogue } = await planImport(tx, workspaceId, pkg);
    if (preview.installedVersions.some((v) => compareVersions(v, pkg.version) >= 0)) {
      throw conflict(`${pkg.namespace}/${pkg.id}@${pkg.version} is already installed, or an equal or newer version is.`, {
        installedVersions: preview.installedVersions,
      });
    }
    const unresolvedPicklists = preview.pickLists.filter((p) => p.status === 'Conflict' && !resolutionFor(resolutions.pickLists, p.slug)).map((p) => p.slug);
    const unresolvedComponents = preview.components.filter((c) => c.status === 'Conflict' && !resolutionFor(resolutions.components, c.slug)).map((c) => c.slug);
    if (unresolvedPicklists.length + unresolvedComponents.length > 0) {
      throw conflict('Some picklists or components of the package clash with different ones in this workspace; send resolutions for them.', {
        unresolvedPicklists,
        unresolvedComponents,
        preview,
      });
    }
    const provenance: PackageProvenance = { namespace: pkg.namespace, id: pkg.id, version: pkg.version };
    const audit = (entityType: 'Template' | 'Component' | 'PickList', entityId: string, action: 'Created' | 'Updated', after: Record<string, unknown>) =>
      auditModelChange(tx, actor, { workspaceId, entityType, entityId, action, after: { ...after, package: `${pkg.namespace}/${pkg.id}@${pkg.version}` } });

    // Picklists: slug → the picklist and revision that fields of this package bind.
    const picklistSlugs = new Set([...catalogue.picklists.values()].map((p) => p.slug));
    const existingPicklists = new Map([...catalogue.picklists.values()].map((p) => [p.slug, p]));
    const boundPicklists = new Map<string, { id: string; revisionId: string }>();
    const pickListResults: PackageImportResponse['pickLists'] = [];
    for (const p of pkg.picklists ?? []) {
      const existing = existingPicklists.get(p.slug);
      const action = !existing ? 'import' : (resolutionFor(resolutions.pickLists, p.slug) ?? 'useExisting');
      const details = (slug: string) => ({ id: uuidv7(), name: p.name, slug, description: p.description ?? null });
      if (action === 'useExisting') {
        boundPicklists.set(p.slug, { id: existing!.id, revisionId: existing!.current_revision_id! });
        pickListResults.push({ slug: p.slug, resolvedSlug: existing!.slug, pickListId: existing!.id, action: 'useExisting' });
      } else if (action === 'replace') {
        const revisionId = await addRevision(tx, existing!.id, details(existing!.slug), normaliseOptions(p.options), provenance);
        boundPicklists.set(p.slug, { id: existing!.id, revisionId });
        pickListResults.push({ slug: p.slug, resolvedSlug: existing!.slug, pickListId: existing!.id, action: 'replaced' });
        await audit('PickList', existing!.id, 'Updated', { revisionId });
      } else {
        const slug = action === 'importAsNew' ? freeSlug(p.slug, picklistSlugs) : p.slug;
        const id = uuidv7();
        const revision = details(slug);
        await insertPickList(tx, { id, workspaceId, name: p.name, slug, description: p.description ?? null, provenance });
        const revisionId = await addRevision(tx, id, revision, normaliseOptions(p.options));
        boundPicklists.set(p.slug, { id, revisionId });
        pickListResults.push({ slug: p.slug, resolvedSlug: slug, pickListId: id, action: action === 'importAsNew' ? 'importedAsNew' : 'imported' });
        await audit('PickList', id, 'Created', { slug, revisionId });
      }
    }
    const bindingOf = (f: { primitiveType?: string | null; picklistRef?: string | null; fieldConfig?: Record<string, unknown> | null }) => {
      const ref = f.primitiveType === 'PickList' ? picklistRefOf(f) : null;
      const bound = ref ? boundPicklists.get(ref)! : null;
      return { picklistId: bound?.id ?? null, picklistRevisionId: bound?.revisionId ?? null };
    };

    // Components, nested ones first so their ids are known.
    const componentSlugs = new Set([...catalogue.components.values()].map((c) => c.slug));
    const existingComponents = new Map([...catalogue.components.values()].map((c) => [c.slug, c]));
    const componentIds = new Map<string, string>();
    const componentResults: PackageImportResponse['components'] = [];
    const writeComponentVersion = async (componentId: string, c: CtpComponent) => {
      await archivePublishedComponentVersions(tx, componentId);
      const v = await insertComponentVersion(tx, { id: uuidv7(), componentId, status: 'Published', notes: `Imported from ${pkg.namespace}/${pkg.id}@${pkg.version}` });
      await replaceComponentFields(
        tx,
        v.id,
        c.fields.map((f) => ({
          id: uuidv7(),
          ...packagedFieldBasics(f),
          primitiveType: f.primitiveType ?? null,
          nestedComponentId: f.componentRef ? componentIds.get(f.componentRef)! : null,
          ...bindingOf(f),
          fieldConfig: portableConfig(f.fieldConfig),
        })),
      );
      await setComponentCurrentVersion(tx, componentId, v.id);
      return v;
    };
    for (const c of nestedFirst(pkg.components ?? [])) {
      const existing = existingComponents.get(c.slug);
      const action = !existing ? 'import' : (resolutionFor(resolutions.components, c.slug) ?? 'useExisting');
      if (action === 'useExisting') {
        componentIds.set(c.slug, existing!.id);
        componentResults.push({ slug: c.slug, resolvedSlug: existing!.slug, componentId: existing!.id, action: 'useExisting', componentVersionId: existing!.current_version_id, versionNumber: null });
        continue;
      }
      let id: string;
      let slug: string;
      if (action === 'replace') {
        id = existing!.id;
        slug = existing!.slug;
        await updateComponentDetails(tx, id, { name: c.name, slug, description: c.description ?? null, provenance });
      } else {
        id = uuidv7();
        slug = action === 'importAsNew' ? freeSlug(c.slug, componentSlugs) : c.slug;
        await insertComponent(tx, { id, workspaceId, name: c.name, slug, description: c.description ?? null, provenance });
      }
      componentIds.set(c.slug, id);
      const v = await writeComponentVersion(id, c);
      const resultAction = action === 'replace' ? 'replaced' : action === 'importAsNew' ? 'importedAsNew' : 'imported';
      componentResults.push({ slug: c.slug, resolvedSlug: slug, componentId: id, action: resultAction, componentVersionId: v.id, versionNumber: v.version_number });
      await audit('Component', id, action === 'replace' ? 'Updated' : 'Created', { slug, componentVersionId: v.id });
    }

    // Templates: rows first (matched by slug), then one published version each.
    const existingTemplates = new Map([...catalogue.templates.values()].map((t) => [t.slug, t]));
    const templateIds = new Map<string, string>();
    for (const t of pkg.templates) {
      const existing = existingTemplates.get(t.slug);
      if (existing) {
        await updateTemplateDetails(tx, existing.id, { name: t.name, description: t.description ?? null, provenance });
        templateIds.set(t.slug, existing.id);
      } else {
        const row = await insertTemplate(tx, { id: uuidv7(), workspaceId, name: t.name, slug: t.slug, description: t.description ?? null, provenance });
        templateIds.set(t.slug, row.id);
      }
    }
    const imported: PackageImportResponse['imported'] = [];
    for (const t of pkg.templates) {
      const templateId = templateIds.get(t.slug)!;
      await archivePublishedVersions(tx, templateId);
      const version = await insertVersion(tx, {
        id: uuidv7(),
        templateId,
        versionNumber: await nextVersionNumber(tx, templateId),
        status: 'Published',
        notes: `Imported from ${pkg.namespace}/${pkg.id}@${pkg.version}`,
        titleFieldKey: t.titleFieldKey ?? null,
      });
      await writeTemplateStructure(tx, version.id, t, { templateIds, componentIds, bindingOf });
      await setTemplateCurrentVersion(tx, templateId, version.id);
      await enqueueOutboxEvent(tx, {
        workspaceId,
        eventType: 'template.version_published',
        entityType: 'TemplateVersion',
        entityId: version.id,
        payload: { templateId, templateVersionId: version.id, versionNumber: version.version_number, workspaceId },
      });
      const updated = existingTemplates.has(t.slug);
      imported.push({ templateId, slug: t.slug, name: t.name, templateVersionId: version.id, versionNumber: version.version_number, action: updated ? 'updated' : 'imported' });
      await audit('Template', templateId, updated ? 'Updated' : 'Created', { slug: t.slug, publishedVersionId: version.id });
    }
    return { packageNamespace: pkg.namespace, id: pkg.id, version: pkg.version, imported, skipped: [], errors: [], pickLists: pickListResults, components: componentResults };
  });
}

async function writeTemplateStructure(
  tx: DatabaseTransactionConnection,
  versionId: string,
  t: CtpPackage['templates'][number],
  refs: {
    templateIds: ReadonlyMap<string, string>;
    componentIds: ReadonlyMap<string, string>;
    bindingOf: (f: { primitiveType?: string | null; picklistRef?: string | null; fieldConfig?: Record<string, unknown> | null }) => {
      picklistId: string | null;
      picklistRevisionId: string | null;
    };
  },
): Promise<void> {
  const sectionIds = new Map((t.sections ?? []).map((s) => [s, uuidv7()]));
  await insertSections(
    tx,
    (t.sections ?? []).map((s) => ({
      id: sectionIds.get(s)!,
      versionId,
      name: s.name,
      description: s.description ?? null,
      order: s.order,
      isCollapsible: s.isCollapsible ?? false,
    })),
  );
  const fields: NewField[] = templateFields(t).map(({ field: f, section }) => ({
    id: uuidv7(),
    versionId,
    sectionId: section ? sectionIds.get(section)! : null,
    ...packagedFieldBasics(f),
    isOpen: f.isOpen ?? false,
    compositionMode: f.compositionMode,
    primitiveType: f.primitiveType ?? null,
    templateId: f.templateRef ? refs.templateIds.get(f.templateRef)! : null,
    componentId: f.componentRef ? refs.componentIds.get(f.componentRef)! : null,
    ...refs.bindingOf(f),
    fieldConfig: portableConfig(f.fieldConfig),
    // Packages from before shared fields (and upstream's) do not say: every field is localized.
    localized: f.localized ?? true,
    allowedTypes: (f.allowedTypes ?? []).map((a) => ({
      id: uuidv7(),
      primitiveType: a.primitiveType ?? null,
      allowedTemplateId: a.templateRef ? refs.templateIds.get(a.templateRef)! : null,
    })),
  }));
  await insertFields(tx, fields);
}
