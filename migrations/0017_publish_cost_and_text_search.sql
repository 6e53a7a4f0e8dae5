-- Publish cost and the list's text search (issue #24).
--
-- 1. The triggers' statements run on generic plans. The serving rows (0015) and the item notices
--    (0016) are kept by PL/pgSQL trigger functions whose statements take the changed ids as a
--    parameter. PL/pgSQL caches each statement's plan, but under the default plan_cache_mode it
--    plans a custom plan for every call while the generic one's estimate stays higher (an array
--    parameter of unknown length looks dearer than the custom plan for a one-element array), and
--    verso_content_serving_spans, a SQL function, is inlined into each of those plans: measured on
--    the side-by-side dataset, planning took ~1 ms per statement against ~0.15 ms of execution, so
--    a publish (two serving refreshes and three announcements) spent ~10 ms of PostgreSQL CPU in its
--    triggers, most of it planning (bench/publish-cost.ts). Forced generic, each connection plans
--    each statement once. The plans are index probes by item id either way (every statement
--    starts from `id = ANY(items)` or the child-reference index), so the generic plan is the plan
--    a bulk write would get as well.
ALTER FUNCTION verso_refresh_content_serving(uuid[]) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_content_serving_from_versions() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_content_serving_from_items() SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_announce_delivery_items(text, uuid[]) SET plan_cache_mode = force_generic_plan;
ALTER FUNCTION verso_announce_delivery_change() SET plan_cache_mode = force_generic_plan;

-- 2. The list's `q` (a case-insensitive substring of the slug or of any text value of any of the
--    item's versions, db/delivery/content-list.ts) reads trigram GIN indexes when the server has
--    pg_trgm (a contrib module, trusted since PostgreSQL 13: a database owner may create it; the
--    embedded PostgreSQL ships it). Without it — a server built without contrib, or a role that may
--    not create it — the migration says so and the search reads the rows, as before: same answers,
--    cost growing with the workspace. `ILIKE '%text%'` uses a trigram index from three characters on.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    RAISE NOTICE 'pg_trgm is not available on this server: the content list''s q filter reads without a trigram index';
    RETURN;
  END IF;
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'pg_trgm could not be created (%): the content list''s q filter reads without a trigram index', SQLERRM;
    RETURN;
  END;
  -- The operator class is qualified by the schema the extension is in (it need not be on the path).
  EXECUTE format('CREATE INDEX content_items_slug_trgm ON content_items USING gin (slug %I.gin_trgm_ops) WHERE NOT is_deleted',
    (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
  EXECUTE format('CREATE INDEX content_field_values_text_trgm ON content_field_values USING gin (text_value %I.gin_trgm_ops) WHERE text_value IS NOT NULL',
    (SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'));
END
$$;
