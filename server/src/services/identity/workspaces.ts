// Workspaces. Who may do what is decided by the access step; what is left here is the slug rules,
// the caller-specific `canWrite`, and which workspaces a list shows.
import type { CommonQueryMethods } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/pool.js';
import { enqueueOutboxEvent } from '../../db/platform/outbox.js';
import { bumpMediaUrlGeneration, findWorkspace, insertWorkspace, listWorkspaces as listRows, slugTaken, softDeleteWorkspace, updateWorkspace as updateRow, type WorkspaceRow } from '../../db/identity/workspaces.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { userIdOf, type Actor } from '../../access/actor.js';
import type { WorkspaceDto, WorkspaceDtoPagedResponse, WorkspaceRequest } from '../../generated/schemas.js';
import { effectiveWorkspaceAccess } from '../../access/workspace-access.js';
import { recordAudit } from '../platform/audit.js';
import type { CredentialEvictor } from './credential-cache.js';
import { changingCredentials } from './credential-changes.js';
import { etagOf, requireIfMatch } from '../platform/etag.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';

/** Shared slug grammar (upstream): lower-case ASCII letters and digits, segments joined by one `-` or `_`. */
const SLUG = /^[a-z0-9]+([-_][a-z0-9]+)*$/;

export const workspaceEtag = (w: WorkspaceRow) => etagOf(w.id, w.row_version);

export function presentWorkspace(w: WorkspaceRow, actor: Actor): WorkspaceDto {
  return {
    id: w.id,
    name: w.name,
    slug: w.slug,
    description: w.description,
    createdAt: w.created_at,
    updatedAt: w.updated_at,
    canWrite: effectiveWorkspaceAccess(actor, w.id) === 'Write',
    publicMedia: w.public_media,
    allMediaPublic: w.all_media_public,
    mediaUrlGeneration: w.media_url_generation,
    previewUrl: w.preview_url,
  };
}

const auditView = (w: WorkspaceRow) => ({
  name: w.name,
  slug: w.slug,
  description: w.description,
  publicMedia: w.public_media,
  allMediaPublic: w.all_media_public,
  mediaUrlGeneration: w.media_url_generation,
  previewUrl: w.preview_url,
});

/** Whether plain http preview URLs are accepted: outside production (a site on a developer's machine). */
export interface WorkspaceRules {
  readonly allowHttpPreview: boolean;
}

/**
 * The preview URL template (issue #27): absolute, https (http outside production), with `{token}`
 * so the site receives the preview token. Checked with the placeholders filled in, as it is used.
 */
function checkPreviewUrl(url: string | null, rules: WorkspaceRules): void {
  if (url === null) return;
  const problem = (() => {
    if (!url.includes('{token}')) return 'Must contain {token}, where the preview token goes.';
    let parsed: URL;
    try {
      parsed = new URL(url.replaceAll('{slug}', 'slug').replaceAll('{locale}', 'en').replaceAll('{token}', 'token'));
    } catch {
      return 'Must be an absolute URL, such as https://site.example/api/preview?slug={slug}&token={token}.';
    }
    if (parsed.protocol === 'https:' || (rules.allowHttpPreview && parsed.protocol === 'http:')) return null;
    return rules.allowHttpPreview ? 'Must use https or http.' : 'Must use https.';
  })();
  if (problem) throw validationFailed({ '/previewUrl': [problem] });
}

async function checkSlug(tx: CommonQueryMethods, slug: string, exceptId: string | null): Promise<void> {
  if (!SLUG.test(slug) || slug.length > 100) {
    throw validationFailed({ '/slug': ['must be lower-case letters and digits in segments joined by one "-" or "_", at most 100 characters'] });
  }
  if (await slugTaken(tx, slug, exceptId)) throw conflict(`Another workspace already uses the slug "${slug}".`);
}

export async function listWorkspaces(db: Db, actor: Actor, query: PagingQuery): Promise<WorkspaceDtoPagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listRows(db, actor.reachableWorkspaceIds(), page.pageSize, page.offset);
  return toPage(rows.map((w) => presentWorkspace(w, actor)), total, page);
}

