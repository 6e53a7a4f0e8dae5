-- Translation groups as the content list with `locale` reads them (db/delivery/locale-candidates.ts):
-- one entry per group, the member best ranked in the reader's chain. A page walks its sort's index as
-- before and keeps a row only when no better-ranked member of its group qualifies, which is a probe
-- of the group's few rows by its key, coalesce(translation_group_id, id) (an item without a group is
-- a group of its own). The columns the probe tests ride along, so it reads the index alone.

-- The published list (resolve=true): the members serving at the read's instant.
CREATE INDEX content_serving_group ON content_serving (workspace_id, (coalesce(translation_group_id, content_item_id)))
  INCLUDE (locale_code, valid_from, valid_until, translation_group_id, content_item_id);

-- The editing list (resolve=false) and the preview list: the live members.
CREATE INDEX content_items_group ON content_items (workspace_id, (coalesce(translation_group_id, id)))
  INCLUDE (locale_code, translation_group_id) WHERE NOT is_deleted;
