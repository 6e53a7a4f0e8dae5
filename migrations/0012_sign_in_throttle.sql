-- Sign-in throttling per account (issue #23; README: Edge, sign-in lockout). One row per email that
-- has failed recently, shared by every replica: after Auth__Lockout__MaxFailures attempts within
-- Auth__Lockout__WindowMinutes the email is locked until locked_until, and every sign-in for it is
-- the plain 401. A success deletes the row; rows past expires_at are deleted in small batches.
--
-- Keyed by the SHA-256 of lower(email) — the lookup's own normalisation (users.email is matched
-- with lower()) — not the email: unknown emails are throttled too, so that a lock reveals nothing
-- about who has an account, and what strangers typed into the email field is not kept.
CREATE TABLE sign_in_throttle (
  account_key        bytea PRIMARY KEY CHECK (length(account_key) = 32),
  -- Attempts since the window opened (counted before the password is checked, so concurrent
  -- guesses cannot overtake the count); a success deletes the row.
  attempts           integer NOT NULL CHECK (attempts >= 1),
  window_started_at  timestamptz NOT NULL,
  locked_until       timestamptz,
  -- When the row stops mattering: the end of its window or of its lock, whichever is later.
  expires_at         timestamptz NOT NULL
);

CREATE INDEX sign_in_throttle_expires_at ON sign_in_throttle (expires_at);

-- IPv6 bans are recorded as their prefix (RateLimit__Ipv6PrefixLength, `2001:db8:1:2::/64`), and the
-- listing's filter finds a ban by any address inside it: an overlap test (&&) GiST can index.
CREATE INDEX ip_ban_events_address_overlap ON ip_ban_events USING gist (ip_address inet_ops);
