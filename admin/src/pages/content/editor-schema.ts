// What the content editor needs to know about the fields it shows: the template versions of the
// item (and of its inline children), the components their fields use (nested ones included, each at
// its current version, which is what the API validates component values against), the picklist
// revisions they bind, and the templates composition fields target. Every distinct id is read once,
// in parallel (components level by level, as nesting is discovered) — never once per value.
// Nothing here decides what is valid: the editor sends what the user typed and shows the API's 422.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { contextOf } from '../../context.js';
import { ReadCache } from '../../read-cache.js';

type Schemas = components['schemas'];
export type TemplateVersion = Schemas['TemplateVersionResponse'];
type TemplateField = Schemas['TemplateFieldResponse'];
type ComponentField = Schemas['ComponentFieldResponse'];
type Template = Schemas['TemplateResponse'];
type PickListRevision = Schemas['PickListResponse'];
export type PrimitiveType = Schemas['PrimitiveType'];

/** How a field is edited: a primitive input, a component's nested fieldset, or a composition child. */
export type FieldKind = PrimitiveType | 'Component' | 'Inline' | 'Reference';

export interface PickOption {
  value: string;
  label: string;
}

/** The composition target: the template a child item is of (null for an open, polymorphic field). */
export interface CompositionTarget {
  templateId: string | null;
  name: string;
  /** The published template version new inline children are created on (null: none published yet). */
  currentVersionId: string | null;
}

export interface EditorField {
  /** The template field's id; a component member's key (component values are keyed by field key). */
  id: string;
  key: string;
  label: string;
  help: string | null;
  required: boolean;
  min: number;
  /** Null: unbounded. */
  max: number | null;
  kind: FieldKind;
  sectionId: string | null;
  /** Text `fieldConfig.maxLength` (shown as a counter; the API enforces it). */
  maxLength: number | null;
  picklist: { multiple: boolean; options: PickOption[] } | null;
  /** Number: the input's min, max and step from fieldConfig (the API enforces them; the input only guides). */
  number: NumberInput | null;
  /** A component field's members (the component's current version); shared between fields using it. */
  members: EditorField[] | null;
  componentName: string | null;
  target: CompositionTarget | null;
}

export interface NumberInput {
  min: number | null;
  max: number | null;
  /** `1` for whole numbers, `0.01` for two decimals, `any` otherwise. */
  step: string;
}

export interface Section {
  id: string;
  name: string;
  description: string | null;
}

export interface EditorSchema {
  /** The fields of a loaded template version (empty when it was not loaded). */
  fields(templateVersionId: string): EditorField[];
  sections(templateVersionId: string): Section[];
  /** A loaded template version. */
  version(templateVersionId: string): TemplateVersion | undefined;
  /** A composition target's template (loaded for every composition field of the loaded versions). */
  template(templateId: string): Template | undefined;
}

const distinct = <T>(xs: Iterable<T | null | undefined>): T[] => [...new Set([...xs].filter((x): x is T => x !== null && x !== undefined))];

function positiveInteger(x: unknown): number | null {
  return typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null;
}

function fieldKind(f: TemplateField): FieldKind {
  if (f.componentId) return 'Component';
  if (f.primitiveType) return f.primitiveType;
  // A constrained composition field, or an open / polymorphic one (any allowed template): a child item.
  return f.templateId && f.compositionMode === 'Inline' ? 'Inline' : 'Reference';
}

const finite = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** A Number field's input bounds: whole numbers step by 1, `decimals: d` by 10^-d. */
export function numberInput(config: Record<string, unknown> | null | undefined): NumberInput {
  const c = config ?? {};
  const decimals = typeof c.decimals === 'number' && Number.isInteger(c.decimals) && c.decimals >= 0 && c.decimals <= 12 ? c.decimals : null;
  const step = c.integer === true || decimals === 0 ? '1' : decimals !== null ? (1 / 10 ** decimals).toFixed(decimals) : 'any';
  return { min: finite(c.min), max: finite(c.max), step };
}

const pickKey = (picklistId: string, revisionId: string) => `${picklistId}/${revisionId}`;

// A published (or archived) template version and a picklist revision never change: they are kept
// until pushed out (read-cache.ts). Every caller has already made a call of its own in the
// workspace (the version it edits, the template it creates on), so a kept answer is never what
// proves a user may read the workspace. A draft template version can change and is not kept.
const templateVersions = new ReadCache<TemplateVersion>(1000);
const pickListRevisions = new ReadCache<PickListRevision>(1000);

async function templateVersion(res: express.Response, workspaceId: string, versionId: string): Promise<TemplateVersion> {
  const key = `${contextOf(res).config.apiBaseUrl} ${workspaceId} tv ${versionId}`;
  const v = await templateVersions.get(key, Infinity, () => apiFor(res).getTemplateVersionById({ path: { workspaceId, versionId } }));
  if (v.status === 'Draft') templateVersions.delete(key);
  return v;
}

async function pickListRevision(res: express.Response, workspaceId: string, id: string, revisionId: string): Promise<PickListRevision> {
  const key = `${contextOf(res).config.apiBaseUrl} ${workspaceId} pr ${revisionId}`;
  return pickListRevisions.get(key, Infinity, () => apiFor(res).getPickListRevision({ path: { workspaceId, id, revisionId } }));
}

