-- The history of one content item in one read: its own entries (entity ContentItem) and those of its
-- versions (entity ContentVersion) carry the item's id, so the admin's version history asks for
-- `contentItemId` once instead of once per version. Written by the service with every new entry.
--
-- Existing entries are filled in here: the item's own, and its versions' through content_versions.
-- Entries of versions deleted before this migration (Drafts only) cannot be traced to their item any
-- more and keep a null. audit_log is append-only (trigger); the backfill is the one sanctioned
-- rewrite, so the trigger is disabled for the statement and re-enabled in the same transaction.
ALTER TABLE audit_log ADD COLUMN content_item_id uuid;

ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;
UPDATE audit_log a SET content_item_id = a.entity_id WHERE a.entity_type = 'ContentItem';
UPDATE audit_log a SET content_item_id = v.content_item_id
  FROM content_versions v
  WHERE a.entity_type = 'ContentVersion' AND v.id = a.entity_id;
ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;

CREATE INDEX audit_log_content_item_time ON audit_log (content_item_id, occurred_at DESC, id DESC)
  WHERE content_item_id IS NOT NULL;
