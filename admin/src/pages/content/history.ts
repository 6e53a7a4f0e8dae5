// An item's history: who changed what, from the workspace's audit log — the item's own entries and
// its versions' in one paged read (`contentItemId`), newest first, each with the actor, the time in
// the user's zone, the action, which version it concerns and the before/after of every property,
// and for a version's entry a link to its diff (that version compared with the one it came from).
// The audit log needs TemplateAdmin (contract: listWorkspaceAuditEntries); others see why not.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { hasRole } from '../../nav.js';
import { zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { shownValue } from '../audit.js';
import { pageLinks, pageOf, when } from '../screen-forms.js';
import type { Item } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemPaths, itemNameOf, type ItemPaths } from './item-paths.js';

type Entry = components['schemas']['AuditLogResponse'];

const PAGE_SIZE = 50;

/** Which part of the item an entry concerns: the item, or a version by number (also one deleted since). */
function entityLabel(e: Entry, versionNumbers: Map<string, number>): string {
  if (e.entityType !== 'ContentVersion') return 'Item';
  const n = versionNumbers.get(e.entityId);
  if (n !== undefined) return `Version ${n}`;
  const recorded = [e.changeDelta.versionNumber?.before, e.changeDelta.versionNumber?.after].find((v) => typeof v === 'number');
  return recorded === undefined ? 'A deleted version' : `Version ${recorded} (deleted)`;
}

/**
 * Where an entry's change can be seen: its version compared with the one it came from — the version
 * it was duplicated or rolled back from, else the closest older one still there. An entry on the
 * item, on a deleted version or on the first version has no diff.
 */
function diffOf(e: Entry, versionNumbers: Map<string, number>, item: Item, paths: ItemPaths): string | undefined {
  const n = e.entityType === 'ContentVersion' ? versionNumbers.get(e.entityId) : undefined;
  if (n === undefined) return undefined;
  const numbers = item.versions.map((v) => v.versionNumber);
  const source = item.versions.find((v) => v.versionNumber === n)?.rolledBackFromVersionNumber;
  const base = source !== null && source !== undefined && numbers.includes(source) ? source : Math.max(...numbers.filter((m) => m < n));
  return Number.isFinite(base) ? paths.compare(base, n) : undefined;
}

function present(e: Entry, versionNumbers: Map<string, number>, zone: string, item: Item, paths: ItemPaths) {
  const actor = e.actor;
  return {
    diff: diffOf(e, versionNumbers, item, paths),
    id: e.id,
    action: e.action,
    timestamp: e.timestamp,
    time: when(e.timestamp, zone),
    entity: entityLabel(e, versionNumbers),
    actorLabel: actor ? (actor.displayName ?? actor.id) : 'System (scheduler)',
    // A write an agent made through the MCP server: "by <client> via MCP on behalf of <actor>".
    agent: e.via ? [e.via.clientName, e.via.clientVersion].filter(Boolean).join(' ') : '',
    actorKind: actor ? ({ User: 'user', ApiClient: 'API client', External: 'external' } as const)[actor.type] : '',
    changes: Object.entries(e.changeDelta).map(([property, change]) => ({ property, before: shownValue(change.before), after: shownValue(change.after) })),
  };
}

export function register(router: express.Router): void {
  router.get(`${ITEM_ROUTE}/history`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const { workspaceId, itemId } = address;
    const role = res.locals.session!.user.role;
    const page = pageOf(req.query);
    const paths = itemPaths(workspaceId, itemId);
    const zone = zoneOf(res);
    const allowed = hasRole(role, 'TemplateAdmin');
    const [item, entries] = await Promise.all([
      apiFor(res).getContent({ path: { workspaceId, id: itemId } }),
      allowed ? apiFor(res).listWorkspaceAuditEntries({ path: { workspaceId }, query: { contentItemId: itemId, page, pageSize: PAGE_SIZE } }) : undefined,
    ]);
    const versionNumbers = new Map(item.versions.map((v) => [v.id, v.versionNumber]));
    const name = itemNameOf(item);
    await render(res, 'content/history', {
      title: `History of ${name}`,
      workspaceId,
      name,
      item,
      paths,
      tab: 'history',
      zone,
      hiddenReason: allowed ? undefined : `The change history comes from the audit log, which needs the TemplateAdmin role or higher; you are ${role}. The versions and their statuses are on the item page.`,
      entries: entries?.items.map((e) => present(e, versionNumbers, zone, item, paths)) ?? [],
      totalCount: entries?.totalCount ?? 0,
      page,
      totalPages: entries?.totalPages ?? 0,
      links: pageLinks(paths.history, {}, page, entries?.totalPages ?? 0),
    });
  });
}
