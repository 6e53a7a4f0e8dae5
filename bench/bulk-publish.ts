// A bulk publish of 500 items in one request (POST …/content/bulk, target ≤ 10 s): 500 items that
// each serve version 1 and have an Approved version 2, published without naming the versions (the
// natural version), first each item on its own and then, on another 500, atomically. Prints the
// request's wall time, the items per second, and checks what it claims: every result ok, every
// item serving version 2 by slug right after the answer, and one content.version_published event
// per item (plus the archive of version 1).
//
// With --statements, the statements each run sent, by shape, with their wall time (client side).
//
// Run: node --import tsx bench/bulk-publish.ts [--items 500] [--statements]
import { startTestApi, type TestApi } from '../test/helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../test/helpers/actors.js';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { buildTemplates, DatasetWriter, hoursFromNow, writeItems, type Tpl } from './lib/content-dataset.js';
import { statementTiming } from './lib/statement-timing.js';
import { table } from './lib/load.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ITEMS = Number(arg('items')) || 500;
const TARGET_MS = 10_000;
const STATEMENTS = process.argv.includes('--statements');

// Every statement the API sends while recording, with its wall time.
const timing = statementTiming('bulk-publish');
const statements = timing.statements;

function printStatements(label: string, items: number) {
  const byShape = new Map<string, { count: number; ms: number }>();
  for (const s of statements) {
    const k = s.sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    const e = byShape.get(k) ?? { count: 0, ms: 0 };
    e.count++;
    e.ms += s.ms;
    byShape.set(k, e);
  }
  const rows = [...byShape.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15);
  console.log(`\n### ${label}: statements per item ${(statements.length / items).toFixed(1)}, their wall time per item ${(statements.reduce((a, s) => a + s.ms, 0) / items).toFixed(1)} ms\n`);
  console.log(table([['statement', 'per item', 'ms per item'], ...rows.map(([k, e]) => [k, (e.count / items).toFixed(2), (e.ms / items).toFixed(2)])]));
  statements.length = 0;
}

/** `count` items serving version 1, each with an Approved version 2 (the bulk publish's natural version). */
async function approvedItems(api: TestApi, ws: string, t: Tpl, prefix: string, count: number): Promise<string[]> {
  const writer = new DatasetWriter(ws);
  const ids = writeItems(writer, t, prefix, count, hoursFromNow(Date.now()));
  for (const id of ids) writer.version(t, id, 2, { status: 'Approved', title: `${prefix} approved` });
  await writer.flush(api);
  return ids;
}

async function bulkPublish(api: TestApi, base: string, token: string, ids: readonly string[], atomic: boolean) {
  const begun = performance.now();
  timing.recording = STATEMENTS;
  const res = await fetch(`${api.url}${base}/content/bulk`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'publish', atomic, items: ids.map((id) => ({ id })) }),
  });
  const body = (await res.json()) as { results: { status: string; versionNumber: number }[] };
  const ms = performance.now() - begun;
  timing.recording = false;
  if (STATEMENTS) printStatements(atomic ? 'atomic' : 'each item on its own', ids.length);
  if (res.status !== 200) throw new Error(`bulk publish answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  const failed = body.results.filter((r) => r.status !== 'ok' || r.versionNumber !== 2).length;
  if (failed > 0) throw new Error(`${failed} of ${ids.length} items did not publish version 2`);
  return ms;
}

/** Every item serves version 2 by slug right after the answer (the cache ended exactly), and its events are there. */
async function verify(api: TestApi, base: string, token: string, ws: string, prefix: string, count: number) {
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${api.url}${base}/content/by-slug/${prefix}-${i}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { versionNumber?: number };
    if (res.status !== 200 || body.versionNumber !== 2) throw new Error(`${prefix}-${i} serves ${JSON.stringify(body).slice(0, 200)}`);
  }
  const [events] = await dbQuery<{ n: number }>(
    api,
    `SELECT count(*)::int AS n FROM outbox_events e JOIN content_items ci ON ci.id = (e.payload->>'contentItemId')::uuid
     WHERE e.workspace_id = $1 AND e.event_type = 'content.version_published' AND ci.slug LIKE $2`,
    [ws, `${prefix}-%`],
  );
  if (events!.n !== count) throw new Error(`${events!.n} content.version_published events for ${count} items`);
}

/** Reads every item once, so the by-slug answers are cached before the publish ends them. */
async function verifyWarm(api: TestApi, base: string, token: string, prefixes: readonly string[], count: number) {
  for (const prefix of prefixes) {
    for (let i = 0; i < count; i++) {
      const res = await fetch(`${api.url}${base}/content/by-slug/${prefix}-${i}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${prefix}-${i} answered ${res.status} before the publish`);
    }
  }
}

await startTestPostgres();
let exitCode = 0;
try {
  const api = await startTestApi({ env: { Workers__Enabled: 'false', Logging__Level: 'warn', RateLimit__Enabled: 'false' }, databaseInterceptors: [timing.interceptor] });
  try {
    const { id: ws } = await createWorkspace(api);
    const base = `/api/v1/workspaces/${ws}`;
    const templateAdmin = (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token;
    const editor = (await createActor(api, { role: 'Editor', grants: { [ws]: 'Write' } })).token;
    const [tpl] = await buildTemplates(api, base, templateAdmin);
    const eachIds = await approvedItems(api, ws, tpl!, 'each', ITEMS);
    const atomicIds = await approvedItems(api, ws, tpl!, 'atomic', ITEMS);
    await verifyWarm(api, base, editor, ['each', 'atomic'], ITEMS);
    const rows: string[][] = [['run', 'items', 'wall time', 'items/s', `≤ ${TARGET_MS / 1000} s`]];
    const each = await bulkPublish(api, base, editor, eachIds, false);
    await verify(api, base, editor, ws, 'each', ITEMS);
    rows.push(['each item on its own', String(ITEMS), `${(each / 1000).toFixed(2)} s`, (ITEMS / (each / 1000)).toFixed(0), each <= TARGET_MS ? 'yes' : 'NO']);
    const atomic = await bulkPublish(api, base, editor, atomicIds, true);
    await verify(api, base, editor, ws, 'atomic', ITEMS);
    rows.push(['atomic (one transaction)', String(ITEMS), `${(atomic / 1000).toFixed(2)} s`, (ITEMS / (atomic / 1000)).toFixed(0), atomic <= TARGET_MS ? 'yes' : 'NO']);
    console.log(`\n## Bulk publish (POST …/content/bulk, natural versions, cache on)\n`);
    console.log(table(rows));
    console.log('\nEvery item served version 2 by slug right after the answer, with one content.version_published event each.');
    if (each > TARGET_MS || atomic > TARGET_MS) exitCode = 1;
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

