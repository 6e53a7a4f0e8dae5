-- Stored list pages (issue #24, the resolved list with the in-process cache off or missing): the
-- finished body of a resolved list page at "now", kept in PostgreSQL and shared by every replica, so
-- a page read whose in-process cache misses is one statement — the lists' state (migration 0029)
-- and the stored page — instead of the page's read and its presentation
-- (services/delivery/stored-list-pages.ts).
--
-- A page is served only while it is exactly what a fresh read would answer, by the same rule as the
-- list's ETag: it records the lists' marks of its workspace and the first window boundary after its
-- instant as they were read BEFORE the page (an earlier statement, so an older or equal snapshot),
-- and is served only while both are unchanged. Every announced change to an item of the workspace,
-- to the workspace or to everything moves a mark those sum (0028), and past the boundary the
-- state's boundary is another one.
--
-- Bounded: a workspace keeps at most Delivery__StoredListPages pages, in slots chosen by a hash of
-- the query; a query taking a slot replaces the page there (the slot's `query` is compared, so a
-- page is never served for another query). Searches (`q`) are not stored.
CREATE TABLE delivery_list_pages (
  workspace_id  uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
  slot          integer NOT NULL,
  -- Every parameter that shapes the page (the same text the ETag digests).
  query         text NOT NULL,
  marks         bigint NOT NULL,
  next_boundary timestamptz,
  -- The page's items (their purge keys), in order.
  items         uuid[] NOT NULL,
  etag          text NOT NULL,
  body          text NOT NULL,
  PRIMARY KEY (workspace_id, slot)
);

-- A page (~50–100 KB of JSON at 100 rows) is kept out of line uncompressed: reading it then costs the
-- backend ~120 µs against ~165 µs to decompress pglz (measured with the backend's own CPU time over
-- 3,000 reads of a 54 KB page). The by-slug documents (a few KB) stay compressed inline, where the
-- out-of-line fetch costs more than the decompression.
ALTER TABLE delivery_list_pages ALTER COLUMN body SET STORAGE EXTERNAL;
