// Named queries for the sections, fields and allowed types of template versions. Fields are
// written in bulk (one statement per batch, rows passed as one jsonb array) because drafts copy
// every field of the published version and package imports write hundreds at once.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { fieldBasicsColumns } from './model-rows.js';

const sectionRow = z.object({
  id: z.string(),
  template_version_id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sort_order: z.number(),
  is_collapsible: z.boolean(),
});
export type SectionRow = z.infer<typeof sectionRow>;

const fieldRow = z.object({
  id: z.string(),
  template_version_id: z.string(),
  section_id: z.string().nullable(),
  ...fieldBasicsColumns,
  is_open: z.boolean(),
  composition_mode: z.enum(['Inline', 'Reference']),
  primitive_type: z.string().nullable(),
  target_template_id: z.string().nullable(),
  component_id: z.string().nullable(),
  picklist_id: z.string().nullable(),
  picklist_revision_id: z.string().nullable(),
  field_config: z.record(z.string(), z.unknown()),
  localized: z.boolean(),
});
export type FieldRow = z.infer<typeof fieldRow>;

const allowedTypeRow = z.object({
  id: z.string(),
  field_id: z.string(),
  sort_order: z.number(),
  primitive_type: z.string().nullable(),
  allowed_template_id: z.string().nullable(),
});
export type AllowedTypeRow = z.infer<typeof allowedTypeRow>;

const FIELD_COLUMNS = sql.fragment`f.id, f.template_version_id, f.section_id, f.key, f.label, f.help_text, f.sort_order,
  f.is_required, f.min_occurrences, f.max_occurrences, f.is_open, f.composition_mode, f.primitive_type,
  f.target_template_id, f.component_id, f.picklist_id, f.picklist_revision_id, f.field_config, f.localized`;

export async function listSections(db: CommonQueryMethods, versionIds: readonly string[]): Promise<readonly SectionRow[]> {
  if (versionIds.length === 0) return [];
  return db.any(sql.type(sectionRow)`
    SELECT id, template_version_id, name, description, sort_order, is_collapsible FROM template_sections
    WHERE template_version_id = ANY(${sql.array(versionIds, 'uuid')}) ORDER BY sort_order, id`);
}

export async function listFields(db: CommonQueryMethods, versionIds: readonly string[]): Promise<readonly FieldRow[]> {
  if (versionIds.length === 0) return [];
  return db.any(sql.type(fieldRow)`
    SELECT ${FIELD_COLUMNS} FROM template_fields f
    LEFT JOIN template_sections s ON s.id = f.section_id
    WHERE f.template_version_id = ANY(${sql.array(versionIds, 'uuid')})
    ORDER BY s.sort_order NULLS FIRST, s.id NULLS FIRST, f.sort_order, f.id`);
}

export async function listAllowedTypes(db: CommonQueryMethods, fieldIds: readonly string[]): Promise<readonly AllowedTypeRow[]> {
  if (fieldIds.length === 0) return [];
  return db.any(sql.type(allowedTypeRow)`
    SELECT id, field_id, sort_order, primitive_type, allowed_template_id FROM template_field_allowed_types
    WHERE field_id = ANY(${sql.array(fieldIds, 'uuid')}) ORDER BY sort_order, id`);
}

export interface NewSection {
  readonly id: string;
  readonly versionId: string;
  readonly name: string;
  readonly description: string | null;
  readonly order: number;
  readonly isCollapsible: boolean;
}

export async function insertSections(tx: CommonQueryMethods, sections: readonly NewSection[]): Promise<void> {
  if (sections.length === 0) return;
  const rows = sections.map((s) => ({
    id: s.id,
    template_version_id: s.versionId,
    name: s.name,
    description: s.description,
    sort_order: s.order,
    is_collapsible: s.isCollapsible,
  }));
  await tx.query(sql.unsafe`
    INSERT INTO template_sections (id, template_version_id, name, description, sort_order, is_collapsible)
    SELECT id, template_version_id, name, description, sort_order, is_collapsible
    FROM jsonb_to_recordset(${sql.jsonb(rows)}) AS r(id uuid, template_version_id uuid, name text, description text,
      sort_order integer, is_collapsible boolean)`);
}

