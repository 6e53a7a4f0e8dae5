-- Work queues across a workspace's items (issue #25, the admin's Home): who created a version, and
-- whether a reviewer sent it back (and why), so "my Drafts", "sent back to me", "in Review" and
-- "scheduled next" are each one indexed read instead of an audit-log search per row.

ALTER TABLE content_versions
  -- A user's id; NULL when an API client or the scheduler created the version (nothing to queue for).
  ADD COLUMN created_by_user_id uuid,
  -- Set by reject (Review → Draft) with its reason; cleared when the version is submitted again.
  ADD COLUMN rejected_at timestamptz,
  ADD COLUMN rejection_reason text;

-- Versions created before this migration: their creator from the audit log (its Created entry).
UPDATE content_versions cv SET created_by_user_id = a.actor_id::uuid
FROM audit_log a
WHERE a.entity_type = 'ContentVersion' AND a.entity_id = cv.id AND a.action = 'Created' AND a.actor_type = 'User'
  AND a.actor_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';

-- …and Drafts whose last status change was a reject: when and why, from that entry.
UPDATE content_versions cv SET rejected_at = last.occurred_at, rejection_reason = last.change_delta #>> '{reason,after}'
FROM (
  SELECT DISTINCT ON (a.entity_id) a.entity_id, a.occurred_at, a.change_delta
  FROM audit_log a
  WHERE a.entity_type = 'ContentVersion' AND a.action = 'StatusChanged'
  ORDER BY a.entity_id, a.occurred_at DESC, a.id DESC
) last
WHERE last.entity_id = cv.id AND cv.status = 'Draft'
  AND last.change_delta #>> '{status,before}' = 'Review' AND last.change_delta #>> '{status,after}' = 'Draft';

-- The queue reads: one user's versions by status, newest change first; the (usually short) Review
-- queue; sent-back Drafts. Scheduled versions use content_versions_due_schedule (0004).
CREATE INDEX content_versions_creator ON content_versions (created_by_user_id, status, updated_at DESC) WHERE created_by_user_id IS NOT NULL;
CREATE INDEX content_versions_in_review ON content_versions (updated_at DESC) WHERE status = 'Review';
CREATE INDEX content_versions_rejected ON content_versions (updated_at DESC) WHERE rejected_at IS NOT NULL;
