// Stored list pages (migration 0032 says what makes one servable): one statement on the hot pool
// reads the lists' state and, when it is the state a stored page was made under, that page; a page
// built after a miss is stored by a second. The body is kept gzip-compressed (migration 0033); it
// comes back as bytea's text (hex), which costs the reader less than the JSON's own text did.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { bufferOfByteaText, byteaTextOf, idsOfText, textOfIds, type HotPool } from '../hot-pool.js';
import { preparedShape, statementShape } from '../prepared.js';
import { LIST_STATE_COLUMNS, listStateOf, listStateOfText, type ListState, type ListStateText } from './delivery-marks.js';

/** Which stored page a resolved list read at "now" would use. */
export interface ListPageAddress {
  readonly workspaceId: string;
  readonly slot: number;
  /** Every parameter that shapes the page (what the ETag digests). */
  readonly query: string;
  /** The instant the read reads at (ISO). */
  readonly at: string;
}

const lookup = statementShape('delivery_list_page', (workspaceId: string, at: string, slot: number, query: string) => sql.fragment`
  SELECT ${LIST_STATE_COLUMNS}, p.body_gzip, p.items::text AS items
  FROM ${listStateOf(workspaceId, at)} st
  LEFT JOIN delivery_list_pages p ON p.workspace_id = ${workspaceId}::uuid AND p.slot = ${slot} AND p.query = ${query}
    AND p.marks = st.marks AND p.next_boundary IS NOT DISTINCT FROM st.next_boundary`);
type LookupRow = ListStateText & { readonly body_gzip: string | null; readonly items: string | null };

export interface ListPageLookup {
  /** The lists' state now: what the page's ETag is made of, and what a page built now records. */
  readonly state: ListState;
  /** The page stored under exactly this state, if any. */
  readonly stored: { readonly gzip: Buffer; readonly items: readonly string[] } | null;
}

export async function findListPage(hot: HotPool, a: ListPageAddress): Promise<ListPageLookup> {
  const [row] = await hot.shaped<LookupRow>(lookup, a.workspaceId, a.at, a.slot, a.query);
  const state = listStateOfText(row!);
  return { state, stored: row!.body_gzip === null ? null : { gzip: bufferOfByteaText(row!.body_gzip), items: idsOfText(row!.items!) } };
}

export interface NewListPage extends ListPageAddress {
  /** The state read before the page (findListPage's). */
  readonly state: ListState;
  readonly items: readonly string[];
  readonly etag: string;
  /** The page's JSON, gzip-compressed. */
  readonly gzip: Buffer;
}

const store = preparedShape('delivery_list_page_store', z.object({}), (
  workspaceId: string, slot: number, query: string, marks: number, nextBoundary: string, items: string, etag: string, gzip: string,
) => sql.fragment`
  INSERT INTO delivery_list_pages AS p (workspace_id, slot, query, marks, next_boundary, items, etag, body_gzip)
  VALUES (${workspaceId}, ${slot}, ${query}, ${marks}, nullif(${nextBoundary}, '')::timestamptz, ${items}::uuid[], ${etag}, ${gzip}::bytea)
  ON CONFLICT (workspace_id, slot) DO UPDATE SET query = EXCLUDED.query, marks = EXCLUDED.marks,
    next_boundary = EXCLUDED.next_boundary, items = EXCLUDED.items, etag = EXCLUDED.etag, body_gzip = EXCLUDED.body_gzip`);

/** Stores (or replaces, in its slot) a resolved list page. */
export async function storeListPage(db: CommonQueryMethods, p: NewListPage): Promise<void> {
  await db.query(store(p.workspaceId, p.slot, p.query, p.state.marks, p.state.next_boundary ?? '', textOfIds(p.items), p.etag, byteaTextOf(p.gzip)));
}
