-- A cheap validator for the delivery list (issue #27 §2): a resolved list page's ETag is derived
-- from marks (migration 0028: every announced item change moves its workspace's lists mark,
-- workspace-wide and global changes move theirs) instead of from its bytes, so a 304 on a
-- delivery-cache miss costs one small statement, not the page (db/delivery/delivery-marks.ts).
-- What a list at "now" serves also changes, without any write, when a window of any item of the
-- workspace opens or closes: the tag names the first such boundary after the read's instant, found
-- by these two indexes (an index probe each).
CREATE INDEX content_serving_starts ON content_serving (workspace_id, valid_from);
CREATE INDEX content_serving_ends ON content_serving (workspace_id, valid_until);
