// Template versions: Draft → Published → Archived. At most one Draft per template (409), drafts
// copy the published version's structure with new field ids, only Drafts are edited or published,
// and publishing archives the previous published version, moves currentVersionId and records
// `template.version_published` in the outbox — all in one transaction.
import { v7 as uuidv7 } from 'uuid';
import { UniqueIntegrityConstraintViolationError, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import { enqueueOutboxEvent } from '../../db/platform/outbox.js';
import {
  archivePublishedVersions,
  findDraftVersion,
  findTemplate,
  findVersionById,
  findVersionByNumber,
  findWorkspaceVersionById,
  insertVersion,
  listVersions,
  markVersionPublished,
  nextVersionNumber,
  setTemplateCurrentVersion,
  type TemplateRow,
  type TemplateVersionRow,
} from '../../db/model/templates.js';
import { insertFields, insertSections, listAllowedTypes, listFields, listSections } from '../../db/model/template-structure.js';
import type { operations } from '../../generated/openapi.js';
import type {
  CreateTemplateVersionRequest,
  TemplateVersionResponse,
  TemplateVersionSummaryResponsePagedResponse,
} from '../../generated/schemas.js';
import { compareIfMatch } from '../platform/etag.js';
import { auditModelChange, auditVersionPublished } from './model-audit.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { presentVersion, templateFieldAttributes, versionEtag } from './template-presenter.js';

export async function requireTemplate(db: CommonQueryMethods, workspaceId: string, templateId: string, forUpdate = false): Promise<TemplateRow> {
  const t = await findTemplate(db, workspaceId, templateId, { forUpdate });
  if (!t) throw notFound('The template');
  return t;
}

export async function requireVersion(
  db: CommonQueryMethods,
  templateId: string,
  versionNumber: number,
  forUpdate = false,
): Promise<TemplateVersionRow> {
  const v = await findVersionByNumber(db, templateId, versionNumber, { forUpdate });
  if (!v) throw notFound('The template version');
  return v;
}

export function requireDraft(v: TemplateVersionRow): void {
  if (v.status !== 'Draft') {
    throw conflict(`Version ${v.version_number} is ${v.status}; published versions are immutable. Create a new draft to change the template.`);
  }
}

type VersionListQuery = NonNullable<operations['listTemplateVersions']['parameters']['query']>;

/** A template version's body and its ETag. */
interface TaggedVersion {
  readonly body: TemplateVersionResponse;
  readonly etag: string;
}

export async function listTemplateVersions(
  db: DatabasePool,
  workspaceId: string,
  templateId: string,
  query: VersionListQuery,
): Promise<TemplateVersionSummaryResponsePagedResponse> {
  await requireTemplate(db, workspaceId, templateId);
  const page = pageRequest(query);
  const { rows, total } = await listVersions(db, templateId, page.pageSize, page.offset);
  return toPage(
    rows.map((v) => ({
      id: v.id,
      versionNumber: v.version_number,
      status: v.status,
      publishedAt: v.published_at,
      notes: v.notes,
      fieldCount: v.field_count,
    })),
    total,
    page,
  );
}

export async function getTemplateVersion(db: DatabasePool, workspaceId: string, templateId: string, versionNumber: number): Promise<TaggedVersion> {
  await requireTemplate(db, workspaceId, templateId);
  const v = await requireVersion(db, templateId, versionNumber);
  return { body: await presentVersion(db, v), etag: versionEtag(v) };
}

export async function getTemplateVersionById(db: DatabasePool, workspaceId: string, versionId: string): Promise<TaggedVersion> {
  const v = await findWorkspaceVersionById(db, workspaceId, versionId);
  if (!v) throw notFound('The template version');
  return { body: await presentVersion(db, v), etag: versionEtag(v) };
}

/** Copies sections and fields (new ids, same keys) from one version into another. */
export async function copyStructure(tx: CommonQueryMethods, fromVersionId: string, toVersionId: string): Promise<void> {
  const [sections, fields] = await Promise.all([listSections(tx, [fromVersionId]), listFields(tx, [fromVersionId])]);
  const allowed = await listAllowedTypes(tx, fields.map((f) => f.id));
  const sectionIds = new Map(sections.map((s) => [s.id, uuidv7()]));
  await insertSections(
    tx,
    sections.map((s) => ({
      id: sectionIds.get(s.id)!,
      versionId: toVersionId,
      name: s.name,
      description: s.description,
      order: s.sort_order,
      isCollapsible: s.is_collapsible,
    })),
  );
  await insertFields(
    tx,
    fields.map((f) => ({
      id: uuidv7(),
      versionId: toVersionId,
      sectionId: f.section_id ? sectionIds.get(f.section_id)! : null,
      ...templateFieldAttributes(f),
      fieldConfig: f.field_config,
      allowedTypes: allowed
        .filter((a) => a.field_id === f.id)
        .map((a) => ({ id: uuidv7(), primitiveType: a.primitive_type, allowedTemplateId: a.allowed_template_id })),
    })),
  );
}

/** The version a new draft copies: the one asked for, else the current one (null: start empty). */
async function draftSource(tx: CommonQueryMethods, t: TemplateRow, sourceVersionNumber: number | null): Promise<TemplateVersionRow | null> {
  if (sourceVersionNumber === null) return t.current_version_id === null ? null : findVersionById(tx, t.current_version_id);
  const source = await findVersionByNumber(tx, t.id, sourceVersionNumber);
  if (!source) throw validationFailed({ '/sourceVersionNumber': [`The template has no version ${sourceVersionNumber}.`] });
  return source;
}

export async function createTemplateDraft(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  templateId: string,
  input: CreateTemplateVersionRequest,
): Promise<TaggedVersion> {
  const v = await db
    .transaction(async (tx) => {
      // Locking the template serialises concurrent "create draft" calls; the unique partial index
      // on Draft versions is the backstop should anything else insert one.
      const t = await requireTemplate(tx, workspaceId, templateId, true);
      const existing = await findDraftVersion(tx, templateId);
      if (existing) throw conflict(`Version ${existing.version_number} is already a draft; a template has at most one draft.`);
      const source = await draftSource(tx, t, input.sourceVersionNumber ?? null);
      const draft = await insertVersion(tx, {
        id: uuidv7(),
        templateId,
        versionNumber: await nextVersionNumber(tx, templateId),
        status: 'Draft',
        notes: input.notes ?? null,
        // The copy keeps its source's title choice, as it keeps its fields.
        titleFieldKey: source?.title_field_key ?? null,
      });
      if (source) await copyStructure(tx, source.id, draft.id);
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'TemplateVersion',
        entityId: draft.id,
        action: 'Created',
        after: { templateId, versionNumber: draft.version_number, status: 'Draft', copiedFrom: source?.id ?? null },
      });
      return draft;
    })
    .catch((err) => {
      if (err instanceof UniqueIntegrityConstraintViolationError) throw conflict('The template already has a draft version.');
      throw err;
    });
  return { body: await presentVersion(db, v), etag: versionEtag(v) };
}

