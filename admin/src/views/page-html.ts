// Builds a page's HTML: `admin/src/views/<view>.eta` inside `views/layout.eta`, with what the shell
// needs (session, navigation, CSRF token, workspace switcher, flash message, title, theme). Eta
// escapes every `<%= %>` by default; pages never concatenate HTML. Sending it is render.ts's job;
// the error pages (http/page-errors.ts) build theirs here too, which is why the two are apart.
import type express from 'express';
import { Eta } from 'eta';
import type { components } from '@verso/sdk';
import { apiFor, isSessionExpiry } from '../api.js';
import { csrfToken } from '../auth/csrf.js';
import type { AdminSession, Theme } from '../auth/session.js';
import { appendSetCookie, parseCookies, serializeCookie } from '../auth/session.js';
import { contextOf } from '../context.js';
import { navFor, type NavLink } from '../nav.js';
import { viewsDir } from '../paths.js';
import { ReadCache, tokenKey } from '../read-cache.js';
import { zoneLabel, zoneOf } from '../time.js';
import { recordLookups, unplacedErrors } from './error-placement.js';
import type { FieldErrors } from './field-errors.js';

export type WorkspaceSummary = components['schemas']['WorkspaceDto'];

export interface Flash {
  kind: 'success' | 'error' | 'info';
  message: string;
}

/** What every template sees besides its own data. */
export interface ShellData {
  title: string;
  session: AdminSession | undefined;
  nav: NavLink[];
  csrf: string;
  workspaces: WorkspaceSummary[];
  workspaceId: string | undefined;
  flash: Flash | undefined;
  theme: Theme;
  currentPath: string;
  adminVersion: string;
  /** The user's time zone (time.ts zoneOf) and its label for inputs and captions. */
  zone: string;
  zoneLabel: string;
}

export type PageData = { title: string; workspaceId?: string } & Record<string, unknown>;

let engine: Eta | undefined;
function eta(res: express.Response): Eta {
  if (!engine) {
    const dev = contextOf(res).config.environment === 'development';
    engine = new Eta({ views: viewsDir, autoEscape: true, cache: !dev, autoTrim: [false, 'nl'] });
  }
  return engine;
}

const FLASH_COOKIE = 'verso.admin.flash';

/** A message for the next page this browser renders (after a redirect: post/redirect/get). */
export function setFlash(res: express.Response, kind: Flash['kind'], message: string): void {
  const value = Buffer.from(JSON.stringify({ kind, message: message.slice(0, 500) })).toString('base64url');
  appendSetCookie(res, serializeCookie(FLASH_COOKIE, value, contextOf(res).sessions.secure, { maxAgeSeconds: 60 }));
}

function takeFlash(req: express.Request, res: express.Response): Flash | undefined {
  const raw = parseCookies(req.headers.cookie).get(FLASH_COOKIE);
  if (!raw) return undefined;
  appendSetCookie(res, serializeCookie(FLASH_COOKIE, '', contextOf(res).sessions.secure, { maxAgeSeconds: 0 }));
  try {
    const f = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Flash;
    if (['success', 'error', 'info'].includes(f.kind) && typeof f.message === 'string') return { kind: f.kind, message: f.message };
  } catch {
    // a mangled flash cookie is just dropped
  }
  return undefined;
}

declare module 'express-serve-static-core' {
  interface Locals {
    workspaces?: Promise<WorkspaceSummary[]>;
  }
}

const workspaceLists = new ReadCache<WorkspaceSummary[]>(5000);

/**
 * The workspaces the signed-in user can see (first 200), with `canWrite`: the switcher's list and
 * what `abilitiesIn` reads the grant from. Loaded once per request and kept per session for
 * Admin__ReadCacheSeconds (read-cache.ts): a grant changed elsewhere shows within that time, one
 * changed through this admin at once; the API checks every call regardless.
 */
export function workspacesFor(res: express.Response): Promise<WorkspaceSummary[]> {
  const session = res.locals.session;
  if (!session) return Promise.resolve([]);
  const { config } = contextOf(res);
  return (res.locals.workspaces ??= workspaceLists.get(`${config.apiBaseUrl} ${tokenKey(session.token)}`, config.readCacheSeconds * 1000, async () => {
    const out: WorkspaceSummary[] = [];
    for await (const ws of apiFor(res).listAll('listWorkspaces', { query: { pageSize: 100 } })) {
      out.push(ws);
      if (out.length >= 200) break;
    }
    return out;
  }));
}

/** The shell's data for this request (the switcher's list degrades to empty if the API fails, except on 401). */
export async function shellData(res: express.Response, title: string, workspaceId?: string): Promise<ShellData> {
  const req = res.req;
  const session = res.locals.session;
  let workspaces: WorkspaceSummary[] = [];
  if (session && !session.user.mustChangePassword) {
    try {
      workspaces = await workspacesFor(res);
    } catch (err) {
      if (isSessionExpiry(err)) throw err;
      workspaces = [];
    }
  }
  // A user who can see exactly one workspace is in it: its screens are in the navigation from the
  // first page on, without a trip through the switcher.
  const selected = workspaceId ?? res.locals.workspaceId ?? (workspaces.length === 1 ? workspaces[0]!.id : undefined);
  return {
    title,
    session,
    nav: session && !session.user.mustChangePassword ? navFor(session.user, selected, req.path) : [],
    csrf: csrfToken(req, res),
    workspaces,
    workspaceId: selected,
    flash: takeFlash(req, res),
    theme: session?.theme ?? 'auto',
    currentPath: req.path,
    adminVersion: contextOf(res).config.version,
    zone: zoneOf(res),
    zoneLabel: zoneLabel(zoneOf(res)),
  };
}

/** Renders a partial (escaping as usual) to a string, for fragments a page memoizes. */
export function renderFragment(res: express.Response, view: string, data: Record<string, unknown>): string {
  return eta(res).render(`./${view}`, data);
}

export async function renderToString(res: express.Response, view: string, data: PageData): Promise<string> {
  const shell = await shellData(res, data.title, data.workspaceId);
  const it = { ...shell, ...data, session: shell.session, nav: shell.nav, csrf: shell.csrf, flash: (data.flash as Flash | undefined) ?? shell.flash };
  let body: string;
  const errors = data.errors as FieldErrors | undefined;
  const problem = data.problem as Record<string, unknown> | undefined;
  if (problem && errors && Object.keys(errors).length > 0) {
    // A refusal: messages the view shows at no input go into the problem box (error-placement.ts).
    const recorded = recordLookups(errors);
    body = eta(res).render(`./${view}`, { ...it, errors: recorded.errors });
    const escape = eta(res).config.escapeFunction as (s: string) => string;
    const unplaced = unplacedErrors(errors, recorded.looked, body, escape);
    if (unplaced.length > 0) body = eta(res).render(`./${view}`, { ...it, problem: { ...problem, unplaced } });
  } else {
    body = eta(res).render(`./${view}`, it);
  }
  return eta(res).render('./layout', { ...it, body });
}
