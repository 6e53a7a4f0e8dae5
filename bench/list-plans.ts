// EXPLAIN (ANALYZE, BUFFERS) of the resolved content list's page of 100 (the statement the server
// sends for GET …/content?resolve=true&pageSize=100) at two workspace sizes, to show that it reads
// the page and not the workspace (issue #24; the plans are quoted in the README's design notes).
// Each size is its own workspace in one database, filled in bulk through DatasetWriter: every item
// has an unbounded published version, one in ten also a dated window around now (so its span
// test rejects and accepts rows), five templates, two locales, two tags each.
// With --typed, the workspace holds `size` items of ONE template instead (writeTypedItems: a Date field
// eventDate over two years, a Number field price of 300 distinct values) and the queries are the
// filtered, field-sorted pages of bench/delivery-side-by-side.ts (filter-date, filter-number) at 500
// and 50,000 items; `{templateId}` in a --query stands for that template's id.
// Stored list pages are off (Delivery__StoredListPages=0): a stored page would answer the warmed
// read in one lookup, and the plan shown is the page statement's.
// Run: node --import tsx bench/list-plans.ts [--sizes 2600,50000] [--query 'resolve=true&pageSize=100'] [--typed]
import crypto from 'node:crypto';
import type { Interceptor } from 'slonik';
import { startTestApi, type TestApi } from '../test/helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { buildTemplates, buildTypedTemplate, DatasetWriter, hoursFromNow, writeTypedItems } from './lib/content-dataset.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const TYPED = process.argv.includes('--typed');
const SIZES = (arg('sizes') ?? (TYPED ? '500,50000' : '2600,50000')).split(',').map(Number);
/** The typed pages: a 30-day range of a Date field sorted by it, and a Number equality (newest first). */
const TYPED_QUERIES = [
  'resolve=true&templateId={templateId}&filter[eventDate][gte]=2026-03-01&filter[eventDate][lt]=2026-03-31&sortBy=fields.eventDate&sortDesc=false&pageSize=100',
  'resolve=true&templateId={templateId}&filter[price][eq]=50.00&pageSize=100',
].join(';');
const QUERIES = (
  arg('query') ?? (TYPED ? TYPED_QUERIES : 'resolve=true&pageSize=100;resolve=true&pageSize=100&page=5;resolve=true&pageSize=100&sortBy=slug&sortDesc=false')
).split(';');

let recording = false;
const captured: { sql: string; values: readonly unknown[] }[] = [];
const capture: Interceptor = {
  name: 'list-plans',
  beforeQueryExecution: (_c, q) => {
    if (recording) captured.push(q);
    return null;
  },
};

/** `size` dated, priced items of one template; returns the template's id. */
async function fillTyped(api: TestApi, ws: string, size: number): Promise<string> {
  const token = (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token;
  const tpl = await buildTypedTemplate(api, `/api/v1/workspaces/${ws}`, token);
  await writeTypedItems(api, ws, tpl, { prefix: 'event', to: size, publishedAt: new Date(Date.now() - 3_600_000) });
  return tpl.templateId;
}

/** The mixed workspace (five templates, two locales, tags, windows); returns no template id. */
async function fill(api: TestApi, ws: string, size: number): Promise<string> {
  const templates = await buildTemplates(api, `/api/v1/workspaces/${ws}`, (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token);
  const at = hoursFromNow(Date.now());
  const tags = ['news', 'guides', 'featured', 'archive', 'promo', 'spring'].map((name) => ({ id: crypto.randomUUID(), workspace_id: ws, name }));
  await dbQuery(api, `INSERT INTO tags (id, workspace_id, name) SELECT id, workspace_id, name FROM jsonb_populate_recordset(NULL::tags, $1::jsonb)`, [JSON.stringify(tags)]);
  for (let start = 0; start < size; start += 5000) {
    const data = new DatasetWriter(ws);
    for (let i = start; i < Math.min(size, start + 5000); i++) {
      const t = templates[i % 5]!;
      const itemId = data.item(t, { slug: `item-${i}`, locale: i % 2 ? 'fr' : 'en' });
      data.tagLinks.push({ content_item_id: itemId, tag_id: tags[i % 6]!.id }, { content_item_id: itemId, tag_id: tags[(i + 1) % 6]!.id });
      data.version(t, itemId, 1, { status: 'Published', publishedAt: at(-1000 + i / 100), title: `Item ${i}` });
      if (i % 10 === 0) data.version(t, itemId, 2, { status: 'Published', window: [at(-2), at(2)], publishedAt: at(-1), title: `Item ${i} dated` });
    }
    await data.flush(api);
  }
  await dbQuery(api, 'VACUUM ANALYZE content_serving, content_serving_counts');
  return '';
}

await startTestPostgres();
let exitCode = 0;
try {
  const api = await startTestApi({
    env: { Workers__Enabled: 'false', Logging__Level: 'warn', Delivery__CacheSeconds: '0', Delivery__StoredListPages: '0' },
    databaseInterceptors: [capture],
  });
  try {
    for (const size of SIZES) {
      const { id: ws } = await createWorkspace(api);
      const reader = (await createActor(api, { role: 'Reader', grants: { [ws]: 'Read' } })).token;
      const started = Date.now();
      const templateId = await (TYPED ? fillTyped : fill)(api, ws, size);
      const [rows] = await dbQuery(api, 'SELECT count(*)::int AS n FROM content_serving WHERE workspace_id = $1', [ws]);
      console.log(`\n## ${size} items (${rows.n} serving rows; built in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      for (const query of QUERIES) {
        const path = `/api/v1/workspaces/${ws}/content?${query.replaceAll('{templateId}', templateId)}`;
        // Warm the connection's named statement first, as a server in service has.
        for (let i = 0; i < 6; i++) await fetch(api.url + path, { headers: { authorization: `Bearer ${reader}` } }).then((r) => r.arrayBuffer());
        captured.length = 0;
        recording = true;
        const res = await fetch(api.url + path, { headers: { authorization: `Bearer ${reader}` } });
        const body = (await res.json()) as { totalCount: number; items: unknown[] };
        recording = false;
        const statements = captured.filter((c) => /content_serving/.test(c.sql));
        console.log(`\n### GET …/content?${query} → ${res.status}, ${body.items.length} items, totalCount ${body.totalCount}, ${statements.length} statement(s)\n`);
        for (const q of statements) {
          const plan = await dbQuery(api, `EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, [...q.values]);
          console.log(plan.map((r: Record<string, string>) => `    ${r['QUERY PLAN']}`).join('\n'));
        }
      }
    }
  } finally {
    await api.close();
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await stopTestPostgres();
}
process.exit(exitCode);
