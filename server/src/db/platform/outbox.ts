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
