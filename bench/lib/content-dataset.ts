// Upstream's content capacity dataset, written straight into the tables in bulk (building it
// through the API would take minutes): 520 items — 500 live, 20 deleted — with 2,600 published
// versions over 5 templates, 2 locales, tags, translation groups and overlapping bounded and
// unbounded windows with exact boundaries; plus composition trees for the by-slug expansion.
import crypto from 'node:crypto';
import type { TestApi } from '../../test/helpers/api.js';
import { dbQuery } from '../../test/helpers/actors.js';
import { buildTemplate } from '../../test/content/content-fixture.js';

const uuid = () => crypto.randomUUID();

export interface Tpl {
  templateId: string;
  versionId: string;
  fields: Record<string, string>;
}

async function insertRows(api: TestApi, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const columns = [...new Set(chunk.flatMap((r) => Object.keys(r)))];
    await dbQuery(
      api,
      `INSERT INTO ${table} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)`,
      [JSON.stringify(chunk)],
    );
  }
}

/** Items with versions and a title value each (plus child links), written in bulk. */
export class DatasetWriter {
  items: Record<string, unknown>[] = [];
  versions: Record<string, unknown>[] = [];
  values: Record<string, unknown>[] = [];
  tagLinks: Record<string, unknown>[] = [];
  /** Skip the VACUUM after writing (the bench's --fresh option). */
  static fresh = false;
  constructor(readonly ws: string) {}
  item(t: Tpl, o: { slug: string; locale?: string; group?: string | null; deleted?: boolean }) {
    const id = uuid();
    this.items.push({
      id, workspace_id: this.ws, template_id: t.templateId, template_version_id: t.versionId, slug: o.slug,
      locale_code: o.locale ?? 'en', translation_group_id: o.group ?? null, is_deleted: o.deleted ?? false,
    });
    return id;
  }
  version(t: Tpl, itemId: string, n: number, o: { status: string; window?: [Date, Date] | null; publishedAt?: Date | null; title: string; children?: string[] }) {
    const id = uuid();
    this.versions.push({
      id, content_item_id: itemId, version_number: n, status: o.status, template_version_id: t.versionId,
      effective_start_at: o.window?.[0].toISOString() ?? null, effective_end_at: o.window?.[1].toISOString() ?? null,
      published_at: o.status === 'Published' ? (o.publishedAt ?? new Date()).toISOString() : null, tags: [],
    });
    this.values.push({ id: uuid(), content_version_id: id, field_id: t.fields.title, sort_order: 0, value_kind: 'Text', text_value: o.title });
    (o.children ?? []).forEach((c, i) =>
      this.values.push({ id: uuid(), content_version_id: id, field_id: t.fields.children, sort_order: i, value_kind: 'ChildContent', child_content_item_id: c }),
    );
    return id;
  }
  async flush(api: TestApi) {
    await insertRows(api, 'content_items', this.items);
    if (this.tagLinks.length) await insertRows(api, 'content_item_tags', this.tagLinks);
    await insertRows(api, 'content_versions', this.versions);
    await insertRows(api, 'content_field_values', this.values);
    // Steady state, as autovacuum leaves it within a minute of a bulk load: statistics, and a
    // visibility map so index-only scans are index-only. `fresh` measures the just-loaded state.
    await dbQuery(api, `${DatasetWriter.fresh ? '' : 'VACUUM '}ANALYZE content_items, content_versions, content_field_values, content_item_tags`);
    this.items = [];
    this.versions = [];
    this.values = [];
    this.tagLinks = [];
  }
}

