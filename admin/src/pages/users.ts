// Users (Admin + host superadmin; the API refuses everyone else, and these pages show its refusal):
// the list with a search, create (role, superadmin flag, a Read/Write grant per workspace), edit,
// deactivate / reactivate, reset password and delete — each of the last four after a confirmation.
// A temporary password (create, reset) is generated here, sent to the API and shown once on a
// no-store page; it is never logged, put in a URL or stored in the cookie.
//
// Edits carry the ETag the page was opened from (`_etag`): a change someone made since is a 412
// shown with the current values and a re-apply button (partials/conflict.eta).
import type express from 'express';
import type { components, VersoClient } from '@verso/sdk';
import { apiFor } from '../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../http/forms.js';
import { PATHS } from '../nav.js';
import { render, setFlash, workspacesFor, type WorkspaceSummary } from '../views/render.js';
import { zoneOf } from '../time.js';
import { isUuid, noStore, pageLinks, pageOf, queryValue, ROLES, roleOf, temporaryPassword, when } from './screen-forms.js';
import { contextOf } from '../context.js';

type User = components['schemas']['UserDto'];
type Role = components['schemas']['Role'];
type AccessLevel = components['schemas']['WorkspaceAccessLevel'];

const PAGE_SIZE = 20;
/** The search reads the whole list (the API's list has no search parameter); at most this many users. */
const SEARCH_LIMIT = 5000;
const base = PATHS.users;

interface Values {
  email: string;
  displayName: string;
  role: Role;
  isSuperAdmin: boolean;
  /** workspaceId → grant; a workspace without an entry has none. */
  grants: Record<string, AccessLevel>;
}


/**
 * The form's values. Grants come from every `grant.<workspaceId>` field the form posted, not only
 * from the workspaces listed now, so a grant on a workspace the list does not show (the shell loads
 * the first 200) is kept rather than dropped by the replace-all update.
 */
function valuesOf(req: express.Request): Values {
  const grants: Record<string, AccessLevel> = {};
  for (const [name, raw] of Object.entries((req.body ?? {}) as Record<string, unknown>)) {
    const id = name.startsWith('grant.') ? name.slice('grant.'.length) : '';
    const level = Array.isArray(raw) ? raw[0] : raw;
    if (isUuid(id) && (level === 'Read' || level === 'Write')) grants[id.toLowerCase()] = level;
  }
  return {
    email: field(req, 'email').trim(),
    displayName: field(req, 'displayName').trim(),
    role: roleOf(field(req, 'role')),
    isSuperAdmin: field(req, 'isSuperAdmin') === 'true',
    grants,
  };
}

function valuesFrom(u: User): Values {
  const grants: Record<string, AccessLevel> = {};
  for (const g of u.workspaceAccesses) grants[g.workspaceId] = g.accessLevel;
  return { email: u.email, displayName: u.displayName ?? '', role: u.role, isSuperAdmin: u.isSuperAdmin, grants };
}

const accessesOf = (v: Values) => Object.entries(v.grants).map(([workspaceId, accessLevel]) => ({ workspaceId, accessLevel }));

function grantSummary(u: User, names: Map<string, string>): string {
  if (u.workspaceAccesses.length === 0) return u.isSuperAdmin ? 'Every workspace (superadmin)' : 'None';
  return u.workspaceAccesses.map((g) => `${names.get(g.workspaceId) ?? g.workspaceId}: ${g.accessLevel}`).join(', ');
}

function conflictOf(u: User, etag: string | undefined, names: Map<string, string>, zone: string): Conflict {
  return {
    etag: etag ?? '',
    current: [
      { label: 'Email', value: u.email },
      { label: 'Display name', value: u.displayName ?? '' },
      { label: 'Role', value: u.role },
      { label: 'Host superadmin', value: u.isSuperAdmin ? 'Yes' : 'No' },
      { label: 'Active', value: u.isActive ? 'Yes' : 'No' },
      { label: 'Workspace access', value: grantSummary(u, names) },
      { label: 'Last changed', value: when(u.updatedAt, zone) },
    ],
  };
}

async function readUser(api: VersoClient, id: string): Promise<{ user: User; etag: string | undefined }> {
  const { data, etag } = await api.call('getUser', { path: { id } });
  return { user: data, etag };
}

const namesOf = (workspaces: readonly WorkspaceSummary[]) => new Map(workspaces.map((w) => [w.id, w.name]));

