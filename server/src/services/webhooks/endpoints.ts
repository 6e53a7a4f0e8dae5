// Webhook endpoints of a workspace (Editor to read, Editor + Write to change: the access step).
// What is left here: the URL, subscription and chosen-secret rules and the caps (422), optimistic
// concurrency (412), the secret shown once and stored sealed, and an audit entry per change in
// which the secret appears only as `redacted` (services/platform/audit.ts redacts a property named
// `secret`). Deliveries follow the endpoint as it is when they are attempted: an inactive one's wait,
// a deleted one's go with it, and a new URL applies to every attempt from then on.
import type { CommonQueryMethods } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import type { Actor } from '../../access/actor.js';
import type { Db } from '../../db/pool.js';
import { announceDueDeliveries } from '../../db/webhooks/deliveries.js';
import { deleteEndpoint as deleteRow, findEndpoint, findEndpointSecret, insertEndpoint, listEndpoints as listRows, replaceEndpointSecret, updateEndpoint as updateRow, type EndpointRow } from '../../db/webhooks/endpoints.js';
import { notFound, validationFailed } from '../../errors.js';
import type {
  CreateWebhookEndpointRequest,
  CreateWebhookEndpointResponse,
  RotateWebhookSecretResponse,
  UpdateWebhookEndpointRequest,
  WebhookEndpointResponse,
  WebhookEndpointResponsePagedResponse,
  WebhookEventType,
} from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { etagOf, requireIfMatch } from '../platform/etag.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';
import { chosenSecretProblem } from './chosen-secret-rule.js';
import { checkEndpointCaps, destinationHost, type EndpointCaps } from './endpoint-caps.js';
import { readSubscriptions, storedSubscriptions } from './event-types.js';
import { generateSigningSecret, sealSecret, SECRET_WARNING } from './signing-secrets.js';
import type { PrivateDestinations, SecretBox } from './webhook-ports.js';
import { checkWebhookUrl } from './webhook-ports.js';

/** What endpoint changes need beyond the database: the keyring, whether http:// is allowed, the caps. */
export interface EndpointRules {
  readonly secretBox: SecretBox;
  readonly allowHttp: boolean;
  /** Webhook__AllowedPrivateDestinations: the developer's own receivers (development and test only). */
  readonly privateDestinations: PrivateDestinations;
  readonly caps: EndpointCaps;
}

export const endpointEtag = (e: EndpointRow) => etagOf(e.id, e.row_version);

export function presentEndpoint(e: EndpointRow): WebhookEndpointResponse {
  return {
    id: e.id,
    workspaceId: e.workspace_id,
    name: e.name,
    url: e.url,
    isActive: e.is_active,
    createdAt: e.created_at,
    updatedAt: e.updated_at,
    events: storedSubscriptions(e.events),
  };
}

const auditView = (e: EndpointRow) => ({ name: e.name, url: e.url, isActive: e.is_active, events: e.events });

/**
 * The URL, the subscriptions and (on create) a secret the caller chose, all checked before any
 * answers, so one 422 lists every broken field.
 */
function checkTarget(rules: EndpointRules, url: string, events: readonly string[], chosenSecret?: string | null): WebhookEventType[] {
  const { list, errors } = readSubscriptions(events);
  const urlProblem = checkWebhookUrl(url, { allowHttp: rules.allowHttp, privateDestinations: rules.privateDestinations });
  if (urlProblem !== null) errors['/url'] = [urlProblem];
  const secretProblem = chosenSecret == null ? null : chosenSecretProblem(chosenSecret);
  if (secretProblem !== null) errors['/secret'] = [secretProblem];
  if (Object.keys(errors).length > 0) throw validationFailed(errors, 'The endpoint breaks one or more rules.');
  return list;
}

/** The name as stored: edges trimmed (the contract already requires a non-blank one). */
const cleanName = (name: string) => name.trim();

async function requireEndpoint(db: CommonQueryMethods, workspaceId: string, id: string, forUpdate = false): Promise<EndpointRow> {
  const e = await findEndpoint(db, workspaceId, id, forUpdate);
  if (!e) throw notFound('The webhook endpoint');
  return e;
}