export async function buildTemplates(api: TestApi, base: string, token: string): Promise<Tpl[]> {
  const templates: Tpl[] = [];
  for (const name of ['Article', 'Page', 'Product', 'Event', 'Person']) {
    templates.push(
      await buildTemplate(api, base, token, name, () => [
        { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
        { key: 'body', label: 'Body', primitiveType: 'Markdown', minOccurrences: 0 },
        { key: 'children', label: 'Children', isOpen: true, compositionMode: 'Inline', minOccurrences: 0 },
      ]),
    );
  }
  return templates;
}

export const hoursFromNow = (now: number) => (h: number) => new Date(now + h * 3_600_000);

/** The capacity dataset; returns the item and published-version counts it produced. */
export async function buildCapacityDataset(api: TestApi, ws: string, templates: readonly Tpl[], at: (h: number) => Date) {
  const tagRows = ['news', 'guides', 'featured', 'archive', 'promo', 'spring'].map((name) => ({ id: uuid(), workspace_id: ws, name }));
  await insertRows(api, 'tags', tagRows);
  const data = new DatasetWriter(ws);
  for (let i = 0; i < 520; i++) {
    const t = templates[i % 5]!;
    const group = i % 2 === 0 ? uuid() : (data.items[data.items.length - 1]!.translation_group_id as string);
    const itemId = data.item(t, { slug: `item-${i}`, locale: i % 2 === 0 ? 'en' : 'fr', group, deleted: i >= 500 });
    data.tagLinks.push({ content_item_id: itemId, tag_id: tagRows[i % 6]!.id }, { content_item_id: itemId, tag_id: tagRows[(i + 1) % 6]!.id });
    // One unbounded default plus four dated windows: covering now, shorter around now (or in the
    // future), in the past, and one whose end is exactly now + 1 h (a boundary).
    data.version(t, itemId, 1, { status: 'Published', window: null, publishedAt: at(-240), title: `Item ${i} default` });
    data.version(t, itemId, 2, { status: 'Published', window: [at(-24), at(24)], publishedAt: at(-200), title: `Item ${i} day` });
    data.version(t, itemId, 3, { status: 'Published', window: i % 2 ? [at(24), at(48)] : [at(-2), at(2)], publishedAt: at(-150), title: `Item ${i} hours` });
    data.version(t, itemId, 4, { status: 'Published', window: [at(-240), at(-120)], publishedAt: at(-100), title: `Item ${i} past` });
    data.version(t, itemId, 5, { status: 'Published', window: [at(-1), at(1)], publishedAt: at(-50), title: `Item ${i} boundary` });
  }
  await data.flush(api);
  const [counts] = await dbQuery(
    api,
    `SELECT (SELECT count(*) FROM content_items WHERE workspace_id = $1)::int AS items,
      (SELECT count(*) FROM content_versions v JOIN content_items i ON i.id = v.content_item_id
        WHERE i.workspace_id = $1 AND v.status = 'Published')::int AS published`,
    [ws],
  );
  return counts as { items: number; published: number };
}

/** A composition tree `depth` levels below its root, `width` children per node; returns the root slug. */
export async function buildTree(api: TestApi, ws: string, node: Tpl, width: number, depth: number, prefix: string, at: (h: number) => Date) {
  const writer = new DatasetWriter(ws);
  const build = (level: number, path: string): string => {
    const children = level < depth ? Array.from({ length: width }, (_, c) => build(level + 1, `${path}-${c}`)) : [];
    const id = writer.item(node, { slug: `${prefix}${path}` });
    writer.version(node, id, 1, { status: 'Published', publishedAt: at(-1), title: `node ${path}`, children });
    return id;
  };
  build(0, '');
  await writer.flush(api);
  return prefix;
}

/** ~1 KB of Markdown: with the title, the size of an item the delivery benches read. */
const BODY = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(17);

/** `count` items of template `t` with one published version of ~1 KB each; children per item optional. */
export function writeItems(writer: DatasetWriter, t: Tpl, prefix: string, count: number, at: (h: number) => Date, childOf?: (i: number) => string) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = writer.item(t, { slug: `${prefix}-${i}` });
    const versionId = writer.version(t, id, 1, { status: 'Published', publishedAt: at(-1), title: `${prefix} ${i}`, children: childOf ? [childOf(i)] : [] });
    writer.values.push({ id: crypto.randomUUID(), content_version_id: versionId, field_id: t.fields.body, sort_order: 0, value_kind: 'Markdown', text_value: BODY });
    ids.push(id);
  }
  return ids;
}

/** Drafts 2..n+1 of each item (the publisher's targets). */
export function writeDrafts(writer: DatasetWriter, t: Tpl, ids: readonly string[], n: number) {
  for (const id of ids) for (let v = 2; v <= n + 1; v++) writer.version(t, id, v, { status: 'Draft', title: `draft ${v}` });
}

// ---- Dated, priced items: the field filters' and field sorts' dataset ----
//
// One template ("Event": title, body, a Date field `eventDate` and a Number field `price`) and any
// number of its items, each with one published version, written by set-based statements over
// generate_series (50,000 items in seconds, where a row per item through JSON would take minutes).
// Item i's values are a function of i (typedValues), so a bench can name ranges and know what they
// match, and its ids are derived from `seed` and i, so the statements need no shared state. The
// versions are written as drafts, their values added, and then published by one UPDATE — the order
// the API writes them in — so every structure the server keeps by triggers (serving rows and counts,
// stored titles, and whatever index of field values a trigger maintains) is written as by a publish.

/** The first event date; events spread over TYPED_DAYS days from it. */
export const TYPED_FIRST_DATE = '2026-01-01';
export const TYPED_DAYS = 730;
/** Distinct prices: 5.00, 5.50, … 154.50. */
export const TYPED_PRICES = 300;

