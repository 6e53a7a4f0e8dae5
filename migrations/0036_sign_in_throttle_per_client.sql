-- Sign-in throttling per account *and client* (README: Sign-in throttling). 0012 keyed the lock by
-- the email alone, so anyone could keep any account locked out. Now two kinds of rows share this
-- table, both keyed by an HMAC under a server key (services/identity/sign-in-keys.ts), never by a
-- bare digest of the email:
--   - one per (account, client): the client is its address, its IPv6 prefix, or a device token the
--     account signed in from before; MaxFailures failures lock this client out of this account;
--   - one per account (`client_key IS NULL`): failures from every client, which past a ceiling slow
--     every client without a device token (a delay, never a refusal).
-- Throttle state is short-lived and safe to lose, so the old rows are simply dropped.
DROP TABLE sign_in_throttle;

CREATE TABLE sign_in_throttle (
  throttle_key       bytea PRIMARY KEY CHECK (length(throttle_key) = 32),
  -- HMAC of the account alone: every row of one account, so that a success or an unlock finds them.
  account_key        bytea NOT NULL CHECK (length(account_key) = 32),
  -- Whether this is the account-wide row (false) or one client's (true).
  per_client         boolean NOT NULL,
  -- The account's user when the email is one (unknown emails are throttled too, with NULL here):
  -- `make admin-password` clears a user's rows by it without needing the server's key.
  user_id            uuid REFERENCES users (id) ON DELETE CASCADE,
  attempts           integer NOT NULL CHECK (attempts >= 1),
  window_started_at  timestamptz NOT NULL,
  locked_until       timestamptz,
  expires_at         timestamptz NOT NULL
);

CREATE INDEX sign_in_throttle_expires_at ON sign_in_throttle (expires_at);
CREATE INDEX sign_in_throttle_account_key ON sign_in_throttle (account_key);
CREATE INDEX sign_in_throttle_user_id ON sign_in_throttle (user_id) WHERE user_id IS NOT NULL;

-- Device tokens (OWASP "device cookies"): a sign-in that succeeds gets one; sending it back with the
-- next sign-in marks the client as one that knew the password before. Only its SHA-256 is kept.
CREATE TABLE sign_in_devices (
  token_hash   bytea PRIMARY KEY CHECK (length(token_hash) = 32),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL
);

CREATE INDEX sign_in_devices_user_id ON sign_in_devices (user_id, created_at DESC);
CREATE INDEX sign_in_devices_expires_at ON sign_in_devices (expires_at);
