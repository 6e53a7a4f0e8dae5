// End to end: a site registers an endpoint, content is published, and the event reaches an HTTPS
// receiver (real TLS with a test CA; the egress client with a loopback resolver and policy) through
// the API's own workers, woken by LISTEN/NOTIFY; the receiver verifies both signatures over the
// bytes it got. A receiver that is down gets the event later.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { createTestCa, type TestCa } from '../helpers/test-ca.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../helpers/https-receiver.js';
import { within } from '../helpers/wait.js';
import { readInstruments } from '../helpers/metrics.js';
import { buildTemplate, createArticle, dbQuery, expectStatus, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';
import { loopbackSender } from './webhook-fixture.js';

/** What a receiver does with X-Verso-Signature: HMAC-SHA256 of the raw bytes, key = the secret's UTF-8 bytes. */
function verifiesVersoSignature(r: ReceivedRequest, secret: string): boolean {
  const expected = Buffer.from(`sha256=${crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(r.body).digest('hex')}`);
  const got = Buffer.from(String(r.headers['x-verso-signature']));
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}

/** Standard Webhooks: v1 = base64 HMAC-SHA256 of "id.timestamp.body", same key, timestamp within 5 minutes. */
function verifiesStandardSignature(r: ReceivedRequest, secret: string): boolean {
  const id = String(r.headers['webhook-id']);
  const timestamp = Number(r.headers['webhook-timestamp']);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const mac = crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.`).update(r.body).digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((sig) => sig.startsWith('v1,') && Buffer.from(sig.slice(3), 'base64').length === mac.length && crypto.timingSafeEqual(Buffer.from(sig.slice(3), 'base64'), mac));
}

/** Waits for the delivery of `type` about `contentItemId` (not whichever arrives next). */
async function deliveryFor(receiver: HttpsReceiver, type: string, contentItemId: string): Promise<ReceivedRequest> {
  const match = (r: ReceivedRequest) => r.headers['x-verso-event'] === type && JSON.parse(r.body.toString('utf8')).contentItemId === contentItemId;
  await within(30_000, async () => receiver.requests.some(match));
  return receiver.requests.find(match)!;
}

describe('webhook delivery over HTTPS (the API process and its workers)', function () {
  this.timeout(60_000);
  let ca: TestCa;
  let receiver: HttpsReceiver;
  let mixedReceiver: HttpsReceiver | undefined;
  let w: ContentWorld;
  let hookUrl: string;

  before(async () => {
    ca = await createTestCa();
    receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: ['hooks.example.test'] }) });
    hookUrl = `https://hooks.example.test:${receiver.port}/verso/events`;
    // The outbox is polled once an hour here, so an event delivered within a minute can only have
    // come through the wake-ups (a bound in seconds, not a race against the machine's load).
    const names = { 'hooks.example.test': ['127.0.0.1'], 'mixed.example.test': ['127.0.0.1', '10.1.2.3'] };
    w = await startContentWorld(
      await startTestApi({ env: { Webhook__OutboxPollIntervalSeconds: '3600' }, overrides: { webhookSender: loopbackSender(ca.cert, names) } }),
    );
  });
  after(async () => {
    await w?.api.close();
    await receiver?.close();
    await mixedReceiver?.close();
  });

  const register = async (events: string[]) => {
    const res = await w.api.post(`${w.base}/webhooks`, { name: 'Site', url: hookUrl, events }, { token: w.editor });
    expectStatus(res, 201);
    return res.body as { endpoint: { id: string }; secret: string };
  };

  it('delivers a published version, signed, to the receiver as the publish commits (woken, not polled)', async () => {
    const { endpoint, secret } = await register(['content.version_published']);
    const item = await createArticle(w, 'Hello');
    const published = Date.now();
    await publishNow(w, item.id, 1);
    const r = await deliveryFor(receiver, 'content.version_published', item.id);
    expect(r.receivedAt - published).to.be.below(60_000);
    expect(r.method).to.equal('POST');
    expect(r.path).to.equal('/verso/events');
    expect(r.servername).to.equal('hooks.example.test');
    expect(r.headers['host']).to.equal(`hooks.example.test:${receiver.port}`);
    expect(r.headers['content-type']).to.equal('application/json');
    expect(verifiesVersoSignature(r, secret)).to.equal(true);
    expect(verifiesStandardSignature(r, secret)).to.equal(true);
    expect(verifiesVersoSignature(r, 'whsec_not-the-secret')).to.equal(false);
    const body = JSON.parse(r.body.toString('utf8'));
    const version = (await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader })).body;
    const [event] = await dbQuery(w.api, `SELECT id FROM outbox_events WHERE event_type = 'content.version_published' AND payload->>'contentItemId' = $1`, [item.id]);
    // The event's type and id are inside the signed bytes, and the headers repeat them.
    expect(body).to.deep.equal({
      type: 'content.version_published', id: event.id,
      contentItemId: item.id, workspaceId: w.ws, templateVersionId: w.model.article.versionId, contentVersionId: version.id, versionNumber: 1, status: 'Published',
      purgeKeys: [`list-${w.ws}`, `item-${item.id}`], localeCode: 'en', translationGroupId: null,
    });
    expect(r.headers['x-verso-event']).to.equal(body.type);
    expect(r.headers['x-verso-event-id']).to.equal(event.id);
    expect(r.headers['webhook-id']).to.equal(event.id);
    // The log shows it delivered, with the bytes the receiver got.
    await within(60_000, async () => (await w.api.get(`${w.base}/webhooks/${endpoint.id}/deliveries?isDelivered=true`, { token: w.editor })).body.totalCount === 1);
    const [d] = (await w.api.get(`${w.base}/webhooks/${endpoint.id}/deliveries`, { token: w.editor })).body.items;
    expect(d).to.deep.include({ eventId: event.id, eventType: 'content.version_published', isDelivered: true, attemptCount: 1, statusCode: 200, payload: body });
    const [row] = await dbQuery(w.api, 'SELECT payload FROM webhook_deliveries WHERE id = $1', [d.id]);
    expect(Buffer.from(row.payload, 'utf8').equals(r.body)).to.equal(true);
  });

  it('a receiver that is down gets the event later, with the same event id and bytes', async () => {
    const { endpoint, secret } = await register(['content.created']);
    receiver.answer({ status: 503 });
    const seen = receiver.requests.length;
    const item = await createArticle(w, 'Later');
    await within(60_000, async () => (await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND is_failed', [endpoint.id])).length === 1);
    const [failed] = (await w.api.get(`${w.base}/webhooks/${endpoint.id}/deliveries?isFailed=true`, { token: w.editor })).body.items;
    expect(failed).to.include({ attemptCount: 1, statusCode: 503, isDelivered: false, isDeadLetter: false });
    expect(failed.lastError).to.be.a('string');
    expect(Date.parse(failed.nextRetryAt) - Date.parse(failed.lastAttemptAt)).to.be.closeTo(30_000, 1_000);
    // The receiver is back; the retry falls due (here: the operator's retry, due now).
    receiver.answer({ status: 200 });
    expectStatus(await w.api.post(`${w.base}/webhooks/${endpoint.id}/deliveries/${failed.id}/retry`, undefined, { token: w.editor }), 202);
    await within(60_000, async () => (await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND delivered_at IS NOT NULL', [endpoint.id])).length === 1);
    const attempts = receiver.requests.slice(seen).filter((r) => r.headers['x-verso-event'] === 'content.created' && JSON.parse(r.body.toString()).contentItemId === item.id);
    expect(attempts).to.have.length(2);
    expect(JSON.parse(attempts[0]!.body.toString())).to.include({ type: 'content.created', id: attempts[0]!.headers['x-verso-event-id'] });
    expect(attempts[0]!.headers['x-verso-event-id']).to.equal(attempts[1]!.headers['x-verso-event-id']);
    expect(attempts[0]!.body.equals(attempts[1]!.body)).to.equal(true);
    expect(attempts.every((a) => verifiesVersoSignature(a, secret))).to.equal(true);
    const [d] = (await w.api.get(`${w.base}/webhooks/${endpoint.id}/deliveries`, { token: w.editor })).body.items;
    expect(d).to.include({ attemptCount: 2, isDelivered: true, isFailed: false, statusCode: 200, lastError: null });
  });

  it('every payload carries its event type and id inside the signed bytes, equal to X-Verso-Event, X-Verso-Event-Id and webhook-id', async () => {
    const { secret } = await w.api
      .post(`${w.base}/webhooks`, { name: 'Typed', url: `https://hooks.example.test:${receiver.port}/typed`, events: ['content.created', 'template.version_published', 'workspace.updated'] }, { token: w.editor })
      .then((res) => (expectStatus(res, 201), res.body as { secret: string }));
    const ours = (match: (body: Record<string, unknown>) => boolean) => async () => {
      const found = () => receiver.requests.find((r) => r.path === '/typed' && match(JSON.parse(r.body.toString('utf8'))));
      await within(60_000, async () => found() !== undefined);
      return found()!;
    };
    const item = await createArticle(w, 'Typed');
    const template = await buildTemplate(w.api, w.base, w.reviewer, 'Typed', () => [{ key: 'title', label: 'Title', primitiveType: 'Text', minOccurrences: 0 }]);
    const ws = await w.api.get(`/api/v1/workspaces/${w.ws}`, { token: w.admin });
    const headers = await w.api.ifMatch(`/api/v1/workspaces/${w.ws}`, w.admin);
    expectStatus(await w.api.put(`/api/v1/workspaces/${w.ws}`, { name: 'Typed payloads', slug: ws.body.slug }, { token: w.admin, headers }), 200);

    const deliveries = [
      await ours((b) => b.contentItemId === item.id)(),
      await ours((b) => b.templateVersionId === template.versionId)(),
      await ours((b) => b.name === 'Typed payloads')(),
    ];
    const types = [];
    for (const r of deliveries) {
      expect(verifiesVersoSignature(r, secret) && verifiesStandardSignature(r, secret)).to.equal(true);
      const body = JSON.parse(r.body.toString('utf8'));
      const [event] = await dbQuery(w.api, 'SELECT event_type FROM outbox_events WHERE id = $1', [body.id]);
      expect(event?.event_type, 'the body names its own outbox event').to.equal(body.type);
      expect([r.headers['x-verso-event'], r.headers['x-verso-event-id'], r.headers['webhook-id']]).to.deep.equal([body.type, body.id, body.id]);
      types.push(body.type);
    }
    expect(types).to.deep.equal(['content.created', 'template.version_published', 'workspace.updated']);
    expect(JSON.parse(deliveries[2]!.body.toString('utf8'))).to.deep.equal({ type: 'workspace.updated', id: deliveries[2]!.headers['x-verso-event-id'], workspaceId: w.ws, name: 'Typed payloads', slug: ws.body.slug });
  });

  it('a destination that also resolves to a private address gets no connection; the delivery records why and the refusal is counted', async () => {
    // A receiver of its own: the shared one also takes the retries of the other tests' endpoints
    // (a receiver that was down gets its event later), which would count as connections here.
    const own = (mixedReceiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: ['mixed.example.test'] }) }));
    const res = await w.api.post(`${w.base}/webhooks`, { name: 'Mixed', url: `https://mixed.example.test:${own.port}/`, events: ['content.deleted'] }, { token: w.editor });
    expectStatus(res, 201);
    const connections = own.connections;
    const before = await readInstruments(w.api.running.deps.metrics);
    const item = await createArticle(w, 'Gone');
    const headers = await w.api.ifMatch(`${w.base}/content/${item.id}`, w.editor);
    expectStatus(await w.api.delete(`${w.base}/content/${item.id}`, { token: w.editor, headers }), 204);
    await within(60_000, async () => (await dbQuery(w.api, 'SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND is_failed', [res.body.endpoint.id])).length === 1);
    const listed = (await w.api.get(`${w.base}/webhooks/${res.body.endpoint.id}/deliveries`, { token: w.editor })).body.items;
    expect(listed).to.have.length(1);
    // This delivery's own attempts, by its id: a retry of it may run at any moment (the workers are
    // on), so the process-wide counters are only read against what the delivery itself records.
    const [d] = await dbQuery(w.api, 'SELECT attempt_count, last_error, status_code, delivered_at, next_attempt_at FROM webhook_deliveries WHERE id = $1', [listed[0].id]);
    expect(d!.attempt_count).to.be.at.least(1);
    expect(d!.last_error).to.include('10.1.2.3');
    expect(d!.status_code).to.equal(null);
    expect(d!.delivered_at).to.equal(null);
    expect(d!.next_attempt_at, 'each refused attempt is scheduled to be tried again').to.not.equal(null);
    expect(own.connections).to.equal(connections);
    // The counters move with each attempt (one just before its record, one just after), so they
    // reach at least the attempts read above, whatever retries came after.
    const moved = (after: Record<string, number>, name: string) => after[name]! - (before[name] ?? 0);
    await within(60_000, async () => {
      const after = await readInstruments(w.api.running.deps.metrics);
      return moved(after, 'verso.webhook.destination.rejected') >= d!.attempt_count && moved(after, 'verso.webhook.delivery.retried') >= d!.attempt_count;
    });
  });
});