export async function getWorkspace(db: Db, id: string): Promise<WorkspaceRow> {
  const w = await findWorkspace(db, id);
  if (!w) throw notFound('The workspace');
  return w;
}

export async function createWorkspace(db: Db, rules: WorkspaceRules, actor: Actor, input: WorkspaceRequest): Promise<WorkspaceRow> {
  checkPreviewUrl(input.previewUrl ?? null, rules);
  return db.transaction(async (tx) => {
    await checkSlug(tx, input.slug, null);
    const w = await insertWorkspace(tx, { id: uuidv7(), name: input.name, slug: input.slug, description: input.description ?? null, publicMedia: input.publicMedia ?? false, allMediaPublic: input.allMediaPublic ?? false, previewUrl: input.previewUrl ?? null });
    await recordAudit(tx, { workspaceId: w.id, entityType: 'Workspace', entityId: w.id, action: 'Created', actor, after: auditView(w) });
    return w;
  });
}

export async function updateWorkspace(db: Db, rules: WorkspaceRules, actor: Actor, id: string, ifMatch: string | undefined, input: WorkspaceRequest): Promise<WorkspaceRow> {
  checkPreviewUrl(input.previewUrl ?? null, rules);
  return db.transaction(async (tx) => {
    const current = await findWorkspace(tx, id, true);
    if (!current) throw notFound('The workspace');
    requireIfMatch(ifMatch, workspaceEtag(current));
    await checkSlug(tx, input.slug, id);
    // Omitted keeps a setting: upstream's clients send name, slug and description only.
    const updated = await updateRow(tx, id, {
      name: input.name,
      slug: input.slug,
      description: input.description ?? null,
      publicMedia: input.publicMedia ?? current.public_media,
      allMediaPublic: input.allMediaPublic ?? current.all_media_public,
      previewUrl: input.previewUrl === undefined ? current.preview_url : input.previewUrl,
    });
    await recordAudit(tx, { workspaceId: id, entityType: 'Workspace', entityId: id, action: 'Updated', actor, before: auditView(current), after: auditView(updated) });
    await enqueueOutboxEvent(tx, {
      workspaceId: id,
      eventType: 'workspace.updated',
      entityType: 'Workspace',
      entityId: id,
      payload: { workspaceId: id, name: updated.name, slug: updated.slug },
    });
    return updated;
  });
}

/**
 * Ends every public media URL of the workspace handed out so far (issue #35): the generation every
 * URL signs moves on, so older URLs no longer verify, and the delivery caches hear of it (0038).
 */
export async function rotatePublicMediaUrls(db: Db, actor: Actor, id: string): Promise<WorkspaceRow> {
  return db.transaction(async (tx) => {
    const current = await findWorkspace(tx, id, true);
    if (!current) throw notFound('The workspace');
    const updated = await bumpMediaUrlGeneration(tx, id);
    await recordAudit(tx, { workspaceId: id, entityType: 'Workspace', entityId: id, action: 'Updated', actor, before: auditView(current), after: auditView(updated) });
    return updated;
  });
}

export async function deleteWorkspace(db: Db, credentials: CredentialEvictor, actor: Actor, id: string, ifMatch: string | undefined): Promise<void> {
  // Grants and scoped clients stay cached; what ends their reach is the access step's cached
  // "this workspace exists", which this evicts.
  await changingCredentials(db, credentials, async (tx, announce) => {
    const current = await findWorkspace(tx, id, true);
    if (!current) throw notFound('The workspace');
    requireIfMatch(ifMatch, workspaceEtag(current));
    await softDeleteWorkspace(tx, id, userIdOf(actor));
    await announce({ kind: 'workspace', workspaceId: id });
    await recordAudit(tx, { workspaceId: id, entityType: 'Workspace', entityId: id, action: 'Deleted', actor, before: auditView(current) });
  });
}