export async function listEndpoints(db: Db, workspaceId: string, query: PagingQuery): Promise<WebhookEndpointResponsePagedResponse> {
  const page = pageRequest(query);
  const { rows, total } = await listRows(db, workspaceId, page.pageSize, page.offset);
  return toPage(rows.map(presentEndpoint), total, page);
}

export const getEndpoint = (db: Db, workspaceId: string, id: string): Promise<EndpointRow> => requireEndpoint(db, workspaceId, id);

export async function createEndpoint(
  db: Db,
  rules: EndpointRules,
  actor: Actor,
  workspaceId: string,
  input: CreateWebhookEndpointRequest,
): Promise<{ endpoint: EndpointRow; response: CreateWebhookEndpointResponse }> {
  const events = checkTarget(rules, input.url, input.events, input.secret);
  const secret = input.secret ?? generateSigningSecret();
  const sealed = sealSecret(rules.secretBox, secret);
  const endpoint = await db.transaction(async (tx) => {
    await checkEndpointCaps(tx, rules.caps, workspaceId, input.url);
    const e = await insertEndpoint(tx, { id: uuidv7(), workspaceId, name: cleanName(input.name), url: input.url, events, secret: sealed });
    await recordAudit(tx, { workspaceId, entityType: 'WebhookEndpoint', entityId: e.id, action: 'Created', actor, after: { ...auditView(e), secret } });
    return e;
  });
  return { endpoint, response: { endpoint: presentEndpoint(endpoint), secret, warning: SECRET_WARNING } };
}

export async function updateEndpoint(
  db: Db,
  rules: EndpointRules,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
  input: UpdateWebhookEndpointRequest,
): Promise<EndpointRow> {
  return db.transaction(async (tx) => {
    const current = await requireEndpoint(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, endpointEtag(current));
    const events = checkTarget(rules, input.url, input.events);
    if (destinationHost(input.url) !== destinationHost(current.url)) await checkEndpointCaps(tx, rules.caps, workspaceId, input.url, id);
    const updated = await updateRow(tx, id, { name: cleanName(input.name), url: input.url, isActive: input.isActive, events });
    // Switched back on: its deliveries that waited are due, so the delivery workers are woken.
    if (input.isActive && !current.is_active) await announceDueDeliveries(tx);
    await recordAudit(tx, { workspaceId, entityType: 'WebhookEndpoint', entityId: id, action: 'Updated', actor, before: auditView(current), after: auditView(updated) });
    return updated;
  });
}

export async function deleteEndpoint(db: Db, actor: Actor, workspaceId: string, id: string, ifMatch: string | undefined): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requireEndpoint(tx, workspaceId, id, true);
    requireIfMatch(ifMatch, endpointEtag(current));
    await deleteRow(tx, id);
    await recordAudit(tx, { workspaceId, entityType: 'WebhookEndpoint', entityId: id, action: 'Deleted', actor, before: auditView(current) });
  });
}

/**
 * A new generated secret, returned this once. Attempts from now on sign with it, retries of
 * earlier events included (they read the secret when they are claimed).
 */
export async function rotateEndpointSecret(
  db: Db,
  box: SecretBox,
  actor: Actor,
  workspaceId: string,
  id: string,
): Promise<{ endpoint: EndpointRow; response: RotateWebhookSecretResponse }> {
  const secret = generateSigningSecret();
  const sealed = sealSecret(box, secret);
  const endpoint = await db.transaction(async (tx) => {
    const current = await requireEndpoint(tx, workspaceId, id, true);
    const old = await findEndpointSecret(tx, id);
    const updated = await replaceEndpointSecret(tx, id, sealed);
    // The audit delta shows that the secret changed, both sides redacted. The old one is read back
    // for that only; when it cannot be (a key no longer configured) the entry still records the change.
    let before: string | null = null;
    try {
      before = old ? box.open(old) : null;
    } catch {
      before = null;
    }
    await recordAudit(tx, { workspaceId, entityType: 'WebhookEndpoint', entityId: id, action: 'Updated', actor, before: { ...auditView(current), secret: before }, after: { ...auditView(updated), secret } });
    return updated;
  });
  return { endpoint, response: { id: endpoint.id, secret, warning: SECRET_WARNING } };
}
