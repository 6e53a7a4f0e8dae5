// Preview tokens (issue #27 §1): minted by an Editor with Write on the workspace, for the whole
// workspace or one item, living minutes; listed and revoked by Admins, and by whoever minted them.
// A token lives only while its minter could mint it again: a user change that takes that away
// (deletion, deactivation, a role below Editor, Write on the workspace removed) revokes it in the
// same transaction (revokePreviewTokensOfUser). Every change is audited and ends the token through
// the credential cache on every replica (credential-changes.ts), exactly like an API client's revocation.
import type { DatabaseTransactionConnection } from 'slonik';
import { userIdOf, type Actor } from '../../access/actor.js';
import { findItem } from '../../db/content/content-items.js';
import { findRelease } from '../../db/releases/releases.js';
import type { Db } from '../../db/pool.js';
import {
  insertPreviewToken,
  listLivePreviewTokens,
  revokePreviewTokenRow,
  revokePreviewTokensBeyondReach,
  type PreviewTokenReach,
  type PreviewTokenRow,
} from '../../db/identity/preview-tokens.js';
import { notFound, validationFailed } from '../../errors.js';
import type { CreatePreviewTokenRequest, CreatePreviewTokenResponse, PreviewTokenResponse, PreviewTokenResponsePagedResponse } from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';
import type { CredentialEvictor } from './credential-cache.js';
import { changingCredentials, type Announce } from './credential-changes.js';
import { newPreviewToken } from './credential-tokens.js';

export const DEFAULT_PREVIEW_MINUTES = 60;

export function presentPreviewToken(t: PreviewTokenRow): PreviewTokenResponse {
  return {
    id: t.id,
    workspaceId: t.workspace_id,
    contentItemId: t.content_item_id,
    releaseId: t.release_id,
    createdByUserId: t.created_by_user_id,
    createdAt: t.created_at,
    expiresAt: t.expires_at,
  };
}

const auditView = (t: PreviewTokenRow) => ({ contentItemId: t.content_item_id, releaseId: t.release_id, expiresAt: t.expires_at, revokedAt: t.revoked_at, tokenHash: t.token_hash });

export async function createPreviewToken(
  db: Db,
  credentials: CredentialEvictor,
  maxLifetimeMinutes: number,
  actor: Actor,
  workspaceId: string,
  body: CreatePreviewTokenRequest,
): Promise<CreatePreviewTokenResponse> {
  const minutes = body.expiresInMinutes ?? Math.min(DEFAULT_PREVIEW_MINUTES, maxLifetimeMinutes);
  if (minutes > maxLifetimeMinutes) {
    throw validationFailed({ '/expiresInMinutes': [`Must be at most ${maxLifetimeMinutes} minutes (Preview__MaxLifetimeMinutes).`] });
  }
  const contentItemId = body.contentItemId ?? null;
  const releaseId = body.releaseId ?? null;
  // A release changes many items: its preview is of the whole workspace, never one item.
  if (releaseId !== null && contentItemId !== null) {
    throw validationFailed({ '/contentItemId': ['A token that previews a release reads the whole workspace: leave contentItemId out.'] });
  }
  return changingCredentials(db, credentials, async (tx) => {
    if (contentItemId !== null && !(await findItem(tx, workspaceId, contentItemId))) {
      throw validationFailed({ '/contentItemId': ['No content item of this workspace has this id.'] });
    }
    if (releaseId !== null && !(await findRelease(tx, workspaceId, releaseId))) throw notFound('The release');
    const issued = newPreviewToken();
    const row = await insertPreviewToken(tx, {
      workspaceId,
      contentItemId,
      releaseId,
      identifier: issued.identifier,
      tokenHash: issued.tokenHash,
      lifetimeMinutes: minutes,
      createdByUserId: userIdOf(actor),
    });
    await recordAudit(tx, { workspaceId, entityType: 'PreviewToken', entityId: row.id, action: 'Created', actor, after: auditView(row) });
    return { token: issued.token, expiresAt: row.expires_at, previewToken: presentPreviewToken(row) };
  });
}

/** Admins reach every token of the workspace; anyone else only the tokens they minted. */
const reachOf = (actor: Actor): PreviewTokenReach => (actor.role === 'Admin' ? { all: true } : { mintedBy: userIdOf(actor) });

export async function listPreviewTokens(db: Db, actor: Actor, workspaceId: string, query: PagingQuery): Promise<PreviewTokenResponsePagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listLivePreviewTokens(db, workspaceId, reachOf(actor), page.pageSize, page.offset);
  return toPage(rows.map(presentPreviewToken), total, page);
}

/** Revoked at once here and, through the notice sent on commit, on every other replica. */
export async function revokePreviewToken(db: Db, credentials: CredentialEvictor, actor: Actor, workspaceId: string, id: string): Promise<void> {
  await changingCredentials(db, credentials, async (tx, announce) => {
    // Another's token is out of a non-Admin's reach: 404, as it is absent from their list.
    const row = await revokePreviewTokenRow(tx, workspaceId, id, reachOf(actor));
    if (!row) throw notFound('The preview token');
    await recordAudit(tx, { workspaceId, entityType: 'PreviewToken', entityId: id, action: 'Deleted', actor, before: auditView({ ...row, revoked_at: null }), after: auditView(row) });
    await announce({ kind: 'preview-token', tokenId: id });
  });
}

/**
 * Called by every change to a user (in its transaction, after the change): revokes the live tokens
 * they minted where they could no longer mint one, audited as the acting change, each announced so
 * every replica drops it.
 */
export async function revokePreviewTokensOfUser(tx: DatabaseTransactionConnection, announce: Announce, actor: Actor, userId: string): Promise<void> {
  for (const row of await revokePreviewTokensBeyondReach(tx, userId)) {
    await recordAudit(tx, {
      workspaceId: row.workspace_id,
      entityType: 'PreviewToken',
      entityId: row.id,
      action: 'Deleted',
      actor,
      before: auditView({ ...row, revoked_at: null }),
      after: auditView(row),
    });
    await announce({ kind: 'preview-token', tokenId: row.id });
  }
}