interface FormPage {
  mode: 'create' | 'edit';
  values: Values;
  user?: User;
  etag?: string;
  /** The account state the edit was opened from (the edit form does not change it). */
  isActive?: boolean;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function formPage(res: express.Response, page: FormPage, status?: number) {
  const listed = await workspacesFor(res);
  // A granted workspace beyond the listed ones still gets its row (named by id), so saving keeps it.
  const extra = Object.keys(page.values.grants)
    .filter((id) => !listed.some((w) => w.id === id))
    .map((id) => ({ id, name: id, slug: 'not listed' }));
  const workspaces = [...listed, ...extra];
  return render(
    res,
    'users/form',
    {
      title: page.mode === 'create' ? 'New user' : `Edit user ${page.user?.email ?? ''}`.trim(),
      mode: page.mode,
      action: page.mode === 'create' ? `${base}/new` : `${base}/${page.user!.id}/edit`,
      values: page.values,
      user: page.user,
      etag: page.etag,
      isActive: page.isActive ?? true,
      roles: ROLES,
      workspaces,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
    },
    status,
  );
}

/** The page that shows a temporary password, once. */
async function temporaryPasswordPage(res: express.Response, data: { heading: string; email: string; userId: string; password: string; warning: string }) {
  noStore(res);
  await render(res, 'users/temporary-password', { title: data.heading, ...data });
}

type Action = 'deactivate' | 'reactivate' | 'reset-password' | 'delete';

const ACTIONS: Record<Action, { heading: string; explain: string; confirm: string; button: string }> = {
  deactivate: {
    heading: 'Deactivate user',
    explain: 'The user is signed out everywhere at once and cannot sign in until reactivated. Their content and history stay.',
    confirm: 'Yes, deactivate this user',
    button: 'Deactivate user',
  },
  reactivate: {
    heading: 'Reactivate user',
    explain: 'The user can sign in again with their current password.',
    confirm: 'Yes, reactivate this user',
    button: 'Reactivate user',
  },
  'reset-password': {
    heading: 'Reset password',
    explain: 'A new temporary password replaces the current one and is shown to you once. The user is signed out everywhere and must choose a new password at the next sign-in.',
    confirm: 'Yes, reset the password of this user',
    button: 'Reset password',
  },
  delete: {
    heading: 'Delete user',
    explain: 'The user is signed out everywhere and can no longer sign in. The audit trail keeps their changes. This cannot be undone from the admin.',
    confirm: 'Yes, delete this user',
    button: 'Delete user',
  },
};

async function confirmPage(res: express.Response, action: Action, user: User, etag: string | undefined, extra: { failure?: FormFailure; conflict?: Conflict } = {}, status?: number) {
  const a = ACTIONS[action];
  await render(
    res,
    'users/confirm',
    {
      title: `${a.heading} ${user.email}`,
      action,
      ...a,
      formAction: `${base}/${user.id}/${action}`,
      user,
      etag,
      problem: extra.failure?.problem,
      errors: extra.failure?.errors ?? {},
      conflict: extra.conflict,
    },
    status,
  );
}

const NOT_CONFIRMED: FormFailure = { problem: { status: 422, title: 'Confirm first', detail: 'Tick the box to confirm; nothing was changed.' }, errors: { '/confirm': ['Tick this box to go ahead.'] } };

export function register(router: express.Router): void {
  router.get(base, async (req, res) => {
    const api = apiFor(res);
    const q = queryValue(req.query, 'q').trim();
    const page = pageOf(req.query);
    let items: User[];
    let totalCount: number;
    let totalPages: number;
    if (q === '') {
      const list = await api.listUsers({ query: { page, pageSize: PAGE_SIZE } });
      ({ items, totalCount, totalPages } = list);
    } else {
      // The API's list has no search: read it all (bounded) and match email and name here.
      const needle = q.toLowerCase();
      const matches: User[] = [];
      let seen = 0;
      for await (const u of api.listAll('listUsers', { query: { pageSize: 100 } })) {
        if (++seen > SEARCH_LIMIT) break;
        if (u.email.toLowerCase().includes(needle) || (u.displayName ?? '').toLowerCase().includes(needle)) matches.push(u);
      }
      totalCount = matches.length;
      totalPages = Math.max(1, Math.ceil(totalCount / PAGE_SIZE));
      items = matches.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
    }
    const names = namesOf(await workspacesFor(res));
    const me = res.locals.session!.user.id;
    await render(res, 'users/list', {
      title: 'Users',
      q,
      users: items.map((u) => ({ ...u, grants: grantSummary(u, names), lastLogin: when(u.lastLoginAt, zoneOf(res)), isMe: u.id === me })),
      totalCount,
      page,
      totalPages,
      links: pageLinks(base, { q }, page, totalPages),
    });
  });

  router.get(`${base}/new`, async (_req, res) => {
    // The probe: only an Admin host superadmin may list users, and only they may create one.
    await apiFor(res).listUsers({ query: { page: 1, pageSize: 1 } });
    await formPage(res, { mode: 'create', values: { email: '', displayName: '', role: 'Reader', isSuperAdmin: false, grants: {} } });
  });

  router.post(`${base}/new`, async (req, res) => {
    const values = valuesOf(req);
    const password = temporaryPassword(contextOf(res).config.passwordMinLength);
    try {
      const created = await apiFor(res).createUser({
        body: {
          email: values.email,
          displayName: values.displayName === '' ? null : values.displayName,
          role: values.role,
          isSuperAdmin: values.isSuperAdmin,
          temporaryPassword: password,
          workspaceAccesses: accessesOf(values),
        },
      });
      await temporaryPasswordPage(res, { heading: 'User created', email: values.email, userId: created.userId, password: created.temporaryPassword, warning: created.warning });
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, { mode: 'create', values, failure }, 422);
    }
  });

