// API clients (Admin): the list, create (role, scope, workspace, optional expiry), revoke and rotate, the
// last two after a confirmation. The raw token exists only in the API's create/rotate answer: this
// module renders it straight into that response (Cache-Control: no-store) with a warning and a copy
// button, and never logs it, redirects with it, or puts it in a cookie — it cannot be shown again.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { field, formFailure, type FormFailure } from '../http/forms.js';
import { PATHS } from '../nav.js';
import { render, setFlash, workspacesFor, type WorkspaceSummary } from '../views/render.js';
import { inputFromInstant, instantFromInput, zoneOf } from '../time.js';
import { isUuid, noStore, pageLinks, pageOf, ROLES, roleOf, when } from './screen-forms.js';

type ApiClient = components['schemas']['ApiClientDto'];
type Role = components['schemas']['Role'];
type CreateResult = components['schemas']['CreateApiClientResponse'];
type Scope = ApiClient['scope'];

const PAGE_SIZE = 20;
const base = PATHS.apiClients;
/** The workspace select's value for a client that reaches every workspace (superadmin only). */
const EVERY = 'every';

interface Values {
  name: string;
  description: string;
  role: Role;
  scope: Scope;
  workspaceId: string;
  expiresAt: string;
}

/** The two scopes as the form offers them; the label is what the list shows. */
const SCOPES: readonly { value: Scope; label: string; hint: string }[] = [
  { value: 'Full', label: 'Full', hint: 'Everything the role allows in the workspace.' },
  {
    value: 'Delivery',
    label: 'Delivery only',
    hint: 'Only published content (by slug and the served list), with its public image URLs: drafts, versions, media and settings are refused. The one to put behind a public CDN. Needs the Reader role.',
  },
];
const scopeLabel = (scope: Scope) => SCOPES.find((s) => s.value === scope)!.label;


function valuesOf(req: express.Request): Values {
  return {
    name: field(req, 'name').trim(),
    description: field(req, 'description').trim(),
    role: roleOf(field(req, 'role')),
    scope: field(req, 'scope') === 'Delivery' ? 'Delivery' : 'Full',
    workspaceId: field(req, 'workspaceId'),
    expiresAt: field(req, 'expiresAt').trim(),
  };
}

function stateOf(c: ApiClient, now: number): string {
  if (!c.isActive) return 'Revoked';
  if (c.expiresAt && Date.parse(c.expiresAt) <= now) return 'Expired';
  return 'Active';
}

async function formPage(res: express.Response, values: Values, failure?: FormFailure, status?: number) {
  const workspaces = (await workspacesFor(res)).filter((w) => w.canWrite);
  await render(
    res,
    'api-clients/form',
    {
      title: 'New API client',
      values,
      roles: ROLES,
      scopes: SCOPES,
      workspaces,
      every: EVERY,
      canChooseEvery: res.locals.session!.user.isSuperAdmin,
      problem: failure?.problem,
      errors: failure?.errors ?? {},
    },
    status,
  );
}

/** The one page that ever shows a token. */
async function tokenPage(res: express.Response, heading: string, result: CreateResult, workspaces: readonly WorkspaceSummary[], replaced?: ApiClient) {
  noStore(res);
  await render(res, 'api-clients/token', {
    title: heading,
    heading,
    client: { ...result.client, scopeLabel: scopeLabel(result.client.scope), workspace: workspaceLabel(result.client.workspaceId, workspaces), expires: when(result.client.expiresAt, zoneOf(res)) },
    token: result.token,
    warning: result.warning,
    replaced,
  });
}

function workspaceLabel(id: string | null, workspaces: readonly WorkspaceSummary[]): string {
  if (id === null) return 'Every workspace';
  return workspaces.find((w) => w.id === id)?.name ?? id;
}

type Action = 'revoke' | 'rotate';

const ACTIONS: Record<Action, { heading: string; explain: string; confirm: string; button: string }> = {
  revoke: {
    heading: 'Revoke API client',
    explain: 'The token stops working at once, everywhere. A revoked client cannot be used again; create a new one if needed.',
    confirm: 'Yes, revoke this client',
    button: 'Revoke client',
  },
  rotate: {
    heading: 'Rotate API client',
    explain: 'A replacement client with the same settings and a new token is created, and the current token stops working at once. The new token is shown once, on the next page.',
    confirm: 'Yes, replace the token of this client',
    button: 'Rotate token',
  },
};

