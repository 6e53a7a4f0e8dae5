// What content validation needs to know about template versions, in at most two statements: every
// field with its allowed types and its bound picklist revision's options; then, only when some field
// is a component field, the current version of every component reachable from those fields (one
// recursive statement, however deep the nesting). Also the live items that field values name as children.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

/** The options of a bound picklist revision, and whether several may be chosen. */
export interface PickListChoices {
  readonly multiple: boolean;
  readonly options: readonly { readonly value: string; readonly label: string }[];
}


/** A Number field's settings (fieldConfig `min`, `max`, `integer`, `decimals`), each null when not set. */
export interface NumberRules {
  readonly min: number | null;
  readonly max: number | null;
  readonly integer: boolean;
  readonly decimals: number | null;
}

export const NO_NUMBER_RULES: NumberRules = { min: null, max: null, integer: false, decimals: null };


/** A component's current version: its fields, nested components resolved to their own schema. */
export interface ComponentSchema {
  readonly id: string;
  readonly fields: readonly ComponentFieldSchema[];
}


export interface ComponentFieldSchema {
  readonly key: string;
  readonly isRequired: boolean;
  readonly minOccurrences: number;
  readonly maxOccurrences: number | null;
  /** Exactly one of primitiveType and nestedComponent describes the value (null schema: unknown component, contents unchecked). */
  readonly primitiveType: string | null;
  readonly nestedComponent: ComponentSchema | null;
  /** Text `fieldConfig.maxLength`. */
  readonly maxLength: number | null;
  readonly picklist: PickListChoices | null;
  /** Number `fieldConfig` min, max, integer and decimals. */
  readonly numberRules: NumberRules;
  /** Json `fieldConfig.schema` (undefined: none). */
  readonly jsonSchema: unknown;
}


export interface FieldSchema {
  readonly id: string;
  readonly key: string;
  /** What people read: messages about the field name it by its label (the key when the label is blank). */
  readonly label: string;
  readonly isRequired: boolean;
  readonly minOccurrences: number;
  readonly maxOccurrences: number | null;
  readonly isOpen: boolean;
  readonly compositionMode: 'Inline' | 'Reference';
  readonly primitiveType: string | null;
  readonly targetTemplateId: string | null;
  readonly componentId: string | null;
  readonly allowedTemplateIds: readonly string[];
  readonly allowedPrimitiveTypes: readonly string[];
  /** Text `fieldConfig.maxLength`. */
  readonly maxLength: number | null;
  /** The bound picklist revision's options, and whether several may be chosen. */
  readonly picklist: { readonly multiple: boolean; readonly options: readonly { value: string; label: string }[] } | null;
  /** Number `fieldConfig` min, max, integer and decimals. */
  readonly numberRules: NumberRules;
  /** Json `fieldConfig.schema` (undefined: none). */
  readonly jsonSchema: unknown;
  /** The current version of the field's component, nested components resolved (null when not a component field). */
  readonly component: ComponentSchema | null;
}


/** Live items of the workspace that values name as children, with their template. */
export type ChildDirectory = ReadonlyMap<string, { readonly templateId: string }>;


const pickListOptions = z.array(z.object({ value: z.string(), label: z.string() })).nullable();

export const schemaFieldRow = z.object({
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
  picklist_options: pickListOptions,
});

export const componentFieldRow = z.object({
  component_id: z.string(),
  key: z.string(),
  is_required: z.boolean(),
  min_occurrences: z.number(),
  max_occurrences: z.number().nullable(),
  primitive_type: z.string().nullable(),
  nested_component_id: z.string().nullable(),
  field_config: z.record(z.string(), z.unknown()),
  picklist_options: pickListOptions,
});

export interface SchemaField extends FieldSchema {
  readonly templateVersionId: string;
}

function positiveInteger(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;
}

const finiteOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The Number settings of a fieldConfig (model/field-rules.ts checks them when the field is written). */
function numberRulesOf(config: Readonly<Record<string, unknown>>): NumberRules {
  const decimals = config.decimals;
  return {
    min: finiteOrNull(config.min),
    max: finiteOrNull(config.max),
    integer: config.integer === true,
    decimals: typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0 ? decimals : null,
  };
}

