// The delivery state machine of the spec's "Webhook delivery" table, with a scripted sender (the
// real TLS path is delivery.test.ts): fan-out, success, backoff, dead letter, the operator's
// retry, lease fencing, and the instruments as a Prometheus scrape shows them.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { claimDueDeliveries, recordDelivered, recordFailedAttempt } from '../../server/src/db/webhooks/deliveries.js';
import { claimOutboxEvents, fanOutClaimedEvents } from '../../server/src/db/webhooks/outbox-dispatch.js';
import { MIGRATIONS_DIR } from '../../server/src/contract.js';
import { retryDelayMs } from '../../server/src/services/webhooks/delivery-attempt.js';
import { newLease } from '../../server/src/workers/lease.js';
import { sleep } from '../helpers/wait.js';
import {
  dbQuery,
  deliveryWorker,
  dispatcher,
  emitEvent,
  expectProblem,
  expectStatus,
  failedWith,
  registerEndpoint,
  runOnce,
  scrape,
  ScriptedSender,
  series,
  startWebhookWorld,
  valueOf,
  type WebhookWorld,
} from './webhook-fixture.js';

const seconds = (a: string, b: string) => (Date.parse(a) - Date.parse(b)) / 1000;

describe('webhook delivery lifecycle', () => {
  let w: WebhookWorld;
  before(async () => {
    w = await startWebhookWorld({ env: { Metrics__Enabled: 'true', Metrics__Port: '0' } });
  });
  after(() => w.api.close());
  // Each test starts from an empty pipeline: earlier tests' leftovers must not be claimed here.
  beforeEach(async () => {
    await dbQuery(w.api, 'DELETE FROM webhook_deliveries');
    await dbQuery(w.api, 'UPDATE webhook_endpoints SET deleted_at = now(), is_active = false WHERE deleted_at IS NULL');
    await dbQuery(w.api, `UPDATE outbox_events SET processed_at = now(), lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL WHERE processed_at IS NULL`);
  });

  const deliveriesOf = (endpointId: string) => dbQuery(w.api, 'SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at, id', [endpointId]);
  const listUrl = (endpointId: string, query = '') => `${w.base}/webhooks/${endpointId}/deliveries${query}`;

  describe('dispatcher (outbox → deliveries)', () => {
    it('creates one delivery per active endpoint of the workspace subscribed to the type, with the payload bytes, and marks the event processed', async () => {
      const subscribed = await registerEndpoint(w, { events: ['content.created', 'content.deleted'] });
      const alsoSubscribed = await registerEndpoint(w, { events: ['content.created'] });
      const otherType = await registerEndpoint(w, { events: ['content.updated'] });
      const inactive = await registerEndpoint(w, { events: ['content.created'] });
      const headers = await w.api.ifMatch(`${w.base}/webhooks/${inactive.endpoint.id}`, w.editor);
      expectStatus(await w.api.put(`${w.base}/webhooks/${inactive.endpoint.id}`, { name: 'off', url: 'https://hooks.example.test/', isActive: false, events: ['content.created'] }, { token: w.editor, headers }), 200);
      const payload = { contentItemId: crypto.randomUUID(), workspaceId: w.ws, status: 'Draft', nested: { z: 1, a: [1, 'ü'] } };
      const eventId = await emitEvent(w, 'content.created', payload);
      const elsewhere = await emitEvent(w, 'content.created', { workspaceId: null }, null);

      expect(await runOnce(dispatcher(w))).to.equal(2);
      const [row] = await dbQuery(w.api, 'SELECT processed_at, lease_owner, payload::text AS text FROM outbox_events WHERE id = $1', [eventId]);
      expect(row.processed_at).to.not.equal(null);
      expect(row.lease_owner).to.equal(null);
      expect((await dbQuery(w.api, 'SELECT processed_at FROM outbox_events WHERE id = $1', [elsewhere]))[0].processed_at).to.not.equal(null);
      for (const e of [subscribed, alsoSubscribed]) {
        const [d] = await deliveriesOf(e.endpoint.id);
        expect(d).to.include({ event_id: eventId, event_type: 'content.created', attempt_count: 0, is_failed: false, delivered_at: null, dead_lettered_at: null });
        // The stored payload plus the event's type and id, so both signatures cover them.
        expect(JSON.parse(d.payload)).to.deep.equal({ ...payload, type: 'content.created', id: eventId });
        expect(JSON.parse(d.payload)).to.deep.equal({ ...JSON.parse(row.text), type: 'content.created', id: eventId });
        expect(Date.parse(d.next_attempt_at)).to.be.at.most(Date.now() + 1000);
      }
      expect(await deliveriesOf(otherType.endpoint.id)).to.have.length(0);
      expect(await deliveriesOf(inactive.endpoint.id)).to.have.length(0);
      // Processed events are not fanned out again.
      expect(await runOnce(dispatcher(w))).to.equal(0);
      expect(await deliveriesOf(subscribed.endpoint.id)).to.have.length(1);
    });

    it('a batch claimed again (its first claimant stalled past the lease) fans out once; the stale claimant writes nothing', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.updated'] });
      const eventId = await emitEvent(w, 'content.updated');
      const stale = newLease(50);
      const [claim] = await claimOutboxEvents(w.api.running.deps.db, stale, 10);
      expect(claim).to.deep.equal({ id: eventId, reclaimed: false });
      await sleep(80);
      const before = await scrape(w);
      expect(await runOnce(dispatcher(w))).to.equal(1);
      const after = await scrape(w);
      expect(valueOf(after, 'verso_webhook_outbox_reclaimed_total')! - valueOf(before, 'verso_webhook_outbox_reclaimed_total')!).to.equal(1);
      expect(await fanOutClaimedEvents(w.api.running.deps.db, [eventId], stale)).to.deep.equal({ processed: 0, materialized: 0 });
      expect(await deliveriesOf(endpoint.id)).to.have.length(1);
    });

    it('the signed body names the outbox event: a payload member called type or id cannot relabel it', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      const eventId = await emitEvent(w, 'content.deleted', { workspaceId: w.ws, type: 'content.version_published', id: crypto.randomUUID() });
      await runOnce(dispatcher(w));
      const [d] = await deliveriesOf(endpoint.id);
      expect(JSON.parse(d.payload)).to.deep.equal({ workspaceId: w.ws, type: 'content.deleted', id: eventId });
    });

    it('migration 0013 gives deliveries not yet delivered (pending, retrying, dead letters) their type and id, once; delivered ones keep their bytes', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      const legacy = '{"workspaceId": "' + w.ws + '", "contentItemId": null}';
      const insert = async (state: string) => {
        const eventId = crypto.randomUUID();
        const [row] = await dbQuery(w.api, `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, next_attempt_at)
          VALUES ($1, $2, $3, 'content.deleted', $4, now()) RETURNING id`, [endpoint.id, w.ws, eventId, legacy]);
        if (state !== 'pending') await dbQuery(w.api, `UPDATE webhook_deliveries SET next_attempt_at = NULL, ${state === 'dead' ? 'dead_lettered_at' : 'delivered_at'} = now() WHERE id = $1`, [row.id]);
        return { id: row.id as string, eventId };
      };
      const pending = await insert('pending');
      const dead = await insert('dead');
      const delivered = await insert('delivered');
      const typed = await insert('pending');
      await dbQuery(w.api, 'UPDATE webhook_deliveries SET payload = $2 WHERE id = $1', [typed.id, '{"type": "content.deleted", "id": "' + typed.eventId + '", "workspaceId": null}']);
      const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, '0013_signed_webhook_event_type.sql'), 'utf8');
      await dbQuery(w.api, migration);
      const payloadOf = async (id: string) => (await dbQuery(w.api, 'SELECT payload FROM webhook_deliveries WHERE id = $1', [id]))[0].payload as string;
      for (const d of [pending, dead]) {
        expect(JSON.parse(await payloadOf(d.id))).to.deep.equal({ workspaceId: w.ws, contentItemId: null, type: 'content.deleted', id: d.eventId });
      }
      expect(await payloadOf(delivered.id), 'delivered: the bytes that were sent').to.equal(legacy);
      expect(await payloadOf(typed.id), 'already typed: untouched').to.equal('{"type": "content.deleted", "id": "' + typed.eventId + '", "workspaceId": null}');
      const again = await payloadOf(pending.id);
      await dbQuery(w.api, migration);
      expect(await payloadOf(pending.id), 'a second run changes nothing').to.equal(again);
    });

    it('is idempotent per (event, endpoint): a pair that exists already is not inserted again', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      const eventId = await emitEvent(w, 'content.deleted');
      await dbQuery(w.api, `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, next_attempt_at) VALUES ($1, $2, $3, 'content.deleted', '{}', now())`, [endpoint.id, w.ws, eventId]);
      const lease = newLease(60_000);
      await claimOutboxEvents(w.api.running.deps.db, lease, 10);
      expect(await fanOutClaimedEvents(w.api.running.deps.db, [eventId], lease)).to.deep.equal({ processed: 1, materialized: 0 });
      expect(await deliveriesOf(endpoint.id)).to.have.length(1);
    });
  });

  describe('delivery worker', () => {
    it('POSTs the stored bytes with the event headers and both signatures, and marks the delivery delivered', async () => {
      const { endpoint, secret } = await registerEndpoint(w, { events: ['content.created'], url: 'https://hooks.example.test/in?x=1' });
      const eventId = await emitEvent(w, 'content.created', { workspaceId: w.ws, title: 'ü' });
      await runOnce(dispatcher(w));
      const sender = new ScriptedSender().then({ outcome: 'delivered', statusCode: 204, error: null });
      expect(await runOnce(deliveryWorker(w, sender))).to.equal(1);
      const [req] = sender.requests;
      const [d] = await deliveriesOf(endpoint.id);
      expect(req!.url).to.equal('https://hooks.example.test/in?x=1');
      expect(Buffer.from(req!.body).equals(Buffer.from(d.payload, 'utf8'))).to.equal(true);
      expect(req!.timeoutMs).to.equal(15_000);
      const h = req!.headers;
      expect(h).to.include({ 'Content-Type': 'application/json', 'X-Verso-Event': 'content.created', 'X-Verso-Event-Id': eventId, 'webhook-id': eventId });
      const body = Buffer.from(req!.body);
      expect(h['X-Verso-Signature']).to.equal(`sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`);
      expect(Math.abs(Number(h['webhook-timestamp']) - Date.now() / 1000)).to.be.below(5);
      const signed = Buffer.concat([Buffer.from(`${eventId}.${h['webhook-timestamp']}.`), body]);
      expect(h['webhook-signature']).to.equal(`v1,${crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(signed).digest('base64')}`);
      expect(d).to.include({ attempt_count: 1, status_code: 204, is_failed: false, last_error: null, next_attempt_at: null, dead_lettered_at: null, lease_owner: null });
      expect(d.delivered_at).to.not.equal(null);
    });

    it('backs off 30 s × 2^(n−1) after each failure and dead-letters after Webhook__MaxAttempts, keeping error, attempts, event and time', async () => {
      expect([1, 2, 3, 4, 9, 10, 12, 20].map(retryDelayMs)).to.deep.equal([30_000, 60_000, 120_000, 240_000, 7_680_000, 15_360_000, 61_440_000, 86_400_000]);
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      const eventId = await emitEvent(w, 'content.deleted');
      await runOnce(dispatcher(w));
      const sender = new ScriptedSender().then(failedWith(500), { outcome: 'timeout', statusCode: null, error: 'No answer within 15 s.' }, failedWith(503));
      const worker = deliveryWorker(w, sender, { maxAttempts: 3 });
      const makeDue = () => dbQuery(w.api, 'UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND next_attempt_at IS NOT NULL', [endpoint.id]);

      await runOnce(worker);
      let [d] = await deliveriesOf(endpoint.id);
      expect(d).to.include({ attempt_count: 1, status_code: 500, is_failed: true, last_error: 'The receiver answered 500.', delivered_at: null, dead_lettered_at: null });
      expect(seconds(d.next_attempt_at, d.last_attempt_at)).to.be.closeTo(30, 0.5);
      await makeDue();
      await runOnce(worker);
      [d] = await deliveriesOf(endpoint.id);
      expect(d).to.include({ attempt_count: 2, status_code: null, last_error: 'No answer within 15 s.' });
      expect(seconds(d.next_attempt_at, d.last_attempt_at)).to.be.closeTo(60, 0.5);
      await makeDue();
      await runOnce(worker);
      [d] = await deliveriesOf(endpoint.id);
      expect(d).to.include({ attempt_count: 3, status_code: 503, is_failed: true, next_attempt_at: null, delivered_at: null, event_id: eventId });
      expect(d.dead_lettered_at).to.not.equal(null);
      // A dead letter is not due: further passes leave it alone.
      expect(await runOnce(worker)).to.equal(0);
      expect(sender.requests).to.have.length(3);
      // Every attempt carried the same event id and the same bytes.
      expect(new Set(sender.requests.map((r) => r.headers['X-Verso-Event-Id']))).to.deep.equal(new Set([eventId]));
      expect(new Set(sender.requests.map((r) => Buffer.from(r.body).toString('hex'))).size).to.equal(1);
    });

    it('stores at most 4000 characters of an error', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      await emitEvent(w, 'content.deleted');
      await runOnce(dispatcher(w));
      await runOnce(deliveryWorker(w, new ScriptedSender().then({ outcome: 'http_status', statusCode: 418, error: 'x'.repeat(9000) })));
      expect((await deliveriesOf(endpoint.id))[0].last_error).to.have.length(4000);
    });

    it('a worker whose lease expired and was taken over can neither complete nor fail the delivery', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      await emitEvent(w, 'content.deleted');
      await runOnce(dispatcher(w));
      const db = w.api.running.deps.db;
      const stale = newLease(50);
      const [claim] = await claimDueDeliveries(db, stale, 10);
      expect(claim!.reclaimed).to.equal(false);
      await sleep(80);
      const fresh = newLease(60_000);
      const [again] = await claimDueDeliveries(db, fresh, 10);
      expect(again).to.include({ id: claim!.id, reclaimed: true });
      expect(await recordDelivered(db, claim!.id, stale, { count: 1, statusCode: 200 })).to.equal(false);
      expect(await recordFailedAttempt(db, claim!.id, stale, { count: 1, statusCode: 500, error: 'x', retryInMs: 1000 })).to.equal(false);
      let [d] = await deliveriesOf(endpoint.id);
      expect(d).to.include({ attempt_count: 0, delivered_at: null, is_failed: false, lease_token: fresh.token });
      expect(await recordDelivered(db, claim!.id, fresh, { count: 1, statusCode: 200 })).to.equal(true);
      [d] = await deliveriesOf(endpoint.id);
      expect(d.delivered_at).to.not.equal(null);
    });

    it('signs attempts after a rotation with the new secret, retries of earlier events included', async () => {
      const { endpoint, secret } = await registerEndpoint(w, { events: ['content.deleted'] });
      await emitEvent(w, 'content.deleted');
      await runOnce(dispatcher(w));
      const sender = new ScriptedSender().then(failedWith(500));
      await runOnce(deliveryWorker(w, sender));
      const rotated = (await w.api.post(`${w.base}/webhooks/${endpoint.id}/rotate-secret`, undefined, { token: w.editor })).body.secret as string;
      await dbQuery(w.api, 'UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1', [endpoint.id]);
      await runOnce(deliveryWorker(w, sender));
      const sign = (key: string, body: Buffer) => `sha256=${crypto.createHmac('sha256', key).update(body).digest('hex')}`;
      const [first, second] = sender.requests;
      expect(first!.headers['X-Verso-Signature']).to.equal(sign(secret, Buffer.from(first!.body)));
      expect(second!.headers['X-Verso-Signature']).to.equal(sign(rotated, Buffer.from(second!.body)));
      expect((await deliveriesOf(endpoint.id))[0].delivered_at).to.not.equal(null);
    });

    it('a secret that cannot be decrypted fails the attempt without sending, counted by version, key id and reason and logged without it', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.deleted'] });
      const [row] = await dbQuery(w.api, 'SELECT secret_ciphertext FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
      // Flip one character of the GCM tag: the ciphertext no longer authenticates.
      const parts = (row.secret_ciphertext as string).split('.');
      parts[3] = (parts[3]![0] === 'A' ? 'B' : 'A') + parts[3]!.slice(1);
      await dbQuery(w.api, 'UPDATE webhook_endpoints SET secret_ciphertext = $2 WHERE id = $1', [endpoint.id, parts.join('.')]);
      await emitEvent(w, 'content.deleted');
      await runOnce(dispatcher(w));
      const keyId = w.api.running.deps.secretBox.activeKeyId;
      const labels = { version: 'v2', key_id: keyId, reason: 'authentication' };
      const before = valueOf(await scrape(w), 'verso_webhook_secret_decrypt_failures_total', labels) ?? 0;
      const sender = new ScriptedSender();
      await runOnce(deliveryWorker(w, sender));
      expect(sender.requests).to.have.length(0);
      const [d] = await deliveriesOf(endpoint.id);
      expect(d).to.include({ attempt_count: 1, is_failed: true, status_code: null });
      expect(d.last_error).to.include('could not be decrypted (authentication)');
      expect(valueOf(await scrape(w), 'verso_webhook_secret_decrypt_failures_total', labels)).to.equal(before + 1);
      const line = w.workerLog.lines.find((l) => l.message === 'webhook signing secret could not be decrypted' && l.endpoint_id === endpoint.id);
      expect(line).to.include({ endpoint_id: endpoint.id, version: 'v2', key_id: keyId, reason: 'authentication' });
      expect(w.workerLog.text()).to.not.include(parts[4]!);
    });
  });

  describe('GET …/deliveries and POST …/deliveries/{deliveryId}/retry', () => {
    async function threeStates() {
      const { endpoint } = await registerEndpoint(w, { events: ['content.created'] });
      const ids = [await emitEvent(w, 'content.created'), await emitEvent(w, 'content.created'), await emitEvent(w, 'content.created')];
      await runOnce(dispatcher(w));
      // The first is delivered, the second fails (retrying), the third fails for good.
      const sender = new ScriptedSender();
      sender.respond = (r) => {
        const i = ids.indexOf(r.headers['X-Verso-Event-Id']!);
        return i === 0 ? { outcome: 'delivered', statusCode: 200, error: null } : failedWith(i === 1 ? 500 : 502);
      };
      await runOnce(deliveryWorker(w, sender));
      const rows = await deliveriesOf(endpoint.id);
      const byEvent = (eventId: string) => rows.find((r) => r.event_id === eventId)!;
      const [delivered, retrying, dead] = ids.map(byEvent);
      await dbQuery(w.api, `UPDATE webhook_deliveries SET dead_lettered_at = now(), next_attempt_at = NULL WHERE id = $1`, [dead!.id]);
      return { endpoint, delivered: delivered!, retrying: retrying!, dead: dead! };
    }

    it('lists newest first with the delivered / failed / dead-letter filters, payload as JSON', async () => {
      const { endpoint, delivered, retrying, dead } = await threeStates();
      const ids = async (query: string) => {
        const res = await w.api.get(listUrl(endpoint.id, query), { token: w.readOnlyEditor });
        expectStatus(res, 200);
        return res.body.items.map((d: any) => d.id).sort();
      };
      expect(await ids('')).to.deep.equal([delivered.id, retrying.id, dead.id].sort());
      expect(await ids('?isDelivered=true')).to.deep.equal([delivered.id]);
      expect(await ids('?isDelivered=false')).to.deep.equal([retrying.id, dead.id].sort());
      expect(await ids('?isFailed=true')).to.deep.equal([retrying.id, dead.id].sort());
      expect(await ids('?isFailed=false')).to.deep.equal([delivered.id]);
      expect(await ids('?isDeadLetter=true')).to.deep.equal([dead.id]);
      expect(await ids('?isDeadLetter=false&isFailed=true')).to.deep.equal([retrying.id]);
      const page = (await w.api.get(listUrl(endpoint.id, '?isDeadLetter=true'), { token: w.editor })).body;
      expect(page).to.include({ totalCount: 1, page: 1, pageSize: 20, totalPages: 1 });
      expect(page.items[0]).to.deep.include({ webhookEndpointId: endpoint.id, eventId: dead.event_id, eventType: 'content.created', payload: { type: 'content.created', id: dead.event_id, workspaceId: w.ws }, attemptCount: 1, isDelivered: false, isFailed: true, isDeadLetter: true, statusCode: 502, nextRetryAt: null, deliveredAt: null });
      const firstPage = (await w.api.get(listUrl(endpoint.id, '?pageSize=1'), { token: w.editor })).body;
      expect(firstPage).to.include({ totalCount: 3, totalPages: 3 });
      expectProblem(await w.api.get(listUrl('0190c0de-0000-7000-8000-000000000000'), { token: w.editor }), 404, 'not-found');
    });

    it('202 puts a dead letter or a failed delivery back to pending, due now, keeping its attempt count; 409 for a delivered one; 404 for others', async () => {
      const { endpoint, delivered, retrying, dead } = await threeStates();
      const retry = (deliveryId: string, endpointId = endpoint.id, token = w.editor) => w.api.post(`${w.base}/webhooks/${endpointId}/deliveries/${deliveryId}/retry`, undefined, { token });
      expectProblem(await retry(delivered.id), 409, 'conflict');
      expectProblem(await retry(dead.id, endpoint.id, w.readOnlyEditor), 403, 'forbidden');
      expectProblem(await retry(crypto.randomUUID()), 404, 'not-found');
      const other = await registerEndpoint(w);
      expectProblem(await retry(dead.id, other.endpoint.id), 404, 'not-found');
      for (const d of [dead, retrying]) {
        const res = await retry(d.id);
        expectStatus(res, 202);
        expect(res.text).to.equal('');
        const [now] = await dbQuery(w.api, 'SELECT * FROM webhook_deliveries WHERE id = $1', [d.id]);
        expect(now).to.include({ attempt_count: 1, is_failed: false, dead_lettered_at: null, delivered_at: null });
        expect(Date.parse(now.next_attempt_at)).to.be.at.most(Date.now() + 1000);
      }
      // Both are attempted by the next pass (due now), and the history counts on.
      const sender = new ScriptedSender();
      expect(await runOnce(deliveryWorker(w, sender))).to.equal(2);
      for (const d of [dead, retrying]) {
        const [now] = await dbQuery(w.api, 'SELECT attempt_count, delivered_at FROM webhook_deliveries WHERE id = $1', [d.id]);
        expect(now.attempt_count).to.equal(2);
        expect(now.delivered_at).to.not.equal(null);
      }
    });
  });

  describe('instruments (meter Verso.Operational, Prometheus)', () => {
    it('count claims, materialisations, outcomes and the due and pending gauges, with no labels', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['workspace.updated'] });
      await registerEndpoint(w, { events: ['workspace.updated'] });
      const before = await scrape(w);
      await emitEvent(w, 'workspace.updated');
      const pending = await scrape(w);
      expect(valueOf(pending, 'verso_webhook_outbox_pending')).to.equal(1);
      await runOnce(dispatcher(w));
      const dispatched = await scrape(w);
      expect(valueOf(dispatched, 'verso_webhook_outbox_pending')).to.equal(0);
      expect(valueOf(dispatched, 'verso_webhook_delivery_due')).to.equal(2);
      await runOnce(deliveryWorker(w, new ScriptedSender().then({ outcome: 'rejected_destination', statusCode: null, error: 'hooks.example.test resolved to a private address' }, { outcome: 'connection_failed', statusCode: null, error: 'ECONNREFUSED' })));
      const failed = await scrape(w);
      expect(valueOf(failed, 'verso_webhook_delivery_due')).to.equal(0);
      await dbQuery(w.api, `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE next_attempt_at IS NOT NULL AND endpoint_id = $1`, [endpoint.id]);
      await runOnce(deliveryWorker(w, new ScriptedSender(), { maxAttempts: 2 }));
      const after = await scrape(w);
      const delta = (name: string, from = before, to = after) => valueOf(to, name)! - valueOf(from, name)!;
      expect({
        claimed: delta('verso_webhook_outbox_claimed_total'),
        reclaimed: delta('verso_webhook_outbox_reclaimed_total'),
        materialized: delta('verso_webhook_outbox_materialized_total'),
        failures: delta('verso_webhook_outbox_failures_total'),
        deliveryClaimed: delta('verso_webhook_delivery_claimed_total'),
        deliveryReclaimed: delta('verso_webhook_delivery_reclaimed_total'),
        succeeded: delta('verso_webhook_delivery_succeeded_total'),
        retried: delta('verso_webhook_delivery_retried_total'),
        deadLettered: delta('verso_webhook_delivery_dead_lettered_total'),
        rejected: delta('verso_webhook_destination_rejected_total'),
        connectionFailed: delta('verso_webhook_connection_failed_total'),
      }).to.deep.equal({ claimed: 1, reclaimed: 0, materialized: 2, failures: 0, deliveryClaimed: 3, deliveryReclaimed: 0, succeeded: 1, retried: 2, deadLettered: 0, rejected: 1, connectionFailed: 1 });
      // Low cardinality: no series of these instruments has a label (scope labels aside).
      const webhookSeries = series(after, 'verso_webhook_').filter((s) => !s.name.startsWith('verso_webhook_secret_'));
      expect(new Set(webhookSeries.map((s) => s.name))).to.deep.equal(
        new Set([
          'verso_webhook_outbox_pending', 'verso_webhook_outbox_claimed_total', 'verso_webhook_outbox_reclaimed_total', 'verso_webhook_outbox_materialized_total', 'verso_webhook_outbox_failures_total',
          'verso_webhook_delivery_due', 'verso_webhook_delivery_claimed_total', 'verso_webhook_delivery_reclaimed_total', 'verso_webhook_delivery_succeeded_total', 'verso_webhook_delivery_retried_total',
          'verso_webhook_delivery_dead_lettered_total', 'verso_webhook_destination_rejected_total', 'verso_webhook_connection_failed_total',
        ]),
      );
      for (const s of [...webhookSeries, ...series(after, 'verso_cleanup_')]) expect(s.labels, s.name).to.deep.equal({});
    });
  });
});
