// Shapes templates and template versions into their API bodies (TemplateResponse,
// TemplateVersionResponse), loading sections, fields and allowed types in three queries.
import type { CommonQueryMethods } from 'slonik';
import { findDraftVersion, findVersionById, type TemplateRow, type TemplateVersionRow } from '../../db/model/templates.js';
import { listAllowedTypes, listFields, listSections, type FieldRow, type AllowedTypeRow, type SectionRow } from '../../db/model/template-structure.js';
import type {
  TemplateFieldResponse,
  TemplateResponse,
  TemplateSectionResponse,
  TemplateSummaryResponse,
  TemplateVersionResponse,
} from '../../generated/schemas.js';
import { etagOf } from '../platform/etag.js';
import { storedFieldBasics } from './field-basics.js';
import { storedPrimitiveType } from './primitive-types.js';

export function sectionBody(s: Pick<SectionRow, 'id' | 'name' | 'description' | 'sort_order' | 'is_collapsible'>): TemplateSectionResponse {
  return { id: s.id, name: s.name, description: s.description, order: s.sort_order, isCollapsible: s.is_collapsible };
}

/**
 * What a stored field says beyond where it sits (id, version, section), its config and its allowed
 * types: the API body shows exactly this, and a new draft copies exactly this from the published version.
 */
export function templateFieldAttributes(f: FieldRow): Omit<TemplateFieldResponse, 'id' | 'sectionId' | 'allowedTypes' | 'fieldConfig'> {
  return {
    ...storedFieldBasics(f),
    isOpen: f.is_open,
    compositionMode: f.composition_mode,
    primitiveType: storedPrimitiveType(f.primitive_type),
    templateId: f.target_template_id,
    componentId: f.component_id,
    picklistId: f.picklist_id,
    picklistRevisionId: f.picklist_revision_id,
    localized: f.localized,
  };
}

export function fieldBody(f: FieldRow, allowed: readonly AllowedTypeRow[]): TemplateFieldResponse {
  return {
    id: f.id,
    sectionId: f.section_id,
    ...templateFieldAttributes(f),
    allowedTypes: allowed.map((a) => ({ id: a.id, primitiveType: storedPrimitiveType(a.primitive_type), allowedTemplateId: a.allowed_template_id })),
    fieldConfig: f.field_config,
  };
}

/**
 * The version's title field, as migration 0019's verso_title_field_id picks it: the chosen key if it
 * names a non-open Text field, else the first such field (`fields` are in the API's order).
 */
export function effectiveTitleFieldKey(chosen: string | null, fields: readonly Pick<TemplateFieldResponse, 'key' | 'primitiveType' | 'isOpen'>[]): string | null {
  const texts = fields.filter((f) => f.primitiveType === 'Text' && !f.isOpen);
  const named = chosen === null ? undefined : texts.find((f) => f.key.toLowerCase() === chosen.toLowerCase());
  return (named ?? texts[0])?.key ?? null;
}

function versionBody(v: TemplateVersionRow, sections: TemplateSectionResponse[], fields: TemplateFieldResponse[]): TemplateVersionResponse {
  return {
    titleFieldKey: effectiveTitleFieldKey(v.title_field_key, fields),
    id: v.id,
    templateId: v.template_id,
    versionNumber: v.version_number,
    status: v.status,
    publishedAt: v.published_at,
    notes: v.notes,
    createdAt: v.created_at,
    sections,
    fields,
  };
}

export async function presentVersions(db: CommonQueryMethods, versions: readonly TemplateVersionRow[]): Promise<TemplateVersionResponse[]> {
  const ids = versions.map((v) => v.id);
  const [sections, fields] = await Promise.all([listSections(db, ids), listFields(db, ids)]);
  const allowed = await listAllowedTypes(db, fields.map((f) => f.id));
  return versions.map((v) =>
    versionBody(
      v,
      sections.filter((s) => s.template_version_id === v.id).map(sectionBody),
      fields
        .filter((f) => f.template_version_id === v.id)
        .map((f) => fieldBody(f, allowed.filter((a) => a.field_id === f.id))),
    ),
  );
}

export async function presentVersion(db: CommonQueryMethods, version: TemplateVersionRow): Promise<TemplateVersionResponse> {
  return (await presentVersions(db, [version]))[0]!;
}

export function versionEtag(v: TemplateVersionRow): string {
  return etagOf(v.id, v.row_version);
}

export function templateEtag(t: TemplateRow): string {
  return etagOf(t.id, t.row_version);
}

/** The version a template shows: its current published version, else its draft. */
export async function shownVersion(db: CommonQueryMethods, t: TemplateRow): Promise<TemplateVersionRow | null> {
  if (t.current_version_id) return findVersionById(db, t.current_version_id);
  return findDraftVersion(db, t.id);
}

export async function presentTemplate(db: CommonQueryMethods, t: TemplateRow): Promise<TemplateResponse> {
  const version = await shownVersion(db, t);
  return {
    id: t.id,
    workspaceId: t.workspace_id,
    name: t.name,
    slug: t.slug,
    description: t.description,
    isSystem: false,
    currentVersionId: t.current_version_id,
    currentVersion: version ? await presentVersion(db, version) : null,
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}

export function templateSummary(t: TemplateRow): TemplateSummaryResponse {
  return {
    id: t.id,
    workspaceId: t.workspace_id,
    name: t.name,
    slug: t.slug,
    description: t.description,
    currentVersionId: t.current_version_id,
  };
}
