// Editing a Draft version: sections (add, change, remove — fields of a removed section move to the
// root) and fields (add, replace, remove, reorder). Each edit locks the version row, so an edit
// and a publish of the same version take turns: an edit that loses the race sees a Published
// version and gets 409. An `If-Match` with the version's ETag, when sent, must be current.
import { v7 as uuidv7 } from 'uuid';
import type { DatabasePool, DatabaseTransactionConnection } from 'slonik';
import { notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { setVersionTitleFieldKey, touchVersion, type TemplateVersionRow } from '../../db/model/templates.js';
import {
  deleteField,
  deleteSection,
  findField,
  findSection,
  insertFields,
  insertSections,
  listAllowedTypes,
  listFields,
  replaceField,
  setFieldOrders,
  updateSection,
} from '../../db/model/template-structure.js';
import type {
  ReorderFieldRequest,
  TemplateFieldRequest,
  TemplateFieldResponse,
  TemplateSectionRequest,
  TemplateSectionResponse,
  TemplateVersionResponse,
} from '../../generated/schemas.js';
import { compareIfMatch } from '../platform/etag.js';
import { auditModelChange } from './model-audit.js';
import { fieldBody, presentVersion, sectionBody, versionEtag } from './template-presenter.js';
import { buildTemplateField } from './template-field-rules.js';
import { requireDraft, requireTemplate, requireVersion } from './template-versions.js';

export interface DraftAddress {
  readonly workspaceId: string;
  readonly templateId: string;
  readonly versionNumber: number;
  readonly ifMatch: string | undefined;
}

/** What an edit made (the section or field body, or what was removed) and the version's new ETag. */
interface Edited<T> {
  readonly result: T;
  readonly etag: string;
}

/** Runs an edit of a draft in one transaction and records it against the version. */
async function editDraft<T>(
  db: DatabasePool,
  actor: Actor,
  at: DraftAddress,
  what: string,
  edit: (tx: DatabaseTransactionConnection, version: TemplateVersionRow) => Promise<T>,
): Promise<Edited<T>> {
  return db.transaction(async (tx) => {
    await requireTemplate(tx, at.workspaceId, at.templateId);
    const version = await requireVersion(tx, at.templateId, at.versionNumber, true);
    requireDraft(version);
    compareIfMatch(at.ifMatch, versionEtag(version));
    const result = await edit(tx, version);
    const touched = await touchVersion(tx, version.id);
    await auditModelChange(tx, actor, {
      workspaceId: at.workspaceId,
      entityType: 'TemplateVersion',
      entityId: version.id,
      action: 'Updated',
      after: { change: what, detail: result },
    });
    return { result, etag: versionEtag(touched) };
  });
}

export async function addSection(db: DatabasePool, actor: Actor, at: DraftAddress, input: TemplateSectionRequest): Promise<Edited<TemplateSectionResponse>> {
  return editDraft(db, actor, at, 'section added', async (tx, version) => {
    const section = {
      id: uuidv7(),
      versionId: version.id,
      name: input.name.trim(),
      description: input.description ?? null,
      order: input.order,
      isCollapsible: input.isCollapsible ?? false,
    };
    await insertSections(tx, [section]);
    return sectionBody({ ...section, sort_order: section.order, is_collapsible: section.isCollapsible });
  });
}

export async function changeSection(
  db: DatabasePool,
  actor: Actor,
  at: DraftAddress,
  sectionId: string,
  input: TemplateSectionRequest,
): Promise<Edited<TemplateSectionResponse>> {
  return editDraft(db, actor, at, 'section changed', async (tx, version) => {
    if (!(await findSection(tx, version.id, sectionId))) throw notFound('The section');
    const row = await updateSection(tx, {
      id: sectionId,
      versionId: version.id,
      name: input.name.trim(),
      description: input.description ?? null,
      order: input.order,
      isCollapsible: input.isCollapsible ?? false,
    });
    return sectionBody(row);
  });
}

export async function removeSection(db: DatabasePool, actor: Actor, at: DraftAddress, sectionId: string) {
  return editDraft(db, actor, at, 'section removed', async (tx, version) => {
    if (!(await findSection(tx, version.id, sectionId))) throw notFound('The section');
    await deleteSection(tx, version.id, sectionId);
    return { sectionId };
  });
}

async function presentField(tx: DatabaseTransactionConnection, versionId: string, fieldId: string): Promise<TemplateFieldResponse> {
  const row = (await findField(tx, versionId, fieldId))!;
  return fieldBody(row, await listAllowedTypes(tx, [fieldId]));
}

export async function addField(db: DatabasePool, actor: Actor, at: DraftAddress, input: TemplateFieldRequest): Promise<Edited<TemplateFieldResponse>> {
  return editDraft(db, actor, at, 'field added', async (tx, version) => {
    const target = { workspaceId: at.workspaceId, templateId: at.templateId, versionId: version.id, fieldId: uuidv7() };
    await insertFields(tx, [await buildTemplateField(tx, target, input, uuidv7)]);
    return presentField(tx, version.id, target.fieldId);
  });
}

export async function changeField(
  db: DatabasePool,
  actor: Actor,
  at: DraftAddress,
  fieldId: string,
  input: TemplateFieldRequest,
): Promise<Edited<TemplateFieldResponse>> {
  return editDraft(db, actor, at, 'field changed', async (tx, version) => {
    const existing = await findField(tx, version.id, fieldId);
    if (!existing) throw notFound('The field');
    const target = { workspaceId: at.workspaceId, templateId: at.templateId, versionId: version.id, fieldId };
    // `localized` is a Verso extension: a change from a client that does not send it (upstream's)
    // keeps the field's setting rather than quietly unsharing a shared field.
    const change = { ...input, localized: input.localized ?? existing.localized };
    await replaceField(tx, await buildTemplateField(tx, target, change, uuidv7));
    return presentField(tx, version.id, fieldId);
  });
}

export async function removeField(db: DatabasePool, actor: Actor, at: DraftAddress, fieldId: string) {
  return editDraft(db, actor, at, 'field removed', async (tx, version) => {
    if (!(await findField(tx, version.id, fieldId))) throw notFound('The field');
    await deleteField(tx, version.id, fieldId);
    return { fieldId };
  });
}

export async function reorderFields(db: DatabasePool, actor: Actor, at: DraftAddress, orders: readonly ReorderFieldRequest[]) {
  return editDraft(db, actor, at, 'fields reordered', async (tx, version) => {
    const known = new Set((await listFields(tx, [version.id])).map((f) => f.id));
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    orders.forEach((o, i) => {
      if (!known.has(o.fieldId)) (errors[`/${i}/fieldId`] ??= []).push('no such field in this version');
      else if (seen.has(o.fieldId)) (errors[`/${i}/fieldId`] ??= []).push('listed twice');
      seen.add(o.fieldId);
    });
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    await setFieldOrders(tx, version.id, orders);
    return { fields: orders.map((o) => ({ fieldId: o.fieldId, order: o.order })) };
  });
}

/**
 * Names the draft's title field (null: back to the default, the first Text field). The key must name
 * a non-open Text field of the draft: a title is one line of text.
 */
export async function setTitleField(db: DatabasePool, actor: Actor, at: DraftAddress, key: string | null): Promise<Edited<TemplateVersionResponse>> {
  return editDraft(db, actor, at, 'title-field', async (tx, version) => {
    let stored: string | null = null;
    if (key !== null) {
      const field = (await listFields(tx, [version.id])).find((f) => f.key.toLowerCase() === key.toLowerCase());
      if (!field || field.primitive_type !== 'Text' || field.is_open) {
        throw validationFailed({ '/titleFieldKey': [`The version has no Text field with the key "${key}"; a title comes from a Text field.`] });
      }
      stored = field.key;
    }
    const updated = await setVersionTitleFieldKey(tx, version.id, stored);
    // The body shows no row version, so presenting it before editDraft's final touch is exact.
    return presentVersion(tx, updated);
  });
}
