-- Bans of client addresses (issue #17; spec: Limits, IpBan__*). A ban itself lives in the memory of
-- the replica that imposed it (spec); this table is its record, one row per ban, for the Admin's
-- GET /api/v1/security/ip-bans. Rows are written once and never updated.

CREATE TABLE ip_ban_events (
  id               uuid PRIMARY KEY DEFAULT verso_uuid_v7(),
  -- inet compares addresses, not spellings; the server stores IPv4-mapped IPv6 as the IPv4 address.
  ip_address       inet NOT NULL,
  rejection_count  integer NOT NULL CHECK (rejection_count >= 1),
  banned_at        timestamptz NOT NULL,
  banned_until     timestamptz NOT NULL CHECK (banned_until > banned_at),
  -- The path of the request whose rejection imposed the ban (no query string), bounded like a URL.
  request_path     text NOT NULL CHECK (length(request_path) <= 2048)
);

-- Newest first, overall and for one address.
CREATE INDEX ip_ban_events_banned_at ON ip_ban_events (banned_at DESC, id DESC);
CREATE INDEX ip_ban_events_address ON ip_ban_events (ip_address, banned_at DESC, id DESC);