export async function findSection(db: CommonQueryMethods, versionId: string, sectionId: string): Promise<SectionRow | null> {
  return db.maybeOne(sql.type(sectionRow)`
    SELECT id, template_version_id, name, description, sort_order, is_collapsible FROM template_sections
    WHERE id = ${sectionId} AND template_version_id = ${versionId}`);
}

export async function updateSection(tx: CommonQueryMethods, s: NewSection): Promise<SectionRow> {
  return tx.one(sql.type(sectionRow)`
    UPDATE template_sections SET name = ${s.name}, description = ${s.description}, sort_order = ${s.order},
      is_collapsible = ${s.isCollapsible}
    WHERE id = ${s.id} AND template_version_id = ${s.versionId}
    RETURNING id, template_version_id, name, description, sort_order, is_collapsible`);
}

/** Removes a section; its fields move to the root (the foreign key is ON DELETE SET NULL). */
export async function deleteSection(tx: CommonQueryMethods, versionId: string, sectionId: string): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM template_sections WHERE id = ${sectionId} AND template_version_id = ${versionId}`);
}

export interface NewField {
  readonly id: string;
  readonly versionId: string;
  readonly sectionId: string | null;
  readonly key: string;
  readonly label: string;
  readonly helpText: string | null;
  readonly order: number;
  readonly isRequired: boolean;
  readonly minOccurrences: number;
  readonly maxOccurrences: number | null;
  readonly isOpen: boolean;
  readonly compositionMode: 'Inline' | 'Reference';
  readonly primitiveType: string | null;
  readonly templateId: string | null;
  readonly componentId: string | null;
  readonly picklistId: string | null;
  readonly picklistRevisionId: string | null;
  readonly fieldConfig: Readonly<Record<string, unknown>>;
  /** False: the field is shared across translations (written on the default-locale member). */
  readonly localized: boolean;
  readonly allowedTypes: readonly { readonly id: string; readonly primitiveType: string | null; readonly allowedTemplateId: string | null }[];
}

export async function insertFields(tx: CommonQueryMethods, fields: readonly NewField[]): Promise<void> {
  if (fields.length === 0) return;
  const rows = fields.map((f) => ({
    id: f.id,
    template_version_id: f.versionId,
    section_id: f.sectionId,
    key: f.key,
    label: f.label,
    help_text: f.helpText,
    sort_order: f.order,
    is_required: f.isRequired,
    min_occurrences: f.minOccurrences,
    max_occurrences: f.maxOccurrences,
    is_open: f.isOpen,
    composition_mode: f.compositionMode,
    primitive_type: f.primitiveType,
    target_template_id: f.templateId,
    component_id: f.componentId,
    picklist_id: f.picklistId,
    picklist_revision_id: f.picklistRevisionId,
    field_config: f.fieldConfig,
    localized: f.localized,
  }));
  await tx.query(sql.unsafe`
    INSERT INTO template_fields (id, template_version_id, section_id, key, label, help_text, sort_order, is_required,
      min_occurrences, max_occurrences, is_open, composition_mode, primitive_type, target_template_id, component_id,
      picklist_id, picklist_revision_id, field_config, localized)
    SELECT id, template_version_id, section_id, key, label, help_text, sort_order, is_required, min_occurrences,
      max_occurrences, is_open, composition_mode, primitive_type, target_template_id, component_id, picklist_id,
      picklist_revision_id, field_config, localized
    FROM jsonb_to_recordset(${sql.jsonb(rows as never)}) AS r(id uuid, template_version_id uuid, section_id uuid, key text,
      label text, help_text text, sort_order integer, is_required boolean, min_occurrences integer, max_occurrences integer,
      is_open boolean, composition_mode text, primitive_type text, target_template_id uuid, component_id uuid,
      picklist_id uuid, picklist_revision_id uuid, field_config jsonb, localized boolean)`);
  await insertAllowedTypes(
    tx,
    fields.flatMap((f) => f.allowedTypes.map((a, i) => ({ ...a, fieldId: f.id, order: i }))),
  );
}

async function insertAllowedTypes(
  tx: CommonQueryMethods,
  entries: readonly { id: string; fieldId: string; order: number; primitiveType: string | null; allowedTemplateId: string | null }[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = entries.map((e) => ({
    id: e.id,
    field_id: e.fieldId,
    sort_order: e.order,
    primitive_type: e.primitiveType,
    allowed_template_id: e.allowedTemplateId,
  }));
  await tx.query(sql.unsafe`
    INSERT INTO template_field_allowed_types (id, field_id, sort_order, primitive_type, allowed_template_id)
    SELECT id, field_id, sort_order, primitive_type, allowed_template_id
    FROM jsonb_to_recordset(${sql.jsonb(rows)}) AS r(id uuid, field_id uuid, sort_order integer, primitive_type text,
      allowed_template_id uuid)`);
}

export async function findField(db: CommonQueryMethods, versionId: string, fieldId: string): Promise<FieldRow | null> {
  return db.maybeOne(sql.type(fieldRow)`
    SELECT ${FIELD_COLUMNS} FROM template_fields f WHERE f.id = ${fieldId} AND f.template_version_id = ${versionId}`);
}

/** Rewrites a field in place (same id, so anything pointing at it stays valid) and its allowed types. */
export async function replaceField(tx: CommonQueryMethods, f: NewField): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE template_fields SET section_id = ${f.sectionId}, key = ${f.key}, label = ${f.label}, help_text = ${f.helpText},
      sort_order = ${f.order}, is_required = ${f.isRequired}, min_occurrences = ${f.minOccurrences},
      max_occurrences = ${f.maxOccurrences}, is_open = ${f.isOpen}, composition_mode = ${f.compositionMode},
      primitive_type = ${f.primitiveType}, target_template_id = ${f.templateId}, component_id = ${f.componentId},
      picklist_id = ${f.picklistId}, picklist_revision_id = ${f.picklistRevisionId},
      field_config = ${sql.jsonb(f.fieldConfig as never)}, localized = ${f.localized}
    WHERE id = ${f.id} AND template_version_id = ${f.versionId}`);
  await tx.query(sql.unsafe`DELETE FROM template_field_allowed_types WHERE field_id = ${f.id}`);
  await insertAllowedTypes(tx, f.allowedTypes.map((a, i) => ({ ...a, fieldId: f.id, order: i })));
}

