// The ceiling of the filtered, field-sorted list pages (bench/delivery-side-by-side.ts, cases
// filter-date and filter-number): a bare Node + `pg` HTTP server answering the very page Verso
// answers, from the same PostgreSQL, with one statement over a side table that keeps each item's
// event date, price and publish time in plain indexed columns beside the item's JSON exactly as
// Verso's list page shows it. The statement counts the matches and aggregates the page's 100 JSON
// texts (one row back, no per-item parsing in Node); the server adds the page envelope and, for a
// client that accepts gzip, compresses the body as Verso does a page it builds (node:zlib gzip at
// its default level, off the event loop). No stored or cached answers: every request runs the query.
import http from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import pg from 'pg';
import type { TestApi } from '../../test/helpers/api.js';
import { dbQuery } from '../../test/helpers/actors.js';

const gzipAsync = promisify(gzip);
const PAGE_SIZE = 100;

/**
 * Creates and fills the side table from Verso's own answers: every page of `listPath` (a resolved
 * list of the template's items, `pageSize=100`), read with `token` from `apiUrl`, gives each item's
 * JSON; its date, price and publish time come from the rows Verso serves (the field values of the
 * served version, the serving row's publish time). Returns the number of items stored.
 */
export async function fillTypedCeiling(
  api: TestApi,
  o: { apiUrl: string; listPath: string; token: string; workspaceId: string; dateFieldId: string; priceFieldId: string },
): Promise<number> {
  await dbQuery(api, `CREATE TABLE bench_typed (
    item_id uuid PRIMARY KEY, body text NOT NULL, event_date date, price numeric, published_at timestamptz)`);
  for (let page = 1; ; page++) {
    const res = await fetch(`${o.apiUrl}${o.listPath}&page=${page}`, { headers: { authorization: `Bearer ${o.token}` } });
    if (res.status !== 200) throw new Error(`${o.listPath} page ${page} answered ${res.status}`);
    const body = (await res.json()) as { items: { id: string }[]; totalPages: number };
    const rows = body.items.map((item) => ({ item_id: item.id, body: JSON.stringify(item) }));
    await dbQuery(api, `INSERT INTO bench_typed (item_id, body) SELECT item_id, body FROM jsonb_to_recordset($1::jsonb) AS r(item_id uuid, body text)`, [JSON.stringify(rows)]);
    if (page >= body.totalPages) break;
  }
  await dbQuery(
    api,
    `UPDATE bench_typed b SET published_at = s.published_at,
       event_date = (SELECT f.date_value FROM content_field_values f WHERE f.content_version_id = s.version_id AND f.field_id = $2),
       price = (SELECT f.number_value FROM content_field_values f WHERE f.content_version_id = s.version_id AND f.field_id = $3)
     FROM content_serving s
     WHERE s.content_item_id = b.item_id AND s.workspace_id = $1 AND s.valid_from <= now() AND now() < s.valid_until`,
    [o.workspaceId, o.dateFieldId, o.priceFieldId],
  );
  // The two pages' orders: date ascending (ties by id), and the default newest first within a price.
  await dbQuery(api, 'CREATE INDEX bench_typed_date ON bench_typed (event_date, item_id)');
  await dbQuery(api, 'CREATE INDEX bench_typed_price ON bench_typed (price, published_at, item_id)');
  await dbQuery(api, 'VACUUM ANALYZE bench_typed');
  const [{ n }] = await dbQuery(api, 'SELECT count(*)::int AS n FROM bench_typed');
  return n as number;
}

/** `GET /date?gte=…&lt=…` (dates ascending) and `GET /price?eq=…` (newest first): page 1 of 100. */
const STATEMENTS = {
  date: {
    name: 'typed_ceiling_date',
    text: `SELECT (SELECT count(*) FROM bench_typed WHERE event_date >= $1 AND event_date < $2)::int AS total,
      (SELECT string_agg(body, ',' ORDER BY event_date, item_id) FROM (
        SELECT body, event_date, item_id FROM bench_typed WHERE event_date >= $1 AND event_date < $2
        ORDER BY event_date, item_id LIMIT ${PAGE_SIZE}) p) AS items`,
  },
  price: {
    name: 'typed_ceiling_price',
    text: `SELECT (SELECT count(*) FROM bench_typed WHERE price = $1)::int AS total,
      (SELECT string_agg(body, ',' ORDER BY published_at DESC, item_id DESC) FROM (
        SELECT body, published_at, item_id FROM bench_typed WHERE price = $1
        ORDER BY published_at DESC, item_id DESC LIMIT ${PAGE_SIZE}) p) AS items`,
  },
} as const;

/** The ceiling's paths for the two pages. */
export const typedCeilingPath = {
  date: (gte: string, lt: string) => `/date?gte=${gte}&lt=${lt}`,
  price: (eq: string) => `/price?eq=${eq}`,
};

export async function startTypedCeiling(databaseUrl: string, poolSize: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://ceiling');
    const which = url.pathname === '/date' ? 'date' : url.pathname === '/price' ? 'price' : null;
    if (which === null) {
      res.writeHead(404).end();
      return;
    }
    const values = which === 'date' ? [url.searchParams.get('gte'), url.searchParams.get('lt')] : [url.searchParams.get('eq')];
    const gzipped = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    pool
      .query<{ total: number; items: string | null }>({ ...STATEMENTS[which], values })
      .then(async (r) => {
        const { total, items } = r.rows[0]!;
        const json = Buffer.from(`{"items":[${items ?? ''}],"totalCount":${total},"page":1,"pageSize":${PAGE_SIZE},"totalPages":${Math.ceil(total / PAGE_SIZE)}}`);
        const body = gzipped ? await gzipAsync(json) : json;
        const encoding: Record<string, string> = gzipped ? { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } : {};
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length), ...encoding }).end(body);
      })
      .catch(() => res.writeHead(500).end());
  });
  return serveCeiling(server, pool);
}

/**
 * A ceiling server on a free loopback port, and how to stop it and its pool: the list ceilings here
 * and in delivery-side-by-side.ts.
 */
export async function serveCeiling(server: http.Server, pool: pg.Pool): Promise<{ readonly url: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