export async function publishTemplateVersion(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  templateId: string,
  versionNumber: number,
  ifMatch: string | undefined,
): Promise<TaggedVersion> {
  const published = await db.transaction(async (tx) => {
    // Template first, then version: the same order as every other writer, so no deadlock.
    const t = await requireTemplate(tx, workspaceId, templateId, true);
    const v = await requireVersion(tx, templateId, versionNumber, true);
    requireDraft(v);
    compareIfMatch(ifMatch, versionEtag(v));
    const archived = await archivePublishedVersions(tx, templateId);
    const result = await markVersionPublished(tx, v.id);
    await setTemplateCurrentVersion(tx, templateId, v.id);
    await enqueueOutboxEvent(tx, {
      workspaceId,
      eventType: 'template.version_published',
      entityType: 'TemplateVersion',
      entityId: v.id,
      payload: { templateId, templateVersionId: v.id, versionNumber: v.version_number, workspaceId },
    });
    await auditVersionPublished(tx, actor, { workspaceId, entityType: 'TemplateVersion', publishedId: v.id, archivedIds: archived });
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'Template',
      entityId: templateId,
      action: 'Updated',
      before: { currentVersionId: t.current_version_id },
      after: { currentVersionId: v.id },
    });
    return result;
  });
  return { body: await presentVersion(db, published), etag: versionEtag(published) };
}
