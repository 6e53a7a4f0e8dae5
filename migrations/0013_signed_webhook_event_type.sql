-- Webhook bodies carry their event's type and id (issue #23): the fan-out now serialises
-- `payload || {"type": event_type, "id": event_id}`, so both signatures cover them and a receiver's
-- SDK takes them from the verified body (the X-Verso-Event headers are not signed). The SDKs refuse
-- a body without them, so deliveries that are still to be attempted (pending, retrying, and dead
-- letters an operator may retry) get the two members here, once; their bytes change this one time,
-- which receivers cannot notice (each attempt is signed anew, and they deduplicate by event id).
-- Delivered rows keep the bytes that were delivered.
UPDATE webhook_deliveries
SET payload = (payload::jsonb || jsonb_build_object('type', event_type, 'id', event_id))::text
WHERE delivered_at IS NULL
  AND jsonb_typeof(payload::jsonb) = 'object'
  AND NOT (payload::jsonb ? 'type' AND payload::jsonb ? 'id');
