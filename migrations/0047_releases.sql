-- Releases: a named set of content versions that go live together. Each entry publishes or archives one
-- item's version; publishing applies every entry in one transaction through the usual publish/archive paths,
-- and records what each item served before so a revert can restore it. `publish_at` hands the release to
-- the scheduler, which claims it under the same owner + token + expiry lease as scheduled versions.
CREATE TABLE releases (
  id                   uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id         uuid NOT NULL REFERENCES workspaces (id),
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description          text CHECK (description IS NULL OR length(description) <= 2000),
  state                text NOT NULL DEFAULT 'Open' CHECK (state IN ('Open', 'Scheduled', 'Published', 'Reverted', 'Failed')),
  publish_at           timestamptz,
  published_at         timestamptz,
  published_by_user_id uuid,
  reverted_at          timestamptz,
  -- {failedAt, message, problems}: why the last scheduled publish did not happen (state Failed).
  failure              jsonb,
  schedule_lease_owner      text,
  schedule_lease_token      uuid,
  schedule_lease_expires_at timestamptz,
  row_version          integer NOT NULL DEFAULT 1,
  created_by_user_id   uuid,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  -- A schedule is what makes a release Scheduled, and only a Scheduled release has one.
  CHECK ((state = 'Scheduled') = (publish_at IS NOT NULL))
);
CREATE INDEX releases_workspace ON releases (workspace_id, created_at DESC, id DESC);
-- The scheduler's claim: due Scheduled releases.
CREATE INDEX releases_due ON releases (publish_at) WHERE state = 'Scheduled';

CREATE TABLE release_entries (
  release_id           uuid NOT NULL REFERENCES releases (id) ON DELETE CASCADE,
  content_item_id      uuid NOT NULL REFERENCES content_items (id),
  version_number       integer NOT NULL CHECK (version_number >= 1),
  action               text NOT NULL CHECK (action IN ('publish', 'archive')),
  -- The version's content (values, template version, slug, window) as a digest when it was added:
  -- ChangedSinceAdded compares it, so workflow steps (approve) do not count as a change, edits do.
  content_digest       text NOT NULL,
  -- Set when the release is published: the version the item served before (null: nothing), what a revert restores.
  served_before_version_number integer,
  added_by_user_id     uuid,
  added_at             timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (release_id, content_item_id)
);
CREATE INDEX release_entries_item ON release_entries (content_item_id);

-- A preview token may preview a release: the workspace as it will be once the release is published.
ALTER TABLE preview_tokens ADD COLUMN release_id uuid REFERENCES releases (id) ON DELETE SET NULL;
