// The transactional outbox (table from 0001_init.sql): a mutation that other systems must hear
// about calls this inside its own transaction, so the event exists exactly when the change commits.
// The payload is what webhook receivers get, as is (no envelope; upstream's wire format).
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';

export interface OutboxEvent {
  readonly workspaceId: string | null;
  /** `area.event_name`, e.g. `template.version_published`. */
  readonly eventType: string;
  readonly entityType: string;
  readonly entityId: string;
  readonly payload: Readonly<Record<string, unknown>>;
  /** Members computed in the same statement (a jsonb object expression merged into the payload). */
  readonly computedPayload?: FragmentSqlToken;
}

export async function enqueueOutboxEvent(tx: CommonQueryMethods, event: OutboxEvent): Promise<string> {
  return tx.oneFirst(sql.type(z.object({ id: z.string() }))`
    INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload)
    VALUES (${event.workspaceId}, ${event.eventType}, ${event.entityType}, ${event.entityId}, ${sql.jsonb(event.payload as never)} || ${event.computedPayload ?? sql.fragment`'{}'::jsonb`})
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
  // A VALUES row per event, each with its computed members (the purge-key walk) evaluated in place.
  const rows = events.map(
    (e, n) =>
      sql.fragment`(${n}::int, ${e.workspaceId}::uuid, ${e.eventType}::text, ${e.entityType}::text, ${e.entityId}::uuid, ${sql.jsonb(e.payload as never)} || ${e.computedPayload ?? sql.fragment`'{}'::jsonb`})`,
  );
  await tx.query(sql.unsafe`
    INSERT INTO outbox_events (workspace_id, event_type, entity_type, entity_id, payload)
    SELECT v.workspace_id, v.event_type, v.entity_type, v.entity_id, v.payload
    FROM (VALUES ${sql.join(rows, sql.fragment`, `)}) AS v(n, workspace_id, event_type, entity_type, entity_id, payload)
    ORDER BY v.n`);
}
