-- Invalidation that closes over translation groups. A read in a locale may serve another member of
-- the slug's translation group (the fallback), and every member serves the fields shared across
-- translations (template_fields.localized = false) from the member in the default locale
-- (services/delivery/shared-fields.ts). So a change to any member can alter what any member's
-- reads answer: the walk behind every announcement (verso_delivery_dependents, migration 0016: the
-- delivery-cache notices, the stored documents' marks of 0028, the webhooks' purge keys) now also
-- steps from each item it reaches to every live member of that item's group.
--
-- One recursive term with a LATERAL union of the two steps (the items embedding it, the members of
-- its group), so a group hop and an embedding alternate freely: a German page embedding a child
-- whose English translation changed is reached through the child's group, then upwards. The depth
-- bound is raised from 8 to 16 so that an embedding chain of the expansion limit (8) with a group
-- hop at each level still reaches the top. UNION with the depth in the row keeps the cost bounded
-- as before: an item appears at most once per level and way of reaching it. A member reached by a
-- group hop takes no second hop (its group is the one just walked), so two members do not bounce
-- between each other down to the depth bound.
CREATE OR REPLACE FUNCTION verso_delivery_dependents(items uuid[]) RETURNS SETOF uuid
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE up(item_id, depth, grouped) AS (
    SELECT DISTINCT i, 0, false FROM unnest(items) i
    UNION
    SELECT step.item_id, up.depth + 1, step.grouped
    FROM up
    CROSS JOIN LATERAL (
      SELECT cv.content_item_id AS item_id, false AS grouped
      FROM content_field_values v
      JOIN content_versions cv ON cv.id = v.content_version_id
      WHERE v.child_content_item_id = up.item_id
      UNION
      -- The group key is coalesce(translation_group_id, id); the OR lets each half use an index
      -- (content_items_translation_group, the primary key), the equality keeps exactly the members
      -- (a read sees only its own workspace's members; the workspace test also lets a group-key index serve).
      SELECT m.id, true
      FROM content_items r
      JOIN content_items m
        ON m.workspace_id = r.workspace_id
       AND (m.translation_group_id = coalesce(r.translation_group_id, r.id) OR m.id = coalesce(r.translation_group_id, r.id))
       AND coalesce(m.translation_group_id, m.id) = coalesce(r.translation_group_id, r.id)
      WHERE r.id = up.item_id AND NOT up.grouped AND m.id <> r.id AND NOT m.is_deleted
    ) step
    WHERE up.depth < 16
  )
  SELECT DISTINCT item_id FROM up
$$;

-- An item that leaves its group (relinked to another, or its group id cleared), changes locale or
-- is deleted: the reads of the members it leaves behind may have fallen back to it or shared its
-- fields, and must end too. The update trigger of 0007/0016 announces the item with its NEW group
-- (through the walk above); this one announces what remains of its OLD group. A row deleted outright
-- (a workspace's cascade) can no longer be walked from, so its old group is announced here as well.
CREATE FUNCTION verso_announce_left_translation_groups() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- Each branch reads only the transition tables its event has (PL/pgSQL plans a statement when it
  -- first runs, so the UPDATE branch never parses in the DELETE trigger).
  IF TG_OP = 'UPDATE' THEN
    FOR r IN
      SELECT o.workspace_id::text AS ws, array_agg(DISTINCT m.id) AS items
      FROM old_rows o
      JOIN new_rows n ON n.id = o.id
      JOIN content_items m
        ON m.workspace_id = o.workspace_id
       AND (m.translation_group_id = coalesce(o.translation_group_id, o.id) OR m.id = coalesce(o.translation_group_id, o.id))
       AND coalesce(m.translation_group_id, m.id) = coalesce(o.translation_group_id, o.id)
      WHERE (o.translation_group_id IS DISTINCT FROM n.translation_group_id
             OR o.locale_code IS DISTINCT FROM n.locale_code
             OR o.is_deleted IS DISTINCT FROM n.is_deleted)
        AND m.id <> o.id AND NOT m.is_deleted
      GROUP BY 1
    LOOP
      PERFORM verso_announce_delivery_items(r.ws, r.items);
    END LOOP;
  ELSE
    FOR r IN
      SELECT o.workspace_id::text AS ws, array_agg(DISTINCT m.id) AS items
      FROM old_rows o
      JOIN content_items m
        ON m.workspace_id = o.workspace_id
       AND (m.translation_group_id = coalesce(o.translation_group_id, o.id) OR m.id = coalesce(o.translation_group_id, o.id))
       AND coalesce(m.translation_group_id, m.id) = coalesce(o.translation_group_id, o.id)
      WHERE NOT m.is_deleted
      GROUP BY 1
    LOOP
      PERFORM verso_announce_delivery_items(r.ws, r.items);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER content_items_left_group_update AFTER UPDATE ON content_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_announce_left_translation_groups();
CREATE TRIGGER content_items_left_group_delete AFTER DELETE ON content_items
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verso_announce_left_translation_groups();

-- As 0017 does for the other announcing functions: one generic plan, not a custom plan per call.
ALTER FUNCTION verso_announce_left_translation_groups() SET plan_cache_mode = force_generic_plan;
