// Exports templates, components and picklists as a package document. Dependencies come along:
// templates a selected template composes or allows, components its fields use (and the ones they
// nest), picklists any exported field binds. Output is deterministic (slugs sorted, fields in
// order), so exporting what an import created gives back the same document.
import type { CommonQueryMethods } from 'slonik';
import { validationFailed, type ValidationErrors } from '../../errors.js';
import { findComponentVersionById, latestComponentVersion, listAllComponents, listComponentFields, type ComponentRow } from '../../db/model/components.js';
import { listAllPickLists, listOptions, type PickListRow } from '../../db/model/picklists.js';
import { listAllTemplates, type TemplateRow } from '../../db/model/templates.js';
import { listAllowedTypes, listFields, listSections } from '../../db/model/template-structure.js';
import { shownVersion } from '../model/template-presenter.js';
import type { CtpComponent, CtpPackage, CtpPickList, CtpTemplate, CtpTemplateField } from '../../generated/schemas.js';
import { portableConfig } from './package-format.js';
import { storedFieldBasics } from '../model/field-basics.js';
import { storedPrimitiveType } from '../model/primitive-types.js';

export interface ExportSelection {
  readonly templateIds: readonly string[];
  readonly componentIds: readonly string[];
  readonly picklistIds: readonly string[];
}

export interface ExportMeta {
  readonly namespace: string;
  readonly id: string;
  readonly version: string;
}

export interface Catalogue {
  readonly templates: Map<string, TemplateRow>;
  readonly components: Map<string, ComponentRow>;
  readonly picklists: Map<string, PickListRow>;
}

export async function loadCatalogue(db: CommonQueryMethods, workspaceId: string): Promise<Catalogue> {
  const [templates, components, picklists] = await Promise.all([
    listAllTemplates(db, workspaceId),
    listAllComponents(db, workspaceId),
    listAllPickLists(db, workspaceId),
  ]);
  return {
    templates: new Map(templates.map((t) => [t.id, t])),
    components: new Map(components.map((c) => [c.id, c])),
    picklists: new Map(picklists.map((p) => [p.id, p])),
  };
}

/** The version a component exports: its current one, else its latest. */
export async function componentShownVersion(db: CommonQueryMethods, c: ComponentRow) {
  return c.current_version_id ? findComponentVersionById(db, c.current_version_id) : latestComponentVersion(db, c.id);
}

/** A component in package form; refs are slugs, bindings remembered for the picklist revisions. */
export async function componentToPackage(db: CommonQueryMethods, c: ComponentRow, cat: Catalogue, bindings?: Map<string, string[]>) {
  const version = await componentShownVersion(db, c);
  const fields = version ? await listComponentFields(db, [version.id]) : [];
  const out: CtpComponent = {
    slug: c.slug,
    name: c.name,
    description: c.description,
    fields: fields.map((f) => {
      if (f.picklist_id && bindings) remember(bindings, f.picklist_id, f.picklist_revision_id);
      return {
        ...storedFieldBasics(f),
        primitiveType: storedPrimitiveType(f.primitive_type),
        componentRef: f.nested_component_id ? (cat.components.get(f.nested_component_id)?.slug ?? null) : null,
        picklistRef: f.picklist_id ? (cat.picklists.get(f.picklist_id)?.slug ?? null) : null,
        fieldConfig: portableConfig(f.field_config),
      };
    }),
  };
  return { component: out, nested: fields.filter((f) => f.nested_component_id).map((f) => f.nested_component_id!) };
}

/** Notes which revision of a picklist an exported field binds. */
function remember(bindings: Map<string, string[]>, picklistId: string, revisionId: string | null): void {
  const list = bindings.get(picklistId) ?? [];
  if (revisionId) list.push(revisionId);
  bindings.set(picklistId, list);
}

/** A picklist in package form, with the options of the given revision. */
export async function picklistToPackage(db: CommonQueryMethods, p: PickListRow, revisionId: string): Promise<CtpPickList> {
  const options = await listOptions(db, [revisionId]);
  return {
    slug: p.slug,
    name: p.name,
    description: p.description,
    options: options.map((o) => ({ label: o.label, value: o.value, order: o.sort_order })),
  };
}

/** The version's chosen title field while it still names one of its Text fields (else the default applies). */
function titleKeyOf(key: string | null, fields: readonly { key: string; primitive_type: string | null; is_open: boolean }[]): { titleFieldKey: string } | null {
  const named = key ? fields.find((f) => f.primitive_type === 'Text' && !f.is_open && f.key.toLowerCase() === key.toLowerCase()) : undefined;
  return named ? { titleFieldKey: named.key } : null;
}

