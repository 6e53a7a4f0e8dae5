// What content validation needs to know about template versions, in one statement: every field
// with its allowed types, its bound picklist revision's options and the required keys of its
// component's current version. Also the live items that field values name as children.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import type { ChildDirectory, FieldSchema } from '../services/content-validation.js';

const schemaFieldRow = z.object({
  id: z.string(),
  template_version_id: z.string(),
  key: z.string(),
  label: z.string(),
  is_required: z.boolean(),
  min_occurrences: z.number(),
  max_occurrences: z.number().nullable(),
  is_open: z.boolean(),
  composition_mode: z.enum(['Inline', 'Reference']),
  primitive_type: z.string().nullable(),
  target_template_id: z.string().nullable(),
  component_id: z.string().nullable(),
  field_config: z.record(z.string(), z.unknown()),
  allowed_template_ids: z.array(z.string()),
  allowed_primitive_types: z.array(z.string()),
  picklist_options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  component_required_keys: z.array(z.string()),
});

export interface SchemaField extends FieldSchema {
  readonly templateVersionId: string;
  readonly label: string;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

/** The fields of each template version, keyed by template version id. */
export async function loadTemplateVersionFields(
  db: CommonQueryMethods,
  templateVersionIds: readonly string[],
): Promise<Map<string, SchemaField[]>> {
  const out = new Map<string, SchemaField[]>(templateVersionIds.map((id) => [id, []]));
  if (templateVersionIds.length === 0) return out;
  const rows = await db.any(sql.type(schemaFieldRow)`
    SELECT f.id, f.template_version_id, f.key, f.label, f.is_required, f.min_occurrences, f.max_occurrences, f.is_open,
      f.composition_mode, f.primitive_type, f.target_template_id, f.component_id, f.field_config,
      coalesce((SELECT array_agg(a.allowed_template_id::text ORDER BY a.sort_order) FROM template_field_allowed_types a
                 WHERE a.field_id = f.id AND a.allowed_template_id IS NOT NULL), '{}') AS allowed_template_ids,
      coalesce((SELECT array_agg(a.primitive_type ORDER BY a.sort_order) FROM template_field_allowed_types a
                 WHERE a.field_id = f.id AND a.primitive_type IS NOT NULL), '{}') AS allowed_primitive_types,
      (SELECT jsonb_agg(jsonb_build_object('value', o.value, 'label', o.label) ORDER BY o.sort_order, o.id)
         FROM picklist_options o WHERE o.revision_id = f.picklist_revision_id) AS picklist_options,
      coalesce((SELECT array_agg(cf.key ORDER BY cf.sort_order) FROM components c
                  JOIN component_fields cf ON cf.component_version_id = c.current_version_id
                 WHERE c.id = f.component_id AND (cf.is_required OR cf.min_occurrences > 0)), '{}') AS component_required_keys
    FROM template_fields f
    WHERE f.template_version_id = ANY(${sql.array(templateVersionIds, 'uuid')})
    ORDER BY f.sort_order, f.id`);
  for (const r of rows) {
    out.get(r.template_version_id)!.push({
      id: r.id,
      templateVersionId: r.template_version_id,
      key: r.key,
      label: r.label,
      isRequired: r.is_required,
      minOccurrences: r.min_occurrences,
      maxOccurrences: r.max_occurrences,
      isOpen: r.is_open,
      compositionMode: r.composition_mode,
      primitiveType: r.primitive_type,
      targetTemplateId: r.target_template_id,
      componentId: r.component_id,
      allowedTemplateIds: r.allowed_template_ids,
      allowedPrimitiveTypes: r.allowed_primitive_types,
      maxLength: r.primitive_type === 'Text' ? positiveInteger(r.field_config.maxLength) : null,
      picklist:
        r.primitive_type === 'PickList'
          ? { multiple: r.field_config.multiple === true, options: r.picklist_options ?? [] }
          : null,
      componentRequiredKeys: r.component_required_keys,
    });
  }
  return out;
}

/** Live items of the workspace among `ids`, with their template (for composition fields). */
export async function findChildItems(db: CommonQueryMethods, workspaceId: string, ids: readonly string[]): Promise<ChildDirectory> {
  if (ids.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ id: z.string(), template_id: z.string() }))`
    SELECT id, template_id FROM content_items
    WHERE id = ANY(${sql.array(ids, 'uuid')}) AND workspace_id = ${workspaceId} AND NOT is_deleted`);
  return new Map(rows.map((r) => [r.id, { templateId: r.template_id }]));
}

/** A template version of a live template in the workspace, with its template. */
export async function findWorkspaceTemplateVersion(
  db: CommonQueryMethods,
  workspaceId: string,
  templateVersionId: string,
): Promise<{ id: string; template_id: string; status: string } | null> {
  return db.maybeOne(sql.type(z.object({ id: z.string(), template_id: z.string(), status: z.string() }))`
    SELECT v.id, v.template_id, v.status FROM template_versions v JOIN templates t ON t.id = v.template_id
    WHERE v.id = ${templateVersionId} AND t.workspace_id = ${workspaceId} AND NOT t.is_deleted`);
}

/** The template's published version (the target of upgrade-template-version). */
export async function findPublishedTemplateVersion(db: CommonQueryMethods, templateId: string): Promise<string | null> {
  return db.maybeOneFirst(sql.type(z.object({ id: z.string() }))`
    SELECT id FROM template_versions WHERE template_id = ${templateId} AND status = 'Published'
    ORDER BY version_number DESC LIMIT 1`);
}
