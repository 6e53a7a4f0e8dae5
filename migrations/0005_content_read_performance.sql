-- Content reads at capacity (the resolved list, by-slug and composition expansion).
--
-- The serving rule picks, per item, the first Published version in the order
--   (effective_start_at IS NULL), (effective_end_at - effective_start_at), published_at DESC, version_number DESC
-- among those whose window contains the instant asked for (db/content-serving.ts). With the index
-- keyed in exactly that order, and carrying the window and the id, the served version of an item
-- is the first index entry passing the window test: an index-only read with no sort. The resolved
-- list does this for every item of a workspace on each request (to sort by publish time), so it
-- was most of the list's cost when every item needed a heap read and a sort of its versions.
CREATE INDEX content_versions_serving
  ON content_versions (content_item_id, (effective_start_at IS NULL), (effective_end_at - effective_start_at),
                       published_at DESC, version_number DESC)
  INCLUDE (effective_start_at, effective_end_at, id)
  WHERE status = 'Published';

-- Superseded: the new index has the same leading column and partial predicate and carries the
-- window, so every read the old one served it serves; one index less to maintain on each publish.
DROP INDEX content_versions_published;