/** Text maxLength, PickList choices, Number rules and the Json schema read from a field's fieldConfig (template and component fields alike). */
function configuredRules(
  primitiveType: string | null,
  config: Readonly<Record<string, unknown>>,
  options: readonly { value: string; label: string }[] | null,
): { maxLength: number | null; picklist: PickListChoices | null; numberRules: NumberRules; jsonSchema: unknown } {
  return {
    maxLength: primitiveType === 'Text' ? positiveInteger(config.maxLength) : null,
    picklist: primitiveType === 'PickList' ? { multiple: config.multiple === true, options: options ?? [] } : null,
    numberRules: primitiveType === 'Number' ? numberRulesOf(config) : NO_NUMBER_RULES,
    jsonSchema: primitiveType === 'Json' && config.schema !== null ? config.schema : undefined,
  };
}

/** The occurrence attributes template and component fields share, from a stored row. */
function occurrenceRules(r: { key: string; is_required: boolean; min_occurrences: number; max_occurrences: number | null }) {
  return { key: r.key, isRequired: r.is_required, minOccurrences: r.min_occurrences, maxOccurrences: r.max_occurrences };
}

/**
 * The current version of each component in `componentIds` and of every component nested below
 * them, keyed by component id, in one statement. The recursive CTE uses UNION, which drops rows it
 * has already produced, so even a (forbidden) cycle in the rows ends the recursion; the validator
 * bounds the depth of values on its own. A component whose current version has no fields gets an
 * empty schema.
 */
export async function loadComponentSchemas(db: CommonQueryMethods, componentIds: readonly string[]): Promise<Map<string, ComponentSchema>> {
  if (componentIds.length === 0) return new Map();
  const rows = await db.any(sql.type(componentFieldRow)`
    SELECT * FROM (${componentFieldRows(sql.fragment`${sql.array(componentIds, 'uuid')}`)}) c ORDER BY c.component_id, c.sort_order, c.id`);
  return componentSchemasOf(componentIds, rows);
}

/** Every field of the current version of the components `componentIds` (a uuid[] expression) and of those nested below. */
function componentFieldRows(componentIds: FragmentSqlToken) {
  return sql.fragment`
    WITH RECURSIVE reachable (id) AS (
      SELECT unnest(${componentIds})
      UNION
      SELECT cf.nested_component_id FROM reachable r
        JOIN components c ON c.id = r.id
        JOIN component_fields cf ON cf.component_version_id = c.current_version_id
       WHERE cf.nested_component_id IS NOT NULL
    )
    SELECT c.id AS component_id, cf.key, cf.is_required, cf.min_occurrences, cf.max_occurrences, cf.primitive_type,
      cf.nested_component_id, cf.field_config,
      (SELECT jsonb_agg(jsonb_build_object('value', o.value, 'label', o.label) ORDER BY o.sort_order, o.id)
         FROM picklist_options o WHERE o.revision_id = cf.picklist_revision_id) AS picklist_options,
      cf.sort_order, cf.id
    FROM reachable r
    JOIN components c ON c.id = r.id
    JOIN component_fields cf ON cf.component_version_id = c.current_version_id`;
}

function componentSchemasOf(componentIds: readonly string[], rows: readonly z.infer<typeof componentFieldRow>[]): Map<string, ComponentSchema> {
  const fields = new Map<string, ComponentFieldSchema[]>(componentIds.map((id) => [id, []]));
  for (const r of rows) {
    if (!fields.has(r.component_id)) fields.set(r.component_id, []);
    if (r.nested_component_id !== null && !fields.has(r.nested_component_id)) fields.set(r.nested_component_id, []);
  }
  // Schemas first, then fields pointing at them: nested components are shared objects, not copies.
  const schemas = new Map<string, ComponentSchema>([...fields].map(([id, list]) => [id, { id, fields: list }]));
  for (const r of rows) {
    fields.get(r.component_id)!.push({
      ...occurrenceRules(r),
      primitiveType: r.primitive_type,
      nestedComponent: r.nested_component_id === null ? null : schemas.get(r.nested_component_id)!,
      ...configuredRules(r.primitive_type, r.field_config, r.picklist_options),
    });
  }
  return schemas;
}

