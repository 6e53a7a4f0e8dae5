// Stored delivery documents (migration 0028 says what makes one servable): one statement finds a
// by-slug answer's exact document; without one, a second reads what a read about to build one must
// record (the slug's live item and its marks), and a third stores it.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { idsOfText, textOfIds, type HotPool } from '../hot-pool.js';
import { preparedShape, statementShape } from '../prepared.js';
import { summedMarks } from './delivery-marks.js';

/**
 * The lookup of an exact document, selecting its body as `body` (or null, for a revalidation that
 * needs only the tag). It runs on the hot pool (db/hot-pool.ts): it is all a by-slug read does when
 * its document is exact, so slonik's per-query cost was most of that read's client CPU.
 */
function lookupOf(name: string, body: FragmentSqlToken) {
  return statementShape(name, (workspaceId: string, slug: string, expand: string, links: string, at: string, locale: string) => sql.fragment`
  SELECT ${body} AS body, d.etag, d.items::text AS items, d.content_language
  FROM delivery_documents d
  WHERE d.workspace_id = ${workspaceId} AND d.slug = ${slug} AND d.expand = ${expand}::boolean AND d.locale = ${locale} AND d.links = ${links}
    AND d.valid_until > ${at}::timestamptz AND d.marks = ${summedMarks(sql.fragment`d.item_id`, sql.fragment`d.workspace_id`)}`);
}
const lookup = lookupOf('delivery_document', sql.fragment`d.body`);
const lookupTag = lookupOf('delivery_document_tag', sql.fragment`NULL::text`);
type DocumentRow = { readonly body: string | null; readonly etag: string; readonly items: string; readonly content_language: string | null };

const markedRow = z.object({ item_id: z.string(), marks: z.number() });
const marked = preparedShape('delivery_document_marks', markedRow, (workspaceId: string, slug: string) => sql.fragment`
  SELECT ci.id AS item_id, ${summedMarks(sql.fragment`ci.id`, sql.fragment`ci.workspace_id`)} AS marks
  FROM content_items ci WHERE ci.workspace_id = ${workspaceId} AND ci.slug = ${slug} AND NOT ci.is_deleted`);

/** The marks (summed) of the live item holding a slug, as a read that is about to build its document must record them. */
export interface DocumentMarks {
  readonly itemId: string;
  readonly marks: number;
}

export type DocumentLookup =
  /** No live item has this slug: the read answers 404 without reading further. */
  | { readonly kind: 'none' }
  | { readonly kind: 'stored'; readonly body: string; readonly etag: string; readonly items: readonly string[]; readonly contentLanguage: string | null }
  /** No exact document: build one, recording these marks. */
  | { readonly kind: 'missing'; readonly marks: DocumentMarks };

/**
 * Which document a by-slug read at "now" would use: its workspace, slug, expandChildren and reader's
 * locale (canonical; '' for none), the fingerprint of the URL settings its asset links depend on,
 * and the instant it reads at (ISO).
 */
export interface DocumentAddress {
  readonly workspaceId: string;
  readonly slug: string;
  readonly expand: boolean;
  readonly locale: string;
  readonly links: string;
  readonly at: string;
}

const lookupArguments = (a: DocumentAddress) => [a.workspaceId, a.slug, String(a.expand), a.links, a.at, a.locale] as const;

/** The exact stored document at `a` (looked up on `hot`), or what building one needs (read on `db`). */
export async function findDocument(hot: HotPool, db: CommonQueryMethods, a: DocumentAddress): Promise<DocumentLookup> {
  const [stored] = await hot.shaped<DocumentRow>(lookup, ...lookupArguments(a));
  if (stored && stored.body !== null) {
    return { kind: 'stored', body: stored.body, etag: stored.etag, items: idsOfText(stored.items), contentLanguage: stored.content_language };
  }
  // Read after the lookup and before the build: the marks a build then records are never newer than what it reads.
  const row = await db.maybeOne(marked(a.workspaceId, a.slug));
  return row ? { kind: 'missing', marks: { itemId: row.item_id, marks: row.marks } } : { kind: 'none' };
}

/** The tag and items of the exact stored document at `a`, without its body; null when there is none. */
export async function findDocumentTag(hot: HotPool, a: DocumentAddress): Promise<{ readonly etag: string; readonly items: readonly string[] } | null> {
  const [row] = await hot.shaped<DocumentRow>(lookupTag, ...lookupArguments(a));
  return row ? { etag: row.etag, items: idsOfText(row.items) } : null;
}

export interface NewDocument extends DocumentAddress {
  /** The marks of the slug's own item (the anchor), whichever member of its group the body serves. */
  readonly marks: DocumentMarks;
  /**
   * Every item the body depends on (its purge keys), the anchor first. They are also the items whose
   * windows bound the document (`valid_until` is the first boundary of any of them after `at`):
   * those served in it, those named but serving nothing yet, and every member of their groups.
   */
  readonly items: readonly string[];
  readonly etag: string;
  readonly body: string;
  readonly contentLanguage: string | null;
}

const store = preparedShape('delivery_document_store', z.object({}), (
  workspaceId: string, slug: string, expand: string, itemId: string, marks: number,
  links: string, at: string, items: string, etag: string, body: string, locale: string, contentLanguage: string,
) => sql.fragment`
  INSERT INTO delivery_documents AS d (workspace_id, slug, expand, locale, content_language, item_id, marks, links, valid_until, items, etag, body)
  SELECT ${workspaceId}, ${slug}, ${expand}::boolean, ${locale}, nullif(${contentLanguage}, ''), ${itemId}, ${marks}, ${links},
    coalesce((SELECT min(CASE WHEN s.valid_from > ${at}::timestamptz THEN s.valid_from ELSE s.valid_until END)
              FROM content_serving s
              WHERE s.content_item_id = ANY(${items}::uuid[]) AND s.valid_until > ${at}::timestamptz), 'infinity'),
    ${items}::uuid[], ${etag}, ${body}
  ON CONFLICT (workspace_id, slug, expand, locale) DO UPDATE SET item_id = EXCLUDED.item_id, marks = EXCLUDED.marks,
    content_language = EXCLUDED.content_language,
    links = EXCLUDED.links, valid_until = EXCLUDED.valid_until, items = EXCLUDED.items, etag = EXCLUDED.etag, body = EXCLUDED.body`);

/** Stores (or replaces) a by-slug read's document. */
export async function storeDocument(db: CommonQueryMethods, d: NewDocument): Promise<void> {
  await db.query(store(
    d.workspaceId, d.slug, String(d.expand), d.marks.itemId, d.marks.marks,
    d.links, d.at, textOfIds(d.items), d.etag, d.body, d.locale, d.contentLanguage ?? '',
  ));
}
