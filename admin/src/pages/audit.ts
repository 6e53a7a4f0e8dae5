// The audit log (TemplateAdmin): every filter the API has — workspace, entity type, entity id,
// action, acting user or API client, time range — as a GET form, so a filtered view is a link.
// Each entry's change delta is a before/after table; redacted values (`redacted:` + 12 hex
// characters for PasswordHash and TokenHash, the bare `redacted` for a Secret) are shown exactly as
// the API gives them.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { formFailure, type FieldErrors, type FormFailure } from '../http/forms.js';
import { PATHS } from '../nav.js';
import { render, workspacesFor } from '../views/render.js';
import { itemPaths } from './content/item-paths.js';
import { inputFromInstant, instantFromInput, zoneOf } from '../time.js';
import { isUuid, pageLinks, pageOf, queryValue, when } from './screen-forms.js';

type Entry = components['schemas']['AuditLogResponse'];
type AuditAction = components['schemas']['AuditAction'];

const ACTIONS: readonly AuditAction[] = ['Created', 'Updated', 'Deleted', 'StatusChanged'];
/** Suggestions for the entity-type field (the API takes any type, compared case-insensitively). */
const ENTITY_TYPES = ['ApiClient', 'Component', 'ContentItem', 'ContentVersion', 'MediaAsset', 'PickList', 'Tag', 'Template', 'TemplateVersion', 'User', 'UserPreferences', 'Workspace'];
const PAGE_SIZE = 50;
const base = PATHS.audit;

/** The filter form's values, exactly as typed (the query string). */
interface Filters {
  workspaceId: string;
  entityType: string;
  entityId: string;
  action: string;
  actorUserId: string;
  actorApiClientId: string;
  after: string;
  before: string;
}

const FILTER_NAMES: readonly (keyof Filters)[] = ['workspaceId', 'entityType', 'entityId', 'action', 'actorUserId', 'actorApiClientId', 'after', 'before'];

/** A value of the change delta as text: strings as they are (redacted ones included), the rest as JSON. */
export function shownValue(value: unknown): { text: string; none: boolean } {
  if (value === null || value === undefined) return { text: 'none', none: true };
  if (typeof value === 'string') return { text: value, none: false };
  return { text: JSON.stringify(value), none: false };
}

function present(e: Entry, workspaceNames: Map<string, string>, zone: string) {
  const actor = e.actor;
  return {
    ...e,
    time: when(e.timestamp, zone),
    workspace: e.workspaceId ? (workspaceNames.get(e.workspaceId) ?? e.workspaceId) : '',
    // The content item an entry concerns, by its title (#25), linked to its page.
    item: e.contentItemId && e.workspaceId ? { name: e.contentItemTitle ?? 'a content item without a title', href: itemPaths(e.workspaceId, e.contentItemId).root } : null,
    actorLabel: actor ? `${actor.displayName ?? actor.id}` : 'System',
    // A write an agent made through the MCP server: "by <client> via MCP on behalf of <actor>".
    agent: e.via ? [e.via.clientName, e.via.clientVersion].filter(Boolean).join(' ') : '',
    actorKind: actor ? ({ User: 'user', ApiClient: 'API client', External: 'external' } as const)[actor.type] : '',
    actorFilter: actor?.type === 'User' ? `actorUserId=${encodeURIComponent(actor.id)}` : actor?.type === 'ApiClient' ? `actorApiClientId=${encodeURIComponent(actor.id)}` : '',
    changes: Object.entries(e.changeDelta).map(([property, change]) => ({ property, before: shownValue(change.before), after: shownValue(change.after) })),
  };
}

export function register(router: express.Router): void {
  router.get(base, async (req, res) => {
    const filters = Object.fromEntries(FILTER_NAMES.map((n) => [n, queryValue(req.query, n).trim()])) as unknown as Filters;
    const page = pageOf(req.query);
    const errors: FieldErrors = {};
    for (const n of ['workspaceId', 'entityId', 'actorUserId', 'actorApiClientId'] as const) {
      if (filters[n] !== '' && !isUuid(filters[n])) errors[`/${n}`] = ['Enter an id such as 0193…-…-… (a UUID), or leave it empty.'];
    }
    if (filters.action !== '' && !(ACTIONS as readonly string[]).includes(filters.action)) errors['/action'] = ['Choose an action from the list.'];
    const after = instantFromInput(filters.after, zoneOf(res));
    const before = instantFromInput(filters.before, zoneOf(res));
    if (after === null) errors['/after'] = ['Enter a date and time (UTC), or leave it empty.'];
    if (before === null) errors['/before'] = ['Enter a date and time (UTC), or leave it empty.'];
    if (filters.entityType.length > 100) errors['/entityType'] = ['At most 100 characters.'];

    const workspaces = await workspacesFor(res);
    const names = new Map(workspaces.map((w) => [w.id, w.name]));
    let failure: FormFailure | undefined;
    let result: components['schemas']['AuditLogResponsePagedResponse'] | undefined;
    if (Object.keys(errors).length > 0) {
      failure = { problem: { status: 400, title: 'Check the highlighted filters', detail: null }, errors };
    } else {
      const query = {
        entityType: filters.entityType || undefined,
        entityId: filters.entityId || undefined,
        action: (filters.action || undefined) as AuditAction | undefined,
        actorUserId: filters.actorUserId || undefined,
        actorApiClientId: filters.actorApiClientId || undefined,
        after: after ?? undefined,
        before: before ?? undefined,
        page,
        pageSize: PAGE_SIZE,
      };
      try {
        result = filters.workspaceId
          ? await apiFor(res).listWorkspaceAuditEntries({ path: { workspaceId: filters.workspaceId }, query })
          : await apiFor(res).listAuditEntries({ query });
      } catch (err) {
        // A refused filter value is shown on the form; 403/404 (no audit access, unknown workspace) are pages.
        failure = formFailure(err, [400]);
        if (!failure) throw err;
      }
    }
    const params: Record<string, string> = { ...filters };
    await render(
      res,
      'audit/list',
      {
        title: 'Audit log',
        filters: { ...filters, after: after ? inputFromInstant(after, zoneOf(res)) : filters.after, before: before ? inputFromInstant(before, zoneOf(res)) : filters.before },
        actions: ACTIONS,
        entityTypes: ENTITY_TYPES,
        workspaces,
        filtered: FILTER_NAMES.some((n) => filters[n] !== ''),
        entries: result ? result.items.map((e) => present(e, names, zoneOf(res))) : [],
        totalCount: result?.totalCount ?? 0,
        page,
        totalPages: result?.totalPages ?? 0,
        links: pageLinks(base, params, page, result?.totalPages ?? 0),
        problem: failure?.problem,
        errors: failure?.errors ?? {},
      },
      failure ? 400 : undefined,
    );
  });
}