async function confirmPage(res: express.Response, action: Action, client: ApiClient, failure?: FormFailure, status?: number) {
  const a = ACTIONS[action];
  const workspaces = await workspacesFor(res);
  await render(
    res,
    'api-clients/confirm',
    {
      title: `${a.heading} ${client.name}`,
      action,
      ...a,
      formAction: `${base}/${client.id}/${action}`,
      client: { ...client, scopeLabel: scopeLabel(client.scope), workspace: workspaceLabel(client.workspaceId, workspaces), state: stateOf(client, Date.now()), expires: when(client.expiresAt, zoneOf(res)), lastUsed: when(client.lastUsedAt, zoneOf(res)) },
      problem: failure?.problem,
      errors: failure?.errors ?? {},
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(base, async (req, res) => {
    const page = pageOf(req.query);
    const list = await apiFor(res).listApiClients({ query: { page, pageSize: PAGE_SIZE } });
    const workspaces = await workspacesFor(res);
    const now = Date.now();
    await render(res, 'api-clients/list', {
      title: 'API clients',
      clients: list.items.map((c) => ({
        ...c,
        scopeLabel: scopeLabel(c.scope),
        workspace: workspaceLabel(c.workspaceId, workspaces),
        state: stateOf(c, now),
        expires: when(c.expiresAt, zoneOf(res)),
        lastUsed: when(c.lastUsedAt, zoneOf(res)),
        created: when(c.createdAt, zoneOf(res)),
      })),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(base, {}, page, list.totalPages),
    });
  });

  router.get(`${base}/new`, async (_req, res) => {
    // The API's own refusal for callers below Admin: listing clients has the create rule's role.
    await apiFor(res).listApiClients({ query: { page: 1, pageSize: 1 } });
    await formPage(res, { name: '', description: '', role: 'Reader', scope: 'Full', workspaceId: res.locals.workspaceId ?? '', expiresAt: '' });
  });

  router.post(`${base}/new`, async (req, res) => {
    const values = valuesOf(req);
    const expiresAt = instantFromInput(values.expiresAt, zoneOf(res));
    const errors: Record<string, string[]> = {};
    if (expiresAt === null) errors['/expiresAt'] = ['Enter a date and time such as 2030-12-31T23:59 (UTC), or leave it empty.'];
    if (values.workspaceId !== EVERY && !isUuid(values.workspaceId)) errors['/workspaceId'] = ['Choose a workspace.'];
    if (Object.keys(errors).length > 0) {
      return void (await formPage(res, values, { problem: { status: 422, title: 'Check the highlighted fields', detail: null }, errors }, 422));
    }
    try {
      const result = await apiFor(res).createApiClient({
        body: {
          name: values.name,
          description: values.description === '' ? null : values.description,
          role: values.role,
          scope: values.scope,
          workspaceId: values.workspaceId === EVERY ? null : values.workspaceId,
          expiresAt: expiresAt ?? null,
        },
      });
      await tokenPage(res, 'API client created', result, await workspacesFor(res));
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, { ...values, expiresAt: expiresAt ? inputFromInstant(expiresAt, zoneOf(res)) : values.expiresAt }, failure, 422);
    }
  });

  for (const action of Object.keys(ACTIONS) as Action[]) {
    router.get(`${base}/:id/${action}`, async (req, res, next) => {
      if (!isUuid(req.params.id)) return next();
      const client = await apiFor(res).getApiClient({ path: { id: req.params.id } });
      await confirmPage(res, action, client);
    });

    router.post(`${base}/:id/${action}`, async (req, res, next) => {
      const id = req.params.id;
      if (!isUuid(id)) return next();
      const api = apiFor(res);
      const client = await api.getApiClient({ path: { id } });
      if (field(req, 'confirm') !== 'yes') {
        const failure: FormFailure = { problem: { status: 422, title: 'Confirm first', detail: 'Tick the box to confirm; nothing was changed.' }, errors: { '/confirm': ['Tick this box to go ahead.'] } };
        return void (await confirmPage(res, action, client, failure, 422));
      }
      try {
        if (action === 'rotate') {
          const result = await api.rotateApiClient({ path: { id } });
          return void (await tokenPage(res, 'API client rotated', result, await workspacesFor(res), client));
        }
        await api.revokeApiClient({ path: { id } });
      } catch (err) {
        const failure = formFailure(err);
        if (!failure) throw err;
        return void (await confirmPage(res, action, await api.getApiClient({ path: { id } }), failure, 422));
      }
      setFlash(res, 'success', `API client “${client.name}” revoked. Its token no longer works.`);
      res.redirect(303, base);
    });
  }
}
