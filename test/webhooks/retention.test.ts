// Retention (Webhook__RetentionDays): processed outbox events and delivered logs older than the
// window are deleted in bounded batches; unprocessed events and pending, retrying and dead-letter
// deliveries never are, however old.
import { expect } from 'chai';
import { createWorkers } from '../../server/src/workers/index.js';
import { createWebhookRetentionWorker } from '../../server/src/workers/webhook-retention.js';
import { dbQuery, registerEndpoint, runOnce, scrape, startWebhookWorld, valueOf, type WebhookWorld } from './webhook-fixture.js';

describe('webhook retention', () => {
  let w: WebhookWorld;
  before(async () => {
    w = await startWebhookWorld({ env: { Metrics__Enabled: 'true', Metrics__Port: '0' } });
  });
  after(() => w.api.close());

  it('deletes old processed events and old delivered logs, a bounded batch per pass, and nothing else', async () => {
    const { endpoint } = await registerEndpoint(w);
    const event = async (occurredDaysAgo: number, processedDaysAgo: number | null) =>
      (await dbQuery(w.api, `INSERT INTO outbox_events (workspace_id, event_type, payload, occurred_at, processed_at)
        VALUES ($1, 'content.created', '{}', now() - make_interval(days => $2), CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(days => $3::int) END) RETURNING id`, [w.ws, occurredDaysAgo, processedDaysAgo]))[0].id as string;
    const delivery = async (state: 'delivered' | 'pending' | 'retrying' | 'dead', daysAgo: number) => {
      const at = `now() - make_interval(days => ${daysAgo})`;
      const columns = {
        delivered: `${at}, NULL, NULL, false, 1`,
        pending: `NULL, NULL, ${at}, false, 0`,
        retrying: `NULL, NULL, ${at}, true, 3`,
        dead: `NULL, ${at}, NULL, true, 10`,
      }[state];
      return (await dbQuery(w.api, `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, created_at, delivered_at, dead_lettered_at, next_attempt_at, is_failed, attempt_count)
        VALUES ($1, $2, gen_random_uuid(), 'content.created', '{}', ${at}, ${columns}) RETURNING id`, [endpoint.id, w.ws]))[0].id as string;
    };
    const oldEvents = [await event(40, 31), await event(40, 35), await event(50, 45)];
    const keptEvents = [await event(40, 29), await event(400, null), await event(1, 0)];
    const oldDelivered = [await delivery('delivered', 31), await delivery('delivered', 60), await delivery('delivered', 90)];
    const keptDeliveries = [await delivery('delivered', 29), await delivery('pending', 400), await delivery('retrying', 400), await delivery('dead', 400)];

    const before = await scrape(w);
    const worker = createWebhookRetentionWorker(w.api.running.deps.db, w.api.running.deps.metrics.cleanup, { retentionDays: 30, batchSize: 2, intervalMs: 3_600_000 });
    // A full batch (2) asks the host to run again at once; the third pass finds nothing.
    expect(await runOnce(worker)).to.equal(2);
    const existing = async (table: string, ids: string[]) => (await dbQuery(w.api, `SELECT id FROM ${table} WHERE id = ANY($1)`, [ids])).length;
    expect(await existing('outbox_events', oldEvents)).to.equal(1);
    expect(await existing('webhook_deliveries', oldDelivered)).to.equal(1);
    expect(await runOnce(worker)).to.equal(1);
    expect(await runOnce(worker)).to.equal(0);
    expect(await existing('outbox_events', oldEvents)).to.equal(0);
    expect(await existing('webhook_deliveries', oldDelivered)).to.equal(0);
    expect(await existing('outbox_events', keptEvents)).to.equal(3);
    expect(await existing('webhook_deliveries', keptDeliveries)).to.equal(4);
    const after = await scrape(w);
    expect(valueOf(after, 'verso_cleanup_outbox_deleted_total')! - valueOf(before, 'verso_cleanup_outbox_deleted_total')!).to.equal(3);
    expect(valueOf(after, 'verso_cleanup_deliveries_deleted_total')! - valueOf(before, 'verso_cleanup_deliveries_deleted_total')!).to.equal(3);
  });

  it('is one of the API process\'s workers, with Webhook__RetentionDays and the cleanup settings', async () => {
    const names = createWorkers(w.api.running.deps).map((x) => x.name);
    expect(names).to.include.members(['webhook-dispatch', 'webhook-delivery', 'webhook-retention']);
    expect(w.api.config.webhooks.cleanup).to.deep.equal({ retentionDays: 30, batchSize: 100, intervalMs: 3_600_000 });
  });
});
