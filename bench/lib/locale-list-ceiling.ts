// The ceiling of the list with `locale` (bench/delivery-side-by-side.ts, case list-locale): a bare
// Node + `pg` HTTP server answering the very page Verso answers, from the same PostgreSQL, with one
// statement over a side table that keeps every member of the workspace's translation groups in plain
// indexed columns — its group, its rank in the one chain the case reads (de-CH → de → en), its
// publish time — beside the JSON Verso's page shows for it. The statement keeps a member when no
// better-ranked member of its group exists (an index probe, as Verso's page does) and stops after
// the page; the total is read from a one-row table (Verso keeps its own counts too). Like the other
// list ceilings it gzips each answer for a client that accepts it. No stored or cached answers.
import http from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import pg from 'pg';
import type { TestApi } from '../../test/helpers/api.js';
import { dbQuery } from '../../test/helpers/actors.js';
import { serveCeiling } from './typed-list-ceiling.js';

const gzipAsync = promisify(gzip);
const PAGE_SIZE = 100;

/**
 * Creates and fills the side table: every member serving now, ranked in `chain` (lower-cased codes),
 * and the JSON of each entry of every page of `listPath` (Verso's list with the same `locale`,
 * `pageSize=100`). Returns the number of entries.
 */
export async function fillLocaleCeiling(
  api: TestApi,
  o: { apiUrl: string; listPath: string; token: string; workspaceId: string; chain: readonly string[] },
): Promise<number> {
  await dbQuery(api, `CREATE TABLE bench_locale (
    item_id uuid PRIMARY KEY, group_key uuid NOT NULL, rank int NOT NULL, published_at timestamptz NOT NULL, body text)`);
  await dbQuery(
    api,
    `INSERT INTO bench_locale (item_id, group_key, rank, published_at)
     SELECT s.content_item_id, coalesce(s.translation_group_id, s.content_item_id), array_position($2::text[], lower(s.locale_code)), s.published_at
     FROM content_serving s
     WHERE s.workspace_id = $1 AND s.valid_from <= now() AND now() < s.valid_until AND lower(s.locale_code) = ANY($2::text[])`,
    [o.workspaceId, o.chain],
  );
  let entries = 0;
  for (let page = 1; ; page++) {
    const res = await fetch(`${o.apiUrl}${o.listPath}&page=${page}`, { headers: { authorization: `Bearer ${o.token}` } });
    if (res.status !== 200) throw new Error(`${o.listPath} page ${page} answered ${res.status}`);
    const body = (await res.json()) as { items: { id: string }[]; totalPages: number; totalCount: number };
    const rows = body.items.map((item) => ({ item_id: item.id, body: JSON.stringify(item) }));
    await dbQuery(api, `UPDATE bench_locale b SET body = r.body FROM jsonb_to_recordset($1::jsonb) AS r(item_id uuid, body text) WHERE b.item_id = r.item_id`, [
      JSON.stringify(rows),
    ]);
    entries = body.totalCount;
    if (page >= body.totalPages) break;
  }
  await dbQuery(api, 'CREATE TABLE bench_locale_total AS SELECT count(DISTINCT group_key)::int AS total FROM bench_locale');
  // The page's order (newest first, ties by id, as Verso's default) and the group probe.
  await dbQuery(api, 'CREATE INDEX bench_locale_published ON bench_locale (published_at, item_id)');
  await dbQuery(api, 'CREATE INDEX bench_locale_group ON bench_locale (group_key, rank, item_id)');
  await dbQuery(api, 'VACUUM ANALYZE bench_locale');
  return entries;
}

const STATEMENT = {
  name: 'locale_ceiling_page',
  text: `SELECT (SELECT total FROM bench_locale_total) AS total,
    (SELECT string_agg(body, ',' ORDER BY published_at DESC, item_id DESC) FROM (
      SELECT m.body, m.published_at, m.item_id FROM bench_locale m
      WHERE NOT EXISTS (SELECT 1 FROM bench_locale b WHERE b.group_key = m.group_key AND (b.rank, b.item_id) < (m.rank, m.item_id))
      ORDER BY m.published_at DESC, m.item_id DESC LIMIT ${PAGE_SIZE}) p) AS items`,
} as const;

/** `GET /page`: page 1 of 100 entries. */
export async function startLocaleCeiling(databaseUrl: string, poolSize: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const server = http.createServer((req, res) => {
    const gzipped = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    pool
      .query<{ total: number; items: string | null }>({ ...STATEMENT, values: [] })
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