export async function deleteField(tx: CommonQueryMethods, versionId: string, fieldId: string): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM template_fields WHERE id = ${fieldId} AND template_version_id = ${versionId}`);
}

export async function setFieldOrders(
  tx: CommonQueryMethods,
  versionId: string,
  orders: readonly { fieldId: string; order: number }[],
): Promise<number> {
  if (orders.length === 0) return 0;
  const rows = orders.map((o) => ({ id: o.fieldId, sort_order: o.order }));
  const result = await tx.query(sql.unsafe`
    UPDATE template_fields f SET sort_order = r.sort_order
    FROM jsonb_to_recordset(${sql.jsonb(rows)}) AS r(id uuid, sort_order integer)
    WHERE f.id = r.id AND f.template_version_id = ${versionId}`);
  return result.rowCount;
}

/** Composition edges (template → target template) of each live template's draft and published version. */
export async function listCompositionEdges(db: CommonQueryMethods, workspaceId: string): Promise<readonly { from_template_id: string; version_id: string; to_template_id: string }[]> {
  return db.any(sql.type(z.object({ from_template_id: z.string(), version_id: z.string(), to_template_id: z.string() }))`
    SELECT v.template_id AS from_template_id, v.id AS version_id, f.target_template_id AS to_template_id
    FROM template_fields f
    JOIN template_versions v ON v.id = f.template_version_id
    JOIN templates t ON t.id = v.template_id
    WHERE t.workspace_id = ${workspaceId} AND NOT t.is_deleted AND v.status IN ('Draft', 'Published')
      AND f.target_template_id IS NOT NULL`);
}
