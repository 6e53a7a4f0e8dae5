-- Identity and access: workspaces, local users and their grants, sessions, API clients, account
-- preferences and the audit log.

-- Workspaces scope almost everything. Soft-deleted rows keep their history (audit, content) but no
-- longer count for slug uniqueness, so a deleted workspace's slug can be reused.
CREATE TABLE workspaces (
  id                 uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  name               text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  slug               text NOT NULL CHECK (slug ~ '^[a-z0-9]+([-_][a-z0-9]+)*$' AND length(slug) <= 100),
  description        text,
  row_version        integer NOT NULL DEFAULT 1,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  deleted_at         timestamptz,
  deleted_by_user_id uuid
);
CREATE UNIQUE INDEX workspaces_slug_live ON workspaces (slug) WHERE deleted_at IS NULL;

-- One global role per user; the host-superadmin flag is separate and never raises the role.
-- Email is unique only among non-deleted users (spec, Local user), compared case-insensitively.
CREATE TABLE users (
  id                   uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  email                text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  display_name         text,
  password_hash        text NOT NULL,
  role                 text NOT NULL CHECK (role IN ('Reader', 'Editor', 'TemplateAdmin', 'Admin')),
  is_super_admin       boolean NOT NULL DEFAULT false,
  must_change_password boolean NOT NULL DEFAULT false,
  is_active            boolean NOT NULL DEFAULT true,
  row_version          integer NOT NULL DEFAULT 1,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now(),
  last_login_at        timestamptz,
  deleted_at           timestamptz,
  deleted_by_user_id   uuid
);
CREATE UNIQUE INDEX users_email_live ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX users_email_any ON users (lower(email));

-- "none" is the absence of a row (spec, Workspace grants).
CREATE TABLE user_workspace_grants (
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces (id),
  access_level text NOT NULL CHECK (access_level IN ('Read', 'Write')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, workspace_id)
);
CREATE INDEX user_workspace_grants_workspace ON user_workspace_grants (workspace_id);

-- Account preferences (time zone, theme) of a local user.
CREATE TABLE user_preferences (
  user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  time_zone_id text,
  theme       text NOT NULL DEFAULT 'auto' CHECK (theme IN ('auto', 'light', 'dark')),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Local sessions. Only the lowercase-hex SHA-256 of the token is stored: a database leak does not
-- hand out live sessions, and a digest (unlike a slow password hash) keeps each request cheap.
CREATE TABLE user_sessions (
  id           uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip_address   text
);
CREATE INDEX user_sessions_user ON user_sessions (user_id);
CREATE INDEX user_sessions_expiry ON user_sessions (expires_at);

-- Machine credentials. The token is `verso_<identifier>_<secret>`; the identifier narrows the
-- lookup to one row, and the digest of the whole token is what proves possession.
CREATE TABLE api_clients (
  id                    uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  description           text,
  role                  text NOT NULL CHECK (role IN ('Reader', 'Editor', 'TemplateAdmin', 'Admin')),
  workspace_id          uuid REFERENCES workspaces (id),
  identifier            text NOT NULL UNIQUE CHECK (identifier ~ '^[0-9a-f]{24}$'),
  token_hash            text NOT NULL CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  is_active             boolean NOT NULL DEFAULT true,
  expires_at            timestamptz,
  row_version           integer NOT NULL DEFAULT 1,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  last_used_at          timestamptz,
  created_by_user_id    uuid,
  replaced_by_client_id uuid REFERENCES api_clients (id),
  deleted_at            timestamptz
);
CREATE INDEX api_clients_workspace ON api_clients (workspace_id) WHERE deleted_at IS NULL;

-- Append-only history of every mutation, written in the transaction that makes the change.
-- actor_id is text because an OIDC principal is identified by its subject, not a uuid.
CREATE TABLE audit_log (
  id                 uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  workspace_id       uuid,
  entity_type        text NOT NULL,
  entity_id          uuid NOT NULL,
  action             text NOT NULL CHECK (action IN ('Created', 'Updated', 'Deleted', 'StatusChanged')),
  actor_type         text CHECK (actor_type IN ('User', 'ApiClient', 'External', 'System')),
  actor_id           text,
  actor_display_name text,
  occurred_at        timestamptz NOT NULL DEFAULT clock_timestamp(),
  change_delta       jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_workspace_time ON audit_log (workspace_id, occurred_at DESC, id DESC);
CREATE INDEX audit_log_time ON audit_log (occurred_at DESC, id DESC);
CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
