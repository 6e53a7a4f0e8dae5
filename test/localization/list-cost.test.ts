// What a page of the list with `locale` costs: EXPLAIN (ANALYZE, BUFFERS) of the page statement the
// server sends, at 50,000 published items in three locales (en the default, de → en, de-CH → de → en;
// 25,000 English items, half of them translated into German and half into Swiss German), written
// set-based into the API's own tables (the triggers build the serving rows as a publish does). The
// page walks its sort's index and stops after the page, probing each row's group by its key
// (migration 0044) — no Seq Scan, no Sort over the workspace — and the total is one pass over the
// group index (an InitPlan, run once), never a probe per row.
import { expect } from 'chai';
import type { Interceptor } from 'slonik';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { buildTemplate } from '../content/content-fixture.js';

let recording = false;
const captured: { sql: string; values: readonly unknown[] }[] = [];
const capture: Interceptor = {
  name: 'locale-list-plans',
  beforeQueryExecution: (_c, q) => {
    if (recording) captured.push(q);
    return null;
  },
};

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode, outsideInitPlans = false): PlanNode[] {
  const children = (plan.Plans ?? []).filter((p) => !outsideInitPlans || p['Parent Relationship'] !== 'InitPlan');
  return [plan, ...children.flatMap((p) => nodes(p, outsideInitPlans))];
}

/** The InitPlans of `plan` (anywhere in it), each with its own nodes. */
function initPlans(plan: PlanNode): PlanNode[] {
  return nodes(plan).filter((n) => n['Parent Relationship'] === 'InitPlan');
}

const CONTENT_TABLES = new Set(['content_serving', 'content_items', 'content_versions', 'content_field_values']);
const seqScanOfContent = (n: PlanNode) => n['Node Type'] === 'Seq Scan' && CONTENT_TABLES.has(n['Relation Name'] ?? '');
const rowsRead = (n: PlanNode) => n['Actual Rows'] * n['Actual Loops'];

const GROUPS = 25_000;

/** GROUPS English items, each group g translated into de when g is even and into de-CH when g % 4 < 2, all published. */
async function fill(api: TestApi, ws: string, tpl: { templateId: string; versionId: string }) {
  await dbQuery(api, `
    WITH members AS (
      SELECT g, l.locale, l.n FROM generate_series(1, $4::int) g
      CROSS JOIN (VALUES ('en', 0), ('de', 1), ('de-CH', 2)) l(locale, n)
      WHERE l.locale = 'en' OR (l.locale = 'de' AND g % 2 = 0) OR (l.locale = 'de-CH' AND g % 4 < 2)),
    items AS (
      INSERT INTO content_items (workspace_id, template_id, template_version_id, slug, locale_code, translation_group_id, created_at)
      SELECT $1, $2, $3, 'g' || g || '-' || lower(locale), locale,
        ('00000000-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, now() - make_interval(secs => g * 3 + n)
      FROM members RETURNING id, slug, locale_code, translation_group_id)
    INSERT INTO content_versions (content_item_id, version_number, status, template_version_id, slug, locale_code, translation_group_id)
    SELECT id, 1, 'Draft', $3, slug, locale_code, translation_group_id FROM items`, [ws, tpl.templateId, tpl.versionId, GROUPS]);
  // Published in creation order, so the newest-first list meets the groups in turn.
  await dbQuery(api, `
    UPDATE content_versions cv SET status = 'Published', published_at = ci.created_at
    FROM content_items ci WHERE ci.id = cv.content_item_id AND ci.workspace_id = $1`, [ws]);
  for (const [n, [code, chain]] of ([['en', ['en']], ['de', ['de', 'en']], ['de-CH', ['de-ch', 'de', 'en']]] as const).entries()) {
    await dbQuery(api, 'INSERT INTO workspace_locales (workspace_id, code, name, fallback, chain_keys, position) VALUES ($1, $2, $2, $3, $4, $5)', [
      ws, code, chain.slice(1), chain, n,
    ]);
  }
  await dbQuery(api, "UPDATE workspaces SET default_locale = 'en' WHERE id = $1", [ws]);
  // Vacuumed as autovacuum would have: the index-only scans read the visibility map.
  await dbQuery(api, 'VACUUM ANALYZE content_serving');
  await dbQuery(api, 'VACUUM ANALYZE content_items');
}