/**
 * Loads the template versions `templateVersionIds` and everything their fields refer to. Target
 * templates' current versions are loaded too (they are what a new inline child is created on).
 */
export async function loadEditorSchema(res: express.Response, workspaceId: string, templateVersionIds: readonly string[]): Promise<EditorSchema> {
  const api = apiFor(res);
  const versions = new Map<string, TemplateVersion>();
  await Promise.all(distinct(templateVersionIds).map(async (versionId) => versions.set(versionId, await templateVersion(res, workspaceId, versionId))));

  const templates = new Map<string, Template>();
  const targetIds = distinct([...versions.values()].flatMap((v) => v.fields.map((f) => (f.componentId || f.primitiveType ? null : f.templateId))));
  await Promise.all(targetIds.map(async (id) => templates.set(id, await api.getTemplate({ path: { workspaceId, id } }))));
  for (const t of templates.values()) if (t.currentVersion && !versions.has(t.currentVersion.id)) versions.set(t.currentVersion.id, t.currentVersion);

  // Components, level by level: each level's distinct ids in parallel.
  const componentFields = new Map<string, { name: string; fields: ComponentField[] }>();
  let pending = distinct([...versions.values()].flatMap((v) => v.fields.map((f) => f.componentId)));
  while (pending.length > 0) {
    await Promise.all(
      pending.map(async (id) => {
        const c = await api.getComponent({ path: { workspaceId, id } });
        componentFields.set(id, { name: c.name, fields: c.currentVersion?.fields ?? [] });
      }),
    );
    pending = distinct([...componentFields.values()].flatMap((c) => c.fields.map((f) => f.nestedComponentId))).filter((id) => !componentFields.has(id));
  }

  const bindings = new Map<string, { picklistId: string; revisionId: string }>();
  for (const f of [...[...versions.values()].flatMap((v) => v.fields), ...[...componentFields.values()].flatMap((c) => c.fields)]) {
    if (f.picklistId && f.picklistRevisionId) bindings.set(pickKey(f.picklistId, f.picklistRevisionId), { picklistId: f.picklistId, revisionId: f.picklistRevisionId });
  }
  const options = new Map<string, PickOption[]>();
  await Promise.all(
    [...bindings].map(async ([key, b]) => {
      const revision = await pickListRevision(res, workspaceId, b.picklistId, b.revisionId);
      options.set(key, [...revision.options].sort((a, z) => a.order - z.order).map((o) => ({ value: o.value, label: o.label })));
    }),
  );

  const picklistOf = (f: TemplateField | ComponentField): EditorField['picklist'] =>
    f.primitiveType === 'PickList' ? { multiple: f.fieldConfig?.multiple === true, options: (f.picklistId && f.picklistRevisionId && options.get(pickKey(f.picklistId, f.picklistRevisionId))) || [] } : null;
  /** What a template field and a component field say alike: names, occurrences, text and picklist rules. */
  const basicsOf = (f: TemplateField | ComponentField) => ({
    key: f.key,
    label: f.label,
    help: f.helpText,
    required: f.isRequired,
    min: f.minOccurrences,
    max: f.maxOccurrences,
    maxLength: f.primitiveType === 'Text' ? positiveInteger(f.fieldConfig?.maxLength) : null,
    picklist: picklistOf(f),
    number: f.primitiveType === 'Number' ? numberInput(f.fieldConfig) : null,
  });

  // Members are built once per component and shared, so nested components point at the same lists.
  const members = new Map<string, EditorField[]>([...componentFields.keys()].map((id) => [id, []]));
  for (const [id, c] of componentFields) {
    for (const f of [...c.fields].sort((a, z) => a.order - z.order)) {
      members.get(id)!.push({
        ...basicsOf(f),
        id: f.key,
        kind: f.nestedComponentId ? 'Component' : (f.primitiveType ?? 'Text'),
        sectionId: null,
        members: f.nestedComponentId ? (members.get(f.nestedComponentId) ?? []) : null,
        componentName: f.nestedComponentId ? (componentFields.get(f.nestedComponentId)?.name ?? null) : null,
        target: null,
      });
    }
  }

  const built = new Map<string, EditorField[]>();
  for (const [id, v] of versions) {
    built.set(
      id,
      v.fields.map((f) => {
        const kind = fieldKind(f);
        const t = f.templateId ? templates.get(f.templateId) : undefined;
        return {
          ...basicsOf(f),
          id: f.id,
          kind,
          sectionId: f.sectionId,
          members: f.componentId ? (members.get(f.componentId) ?? []) : null,
          componentName: f.componentId ? (componentFields.get(f.componentId)?.name ?? null) : null,
          target: kind === 'Inline' || kind === 'Reference' ? { templateId: f.templateId, name: t?.name ?? '', currentVersionId: t?.currentVersionId ?? null } : null,
        };
      }),
    );
  }

  return {
    fields: (id) => built.get(id) ?? [],
    sections: (id) => [...(versions.get(id)?.sections ?? [])].sort((a, z) => a.order - z.order).map((s) => ({ id: s.id, name: s.name, description: s.description })),
    version: (id) => versions.get(id),
    template: (id) => templates.get(id),
  };
}
