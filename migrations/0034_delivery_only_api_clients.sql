-- A delivery-only API client (issue #35 §4): the credential a site can put behind a public CDN. It
-- passes only the operations the contract marks `delivery: true` (the published reads); every other
-- operation is 403 (http/authorize.ts). Existing clients keep today's reach ('Full').
ALTER TABLE api_clients ADD COLUMN scope text NOT NULL DEFAULT 'Full' CHECK (scope IN ('Full', 'Delivery'));
