// Deliveries follow their endpoint's state when they are attempted (issue #23, robustness):
//   - an inactive endpoint's deliveries wait: not claimed, not attempted, no attempt counted, until
//     it is active again (then those due go at once); switched off after a claim, the claimed ones
//     are handed back unsent;
//   - a deleted endpoint's deliveries are cancelled with it (deleted, never attempted), including one
//     claimed before the delete and one the dispatcher was materialising while it ran;
//   - "Retry now" of a delivery of an inactive endpoint is 409 and changes nothing;
//   - a new URL applies to every attempt from then on, retries of earlier deliveries and deliveries
//     already claimed included.
import { expect } from 'chai';
import type { WebhookSendRequest } from '../../server/src/services/webhooks/webhook-ports.js';
import { connect } from '../helpers/database.js';
import { within } from '../helpers/wait.js';
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
  ScriptedSender,
  startWebhookWorld,
  type WebhookWorld,
} from './webhook-fixture.js';

describe('webhook deliveries and the state of their endpoint', () => {
  let w: WebhookWorld;
  before(async () => {
    w = await startWebhookWorld();
  });
  after(() => w.api.close());
  beforeEach(async () => {
    await dbQuery(w.api, 'DELETE FROM webhook_deliveries');
    await dbQuery(w.api, 'UPDATE webhook_endpoints SET deleted_at = now(), is_active = false WHERE deleted_at IS NULL');
    await dbQuery(w.api, `UPDATE outbox_events SET processed_at = now(), lease_owner = NULL, lease_token = NULL, lease_expires_at = NULL WHERE processed_at IS NULL`);
  });

  const item = (id: string) => `${w.base}/webhooks/${id}`;
  const deliveriesOf = (endpointId: string) => dbQuery(w.api, 'SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at, id', [endpointId]);
  async function put(id: string, body: { url: string; isActive: boolean }) {
    const res = await w.api.put(item(id), { name: 'Site', events: ['content.created'], ...body }, { token: w.editor, headers: await w.api.ifMatch(item(id), w.editor) });
    expectStatus(res, 200);
  }
  /** An endpoint with `n` pending deliveries, due now. */
  async function endpointWithDeliveries(n: number, url = 'https://hooks.example.test/verso') {
    const { endpoint } = await registerEndpoint(w, { url, events: ['content.created'] });
    for (let i = 0; i < n; i++) await emitEvent(w, 'content.created', { workspaceId: w.ws, n: i });
    await runOnce(dispatcher(w));
    expect(await deliveriesOf(endpoint.id)).to.have.length(n);
    return endpoint as { id: string; url: string };
  }

  describe('an inactive endpoint', () => {
    it('its pending and retrying deliveries wait (no attempt, none counted) until it is active again, then go at once', async () => {
      const endpoint = await endpointWithDeliveries(2);
      // One fails once (retrying, due again later), the other stays pending.
      const first = new ScriptedSender().then(failedWith(503));
      await runOnce(deliveryWorker(w, first, { batchSize: 1 }));
      expect(first.requests).to.have.length(1);
      await put(endpoint.id, { url: endpoint.url, isActive: false });
      await dbQuery(w.api, `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1`, [endpoint.id]);

      const idle = new ScriptedSender();
      expect(await runOnce(deliveryWorker(w, idle))).to.equal(0);
      expect(idle.requests).to.have.length(0);
      const waiting = await deliveriesOf(endpoint.id);
      expect(waiting.map((d) => [d.attempt_count, d.delivered_at, d.dead_lettered_at, d.lease_owner])).to.have.deep.members([
        [1, null, null, null],
        [0, null, null, null],
      ]);

      await put(endpoint.id, { url: endpoint.url, isActive: true });
      const after = new ScriptedSender();
      expect(await runOnce(deliveryWorker(w, after))).to.equal(2);
      expect(after.requests).to.have.length(2);
      expect((await deliveriesOf(endpoint.id)).map((d) => [d.attempt_count, d.delivered_at !== null])).to.have.deep.members([
        [2, true],
        [1, true],
      ]);
    });

    it('switched off after its deliveries were claimed: the claims not yet attempted are handed back unsent and uncounted', async () => {
      const endpoint = await endpointWithDeliveries(3);
      const sender = new ScriptedSender();
      // The first attempt of the batch (one lane) is under way when the endpoint is switched off.
      const switching = { requests: sender.requests, close() {}, async send(r: WebhookSendRequest) {
        const result = await sender.send(r);
        if (sender.requests.length === 1) await put(endpoint.id, { url: endpoint.url, isActive: false });
        return result;
      } };
      expect(await runOnce(deliveryWorker(w, switching, { concurrency: 1 }))).to.equal(3);
      expect(sender.requests).to.have.length(1);
      const rows = await deliveriesOf(endpoint.id);
      expect(rows.filter((d) => d.delivered_at !== null)).to.have.length(1);
      expect(rows.filter((d) => d.delivered_at === null).map((d) => [d.attempt_count, d.lease_owner, d.is_failed])).to.deep.equal([
        [0, null, false],
        [0, null, false],
      ]);
    });

    it('"Retry now" of one of its deliveries is 409 saying the endpoint is inactive, and the delivery stays as it was', async () => {
      const endpoint = await endpointWithDeliveries(1);
      await runOnce(deliveryWorker(w, new ScriptedSender().then(failedWith(500)), { maxAttempts: 1 }));
      const [dead] = await deliveriesOf(endpoint.id);
      expect(dead.dead_lettered_at).to.not.equal(null);
      await put(endpoint.id, { url: endpoint.url, isActive: false });
      const res = await w.api.post(`${item(endpoint.id)}/deliveries/${dead.id}/retry`, undefined, { token: w.editor });
      expectProblem(res, 409, 'conflict');
      expect(res.body.detail).to.equal('The endpoint is inactive, so its deliveries are not attempted; make it active again to have this one retried.');
      const [after] = await deliveriesOf(endpoint.id);
      expect(after).to.deep.equal(dead);
      // Active again, the retry is accepted.
      await put(endpoint.id, { url: endpoint.url, isActive: true });
      expectStatus(await w.api.post(`${item(endpoint.id)}/deliveries/${dead.id}/retry`, undefined, { token: w.editor }), 202);
    });
  });

  describe('a deleted endpoint', () => {
    it('a delivery claimed before the delete is not sent (the attempt finds the endpoint gone)', async () => {
      const endpoint = await endpointWithDeliveries(2);
      const sender = new ScriptedSender();
      const deleting = { requests: sender.requests, close() {}, async send(r: WebhookSendRequest) {
        const result = await sender.send(r);
        if (sender.requests.length === 1) {
          expectStatus(await w.api.delete(item(endpoint.id), { token: w.editor, headers: await w.api.ifMatch(item(endpoint.id), w.editor) }), 204);
        }
        return result;
      } };
      expect(await runOnce(deliveryWorker(w, deleting, { concurrency: 1 }))).to.equal(2);
      expect(sender.requests).to.have.length(1);
      expect(await deliveriesOf(endpoint.id)).to.have.length(0);
    });

    it('the dispatcher materialising an event while the endpoint is being deleted makes no delivery for it', async () => {
      const { endpoint } = await registerEndpoint(w, { events: ['content.created'] });
      await emitEvent(w, 'content.created');
      // The delete, as the service runs it, on a connection of its own: the endpoint row locked, its
      // deliveries removed, soft-deleted...
      const pool = connect(w.api.databaseUrl);
      const client = await pool.connect();
      let dispatching: Promise<number>;
      try {
        await client.query('BEGIN');
        await client.query('SELECT id FROM webhook_endpoints WHERE id = $1 FOR UPDATE', [endpoint.id]);
        // ...while a dispatcher fans the event out: it waits for the delete rather than racing it.
        dispatching = runOnce(dispatcher(w));
        await within(10_000, async () => (await dbQuery(w.api, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO webhook_deliveries%'`))[0].n > 0);
        await client.query('DELETE FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id]);
        await client.query('UPDATE webhook_endpoints SET deleted_at = now(), is_active = false WHERE id = $1', [endpoint.id]);
        await client.query('COMMIT');
      } finally {
        client.release();
        await pool.end();
      }
      expect(await dispatching).to.equal(1);
      expect(await deliveriesOf(endpoint.id)).to.have.length(0);
    });
  });

  describe('a changed URL', () => {
    it('applies to every attempt from then on: the retry of an earlier delivery and a delivery already claimed', async () => {
      const endpoint = await endpointWithDeliveries(1, 'https://old.example.test/hook');
      const first = new ScriptedSender().then(failedWith(503));
      await runOnce(deliveryWorker(w, first));
      expect(first.requests.map((r) => r.url)).to.deep.equal(['https://old.example.test/hook']);
      await put(endpoint.id, { url: 'https://new.example.test/hook', isActive: true });
      await dbQuery(w.api, `UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1`, [endpoint.id]);
      const retry = new ScriptedSender();
      await runOnce(deliveryWorker(w, retry));
      expect(retry.requests.map((r) => r.url)).to.deep.equal(['https://new.example.test/hook']);

      // Claimed under one URL, attempted after a change: the attempt goes to the new one.
      for (let i = 0; i < 2; i++) await emitEvent(w, 'content.created', { workspaceId: w.ws, i });
      await runOnce(dispatcher(w));
      const sender = new ScriptedSender();
      const changing = { requests: sender.requests, close() {}, async send(r: WebhookSendRequest) {
        const result = await sender.send(r);
        if (sender.requests.length === 1) await put(endpoint.id, { url: 'https://newer.example.test/hook', isActive: true });
        return result;
      } };
      await runOnce(deliveryWorker(w, changing, { concurrency: 1 }));
      expect(sender.requests.map((r) => r.url)).to.deep.equal(['https://new.example.test/hook', 'https://newer.example.test/hook']);
    });
  });
});