  router.get(`${base}/:id/edit`, async (req, res, next) => {
    if (!isUuid(req.params.id)) return next();
    const { user, etag } = await readUser(apiFor(res), req.params.id);
    await formPage(res, { mode: 'edit', values: valuesFrom(user), user, etag, isActive: user.isActive });
  });

  router.post(`${base}/:id/edit`, async (req, res, next) => {
    const id = req.params.id;
    if (!isUuid(id)) return next();
    const api = apiFor(res);
    const workspaces = await workspacesFor(res);
    const values = valuesOf(req);
    // The account state is not edited here: keep the one the form was opened from (a change since is a 412 anyway).
    const isActive = field(req, 'isActive') !== 'false';
    let current: User | undefined;
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) =>
          api.updateUser(
            {
              path: { id },
              body: {
                email: values.email,
                displayName: values.displayName === '' ? null : values.displayName,
                role: values.role,
                isSuperAdmin: values.isSuperAdmin,
                isActive,
                workspaceAccesses: accessesOf(values),
              },
            },
            { ifMatch },
          ),
        readCurrent: async () => {
          const now = await readUser(api, id);
          current = now.user;
          return conflictOf(now.user, now.etag, namesOf(workspaces), zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await formPage(res, { mode: 'edit', values, user: current, isActive: current!.isActive, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `User ${outcome.result.email} saved.`);
      res.redirect(303, base);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      const { user } = await readUser(api, id);
      await formPage(res, { mode: 'edit', values, user, etag: field(req, '_etag'), isActive, failure }, 422);
    }
  });

  // Lifts the account's sign-in throttle (every locked-out client and the slowdown): harmless to
  // the account, so one button without a confirmation step.
  router.post(`${base}/:id/unlock`, async (req, res, next) => {
    const id = req.params.id;
    if (!isUuid(id)) return next();
    const api = apiFor(res);
    const { user } = await readUser(api, id);
    await api.unlockUser({ path: { id } });
    contextOf(res).logger.info('Unlocked sign-in', { userId: id });
    setFlash(res, 'success', `Sign-in of ${user.email} unlocked: every client may try again now.`);
    res.redirect(303, `${base}/${id}/edit`);
  });

  for (const action of Object.keys(ACTIONS) as Action[]) {
    router.get(`${base}/:id/${action}`, async (req, res, next) => {
      if (!isUuid(req.params.id)) return next();
      const { user, etag } = await readUser(apiFor(res), req.params.id);
      await confirmPage(res, action, user, etag);
    });

    router.post(`${base}/:id/${action}`, async (req, res, next) => {
      const id = req.params.id;
      if (!isUuid(id)) return next();
      const api = apiFor(res);
      if (field(req, 'confirm') !== 'yes') {
        const { user, etag } = await readUser(api, id);
        return void (await confirmPage(res, action, user, etag, { failure: NOT_CONFIRMED }, 422));
      }
      if (action === 'reset-password') {
        // Not guarded by If-Match in the contract: the confirmation is the guard.
        const { user } = await readUser(api, id);
        const result = await api.resetUserPassword({ path: { id }, body: { temporaryPassword: temporaryPassword(contextOf(res).config.passwordMinLength) } });
        return void (await temporaryPasswordPage(res, { heading: 'Password reset', email: user.email, userId: id, password: result.temporaryPassword, warning: result.warning }));
      }
      const names = namesOf(await workspacesFor(res));
      let current: User | undefined;
      const readCurrent = async () => {
        const now = await readUser(api, id);
        current = now.user;
        return conflictOf(now.user, now.etag, names, zoneOf(res));
      };
      try {
        const outcome = await submitWithETag<unknown>({
          etag: field(req, '_etag'),
          readCurrent,
          write: async (ifMatch) => {
            if (action === 'delete') return api.deleteUser({ path: { id } }, { ifMatch });
            // Deactivate / reactivate: the user as the page showed it, with only the flag changed;
            // if it changed since, the ETag no longer matches and the API answers 412.
            const { user } = await readUser(api, id);
            return api.updateUser(
              { path: { id }, body: { email: user.email, displayName: user.displayName, role: user.role, isSuperAdmin: user.isSuperAdmin, isActive: action === 'reactivate' } },
              { ifMatch },
            );
          },
        });
        if (!outcome.ok) return void (await confirmPage(res, action, current!, outcome.conflict.etag, { conflict: outcome.conflict }, 409));
      } catch (err) {
        const failure = formFailure(err);
        if (!failure) throw err;
        const { user, etag } = await readUser(api, id);
        return void (await confirmPage(res, action, user, etag, { failure }, 422));
      }
      const done = { delete: 'deleted', deactivate: 'deactivated', reactivate: 'reactivated' }[action];
      setFlash(res, 'success', `User ${field(req, 'email')} ${done}.`);
      res.redirect(303, base);
    });
  }
}