async function templateToPackage(db: CommonQueryMethods, t: TemplateRow, cat: Catalogue, bindings: Map<string, string[]>) {
  const version = await shownVersion(db, t);
  const ids = version ? [version.id] : [];
  const [sections, fields] = await Promise.all([listSections(db, ids), listFields(db, ids)]);
  const allowed = await listAllowedTypes(db, fields.map((f) => f.id));
  const refs = { templates: new Set<string>(), components: new Set<string>() };
  const toField = (f: (typeof fields)[number]): CtpTemplateField => {
    if (f.target_template_id) refs.templates.add(f.target_template_id);
    if (f.component_id) refs.components.add(f.component_id);
    if (f.picklist_id) remember(bindings, f.picklist_id, f.picklist_revision_id);
    const own = allowed.filter((a) => a.field_id === f.id);
    own.forEach((a) => a.allowed_template_id && refs.templates.add(a.allowed_template_id));
    return {
      ...storedFieldBasics(f),
      isOpen: f.is_open,
      compositionMode: f.composition_mode,
      primitiveType: storedPrimitiveType(f.primitive_type),
      templateRef: f.target_template_id ? (cat.templates.get(f.target_template_id)?.slug ?? null) : null,
      componentRef: f.component_id ? (cat.components.get(f.component_id)?.slug ?? null) : null,
      picklistRef: f.picklist_id ? (cat.picklists.get(f.picklist_id)?.slug ?? null) : null,
      allowedTypes: own.map((a) => ({
        primitiveType: storedPrimitiveType(a.primitive_type),
        templateRef: a.allowed_template_id ? (cat.templates.get(a.allowed_template_id)?.slug ?? null) : null,
      })),
      fieldConfig: portableConfig(f.field_config),
      // Only a shared field says so: a package without one stays what upstream's importer reads.
      ...(f.localized ? {} : { localized: false }),
    };
  };
  const template: CtpTemplate = {
    slug: t.slug,
    name: t.name,
    description: t.description,
    // Only a chosen title field travels; the default (first Text field) is the default there too.
    ...(titleKeyOf(version?.title_field_key ?? null, fields) ?? {}),
    sections: sections.map((s) => ({
      name: s.name,
      description: s.description,
      order: s.sort_order,
      isCollapsible: s.is_collapsible,
      fields: fields.filter((f) => f.section_id === s.id).map(toField),
    })),
    fields: fields.filter((f) => f.section_id === null).map(toField),
  };
  return { template, refs };
}

function unknownIds(errors: ValidationErrors, name: string, ids: readonly string[], known: ReadonlyMap<string, unknown>): void {
  ids.forEach((id) => {
    if (!known.has(id)) (errors[`query.${name}`] ??= []).push(`${id} is not in this workspace`);
  });
}

export async function buildExport(db: CommonQueryMethods, workspaceId: string, selection: ExportSelection, meta: ExportMeta): Promise<CtpPackage> {
  const cat = await loadCatalogue(db, workspaceId);
  const errors: ValidationErrors = {};
  unknownIds(errors, 'templateIds', selection.templateIds, cat.templates);
  unknownIds(errors, 'componentIds', selection.componentIds, cat.components);
  unknownIds(errors, 'picklistIds', selection.picklistIds, cat.picklists);
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'Some selected ids do not exist in this workspace.');
  const everything = selection.templateIds.length + selection.componentIds.length + selection.picklistIds.length === 0;

  const bindings = new Map<string, string[]>();
  const templates = new Map<string, CtpTemplate>();
  const pendingTemplates = everything ? [...cat.templates.keys()] : [...selection.templateIds];
  const pendingComponents = everything ? [...cat.components.keys()] : [...selection.componentIds];
  while (pendingTemplates.length > 0) {
    const id = pendingTemplates.pop()!;
    if (templates.has(id) || !cat.templates.has(id)) continue;
    const { template, refs } = await templateToPackage(db, cat.templates.get(id)!, cat, bindings);
    templates.set(id, template);
    pendingTemplates.push(...refs.templates);
    pendingComponents.push(...refs.components);
  }
  const components = new Map<string, CtpComponent>();
  while (pendingComponents.length > 0) {
    const id = pendingComponents.pop()!;
    if (components.has(id) || !cat.components.has(id)) continue;
    const { component, nested } = await componentToPackage(db, cat.components.get(id)!, cat, bindings);
    components.set(id, component);
    pendingComponents.push(...nested);
  }
  const picklistIds = new Set([...(everything ? cat.picklists.keys() : selection.picklistIds), ...bindings.keys()]);
  const picklists: CtpPickList[] = [];
  for (const id of picklistIds) {
    const p = cat.picklists.get(id);
    if (!p) continue;
    // A package carries one revision per picklist: the newest one an exported field binds (ids are
    // UUIDv7, so the greatest is the newest), else the current one.
    const bound = bindings.get(id) ?? [];
    const revisionId = bound.length > 0 ? [...bound].sort().at(-1)! : p.current_revision_id!;
    picklists.push(await picklistToPackage(db, p, revisionId));
  }
  const bySlug = <T extends { slug: string }>(a: T, b: T) => a.slug.localeCompare(b.slug);
  return {
    versoPackage: '1.1',
    namespace: meta.namespace,
    id: meta.id,
    version: meta.version,
    name: 'Verso export',
    description: 'Exported from Verso.',
    author: null,
    license: null,
    homepage: null,
    templates: [...templates.values()].sort(bySlug),
    picklists: picklists.sort(bySlug),
    components: [...components.values()].sort(bySlug),
  };
}
