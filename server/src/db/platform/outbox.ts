// The transactional outbox (table from 0001_init.sql): a mutation that other systems must hear
// about calls this inside its own transaction, so the event exists exactly when the change commits.
// The payload is what webhook receivers get, as is (no envelope; upstream's wire format).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export interface OutboxEvent {
  readonly workspaceId: string | null;
  /** `area.event_name`, e.g. `template.version_published`. */
  readonly eventType: string;
  readonly entityType: string;
  readonly entityId: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

export async function enqueueOutboxEvent(tx: CommonQueryMethods, event: OutboxEvent): Promise<string> {
  return tx.oneFirst(sql.type(z.object({ id: z.string() }))`
    INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload)
    VALUES (${event.workspaceId}, ${event.eventType}, ${event.entityType}, ${event.entityId}, ${sql.jsonb(event.payload as never)})
    RETURNING id`);
}

/**
 * Several events in one statement (one round trip however many), in the given order: `seq` is
 * assigned row by row as the ordered rows are inserted, so consumers see them in this order.
 */
export async function enqueueOutboxEvents(tx: CommonQueryMethods, events: readonly OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (events.length === 1) {
    await enqueueOutboxEvent(tx, events[0]!);
    return;
  }
  const rows = events.map((e) => ({ workspace_id: e.workspaceId, event_type: e.eventType, entity_type: e.entityType, entity_id: e.entityId, payload: e.payload }));
  await tx.query(sql.unsafe`
    INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload)
    SELECT r.workspace_id, r.event_type, r.entity_type, r.entity_id, r.payload
    FROM ROWS FROM (jsonb_to_recordset(${sql.jsonb(rows as never)}) AS (workspace_id uuid, event_type text, entity_type text, entity_id uuid, payload jsonb))
      WITH ORDINALITY AS r(workspace_id, event_type, entity_type, entity_id, payload, n)
    ORDER BY r.n`);
}
