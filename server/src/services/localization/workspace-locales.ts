// A workspace's locales (GET/PUT …/locales): the languages it writes in, the default, and the chain
// each locale falls back along. Saving replaces them as a whole in one transaction, and every
// delivery read of the workspace follows the new chains at once (the whole workspace is announced
// to the caches, stored documents and list pages in that transaction).
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import type { Actor } from '../../access/actor.js';
import { findWorkspace } from '../../db/identity/workspaces.js';
import {
  announceWorkspaceChanged,
  countItemsInLocales,
  findLocaleSettings,
  listLocales,
  replaceLocales,
  type LocaleRow,
} from '../../db/localization/workspace-locales.js';
import { enqueueOutboxEvent } from '../../db/platform/outbox.js';
import { notFound, validationFailed } from '../../errors.js';
import type { WorkspaceLocale, WorkspaceLocalesRequest, WorkspaceLocalesResponse } from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { requireIfMatch } from '../platform/etag.js';
import { tagKey } from './language-tags.js';
import { planLocales } from './locale-rules.js';

/** The workspace's locales as reads apply them, and the version their ETag names. */
export interface WorkspaceLocalesConfig extends WorkspaceLocalesResponse {
  /** Moves on every save (workspaces.locales_version). */
  readonly version: number;
}

/** A tag of its own (not the workspace's): the locales change apart from the workspace's other settings. */
export const localesEtag = (workspaceId: string, version: number) => `"locales-${version}-${workspaceId.slice(-12)}"`;

/** Each locale's fallback as reads apply it: the configured one, then the default unless named; none for the default. */
function presentLocales(defaultLocale: string | null, rows: readonly LocaleRow[]): WorkspaceLocale[] {
  return rows.map((row) => {
    if (defaultLocale === null || tagKey(row.code) === tagKey(defaultLocale)) return { code: row.code, name: row.name, fallback: [] };
    const named = row.fallback.some((code) => tagKey(code) === tagKey(defaultLocale));
    return { code: row.code, name: row.name, fallback: named ? [...row.fallback] : [...row.fallback, defaultLocale] };
  });
}

/**
 * The workspace's locales (`{defaultLocale: null, locales: []}` when it configures none), default
 * first; 404 when there is no such workspace. The version is read before the rows: read outside a
 * transaction across a save, the tag is the older one, which a write then refuses (412) rather
 * than accepting a tag for locales it did not see.
 */
export async function findWorkspaceLocales(db: CommonQueryMethods, workspaceId: string): Promise<WorkspaceLocalesConfig> {
  const settings = await findLocaleSettings(db, workspaceId);
  if (!settings) throw notFound('The workspace');
  const rows = await listLocales(db, workspaceId);
  return { defaultLocale: settings.default_locale, locales: presentLocales(settings.default_locale, rows), version: settings.locales_version };
}

export interface TaggedLocales {
  readonly body: WorkspaceLocalesResponse;
  readonly etag: string;
}

const tagged = (workspaceId: string, config: WorkspaceLocalesConfig): TaggedLocales => ({
  body: { defaultLocale: config.defaultLocale, locales: config.locales },
  etag: localesEtag(workspaceId, config.version),
});

export async function readWorkspaceLocales(db: CommonQueryMethods, workspaceId: string): Promise<TaggedLocales> {
  return tagged(workspaceId, await findWorkspaceLocales(db, workspaceId));
}

const itemsPhrase = (n: number) => (n === 1 ? '1 item uses it' : `${n} items use it`);

/**
 * Replaces the workspace's locales. Removing a locale that live items carry is refused, naming it
 * and how many: those items would lose their language. Turning localization off (no locales, no
 * default) is not removing: items may then carry any locale again, so none of them is stranded.
 */
export async function saveWorkspaceLocales(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  ifMatch: string | undefined,
  input: WorkspaceLocalesRequest,
): Promise<TaggedLocales> {
  const plan = planLocales(input);
  return db.transaction(async (tx) => {
    // FOR UPDATE waits for item writes that read the locales (they hold the row FOR KEY SHARE) and
    // holds new ones off until this commits, so none stores a locale this save removes.
    const settings = await findLocaleSettings(tx, workspaceId, 'update');
    if (!settings) throw notFound('The workspace');
    requireIfMatch(ifMatch, localesEtag(workspaceId, settings.locales_version));
    const before = await findWorkspaceLocales(tx, workspaceId);

    if (plan.locales.length > 0) {
      const kept = new Set(plan.locales.map((l) => tagKey(l.code)));
      const removed = before.locales.filter((l) => !kept.has(tagKey(l.code)));
      const used = await countItemsInLocales(tx, workspaceId, removed.map((l) => tagKey(l.code)));
      const messages = removed
        .filter((l) => used.has(tagKey(l.code)))
        .map((l) => `${l.code} cannot be removed: ${itemsPhrase(used.get(tagKey(l.code))!)}. Give those items another locale, or delete them, first.`);
      if (messages.length > 0) throw validationFailed({ '/locales': messages }, `The locales were not saved. ${messages.join(' ')}`);
    }

    await replaceLocales(tx, workspaceId, plan.defaultLocale, plan.locales);
    await announceWorkspaceChanged(tx, workspaceId);
    const after = await findWorkspaceLocales(tx, workspaceId);
    const view = (c: WorkspaceLocalesConfig) => ({ defaultLocale: c.defaultLocale, locales: c.locales });
    await recordAudit(tx, { workspaceId, entityType: 'Workspace', entityId: workspaceId, action: 'Updated', actor, before: view(before), after: view(after) });
    // The locales are a setting of the workspace, and every read in a locale may now answer
    // differently: a receiver purging its caches on workspace.updated hears of it.
    const workspace = await findWorkspace(tx, workspaceId);
    if (workspace) {
      await enqueueOutboxEvent(tx, {
        workspaceId,
        eventType: 'workspace.updated',
        entityType: 'Workspace',
        entityId: workspaceId,
        payload: { workspaceId, name: workspace.name, slug: workspace.slug },
      });
    }
    return tagged(workspaceId, after);
  });
}
