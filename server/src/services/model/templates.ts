// Templates: list, create (with a Draft version 1), read, rename, delete. Versions, sections and
// fields are in template-versions.ts and template-structure.ts.
import { v7 as uuidv7 } from 'uuid';
import { UniqueIntegrityConstraintViolationError, type DatabasePool } from 'slonik';
import { ApiError, conflict, notFound } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import {
  contentUsingTemplate,
  findTemplate,
  insertTemplate,
  insertVersion,
  listTemplates,
  softDeleteTemplate,
  updateTemplateDetails,
} from '../../db/model/templates.js';
import type { operations } from '../../generated/openapi.js';
import type {
  CreateTemplateRequest,
  TemplateResponse,
  TemplateSummaryResponsePagedResponse,
  UpdateTemplateRequest,
} from '../../generated/schemas.js';
import { requireIfMatch } from '../platform/etag.js';
import { auditModelChange } from './model-audit.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { presentTemplate, templateEtag, templateSummary } from './template-presenter.js';

/** `isSystem` is accepted for upstream clients and ignored: no template is a system template. */
type TemplateListQuery = NonNullable<operations['listTemplates']['parameters']['query']>;

export async function listWorkspaceTemplates(
  db: DatabasePool,
  workspaceId: string,
  query: TemplateListQuery,
): Promise<TemplateSummaryResponsePagedResponse> {
  const page = pageRequest(query);
  const search = query.search?.trim() || null;
  const { rows, total } = await listTemplates(db, workspaceId, search, page.pageSize, page.offset);
  return toPage(rows.map(templateSummary), total, page);
}

export async function getTemplate(db: DatabasePool, workspaceId: string, templateId: string): Promise<{ body: TemplateResponse; etag: string }> {
  const t = await findTemplate(db, workspaceId, templateId);
  if (!t) throw notFound('The template');
  return { body: await presentTemplate(db, t), etag: templateEtag(t) };
}

/** Turns a unique-slug violation into the 409 a caller can act on. */
export function slugTaken(err: unknown, what: string, slug: string): never {
  if (err instanceof UniqueIntegrityConstraintViolationError) throw conflict(`A ${what} with slug "${slug}" already exists in this workspace.`);
  throw err;
}

export async function createTemplate(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  input: CreateTemplateRequest,
): Promise<{ body: TemplateResponse; etag: string }> {
  const t = await db
    .transaction(async (tx) => {
      const template = await insertTemplate(tx, {
        id: uuidv7(),
        workspaceId,
        name: input.name.trim(),
        slug: input.slug,
        description: input.description ?? null,
      });
      const version = await insertVersion(tx, { id: uuidv7(), templateId: template.id, versionNumber: 1, status: 'Draft', notes: null });
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'Template',
        entityId: template.id,
        action: 'Created',
        after: { name: template.name, slug: template.slug, description: template.description },
      });
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'TemplateVersion',
        entityId: version.id,
        action: 'Created',
        after: { templateId: template.id, versionNumber: 1, status: 'Draft' },
      });
      return template;
    })
    .catch((err) => slugTaken(err, 'template', input.slug));
  return { body: await presentTemplate(db, t), etag: templateEtag(t) };
}

export async function updateTemplate(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  templateId: string,
  ifMatch: string | undefined,
  input: UpdateTemplateRequest,
): Promise<{ body: TemplateResponse; etag: string }> {
  const t = await db.transaction(async (tx) => {
    const current = await findTemplate(tx, workspaceId, templateId, { forUpdate: true });
    if (!current) throw notFound('The template');
    requireIfMatch(ifMatch, templateEtag(current));
    const updated = await updateTemplateDetails(tx, templateId, { name: input.name.trim(), description: input.description ?? null });
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'Template',
      entityId: templateId,
      action: 'Updated',
      before: { name: current.name, description: current.description },
      after: { name: updated.name, description: updated.description },
    });
    return updated;
  });
  return { body: await presentTemplate(db, t), etag: templateEtag(t) };
}

export async function deleteTemplate(db: DatabasePool, actor: Actor, workspaceId: string, templateId: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findTemplate(tx, workspaceId, templateId, { forUpdate: true });
    if (!current) throw notFound('The template');
    requireIfMatch(ifMatch, templateEtag(current));
    const referencedBy = await contentUsingTemplate(tx, templateId);
    if (referencedBy.length > 0) {
      throw new ApiError('referenced-by-other-entity', 'Content items use this template; delete them first.', { referencedBy });
    }
    await softDeleteTemplate(tx, templateId);
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'Template',
      entityId: templateId,
      action: 'Deleted',
      before: { name: current.name, slug: current.slug },
    });
  });
}
