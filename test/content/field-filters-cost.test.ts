// What a field-filtered, field-sorted page costs: EXPLAIN (ANALYZE, BUFFERS) of the page statement the
// server sends, at 500 and at 20,000 published items of one template (written set-based through the
// API's own tables; the triggers build the serving rows and their value rows as a publish does). The
// page must be a scan of the value index that stops after the page — not a Seq Scan, not a Sort
// over the template — at both sizes.
import { expect } from 'chai';
import type { Interceptor } from 'slonik';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { buildTemplate } from './content-fixture.js';

let recording = false;
const captured: { sql: string; values: readonly unknown[] }[] = [];
const capture: Interceptor = {
  name: 'field-filter-plans',
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
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode, outsideInitPlans = false): PlanNode[] {
  const children = (plan.Plans ?? []).filter((p) => !outsideInitPlans || p['Parent Relationship'] !== 'InitPlan');
  return [plan, ...children.flatMap((p) => nodes(p, outsideInitPlans))];
}

// The content tables, which grow with the data (tags, templates and the like are a workspace's few rows).
const CONTENT_TABLES = new Set(['content_serving', 'content_serving_values', 'content_items', 'content_versions', 'content_field_values']);
const seqScanOfContent = (n: PlanNode) => n['Node Type'] === 'Seq Scan' && CONTENT_TABLES.has(n['Relation Name'] ?? '');

/** `n` items of template `tpl`, each published with an eventDate over two years and a price of 300 values. */
async function fill(api: TestApi, ws: string, tpl: { templateId: string; versionId: string; fields: Record<string, string> }, n: number) {
  await dbQuery(api, `
    WITH items AS (
      INSERT INTO content_items (workspace_id, template_id, template_version_id, slug, locale_code)
      SELECT $1, $2, $3, 'bulk-' || g, 'en' FROM generate_series(1, $4::int) g RETURNING id, slug)
    INSERT INTO content_versions (content_item_id, version_number, status, template_version_id, slug, locale_code)
    SELECT id, 1, 'Draft', $3, slug, 'en' FROM items`, [ws, tpl.templateId, tpl.versionId, n]);
  await dbQuery(api, `
    INSERT INTO content_field_values (content_version_id, field_id, sort_order, value_kind, date_value, number_value)
    SELECT cv.id, f.field_id, 0, f.kind,
      CASE WHEN f.kind = 'Date' THEN date '2026-01-01' + (abs(hashtext(cv.id::text)) % 730) END,
      CASE WHEN f.kind = 'Number' THEN (abs(hashtext(cv.id::text || 'p')) % 300)::numeric END
    FROM content_versions cv JOIN content_items ci ON ci.id = cv.content_item_id
    CROSS JOIN (VALUES ($2::uuid, 'Date'), ($3::uuid, 'Number')) f(field_id, kind)
    WHERE ci.workspace_id = $1`, [ws, tpl.fields.eventDate, tpl.fields.price]);
  await dbQuery(api, `
    UPDATE content_versions cv SET status = 'Published', published_at = now()
    FROM content_items ci WHERE ci.id = cv.content_item_id AND ci.workspace_id = $1`, [ws]);
  // Vacuumed as autovacuum would have: the index-only scans read the visibility map.
  await dbQuery(api, 'VACUUM ANALYZE content_serving');
  await dbQuery(api, 'VACUUM ANALYZE content_serving_values');
}

