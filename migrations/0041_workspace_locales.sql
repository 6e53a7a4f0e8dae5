-- Workspace locales: the languages a workspace writes in, its default, and each locale's fallback
-- chain, which every delivery read with `locale` resolves translation groups through
-- (services/localization/). A workspace without rows here has no locales configured and behaves
-- as before: items carry any localeCode, and a read's chain is the requested tag's own prefixes.
--
-- `chain_keys` is the whole chain as reads apply it, lower-cased (codes compare regardless of
-- case): the locale itself, its fallback in order, then the default (each once). It is computed
-- when the locales are saved, so a read finds its chain with one primary-key probe.
CREATE TABLE workspace_locales (
  workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  -- Canonical BCP 47 (Intl.getCanonicalLocales): `de-CH`.
  code         text NOT NULL,
  code_key     text GENERATED ALWAYS AS (lower(code)) STORED,
  name         text NOT NULL,
  -- The fallback as configured (canonical codes), without the implicit default at its end.
  fallback     text[] NOT NULL,
  chain_keys   text[] NOT NULL,
  position     integer NOT NULL,
  PRIMARY KEY (workspace_id, code_key)
);

ALTER TABLE workspaces
  ADD COLUMN default_locale text,
  -- Moves on every save of the locales: their ETag.
  ADD COLUMN locales_version integer NOT NULL DEFAULT 0;

-- A template field shared across translations (`localized: false`): written on the translation
-- group's member in the default locale and served from there for every member.
ALTER TABLE template_fields ADD COLUMN localized boolean NOT NULL DEFAULT true;

-- The chain (lower-cased codes) a read in a locale resolves through. `prefixes` are the requested
-- tag's lookup prefixes, lower-cased, longest first (`de-at-x-y`, `de-at`, `de`; computed by
-- services/localization/language-tags.ts): the first that is configured gives its chain; none
-- configured gives the default alone; a workspace with no locales gives the prefixes themselves.
CREATE FUNCTION verso_locale_chain(ws uuid, prefixes text[]) RETURNS text[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT l.chain_keys FROM unnest(prefixes) WITH ORDINALITY p(k, n)
       JOIN workspace_locales l ON l.workspace_id = ws AND l.code_key = p.k
     ORDER BY p.n LIMIT 1),
    (SELECT ARRAY[lower(w.default_locale)] FROM workspaces w WHERE w.id = ws AND w.default_locale IS NOT NULL),
    prefixes)
$$;
