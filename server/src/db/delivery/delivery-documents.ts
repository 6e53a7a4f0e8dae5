// Stored delivery documents (migration 0028 says what makes one servable): one statement to find a
// by-slug answer's document — or, when there is none that is still exact, the marks a read about to
// build one must record — and one to store it.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { preparedShape } from '../prepared.js';

/** The marks of a document's item, its workspace and everything, as one read saw them. */
export interface DocumentMarks {
  readonly itemId: string;
  readonly item: number;
  readonly workspace: number;
  readonly global: number;
}

const lookupRow = z.object({
  item_id: z.string(),
  item_mark: z.number(),
  workspace_mark: z.number(),
  global_mark: z.number(),
  body: z.string().nullable(),
  etag: z.string().nullable(),
  items: z.array(z.string()).nullable(),
});

export type DocumentLookup =
  /** No live item has this slug: the read answers 404 without reading further. */
  | { readonly kind: 'none' }
  | { readonly kind: 'stored'; readonly body: string; readonly etag: string; readonly items: readonly string[] }
  /** No exact document: build one, recording these marks. */
  | { readonly kind: 'missing'; readonly marks: DocumentMarks };

/** The lookup, selecting the stored body as `body` (or null, for a revalidation that needs only the tag). */
function lookupOf(name: string, body: FragmentSqlToken) {
  return preparedShape(name, lookupRow, (workspaceId: string, slug: string, expand: string, links: string, at: string) => sql.fragment`
  WITH marks AS (
    SELECT ci.id AS item_id,
      coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = ci.id), 0) AS item_mark,
      coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = ci.workspace_id), 0) AS workspace_mark,
      coalesce((SELECT m.mark FROM delivery_marks m WHERE m.subject_id = '00000000-0000-0000-0000-000000000000'::uuid), 0) AS global_mark
    FROM content_items ci WHERE ci.workspace_id = ${workspaceId} AND ci.slug = ${slug} AND NOT ci.is_deleted
  )
  SELECT marks.*, ${body} AS body, d.etag, d.items::text[] AS items
  FROM marks LEFT JOIN delivery_documents d
    ON d.workspace_id = ${workspaceId} AND d.slug = ${slug} AND d.expand = ${expand}::boolean AND d.links = ${links}
    AND d.valid_until > ${at}::timestamptz AND d.item_id = marks.item_id AND d.item_mark = marks.item_mark
    AND d.workspace_mark = marks.workspace_mark AND d.global_mark = marks.global_mark`);
}
const lookup = lookupOf('delivery_document', sql.fragment`d.body`);
const lookupTag = lookupOf('delivery_document_tag', sql.fragment`NULL::text`);

/** The tag and items of the exact stored document of a by-slug read at `at`, without its body; null when there is none. */
export async function findDocumentTag(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  expand: boolean,
  links: string,
  at: string,
): Promise<{ readonly etag: string; readonly items: readonly string[] } | null> {
  const row = await db.maybeOne(lookupTag(workspaceId, slug, String(expand), links, at));
  return row?.etag != null && row.items !== null ? { etag: row.etag, items: row.items } : null;
}

/** The exact stored document of a by-slug read at instant `at` (ISO), or what building one needs. */
export async function findDocument(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  expand: boolean,
  links: string,
  at: string,
): Promise<DocumentLookup> {
  const row = await db.maybeOne(lookup(workspaceId, slug, String(expand), links, at));
  if (!row) return { kind: 'none' };
  if (row.body !== null && row.etag !== null && row.items !== null) return { kind: 'stored', body: row.body, etag: row.etag, items: row.items };
  return { kind: 'missing', marks: { itemId: row.item_id, item: row.item_mark, workspace: row.workspace_mark, global: row.global_mark } };
}

export interface NewDocument {
  readonly workspaceId: string;
  readonly slug: string;
  readonly expand: boolean;
  readonly links: string;
  readonly marks: DocumentMarks;
  /** The instant the body was read at (ISO): `valid_until` is the first window boundary after it. */
  readonly at: string;
  /** Every item the body names (purge keys), the item first. */
  readonly items: readonly string[];
  /** The items whose windows bound the document: those served in it and those named but serving nothing. */
  readonly watched: readonly string[];
  readonly etag: string;
  readonly body: string;
}

const store = preparedShape('delivery_document_store', z.object({}), (
  workspaceId: string, slug: string, expand: string, itemId: string, itemMark: number, workspaceMark: number, globalMark: number,
  links: string, at: string, watched: string, items: string, etag: string, body: string,
) => sql.fragment`
  INSERT INTO delivery_documents AS d (workspace_id, slug, expand, item_id, item_mark, workspace_mark, global_mark, links, valid_until, items, etag, body)
  SELECT ${workspaceId}, ${slug}, ${expand}::boolean, ${itemId}, ${itemMark}, ${workspaceMark}, ${globalMark}, ${links},
    coalesce((SELECT min(CASE WHEN s.valid_from > ${at}::timestamptz THEN s.valid_from ELSE s.valid_until END)
              FROM content_serving s
              WHERE s.content_item_id = ANY(${watched}::uuid[]) AND s.valid_until > ${at}::timestamptz), 'infinity'),
    ${items}::uuid[], ${etag}, ${body}
  ON CONFLICT (workspace_id, slug, expand) DO UPDATE SET item_id = EXCLUDED.item_id, item_mark = EXCLUDED.item_mark,
    workspace_mark = EXCLUDED.workspace_mark, global_mark = EXCLUDED.global_mark, links = EXCLUDED.links,
    valid_until = EXCLUDED.valid_until, items = EXCLUDED.items, etag = EXCLUDED.etag, body = EXCLUDED.body`);

/** Postgres array literal of uuids (validated by the cast). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Stores (or replaces) a by-slug read's document. */
export async function storeDocument(db: CommonQueryMethods, d: NewDocument): Promise<void> {
  await db.query(store(
    d.workspaceId, d.slug, String(d.expand), d.marks.itemId, d.marks.item, d.marks.workspace, d.marks.global,
    d.links, d.at, uuidArray(d.watched), uuidArray(d.items), d.etag, d.body,
  ));
}
