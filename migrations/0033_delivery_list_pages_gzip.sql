-- Stored list pages are kept gzip-compressed (services/delivery/stored-list-pages.ts): a client that
-- accepts gzip (browsers, CDNs, fetch, the SDKs) is sent the stored bytes as they are, and any other
-- client gets them decompressed. A page of 100 items is ~95 KB of JSON and ~15 KB compressed; serving
-- the JSON moved six times the bytes through PostgreSQL, the API's heap and the socket per read, and
-- at a thousand pages a second the buffers alone kept V8 collecting its old generation several
-- times a second (the list's p99 was five times its median).
--
-- The pages are a cache of what a fresh read answers, so the ones stored before are dropped; the
-- next read of each query stores it again.
TRUNCATE delivery_list_pages;
ALTER TABLE delivery_list_pages DROP COLUMN body;
ALTER TABLE delivery_list_pages ADD COLUMN body_gzip bytea NOT NULL;
-- Compressed already: kept out of line without pglz trying (and failing) to compress it again.
ALTER TABLE delivery_list_pages ALTER COLUMN body_gzip SET STORAGE EXTERNAL;
