-- Stored by-slug documents per reader's locale: a read with `locale` serves the slug's translation
-- group resolved through that locale's chain (services/delivery/delivery-documents.ts), so its
-- document is kept apart from the read without one and from the reads in other locales. `locale` is
-- the requested tag, canonical ('' for a read without `locale`), part of the key.
--
-- A document's item_id stays the slug's own item (the anchor) whatever member it serves: the walk
-- behind every announcement closes over translation groups (0042), so a change to any member moves
-- the anchor's mark. Its `items` name every member of every group in the tree, so a window opening
-- on a member it did not serve yet (the German translation going live at nine) ends it on time.
-- `content_language` is the served member's locale, sent as Content-Language (null: none, or a read
-- without `locale`).
ALTER TABLE delivery_documents ADD COLUMN locale text NOT NULL DEFAULT '', ADD COLUMN content_language text;
ALTER TABLE delivery_documents DROP CONSTRAINT delivery_documents_pkey;
ALTER TABLE delivery_documents ADD PRIMARY KEY (workspace_id, slug, expand, locale);