describe('the cost of a delivery list page with locale', function () {
  // Set SHOW_PLANS=1 to print the plans.
  this.timeout(600_000);
  let api: TestApi;
  let ws: string;
  let reader: string;

  before(async () => {
    api = await startTestApi({
      env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredListPages: '0' },
      databaseInterceptors: [capture],
    });
    ({ id: ws } = await createWorkspace(api));
    const admin = (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token;
    reader = (await createActor(api, { role: 'Reader', grants: { [ws]: 'Read' } })).token;
    const tpl = await buildTemplate(api, `/api/v1/workspaces/${ws}`, admin, 'Page', () => []);
    await fill(api, ws, tpl);
  });
  after(() => api?.close());

  /** The page statement's plan for `query` (after warming the named statement, as a server in service has). */
  async function planOf(query: string) {
    const path = `/api/v1/workspaces/${ws}/content?${query}`;
    for (let i = 0; i < 6; i++) await api.get(path, { token: reader });
    captured.length = 0;
    recording = true;
    const res = await api.get(path, { token: reader });
    recording = false;
    expect(res.status).to.equal(200);
    const page = captured.find((c) => /verso_locale_chain/.test(c.sql));
    expect(page, 'the page statement').to.not.equal(undefined);
    const [row] = await dbQuery(api, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${page!.sql}`, [...page!.values]);
    const explained = (row['QUERY PLAN'] as { Plan: PlanNode; 'Execution Time': number }[])[0]!;
    if (process.env.SHOW_PLANS) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = process.hrtime.bigint();
        await dbQuery(api, page!.sql, [...page!.values]);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      console.log(`${query}: ${explained['Execution Time']} ms under EXPLAIN ANALYZE, ${Math.min(...times).toFixed(1)} ms run alone (best of 5)`);
      console.log(JSON.stringify(explained.Plan, (k, v) => (['Output', 'Shared Dirtied Blocks', 'Shared Written Blocks', 'Local Hit Blocks', 'Local Read Blocks', 'Local Dirtied Blocks', 'Local Written Blocks', 'Temp Read Blocks', 'Temp Written Blocks', 'Parallel Aware', 'Async Capable', 'Startup Cost', 'Plan Width', 'Actual Startup Time'].includes(k) ? undefined : v), 1));
    }
    return { plan: explained.Plan, body: res.body as { totalCount: number; items: { localeCode: string; slug: string }[] } };
  }

  /** The page reads its sort's index and stops, probing one group per row read; the count is one pass. */
  function expectPageShape(plan: PlanNode, pageIndex: RegExp, limit: number) {
    expect(nodes(plan, true).filter(seqScanOfContent).map((n) => n['Relation Name']), 'no Seq Scan in the page').to.deep.equal([]);
    const page = nodes(plan, true);
    const walks = page.filter((n) => pageIndex.test(n['Index Name'] ?? ''));
    expect(walks, 'the page walks its sort index').to.have.length.greaterThan(0);
    // Half the groups have a better member than the English one, which the walk passes over: at most
    // a few rows per entry are read, however large the workspace.
    for (const s of walks) expect(rowsRead(s), 'rows walked by the page').to.be.at.most(limit * 4);
    const probes = page.filter((n) => n['Index Name'] === 'content_serving_group');
    expect(probes, 'the page probes each row\'s group').to.have.length.greaterThan(0);
    for (const p of probes) expect(p['Actual Loops'], 'group probes').to.be.at.most(limit * 4);
    for (const sort of page.filter((n) => n['Node Type'] === 'Sort')) expect(sort['Actual Rows'], 'rows sorted').to.be.at.most(limit);
    // The total: no probe per row (no node of an InitPlan loops once per row).
    for (const init of initPlans(plan)) {
      for (const n of nodes(init)) expect(n['Actual Loops'], `${n['Node Type']} ${n['Index Name'] ?? ''} in the count`).to.be.at.most(1);
    }
  }

  it('locale=de-CH, newest first, a page of 100: the published index walked, one probe per row, the total in one pass', async () => {
    const { plan, body } = await planOf('resolve=true&locale=de-CH&pageSize=100');
    expect(body.totalCount).to.equal(GROUPS);
    expect(body.items).to.have.length(100);
    // Groups g (newest first: the lowest g) are served in their best locale.
    const best = (g: number) => (g % 4 < 2 ? 'de-CH' : g % 2 === 0 ? 'de' : 'en');
    expect(body.items.map((i) => i.localeCode)).to.deep.equal(Array.from({ length: 100 }, (_, i) => best(i + 1)));
    expectPageShape(plan, /^content_serving_published$/, 100);
  });

  it('page 5 in slug order and a German page cost their page too', async () => {
    const slug = await planOf('resolve=true&locale=de&pageSize=100&page=5&sortBy=slug&sortDesc=false');
    expect(slug.body.totalCount).to.equal(GROUPS);
    expectPageShape(slug.plan, /^content_serving_slug_asc$/, 500);
    const german = await planOf('resolve=true&locale=de&pageSize=100');
    expect(german.body.items.every((i, n) => i.localeCode === ((n + 1) % 2 === 0 ? 'de' : 'en'))).to.equal(true);
    expectPageShape(german.plan, /^content_serving_published$/, 100);
  });
});
