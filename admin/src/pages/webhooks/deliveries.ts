// The deliveries of one endpoint: paged, newest first, filtered by state (the API's isDelivered /
// isFailed / isDeadLetter), each with its event, attempts, last status and error, times in the
// user's zone and the payload it POSTs; and the operator's retry of one that was not delivered
// (202: pending and due now). A delivery that got delivered after the page was rendered is the
// API's 409, shown above the list.
import type express from 'express';
import type { components, operations } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, type FormFailure } from '../../http/forms.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { isUuid, pageLinks, pageOf, queryValue, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceIds, workspaceIdsOf } from '../workspace-scope.js';
import { mayChange, readEndpoint, ROUTE, webhookPaths } from './endpoint-scope.js';

type Delivery = components['schemas']['WebhookDeliveryResponse'];
type DeliveryQuery = Pick<NonNullable<operations['listWebhookDeliveries']['parameters']['query']>, 'isDelivered' | 'isFailed' | 'isDeadLetter'>;

const PAGE_SIZE = 20;

/** The filter choices: each a state the API's three flags select (mutually exclusive). */
const FILTERS = {
  delivered: { label: 'Delivered', query: { isDelivered: true } },
  failed: { label: 'Failed, retry due', query: { isFailed: true, isDeadLetter: false } },
  'dead-letter': { label: 'Dead letter', query: { isDeadLetter: true } },
  pending: { label: 'Pending (not attempted yet, or queued again)', query: { isDelivered: false, isFailed: false, isDeadLetter: false } },
} satisfies Record<string, { label: string; query: DeliveryQuery }>;

type FilterKey = keyof typeof FILTERS;
const filterOf = (raw: string): FilterKey | '' => (Object.hasOwn(FILTERS, raw) ? (raw as FilterKey) : '');

/** A delivery's state as the list shows it (read from the API's flags). */
function stateOf(d: Delivery): { key: string; label: string } {
  if (d.isDelivered) return { key: 'delivered', label: 'Delivered' };
  if (d.isDeadLetter) return { key: 'dead-letter', label: 'Dead letter' };
  if (d.isFailed) return { key: 'failed', label: 'Failed, retry due' };
  return { key: 'pending', label: 'Pending' };
}

interface Listing {
  filter: FilterKey | '';
  page: number;
}

/** The deliveries page a listing was on (after a retry, back to it). */
function listingUrl(ids: WorkspaceIds, listing: Listing): string {
  const q = new URLSearchParams();
  if (listing.filter) q.set('status', listing.filter);
  if (listing.page > 1) q.set('page', String(listing.page));
  const path = webhookPaths(ids.workspaceId, ids.id).deliveries;
  return q.size > 0 ? `${path}?${q}` : path;
}

async function deliveriesPage(res: express.Response, ids: WorkspaceIds, listing: Listing, failure?: FormFailure, status?: number): Promise<void> {
  const { workspaceId, id } = ids;
  const { filter, page } = listing;
  const query = { page, pageSize: PAGE_SIZE, ...(filter ? FILTERS[filter].query : {}) };
  const [scope, { endpoint }, list] = await Promise.all([
    abilitiesIn(res, workspaceId),
    readEndpoint(res, workspaceId, id),
    apiFor(res).listWebhookDeliveries({ path: { workspaceId, id }, query }),
  ]);
  const zone = zoneOf(res);
  const paths = webhookPaths(workspaceId, id);
  await render(
    res,
    'webhooks/deliveries',
    {
      title: `Deliveries to ${endpoint.name}`,
      paths,
      workspace: scope.workspace,
      endpoint,
      filters: Object.entries(FILTERS).map(([key, f]) => ({ key, label: f.label })),
      filter,
      deliveries: list.items.map((d) => ({
        ...d,
        state: stateOf(d),
        created: when(d.createdAt, zone),
        lastAttempt: when(d.lastAttemptAt, zone),
        nextRetry: when(d.nextRetryAt, zone),
        delivered: when(d.deliveredAt, zone),
        deadLettered: when(d.deadLetteredAt, zone),
        payloadText: JSON.stringify(d.payload, null, 2),
        retryAction: `${paths.deliveries}/${d.id}/retry`,
      })),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(paths.deliveries, { status: filter }, page, list.totalPages),
      retry: mayChange(scope),
      problem: failure?.problem,
    },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(`${ROUTE}/:id/deliveries`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    await deliveriesPage(res, ids, { filter: filterOf(queryValue(req.query, 'status')), page: pageOf(req.query) });
  });

  router.post(`${ROUTE}/:id/deliveries/:deliveryId/retry`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    const deliveryId = req.params.deliveryId;
    if (!ids || !isUuid(deliveryId)) return next();
    // Back to the list the button was on.
    const listing: Listing = { filter: filterOf(field(req, 'status')), page: pageOf({ page: field(req, 'page') }) };
    try {
      await apiFor(res).retryWebhookDelivery({ path: { workspaceId: ids.workspaceId, id: ids.id, deliveryId } });
    } catch (err) {
      // 409: delivered meanwhile. A 403 (no Write) or 404 (gone) is the API's problem page.
      const failure = formFailure(err, [409]);
      if (!failure) throw err;
      return void (await deliveriesPage(res, ids, listing, failure, 409));
    }
    setFlash(res, 'success', `${field(req, 'eventType') || 'The delivery'} queued for another attempt now.`);
    res.redirect(303, listingUrl(ids, listing));
  });
}
