-- Delivery-cache invalidation across replicas (services/delivery-cache.ts): every statement that
-- changes a row a delivery read is built from announces the workspaces it touched on the channel
-- verso_delivery_changed. PostgreSQL delivers a notification only when its transaction commits, and
-- collapses identical ones within a transaction, so a bulk write sends one notice per workspace.
--
-- Triggers rather than calls in the services, so no write path (a service, the scheduler, a package
-- import, a migration, an operator's SQL) can forget to announce. Statement-level with transition
-- tables: one trigger run per statement, not per row. A row whose workspace cannot be found (its
-- parent already deleted in the same transaction) announces '*', which every listener reads as
-- "all workspaces": over-invalidating is safe, missing a change is not.

CREATE FUNCTION verso_announce_delivery_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ws text;
BEGIN
  -- Each branch reads the transition table `changed_rows` with the columns of its own table;
  -- PL/pgSQL plans a statement when it first runs, per table, so the other branches never parse.
  IF TG_TABLE_NAME IN ('content_items', 'templates', 'tags') THEN
    FOR ws IN SELECT DISTINCT r.workspace_id::text FROM changed_rows r LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSIF TG_TABLE_NAME IN ('content_versions', 'content_item_tags') THEN
    FOR ws IN SELECT DISTINCT coalesce(ci.workspace_id::text, '*')
              FROM changed_rows r LEFT JOIN content_items ci ON ci.id = r.content_item_id LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'content_field_values' THEN
    -- Inner joins: values whose version is gone were deleted by that version's cascade, and the
    -- version's own delete trigger has announced its workspace already.
    FOR ws IN SELECT DISTINCT ci.workspace_id::text
              FROM changed_rows r
              JOIN content_versions cv ON cv.id = r.content_version_id
              JOIN content_items ci ON ci.id = cv.content_item_id LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'template_versions' THEN
    FOR ws IN SELECT DISTINCT coalesce(t.workspace_id::text, '*')
              FROM changed_rows r LEFT JOIN templates t ON t.id = r.template_id LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSIF TG_TABLE_NAME = 'template_fields' THEN
    -- Inner joins for the same reason: fields lose their version only through its cascade.
    FOR ws IN SELECT DISTINCT t.workspace_id::text
              FROM changed_rows r
              JOIN template_versions tv ON tv.id = r.template_version_id
              JOIN templates t ON t.id = tv.template_id LOOP
      PERFORM pg_notify('verso_delivery_changed', ws);
    END LOOP;
  ELSE
    PERFORM pg_notify('verso_delivery_changed', '*');
  END IF;
  RETURN NULL;
END
$$;

-- A trigger with a transition table may name one event only, hence three per table.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['content_items', 'content_versions', 'content_field_values', 'content_item_tags',
                           'templates', 'template_versions', 'template_fields', 'tags'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION verso_announce_delivery_change()', t || '_delivery_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION verso_announce_delivery_change()', t || '_delivery_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION verso_announce_delivery_change()', t || '_delivery_delete', t);
  END LOOP;
END
$$;