describe('the cost of a field-filtered, field-sorted delivery page', function () {
  // Set SHOW_PLANS=1 to print the plans.
  this.timeout(300_000);
  let api: TestApi;
  const worlds: { size: number; ws: string; reader: string; templateId: string }[] = [];

  before(async () => {
    api = await startTestApi({
      env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__StoredListPages: '0' },
      databaseInterceptors: [capture],
    });
    for (const size of [500, 20_000]) {
      const { id: ws } = await createWorkspace(api);
      const admin = (await createActor(api, { role: 'TemplateAdmin', grants: { [ws]: 'Write' } })).token;
      const reader = (await createActor(api, { role: 'Reader', grants: { [ws]: 'Read' } })).token;
      const tpl = await buildTemplate(api, `/api/v1/workspaces/${ws}`, admin, 'Event', () => [
        { key: 'eventDate', label: 'Date', primitiveType: 'Date', minOccurrences: 0, maxOccurrences: 1 },
        { key: 'price', label: 'Price', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: 1 },
      ]);
      await fill(api, ws, tpl, size);
      worlds.push({ size, ws, reader, templateId: tpl.templateId });
    }
  });
  after(() => api.close());

  /** The page statement's plan for `query` (after warming the named statement, as a server in service has). */
  async function planOf(world: (typeof worlds)[number], query: string): Promise<{ plan: PlanNode; body: { totalCount: number; items: unknown[] } }> {
    const path = `/api/v1/workspaces/${world.ws}/content?templateId=${world.templateId}&${query}`;
    for (let i = 0; i < 6; i++) await api.get(path, { token: world.reader });
    captured.length = 0;
    recording = true;
    const res = await api.get(path, { token: world.reader });
    recording = false;
    expect(res.status).to.equal(200);
    const page = captured.find((c) => /content_serving_values/.test(c.sql));
    expect(page, 'the page statement').to.not.equal(undefined);
    const [row] = await dbQuery(api, `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${page!.sql}`, [...page!.values]);
    if (process.env.SHOW_PLANS) console.log(JSON.stringify(row['QUERY PLAN'], (k, v) => (['Output', 'Shared Hit Blocks', 'Shared Read Blocks', 'Shared Dirtied Blocks', 'Shared Written Blocks', 'Local Hit Blocks', 'Local Read Blocks', 'Local Dirtied Blocks', 'Local Written Blocks', 'Temp Read Blocks', 'Temp Written Blocks', 'Parallel Aware', 'Async Capable', 'Startup Cost', 'Plan Width', 'Actual Startup Time'].includes(k) ? undefined : v), 1));
    return { plan: (row['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan, body: res.body };
  }

  it('a Date range sorted by the date reads the page from the date index, at 500 and at 20,000 items', async () => {
    for (const world of worlds) {
      const { plan, body } = await planOf(world, 'resolve=true&filter[eventDate][gte]=2026-03-01&filter[eventDate][lt]=2026-05-01&sortBy=fields.eventDate&sortDesc=false&pageSize=100');
      const [expected] = await dbQuery(api, `
        SELECT count(*)::int AS n FROM content_field_values fv JOIN content_versions cv ON cv.id = fv.content_version_id
        JOIN content_items ci ON ci.id = cv.content_item_id
        WHERE ci.workspace_id = $1 AND fv.date_value >= '2026-03-01' AND fv.date_value < '2026-05-01'`, [world.ws]);
      expect(body.totalCount, `${world.size}: totalCount`).to.equal(expected.n);
      expect(body.items).to.have.length(Math.min(100, expected.n));
      const all = nodes(plan);
      expect(all.filter(seqScanOfContent).map((n) => n['Relation Name']), `${world.size}: no Seq Scan`).to.deep.equal([]);
      const page = nodes(plan, true);
      const scans = page.filter((n) => n['Index Name'] === 'content_serving_values_date');
      expect(scans, `${world.size}: the page scans content_serving_values_date`).to.have.length.greaterThan(0);
      // The page's scan stops after the page: at most 100 entries however many match.
      for (const s of scans) expect(s['Actual Rows'] * s['Actual Loops'], `${world.size}: rows read by the page`).to.be.at.most(101);
      // The only Sort is the final one over the page's own rows, never one over the matches.
      for (const sort of page.filter((n) => n['Node Type'] === 'Sort')) expect(sort['Actual Rows'], `${world.size}: rows sorted`).to.be.at.most(100);
    }
  });

  it('a Number equality is an index probe of the number index, not a walk over the template', async () => {
    for (const world of worlds) {
      const { plan, body } = await planOf(world, 'resolve=true&filter[price][eq]=50&pageSize=100');
      const [expected] = await dbQuery(api, `
        SELECT count(*)::int AS n FROM content_field_values fv JOIN content_versions cv ON cv.id = fv.content_version_id
        JOIN content_items ci ON ci.id = cv.content_item_id WHERE ci.workspace_id = $1 AND fv.number_value = 50`, [world.ws]);
      expect(body.totalCount, `${world.size}: totalCount`).to.equal(expected.n);
      const all = nodes(plan);
      expect(all.filter(seqScanOfContent).map((n) => n['Relation Name']), `${world.size}: no Seq Scan`).to.deep.equal([]);
      // At 500 items PostgreSQL may as well walk the template's serving rows and probe each (a few
      // hundred index entries); past that, the equality is a probe of the number index.
      if (world.size < 20_000) continue;
      const probes = all.filter((n) => n['Index Name'] === 'content_serving_values_number');
      expect(probes, `${world.size}: the number index answers the filter`).to.have.length.greaterThan(0);
      // Rows touched on the serving side are the matches', not the template's.
      for (const n of nodes(plan, true).filter((x) => x['Relation Name'] === 'content_serving')) {
        expect(n['Actual Rows'] * n['Actual Loops'], `${world.size}: serving rows read`).to.be.at.most(Math.max(expected.n, 1) * 2);
      }
    }
  });
});
