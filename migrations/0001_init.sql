-- Verso's first migration: shared building blocks every later aggregate uses.

-- UUIDv7 (RFC 9562): time-ordered ids, so new rows land at the end of b-tree indexes.
-- The application mints its own; this default covers rows written by SQL alone.
CREATE FUNCTION verso_uuid_v7() RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  unix_ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  bytes bytea := uuid_send(gen_random_uuid());
BEGIN
  bytes := set_byte(bytes, 0, ((unix_ms >> 40) & 255)::int);
  bytes := set_byte(bytes, 1, ((unix_ms >> 32) & 255)::int);
  bytes := set_byte(bytes, 2, ((unix_ms >> 24) & 255)::int);
  bytes := set_byte(bytes, 3, ((unix_ms >> 16) & 255)::int);
  bytes := set_byte(bytes, 4, ((unix_ms >> 8) & 255)::int);
  bytes := set_byte(bytes, 5, (unix_ms & 255)::int);
  bytes := set_byte(bytes, 6, ((get_byte(bytes, 6) & 15) | 112));   -- version 7
  bytes := set_byte(bytes, 8, ((get_byte(bytes, 8) & 63) | 128));   -- RFC 9562 variant
  RETURN encode(bytes, 'hex')::uuid;
END $$;

-- The transactional outbox: every mutation that other systems must hear about writes one row here
-- in the same transaction as the change itself, so an event is recorded exactly when the change
-- commits. A worker materialises webhook deliveries from it (claimed with a lease, see workers/).
CREATE TABLE outbox_events (
  id               uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id     uuid,
  event_type       text NOT NULL CHECK (event_type ~ '^[a-z_]+\.[a-z_]+$'),
  entity_type      text,
  entity_id        uuid,
  payload          jsonb NOT NULL,
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  processed_at     timestamptz,
  lease_owner      text,
  lease_token      uuid,
  lease_expires_at timestamptz,
  attempts         integer NOT NULL DEFAULT 0
);
CREATE INDEX outbox_events_pending ON outbox_events (occurred_at, id) WHERE processed_at IS NULL;
CREATE INDEX outbox_events_entity ON outbox_events (entity_type, entity_id);
