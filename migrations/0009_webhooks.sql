-- Webhooks (issue #15): endpoints with an encrypted signing secret, and one delivery row per
-- (outbox event, endpoint). The outbox itself is 0001's; a dispatcher claims its unprocessed rows,
-- fans each out here and marks it processed, and a delivery worker POSTs the due rows.

-- An endpoint of a workspace. The secret is stored only as ciphertext: v2 is AES-256-GCM under the
-- keyring key named by secret_key_id; v1 is the legacy single-key form, read but never written
-- (spec, Signing-secret encryption). Deleting an endpoint soft-deletes it (deleted_at) after its
-- deliveries are removed; nothing is sent to it afterwards.
CREATE TABLE webhook_endpoints (
  id                uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id      uuid NOT NULL REFERENCES workspaces (id),
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url               text NOT NULL CHECK (length(url) BETWEEN 1 AND 2048),
  is_active         boolean NOT NULL DEFAULT true,
  events            text[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 50),
  secret_ciphertext text NOT NULL,
  secret_version    text NOT NULL CHECK (secret_version IN ('v1', 'v2')),
  secret_key_id     text,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  row_version       integer NOT NULL DEFAULT 1,
  deleted_at        timestamptz
);
-- The list (newest first) and the dispatcher's "live endpoints of this workspace".
CREATE INDEX webhook_endpoints_workspace_live ON webhook_endpoints (workspace_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;
-- The rotation inventory counts what is not yet v2 under the active key.
CREATE INDEX webhook_endpoints_secret_key ON webhook_endpoints (secret_version, secret_key_id) WHERE deleted_at IS NULL;

-- One event for one endpoint and its attempts. `payload` holds the exact bytes POSTed on every
-- attempt (the outbox payload serialised once, at fan-out), so the signature a receiver checks is
-- over the same bytes each time. event_id is the outbox row's id (X-Verso-Event-Id); it is not a
-- foreign key because retention deletes processed outbox rows long before their deliveries.
--
-- State, as the spec's table: pending (neither delivered nor dead-lettered; is_failed says whether
-- the last attempt failed, i.e. "retrying"), delivered (delivered_at), dead letter
-- (dead_lettered_at). A lease (owner, token, expiry) marks an attempt in flight.
CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id),
  workspace_id     uuid NOT NULL,
  event_id         uuid NOT NULL,
  event_type       text NOT NULL,
  payload          text NOT NULL,
  attempt_count    integer NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
  next_attempt_at  timestamptz,
  last_attempt_at  timestamptz,
  status_code      integer,
  is_failed        boolean NOT NULL DEFAULT false,
  last_error       text CHECK (length(last_error) <= 4000),
  delivered_at     timestamptz,
  dead_lettered_at timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  lease_owner      text,
  lease_token      uuid,
  lease_expires_at timestamptz,
  -- A re-claimed outbox batch inserts the same pairs again: they must collide, not duplicate.
  CONSTRAINT webhook_deliveries_event_endpoint UNIQUE (event_id, endpoint_id),
  CONSTRAINT webhook_deliveries_terminal CHECK (delivered_at IS NULL OR dead_lettered_at IS NULL),
  CONSTRAINT webhook_deliveries_due CHECK ((delivered_at IS NULL AND dead_lettered_at IS NULL) = (next_attempt_at IS NOT NULL))
);
-- "Claim due": only rows still waiting are in the index, so a claim costs the same with any number
-- of delivered or dead-lettered rows beside them.
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE delivered_at IS NULL AND dead_lettered_at IS NULL;
-- An endpoint's deliveries, newest first (the deliveries list; the endpoint delete).
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
-- Retention: delivered rows by age. Pending, retrying and dead-letter rows are never in it.
CREATE INDEX webhook_deliveries_delivered ON webhook_deliveries (delivered_at) WHERE delivered_at IS NOT NULL;

-- "Claim outbox": the unprocessed rows in insertion order (seq, 0006). 0001's index orders by
-- occurred_at, which several events of one transaction share.
CREATE INDEX outbox_events_unprocessed_seq ON outbox_events (seq) WHERE processed_at IS NULL;
-- Retention: processed rows by age.
CREATE INDEX outbox_events_processed ON outbox_events (processed_at) WHERE processed_at IS NOT NULL;

-- Wake-ups: the dispatcher LISTENs on verso_webhook_outbox. A statement-level trigger, so every
-- write path that adds an event (services, the scheduler, an operator's SQL) announces it; the
-- notice is sent only if the transaction commits, and identical notices of one transaction collapse
-- into one. Workers poll as well, so a notice lost while a listener reconnects only delays.
CREATE FUNCTION verso_announce_outbox_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verso_webhook_outbox', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER outbox_events_announce AFTER INSERT ON outbox_events
  FOR EACH STATEMENT EXECUTE FUNCTION verso_announce_outbox_event();