/** Item i's event date (YYYY-MM-DD) and price, as writeTypedItems writes them (the SQL spells the same). */
export function typedValues(i: number): { eventDate: string; price: string } {
  const day = (i * 7919) % TYPED_DAYS;
  const date = new Date(Date.parse(`${TYPED_FIRST_DATE}T00:00:00Z`) + day * 86_400_000);
  return { eventDate: date.toISOString().slice(0, 10), price: (5 + ((i * 104_729) % TYPED_PRICES) * 0.5).toFixed(2) };
}

/** The Event template: title, ~1 KB body, eventDate (Date) and price (Number), each at most once. */
export async function buildTypedTemplate(api: TestApi, base: string, token: string): Promise<Tpl> {
  return buildTemplate(api, base, token, 'Event', () => [
    { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    { key: 'body', label: 'Body', primitiveType: 'Markdown', minOccurrences: 0 },
    { key: 'eventDate', label: 'Event date', primitiveType: 'Date', minOccurrences: 0, maxOccurrences: 1 },
    { key: 'price', label: 'Price', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: 1 },
  ]);
}

/**
 * Items `from`..`to - 1` of the typed dataset in workspace `ws` (slugs `<prefix>-<i>`), each with
 * one published version of ~1 KB (title, body, eventDate, price); published at `publishedAt` minus
 * i seconds, so the default sort (newest first) is by i. Written `chunk` items per statement.
 */
export async function writeTypedItems(
  api: TestApi,
  ws: string,
  t: Tpl,
  o: { prefix: string; from?: number; to: number; publishedAt: Date; seed?: string; chunk?: number },
) {
  const seed = o.seed ?? `${ws}/${o.prefix}`;
  const chunk = o.chunk ?? 10_000;
  // Ids from the seed and i: md5 of a distinct text per row, read as a uuid.
  const id = (kind: string) => `md5($1::text || '/${kind}/' || g)::uuid`;
  for (let start = o.from ?? 0; start < o.to; start += chunk) {
    const range = [seed, start, Math.min(o.to, start + chunk) - 1];
    await dbQuery(
      api,
      `INSERT INTO content_items (id, workspace_id, template_id, template_version_id, slug, locale_code)
       SELECT ${id('item')}, $4, $5, $6, $7 || '-' || g, 'en' FROM generate_series($2::int, $3::int) g`,
      [...range, ws, t.templateId, t.versionId, o.prefix],
    );
    await dbQuery(
      api,
      `INSERT INTO content_versions (id, content_item_id, version_number, status, template_version_id, slug, locale_code, tags)
       SELECT ${id('version')}, ${id('item')}, 1, 'Draft', $4, $5 || '-' || g, 'en', '{}' FROM generate_series($2::int, $3::int) g`,
      [...range, t.versionId, o.prefix],
    );
    await dbQuery(
      api,
      `INSERT INTO content_field_values (id, content_version_id, field_id, sort_order, value_kind, text_value, number_value, date_value)
       SELECT md5($1::text || '/value/' || g || '/' || v.kind)::uuid, ${id('version')}, v.field_id, 0, v.kind, v.text_value, v.number_value, v.date_value
       FROM generate_series($2::int, $3::int) g
       CROSS JOIN LATERAL (VALUES
         ($4::uuid, 'Text', $8 || ' ' || g, NULL::numeric, NULL::date),
         ($5::uuid, 'Markdown', $9, NULL, NULL),
         ($6::uuid, 'Date', NULL, NULL, $10::date + (g * 7919) % $11),
         ($7::uuid, 'Number', NULL, 5 + ((g * 104729::bigint) % $12) * 0.5, NULL)
       ) v(field_id, kind, text_value, number_value, date_value)`,
      [...range, t.fields.title, t.fields.body, t.fields.eventDate, t.fields.price, o.prefix, BODY, TYPED_FIRST_DATE, TYPED_DAYS, TYPED_PRICES],
    );
    // The publish: the serving rows and anything else kept by triggers follow, as for the API's.
    await dbQuery(
      api,
      `UPDATE content_versions SET status = 'Published', published_at = $4::timestamptz - make_interval(secs => g)
       FROM generate_series($2::int, $3::int) g WHERE id = ${id('version')}`,
      [...range, o.publishedAt.toISOString()],
    );
  }
  // Every table, so whatever a trigger wrote (whichever tables) has statistics and a visibility map.
  await dbQuery(api, `${DatasetWriter.fresh ? '' : 'VACUUM '}ANALYZE`);
}
