// Retention of the event path (Webhook__RetentionDays): processed outbox rows and delivered logs
// older than the window go, one bounded batch per call. The predicates are the only ones that can
// match: unprocessed events and pending, retrying or dead-letter deliveries are never deleted.
import { sql, type CommonQueryMethods } from 'slonik';

export async function deleteProcessedOutboxEvents(db: CommonQueryMethods, retentionDays: number, limit: number): Promise<number> {
  const result = await db.query(sql.unsafe`
    DELETE FROM outbox_events WHERE id IN (
      SELECT id FROM outbox_events
      WHERE processed_at IS NOT NULL AND processed_at < now() - ${retentionDays} * interval '1 day'
      ORDER BY processed_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)`);
  return result.rowCount;
}

export async function deleteDeliveredLogs(db: CommonQueryMethods, retentionDays: number, limit: number): Promise<number> {
  const result = await db.query(sql.unsafe`
    DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE delivered_at IS NOT NULL AND delivered_at < now() - ${retentionDays} * interval '1 day'
      ORDER BY delivered_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)`);
  return result.rowCount;
}
