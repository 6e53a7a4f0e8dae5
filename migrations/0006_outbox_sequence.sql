-- Outbox events need a total order that follows insertion: several events written by one
-- transaction share occurred_at (now() is the transaction's start), and UUIDv7 ids minted within
-- one millisecond are not ordered. Consumers (webhook delivery, tests) order by seq.
ALTER TABLE outbox_events ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE UNIQUE INDEX outbox_events_seq ON outbox_events (seq);
