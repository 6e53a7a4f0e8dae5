-- Audit entries recorded a changed Secret (a webhook's signing secret, possibly chosen by the caller)
-- as `redacted:` + 12 hex characters of its unsalted SHA-256: 48 bits that let anyone who can read
-- the audit log test guesses of a weak secret offline (issue #23). New entries record the bare text
-- `redacted` (services/platform/audit.ts); this rewrites the entries already written the same way,
-- so no digest of a secret is left behind. PasswordHash and TokenHash keep their digests: what was
-- hashed there is a salted hash or the digest of a random token, which gives nothing to guess at.
--
-- A property counts as a secret as the service decides it: its name without underscores, lower-cased,
-- ends in `secret`. Only before/after values that are strings starting `redacted:` change; nulls and
-- anything else stay as they are. audit_log is append-only (trigger); like 0008's backfill this is a
-- sanctioned rewrite, so the trigger is off for the statement and back on in the same transaction.
ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only;

UPDATE audit_log a
SET change_delta = (
  SELECT jsonb_object_agg(
    d.key,
    CASE WHEN lower(replace(d.key, '_', '')) LIKE '%secret' AND jsonb_typeof(d.value) = 'object' THEN
      d.value
        || CASE WHEN d.value->>'before' LIKE 'redacted:%' THEN '{"before": "redacted"}'::jsonb ELSE '{}'::jsonb END
        || CASE WHEN d.value->>'after' LIKE 'redacted:%' THEN '{"after": "redacted"}'::jsonb ELSE '{}'::jsonb END
    ELSE d.value END)
  FROM jsonb_each(a.change_delta) d)
WHERE EXISTS (
  SELECT 1 FROM jsonb_each(a.change_delta) d
  WHERE lower(replace(d.key, '_', '')) LIKE '%secret'
    AND (d.value->>'before' LIKE 'redacted:%' OR d.value->>'after' LIKE 'redacted:%'));

ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only;