/** A template field's row as schemaFieldRow reads it; needs `f` (template_fields) in scope. */
const SCHEMA_FIELD_COLUMNS = sql.fragment`f.id, f.template_version_id, f.key, f.label, f.is_required, f.min_occurrences, f.max_occurrences, f.is_open,
      f.composition_mode, f.primitive_type, f.target_template_id, f.component_id, f.field_config,
      coalesce((SELECT array_agg(a.allowed_template_id::text ORDER BY a.sort_order) FROM template_field_allowed_types a
                 WHERE a.field_id = f.id AND a.allowed_template_id IS NOT NULL), '{}') AS allowed_template_ids,
      coalesce((SELECT array_agg(a.primitive_type ORDER BY a.sort_order) FROM template_field_allowed_types a
                 WHERE a.field_id = f.id AND a.primitive_type IS NOT NULL), '{}') AS allowed_primitive_types,
      (SELECT jsonb_agg(jsonb_build_object('value', o.value, 'label', o.label) ORDER BY o.sort_order, o.id)
         FROM picklist_options o WHERE o.revision_id = f.picklist_revision_id) AS picklist_options`;

/**
 * The fields of template version `templateVersionId` (an expression) as one JSON array of
 * schemaFieldRow, in loadTemplateVersionFields' order, and (templateComponentsJson) the rows of
 * their components' schemas: a statement that reads a version can bring its template's schema
 * along (db/content/content-publication.ts); schemaFieldsOf makes fields of both.
 */
export const templateFieldsJson = (templateVersionId: FragmentSqlToken) => sql.fragment`COALESCE((
    SELECT json_agg(to_json(s) ORDER BY s.sort_order, s.id)
    FROM (SELECT ${SCHEMA_FIELD_COLUMNS}, f.sort_order FROM template_fields f WHERE f.template_version_id = ${templateVersionId}) s), '[]'::json)`;

export const templateComponentsJson = (templateVersionId: FragmentSqlToken) => sql.fragment`COALESCE((
    SELECT json_agg(to_json(c) ORDER BY c.component_id, c.sort_order, c.id)
    FROM (${componentFieldRows(sql.fragment`ARRAY(SELECT f.component_id FROM template_fields f
      WHERE f.template_version_id = ${templateVersionId} AND f.component_id IS NOT NULL)`)}) c), '[]'::json)`;

/** The fields of each template version, keyed by template version id. */
export async function loadTemplateVersionFields(
  db: CommonQueryMethods,
  templateVersionIds: readonly string[],
): Promise<Map<string, SchemaField[]>> {
  const out = new Map<string, SchemaField[]>(templateVersionIds.map((id) => [id, []]));
  if (templateVersionIds.length === 0) return out;
  const rows = await db.any(sql.type(schemaFieldRow)`
    SELECT ${SCHEMA_FIELD_COLUMNS}
    FROM template_fields f
    WHERE f.template_version_id = ANY(${sql.array(templateVersionIds, 'uuid')})
    ORDER BY f.sort_order, f.id`);
  for (const field of await schemaFieldsOf(db, rows)) out.get(field.templateVersionId)!.push(field);
  return out;
}

/** Fields from their rows, in order, with their components' schemas (read here when not given: one more statement when some field has one). */
export async function schemaFieldsOf(
  db: CommonQueryMethods,
  rows: readonly z.infer<typeof schemaFieldRow>[],
  componentRows?: readonly z.infer<typeof componentFieldRow>[],
): Promise<SchemaField[]> {
  const componentIds = [...new Set(rows.map((r) => r.component_id).filter((id): id is string => id !== null))];
  const components = componentRows ? componentSchemasOf(componentIds, componentRows) : await loadComponentSchemas(db, componentIds);
  return rows.map((r) => ({
    id: r.id,
    templateVersionId: r.template_version_id,
    ...occurrenceRules(r),
    label: r.label,
    isOpen: r.is_open,
    compositionMode: r.composition_mode,
    primitiveType: r.primitive_type,
    targetTemplateId: r.target_template_id,
    componentId: r.component_id,
    allowedTemplateIds: r.allowed_template_ids,
    allowedPrimitiveTypes: r.allowed_primitive_types,
    ...configuredRules(r.primitive_type, r.field_config, r.picklist_options),
    component: r.component_id === null ? null : (components.get(r.component_id) ?? null),
  }));
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
