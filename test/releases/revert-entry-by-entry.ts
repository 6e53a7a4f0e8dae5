// The revert as it was written before it went in batches, entry by entry through the single
// operations' own functions (publishLockedVersion, the workflow's archive): the reference the
// batched revert is compared with (release-scale.test.ts). It runs on its own pool against the
// test database, as the editor, in one transaction; it restores items, it does not mark a release.
import type { Actor } from '../../server/src/access/actor.js';
import { findItem, touchItem } from '../../server/src/db/content/content-items.js';
import { findVersion, setVersionStatus, type VersionRow } from '../../server/src/db/content/content-versions.js';
import { createDatabasePool } from '../../server/src/db/pool.js';
import { lockEntryItems, servedVersionNumber } from '../../server/src/db/releases/release-checks.js';
import { recordContentChange } from '../../server/src/services/content/content-events.js';
import { publishLockedVersion } from '../../server/src/services/content/content-publishing.js';
import { archiveChange } from '../../server/src/services/content/publication-batches.js';
import type { CommonQueryMethods } from 'slonik';
import { dbQuery, type ContentWorld } from '../content/content-fixture.js';

/** An entry of a published release: its version, action, the version's status now and what its item served before. */
export interface RevertEntry {
  readonly itemId: string;
  readonly versionNumber: number;
  readonly action: 'publish' | 'archive';
  readonly versionStatus: string | null;
  readonly servedBefore: number | null;
}

async function archiveVersion(tx: CommonQueryMethods, actor: Actor, workspaceId: string, version: VersionRow): Promise<void> {
  await setVersionStatus(tx, version.id, 'Archived');
  await touchItem(tx, version.content_item_id);
  await recordContentChange(tx, actor, archiveChange(workspaceId, version));
}

/** The world's editor as the server's actor (a User with Write on the workspace). */
async function editorActor(w: ContentWorld): Promise<Actor> {
  const [u] = await dbQuery<{ id: string; email: string | null; display_name: string | null }>(w.api, `
    SELECT u.id::text, u.email, u.display_name FROM user_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.token_hash = encode(sha256($1::bytea), 'hex')`, [w.editor]);
  return {
    kind: 'User',
    id: u!.id,
    role: 'Editor',
    isSuperAdmin: false,
    email: u!.email,
    displayName: u!.display_name,
    grantFor: (ws) => (ws === w.ws ? 'Write' : 'None'),
    reachableWorkspaceIds: () => [w.ws],
  };
}

export async function revertEntryByEntry(w: ContentWorld, entries: readonly RevertEntry[]): Promise<void> {
  const actor = await editorActor(w);
  const db = await createDatabasePool(w.api.databaseUrl, { size: 1, statementTimeoutMs: 60_000 });
  try {
    await db.transaction(async (tx) => {
      await lockEntryItems(tx, entries.map((e) => e.itemId).sort());
      // In the order given (the release's: its items' ids), as the revert went.
      for (const e of entries) {
        if (e.versionStatus === null) continue;
        const before = e.servedBefore;
        if (e.action === 'publish' && e.versionStatus === 'Published' && e.versionNumber !== before) {
          const released = (await findVersion(tx, e.itemId, e.versionNumber, { forUpdate: true }))!;
          if (released.effective_start_at !== null) await archiveVersion(tx, actor, w.ws, released);
        }
        const servedNow = await servedVersionNumber(tx, e.itemId);
        if (before === servedNow) continue;
        if (before !== null && (await findVersion(tx, e.itemId, before))) {
          const item = (await findItem(tx, w.ws, e.itemId))!;
          await publishLockedVersion(tx, actor, w.ws, item, (await findVersion(tx, e.itemId, before, { forUpdate: true }))!);
        } else if (servedNow !== null) {
          await archiveVersion(tx, actor, w.ws, (await findVersion(tx, e.itemId, servedNow, { forUpdate: true }))!);
        }
      }
    });
  } finally {
    await db.end();
  }
}
