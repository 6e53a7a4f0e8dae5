-- Tags are the item's (spec, Content item): every version holds a copy of its item's live tags, the
-- one every read answers (by-slug, the lists' served and latest versions, previews, the admin).
-- Until now a version kept the tags its item had when the version was created, so tags saved on
-- the item never reached the versions already there, and delivery served those: a v1 created
-- untagged went out with `tags: []` while the item listed its tags. From now on every change of an
-- item's tags copies them onto its versions (db/content/content-items.ts mirrorItemTags); this
-- brings the versions written before up to date, moving their row version (their ETag) as that
-- does. The update announces the delivery change through the versions' trigger (0028).
UPDATE content_versions cv SET tags = item.tags, row_version = cv.row_version + 1
FROM (
  SELECT ci.id,
    coalesce((SELECT array_agg(tg.name ORDER BY tg.name) FROM content_item_tags cit JOIN tags tg ON tg.id = cit.tag_id
              WHERE cit.content_item_id = ci.id AND NOT tg.is_deleted), '{}') AS tags
  FROM content_items ci
) item
WHERE cv.content_item_id = item.id AND cv.tags IS DISTINCT FROM item.tags;
