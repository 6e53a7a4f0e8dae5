-- Draft preview (issue #27 §1): short-lived tokens that let a site read what an item will look like
-- before it is published. Stored like API clients: the identifier finds the one candidate row, the
-- SHA-256 of the whole token proves possession; the token itself is never stored.
CREATE TABLE preview_tokens (
  id                 uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id       uuid NOT NULL REFERENCES workspaces (id),
  -- null: every item of the workspace; else only this item (the admin's Preview button mints these).
  content_item_id    uuid REFERENCES content_items (id),
  identifier         text NOT NULL UNIQUE CHECK (identifier ~ '^[0-9a-f]{24}$'),
  token_hash         text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_by_user_id uuid,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  revoked_at         timestamptz,
  CHECK (expires_at > created_at)
);
-- The Admins' list of live tokens of a workspace, newest first.
CREATE INDEX preview_tokens_workspace_live ON preview_tokens (workspace_id, created_at DESC, id DESC) WHERE revoked_at IS NULL;

-- Where the admin's Preview button sends an editor: a URL template with {slug}, {locale} and {token}.
ALTER TABLE workspaces ADD COLUMN preview_url text CHECK (preview_url IS NULL OR length(preview_url) BETWEEN 1 AND 2048);
