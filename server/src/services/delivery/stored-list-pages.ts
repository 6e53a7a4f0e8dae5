// The resolved list page at "now" through its stored page (migration 0032 says when one is exact):
// one statement reads the lists' state and, when a page was stored under exactly that state, the
// page's bytes and items; otherwise the page is read and presented as before and stored, in its
// workspace's slot for the query, for the next reader on any replica. Pages are stored gzipped
// (migration 0033: a client that accepts gzip is sent them as stored). A page's cost no longer
// depends on its rows once stored: at 100 rows the build (the page statement, parsing 100 rows,
// presenting and serializing them) is several times the lookup.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { DatabasePool } from 'slonik';
import type { HotPool } from '../../db/hot-pool.js';
import { findListPage, storeListPage, type ListPageAddress } from '../../db/delivery/delivery-list-pages.js';
import { readsAtNow } from '../content/content-rules.js';
import { contentListQuery, listQueryKey, readListPage, type ContentListParameters } from './content-reads.js';
import { listEtag } from './delivery-etag.js';

const gzipAsync = promisify(gzip);

/**
 * A resolved list page: a ContentItemSummaryResponsePagedResponse gzipped (and its JSON when it was
 * built now), its tag, and its items in order.
 */
export interface ListPageDocument {
  readonly gzip: Buffer;
  readonly json: Buffer | null;
  readonly etag: string;
  readonly items: readonly string[];
}

/** The slot of `key` among `slots`: the first four bytes of its digest. */
function slotOf(key: string, slots: number): number {
  return createHash('sha1').update(key).digest().readUInt32BE(0) % slots;
}

/**
 * Whether a list read goes through the stored pages: a resolved read at "now" without a text
 * search (searches are rarely repeated, and each stored one would cost a write), while the
 * workspace keeps any (`slots`, Delivery__StoredListPages).
 */
export function usesStoredListPages(query: ContentListParameters, slots: number): boolean {
  return slots > 0 && query.resolve === true && readsAtNow(query.asOf) && !query.q;
}

/** The page a resolved list read at "now" answers with (see usesStoredListPages for which reads). */
export async function storedListPage(
  hot: HotPool,
  db: DatabasePool,
  workspaceId: string,
  query: ContentListParameters,
  slots: number,
): Promise<ListPageDocument> {
  const q = await contentListQuery(hot, workspaceId, query);
  const key = listQueryKey(q, query);
  const address: ListPageAddress = { workspaceId, slot: slotOf(key, slots), query: key, at: q.asOf };
  const { state, stored } = await findListPage(hot, address);
  const etag = listEtag(state, key);
  if (stored) return { gzip: stored.gzip, json: null, etag, items: stored.items };
  // The state was read before the page, so what is stored under it is never newer than the page.
  const body = await readListPage(db, q, query);
  const json = Buffer.from(JSON.stringify(body));
  const gzipped = await gzipAsync(json);
  const items = body.items.map((i) => i.id);
  await storeListPage(db, { ...address, state, items, etag, gzip: gzipped });
  return { gzip: gzipped, json, etag, items };
}
