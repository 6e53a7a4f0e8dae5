// Webhook endpoints of one workspace: the paged list, create, the endpoint page (the edit form for
// an Editor with Write, read-only for everyone else who may read it), rotate the secret and delete,
// both after a confirmation. Edit and delete carry the ETag the page was opened from (`_etag`), so a
// change made since is a 412 shown with the current values and a re-apply button. The signing
// secret exists only in the API's create and rotate answers: it is rendered straight into that
// response (Cache-Control: no-store) and never logged, redirected with or stored.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../../http/forms.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { noStore, pageLinks, pageOf, refuse, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities, workspaceIdsOf } from '../workspace-scope.js';
import { conflictOf, createBody, emptyValues, errorsAtInputs, otherErrors, updateBody, valuesFrom, valuesOf, type EndpointValues } from './endpoint-form.js';
import { mayChange, readEndpoint, ROUTE, webhookPaths, type Endpoint } from './endpoint-scope.js';
import { EVENT_TYPES } from './event-types.js';

type SecretAnswer = components['schemas']['CreateWebhookEndpointResponse'] | components['schemas']['RotateWebhookSecretResponse'];

const PAGE_SIZE = 20;

interface FormPage {
  values: EndpointValues;
  /** The endpoint being edited (absent: create). */
  endpoint?: Endpoint;
  etag?: string;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function formPage(res: express.Response, scope: WorkspaceAbilities, page: FormPage, status?: number): Promise<void> {
  const e = page.endpoint;
  const paths = webhookPaths(scope.workspace.id, e?.id);
  const errors = page.failure ? errorsAtInputs(page.failure.errors, page.values.events) : {};
  await render(
    res,
    'webhooks/form',
    {
      title: e ? `Webhook endpoint ${e.name}` : 'New webhook endpoint',
      mode: e ? 'edit' : 'create',
      paths,
      workspace: scope.workspace,
      action: e ? paths.endpoint : paths.create,
      endpoint: e,
      created: e ? when(e.createdAt, zoneOf(res)) : '',
      updated: e ? when(e.updatedAt, zoneOf(res)) : '',
      values: page.values,
      eventTypes: EVENT_TYPES,
      etag: page.etag,
      problem: page.failure?.problem,
      errors,
      otherErrors: otherErrors(errors),
      conflict: page.conflict,
    },
    status,
  );
}

/** The endpoint for someone who may read it but not change it: its settings, the controls disabled with the reason. */
async function readOnlyPage(res: express.Response, scope: WorkspaceAbilities, endpoint: Endpoint, reason: string): Promise<void> {
  await render(res, 'webhooks/endpoint', {
    title: `Webhook endpoint ${endpoint.name}`,
    paths: webhookPaths(scope.workspace.id, endpoint.id),
    workspace: scope.workspace,
    endpoint,
    eventTypes: EVENT_TYPES.filter((t) => endpoint.events.includes(t.type)),
    created: when(endpoint.createdAt, zoneOf(res)),
    updated: when(endpoint.updatedAt, zoneOf(res)),
    reason,
  });
}

/** The one page that ever shows a signing secret: after create, or after a rotation (`rotated`). */
async function secretPage(res: express.Response, scope: WorkspaceAbilities, endpoint: Endpoint, answer: SecretAnswer, rotated: boolean): Promise<void> {
  noStore(res);
  const heading = rotated ? 'Signing secret rotated' : 'Webhook endpoint created';
  await render(res, 'webhooks/secret', {
    title: heading,
    heading,
    paths: webhookPaths(scope.workspace.id, endpoint.id),
    workspace: scope.workspace,
    endpoint,
    secret: answer.secret,
    warning: answer.warning,
    rotated,
  });
}

type Action = 'rotate' | 'delete';

const ACTIONS: Record<Action, { heading: string; explain: string; confirm: string; button: string }> = {
  rotate: {
    heading: 'Rotate signing secret',
    explain: 'A new secret is generated and shown once, on the next page. The current one stops signing at once: every attempt from now on, retries of earlier events included, is signed with the new secret, so update the receiver straight away.',
    confirm: 'Yes, replace the signing secret',
    button: 'Rotate secret',
  },
  delete: {
    heading: 'Delete webhook endpoint',
    explain: 'Nothing more is sent to it, deliveries still waiting included, and its delivery log is deleted. This cannot be undone from the admin.',
    confirm: 'Yes, delete this endpoint and its delivery log',
    button: 'Delete endpoint',
  },
};

interface ConfirmPage {
  endpoint: Endpoint;
  etag?: string;
  failure?: FormFailure;
  conflict?: Conflict;
}

async function confirmPage(res: express.Response, scope: WorkspaceAbilities, action: Action, page: ConfirmPage, status?: number): Promise<void> {
  const a = ACTIONS[action];
  const paths = webhookPaths(scope.workspace.id, page.endpoint.id);
  await render(
    res,
    'webhooks/confirm',
    {
      title: `${a.heading}: ${page.endpoint.name}`,
      action,
      ...a,
      paths,
      formAction: action === 'rotate' ? paths.rotate : paths.remove,
      workspace: scope.workspace,
      endpoint: page.endpoint,
      // Delete is guarded by the endpoint's ETag; rotating has no If-Match in the contract.
      guarded: action === 'delete',
      etag: page.etag,
      conflict: page.conflict,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
    },
    status,
  );
}

const notConfirmed = (what: string): FormFailure => ({
  problem: { status: 422, title: 'Confirm first', detail: 'Tick the box to confirm; nothing was changed.' },
  errors: { '/confirm': [`Tick this box to ${what}.`] },
});

export function register(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const page = pageOf(req.query);
    // A Reader (or anyone the API does not let read endpoints) gets the API's own 403 page.
    const [scope, list] = await Promise.all([abilitiesIn(res, ids.workspaceId), apiFor(res).listWebhookEndpoints({ path: { workspaceId: ids.workspaceId }, query: { page, pageSize: PAGE_SIZE } })]);
    const paths = webhookPaths(ids.workspaceId);
    await render(res, 'webhooks/list', {
      title: 'Webhooks',
      paths,
      workspace: scope.workspace,
      endpoints: list.items.map((e) => ({ ...e, paths: webhookPaths(ids.workspaceId, e.id), updated: when(e.updatedAt, zoneOf(res)) })),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(paths.list, {}, page, list.totalPages),
      change: mayChange(scope),
    });
  });

  router.get(`${ROUTE}/new`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return refuse(res, allowed.reason);
    await formPage(res, scope, { values: emptyValues() });
  });

  router.post(`${ROUTE}/new`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const scope = await abilitiesIn(res, ids.workspaceId);
    const values = valuesOf(req);
    try {
      const answer = await apiFor(res).createWebhookEndpoint({ path: { workspaceId: ids.workspaceId }, body: createBody(values) });
      await secretPage(res, scope, answer.endpoint, answer, false);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, scope, { values, failure }, 422);
    }
  });

  router.get(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { endpoint, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readEndpoint(res, ids.workspaceId, ids.id)]);
    const allowed = mayChange(scope);
    if (!allowed.allowed) return readOnlyPage(res, scope, endpoint, allowed.reason);
    await formPage(res, scope, { values: valuesFrom(endpoint), endpoint, etag });
  });

  router.post(`${ROUTE}/:id`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const values = valuesOf(req);
    const sentETag = field(req, '_etag');
    const [scope, { endpoint }] = await Promise.all([abilitiesIn(res, workspaceId), readEndpoint(res, workspaceId, id)]);
    let current = endpoint;
    try {
      const outcome = await submitWithETag({
        etag: sentETag,
        write: (ifMatch) => apiFor(res).updateWebhookEndpoint({ path: { workspaceId, id }, body: updateBody(values) }, { ifMatch }),
        readCurrent: async () => {
          const now = await readEndpoint(res, workspaceId, id);
          current = now.endpoint;
          return conflictOf(now.endpoint, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await formPage(res, scope, { values, endpoint: current, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Webhook endpoint “${outcome.result.name}” saved.`);
      res.redirect(303, webhookPaths(workspaceId, id).endpoint);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, scope, { values, endpoint, etag: sentETag, failure }, 422);
    }
  });

  for (const action of Object.keys(ACTIONS) as Action[]) {
    router.get(`${ROUTE}/:id/${action}`, async (req, res, next) => {
      const ids = workspaceIdsOf(req);
      if (!ids) return next();
      const [scope, { endpoint, etag }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readEndpoint(res, ids.workspaceId, ids.id)]);
      const allowed = mayChange(scope);
      if (!allowed.allowed) return refuse(res, allowed.reason);
      await confirmPage(res, scope, action, { endpoint, etag });
    });
  }

  router.post(`${ROUTE}/:id/rotate`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const [scope, { endpoint }] = await Promise.all([abilitiesIn(res, ids.workspaceId), readEndpoint(res, ids.workspaceId, ids.id)]);
    if (field(req, 'confirm') !== 'yes') return void (await confirmPage(res, scope, 'rotate', { endpoint, failure: notConfirmed('replace the secret') }, 422));
    // The API's refusal (403 without Write, 404 for an endpoint gone) is its problem page.
    const answer = await apiFor(res).rotateWebhookSecret({ path: { workspaceId: ids.workspaceId, id: ids.id } });
    await secretPage(res, scope, endpoint, answer, true);
  });

  router.post(`${ROUTE}/:id/delete`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const { workspaceId, id } = ids;
    const sentETag = field(req, '_etag');
    const [scope, { endpoint }] = await Promise.all([abilitiesIn(res, workspaceId), readEndpoint(res, workspaceId, id)]);
    if (field(req, 'confirm') !== 'yes') return void (await confirmPage(res, scope, 'delete', { endpoint, etag: sentETag, failure: notConfirmed('delete the endpoint') }, 422));
    let current = endpoint;
    const outcome = await submitWithETag({
      etag: sentETag,
      write: (ifMatch) => apiFor(res).deleteWebhookEndpoint({ path: { workspaceId, id } }, { ifMatch }),
      readCurrent: async () => {
        const now = await readEndpoint(res, workspaceId, id);
        current = now.endpoint;
        return conflictOf(now.endpoint, now.etag, zoneOf(res));
      },
    });
    if (!outcome.ok) return void (await confirmPage(res, scope, 'delete', { endpoint: current, conflict: outcome.conflict }, 409));
    setFlash(res, 'success', `Webhook endpoint “${endpoint.name}” deleted.`);
    res.redirect(303, webhookPaths(workspaceId).list);
  });
}
