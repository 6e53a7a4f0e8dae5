// Limits on a field value's jsonValue (issue #12 §5): at most MAX_JSON_VALUE_DEPTH levels of arrays
// and objects and MAX_JSON_VALUE_BYTES as compact UTF-8 JSON, checked on every route that accepts
// values, so the deepest response the API can build (8 levels of children, the deepest value at the
// leaf) stays within the 64 levels JSON readers such as System.Text.Json accept by default.
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { MAX_COMPONENT_DEPTH } from '../../server/src/services/content/component-values.js';
import { MAX_EXPANSION_DEPTH } from '../../server/src/services/delivery/content-expansion.js';
import { jsonDepth, MAX_JSON_VALUE_BYTES, MAX_JSON_VALUE_DEPTH } from '../../server/src/services/content/json-value-limits.js';
import {
  buildTemplate,
  dbQuery,
  expectProblem,
  expectStatus,
  publishNow,
  startContentWorld,
  text,
  uniqueSlug,
  type ContentWorld,
} from './content-fixture.js';

/** A value exactly `depth` levels deep, objects and arrays alternating, with scalars on the way down. */
function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let d = 1; d <= depth; d++) value = d % 2 === 0 ? [d, value, null] : { level: d, inner: value, ok: true, 'ключ': 'é' };
  return value;
}

/** The JSON text of arrays nested `depth` levels, built as text (no recursion on either side). */
const rawNested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** A request body as JSON text with `raw` in place of the string "__RAW__". */
const withRaw = (body: unknown, raw: string) => JSON.stringify(body).replace('"__RAW__"', raw);

/** An object whose compact UTF-8 JSON is exactly `bytes` long: {"s":"éé…"} (2 bytes per é). */
function ofBytes(bytes: number): Record<string, string> {
  const overhead = Buffer.byteLength('{"s":""}');
  const value = { s: 'é'.repeat(Math.floor((bytes - overhead) / 2)) + 'x'.repeat((bytes - overhead) % 2) };
  expect(Buffer.byteLength(JSON.stringify(value))).to.equal(bytes);
  return value;
}

const DEPTH_MESSAGE = `nests arrays and objects more than ${MAX_JSON_VALUE_DEPTH} levels deep`;

describe('jsonValue limits: depth and size', () => {
  let w: ContentWorld;
  /** A template with a Link field (any JSON) and an open composition field, for chains of children. */
  let node: { templateId: string; versionId: string; fields: Record<string, string> };

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    node = await buildTemplate(w.api, w.base, w.reviewer, 'Node', () => [
      { key: 'data', label: 'Data', primitiveType: 'Link', minOccurrences: 0 },
      { key: 'next', label: 'Next', isOpen: true, compositionMode: 'Reference', minOccurrences: 0, maxOccurrences: 1 },
    ]);
  });
  after(() => w.api.close());

  const link = (jsonValue: unknown) => ({ fieldId: node.fields.data!, order: 0, valueKind: 'Link', jsonValue });
  const next = (childContentItemId: string) => ({ fieldId: node.fields.next!, order: 0, valueKind: 'ChildContent', childContentItemId });
  const seo = (jsonValue: unknown) => ({ fieldId: w.model.article.fields.seo!, order: 0, valueKind: 'Component', jsonValue });
  const articleBody = (jsonValue: unknown) => ({
    templateVersionId: w.model.article.versionId,
    slug: uniqueSlug('article'),
    tags: [],
    fields: [text(w.model.article.fields.title!, 'Deep'), seo(jsonValue)],
  });

  /** If-Match with the resource's current ETag, for the guarded model writes. */
  const currentTag = async (path: string): Promise<Record<string, string>> => {
    const tag = (await w.api.get(path, { token: w.reviewer })).headers.get('etag');
    return tag ? { 'if-match': tag } : {};
  };

  /** Everything a refused write could have touched. */
  const snapshot = async () =>
    (
      await dbQuery(
        w.api,
        `SELECT (SELECT count(*) FROM content_items)::int AS items,
                (SELECT string_agg(id::text || ':' || row_version || status || template_version_id, ',' ORDER BY id) FROM content_versions) AS versions,
                (SELECT md5(string_agg(content_version_id::text || coalesce(json_value::text, '') || coalesce(text_value, ''), ',' ORDER BY id)) FROM content_field_values) AS "values",
                (SELECT count(*) FROM outbox_events)::int AS events,
                (SELECT count(*) FROM audit_log)::int AS audits`,
      )
    )[0];

  async function createNode(fields: unknown[]) {
    const res = await w.api.post(`${w.base}/content`, { templateVersionId: node.versionId, slug: uniqueSlug('node'), tags: [], fields }, { token: w.editor });
    expectStatus(res, 201);
    return res.body as { id: string; slug: string };
  }

  it('measures depth as System.Text.Json does, and stops walking one level past the limit', () => {
    expect([jsonDepth(1), jsonDepth('x'), jsonDepth(null), jsonDepth({}), jsonDepth([]), jsonDepth({ a: [1] })]).to.deep.equal([0, 0, 0, 1, 1, 2]);
    expect(jsonDepth(nested(MAX_JSON_VALUE_DEPTH))).to.equal(MAX_JSON_VALUE_DEPTH);
    expect(jsonDepth(JSON.parse(rawNested(100_000)), MAX_JSON_VALUE_DEPTH)).to.equal(MAX_JSON_VALUE_DEPTH + 1);
    expect(jsonDepth(JSON.parse(rawNested(100_000)))).to.equal(100_000);
  });

  describe('a Link value (any JSON)', () => {
    it(`accepts a jsonValue exactly ${MAX_JSON_VALUE_DEPTH} levels deep and reads it back unchanged`, async () => {
      const value = nested(MAX_JSON_VALUE_DEPTH);
      const item = await createNode([link(value)]);
      const read = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader });
      expectStatus(read, 200);
      expect(read.body.fields[0].jsonValue).to.deep.equal(value);
    });

    it('refuses one level deeper with 422 naming /fields/<i>/jsonValue, and writes nothing', async () => {
      const before = await snapshot();
      const res = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: node.versionId, slug: uniqueSlug('node'), tags: [], fields: [link({ ok: 1 }), link(nested(MAX_JSON_VALUE_DEPTH + 1))] },
        { token: w.editor },
      );
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({ '/fields/1/jsonValue': [`Value 1's jsonValue ${DEPTH_MESSAGE}.`] });
      expect(await snapshot()).to.deep.equal(before);
    });

    it('refuses a value nested 10,000 levels on every route that takes values, without harm, and writes nothing', async () => {
      const item = await createNode([link({ ok: true })]);
      const deep = (body: unknown) => ({ rawBody: withRaw(body, rawNested(10_000)), headers: { 'content-type': 'application/json' }, token: w.editor });
      const etag = (await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader })).headers.get('etag')!;
      const before = await snapshot();
      const attempts = [
        await w.api.request('POST', `${w.base}/content`, deep({ templateVersionId: node.versionId, slug: uniqueSlug('node'), tags: [], fields: [link('__RAW__')] })),
        await w.api.request('POST', `${w.base}/content/${item.id}/versions`, deep({ fields: [link('__RAW__')] })),
        await w.api.request('PUT', `${w.base}/content/${item.id}/versions/1`, {
          ...deep({ fields: [link('__RAW__')] }),
          headers: { 'content-type': 'application/json', 'if-match': etag },
        }),
        await w.api.request('POST', `${w.base}/content/${item.id}/versions/1/upgrade-template-version`, deep({ fields: [link('__RAW__')] })),
      ];
      for (const res of attempts) {
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors).to.deep.equal({ '/fields/0/jsonValue': [`Value 0's jsonValue ${DEPTH_MESSAGE}.`] });
      }
      expect(await snapshot()).to.deep.equal(before);
      // The process is unharmed: the next request is served as usual.
      expectStatus(await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader }), 200);
    });

    it(`accepts exactly ${MAX_JSON_VALUE_BYTES} bytes of JSON (UTF-8, not characters) and refuses one byte more`, async () => {
      const atLimit = ofBytes(MAX_JSON_VALUE_BYTES);
      const item = await createNode([link(atLimit)]);
      const read = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader });
      expect(read.body.fields[0].jsonValue).to.deep.equal(atLimit);

      const before = await snapshot();
      const res = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: node.versionId, slug: uniqueSlug('node'), tags: [], fields: [link(ofBytes(MAX_JSON_VALUE_BYTES + 1))] },
        { token: w.editor },
      );
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({
        '/fields/0/jsonValue': [`Value 0's jsonValue is 262,145 bytes as JSON, more than the 262,144 (256 KiB) allowed.`],
      });
      expect(await snapshot()).to.deep.equal(before);
    });
  });

  describe('a Component value', () => {
    it(`accepts ${MAX_JSON_VALUE_DEPTH} levels (an unknown key keeps any JSON) and refuses ${MAX_JSON_VALUE_DEPTH + 1}, 10,000 levels and too many bytes`, async () => {
      const atLimit = { metaTitle: 'Deep', extra: nested(MAX_JSON_VALUE_DEPTH - 1) };
      expect(jsonDepth(atLimit)).to.equal(MAX_JSON_VALUE_DEPTH);
      const created = await w.api.post(`${w.base}/content`, articleBody(atLimit), { token: w.editor });
      expectStatus(created, 201);
      const read = await w.api.get(`${w.base}/content/${created.body.id}/versions/1`, { token: w.reader });
      expect(read.body.fields.find((f: any) => f.key === 'seo').jsonValue).to.deep.equal(atLimit);

      const before = await snapshot();
      const tooDeep = await w.api.post(`${w.base}/content`, articleBody({ metaTitle: 'Deep', extra: nested(MAX_JSON_VALUE_DEPTH) }), { token: w.editor });
      expectProblem(tooDeep, 422, 'validation-failed');
      expect(tooDeep.body.errors).to.deep.equal({ '/fields/1/jsonValue': [`Value 1's jsonValue ${DEPTH_MESSAGE}.`] });

      const raw = await w.api.request('POST', `${w.base}/content`, {
        rawBody: withRaw(articleBody('__RAW__'), `{"metaTitle":"Deep","extra":${rawNested(10_000)}}`),
        headers: { 'content-type': 'application/json' },
        token: w.editor,
      });
      expectProblem(raw, 422, 'validation-failed');
      expect(raw.body.errors).to.deep.equal({ '/fields/1/jsonValue': [`Value 1's jsonValue ${DEPTH_MESSAGE}.`] });

      const large = await w.api.post(`${w.base}/content`, articleBody({ metaTitle: 'Big', extra: 'x'.repeat(MAX_JSON_VALUE_BYTES) }), { token: w.editor });
      expectProblem(large, 422, 'validation-failed');
      expect(large.body.errors['/fields/1/jsonValue']).to.have.length(1);
      expect(large.body.errors['/fields/1/jsonValue'][0]).to.match(/bytes as JSON, more than the 262,144 \(256 KiB\) allowed\.$/);
      expect(await snapshot()).to.deep.equal(before);
    });

    it(`holds the deepest value components allow: ${MAX_COMPONENT_DEPTH} nested components, each repeated, a Link object in the innermost`, async () => {
      // Innermost first: level 16 has a Link; every other level repeats the next one as a list.
      let inner: string | null = null;
      for (let level = MAX_COMPONENT_DEPTH; level >= 1; level--) {
        const c = await w.api.post(`${w.base}/components`, { name: `Level ${level}`, slug: uniqueSlug(`level-${level}`) }, { token: w.reviewer });
        expectStatus(c, 201);
        const fields = [
          { key: 'name', label: 'Name', order: 0, primitiveType: 'Text', minOccurrences: 0 },
          inner === null
            ? { key: 'link', label: 'Link', order: 1, primitiveType: 'Link', minOccurrences: 0, maxOccurrences: 1 }
            : { key: 'items', label: 'Items', order: 1, nestedComponentId: inner, minOccurrences: 0 },
        ];
        const draft = `${w.base}/components/${c.body.id}/versions/1`;
        expectStatus(await w.api.put(`${draft}/fields`, fields, { token: w.reviewer, headers: await currentTag(draft) }), 200);
        expectStatus(await w.api.post(`${draft}/publish`, undefined, { token: w.reviewer, headers: await currentTag(draft) }), 200);
        inner = c.body.id as string;
      }
      const page = await buildTemplate(w.api, w.base, w.reviewer, 'Outline', () => [
        { key: 'outline', label: 'Outline', componentId: inner, minOccurrences: 0, maxOccurrences: 1 },
      ]);
      let value: Record<string, unknown> = { name: `level ${MAX_COMPONENT_DEPTH}`, link: { href: 'https://example.test/', text: 'Deepest' } };
      for (let level = MAX_COMPONENT_DEPTH - 1; level >= 1; level--) value = { name: `level ${level}`, items: [value] };
      // 1 + 2 × 15 levels of components and lists, plus the Link object.
      expect(jsonDepth(value)).to.equal(1 + 2 * (MAX_COMPONENT_DEPTH - 1) + 1);
      expect(jsonDepth(value)).to.be.at.most(MAX_JSON_VALUE_DEPTH);
      const res = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: page.versionId, slug: uniqueSlug('outline'), tags: [], fields: [{ fieldId: page.fields.outline!, order: 0, valueKind: 'Component', jsonValue: value }] },
        { token: w.editor },
      );
      expectStatus(res, 201);
      const read = await w.api.get(`${w.base}/content/${res.body.id}/versions/1`, { token: w.reader });
      expect(read.body.fields[0].jsonValue).to.deep.equal(value);
    });
  });

  describe('the deepest response', () => {
    it(`by-slug with ${MAX_EXPANSION_DEPTH} levels of children and the deepest jsonValue at the leaf is 27 + ${MAX_JSON_VALUE_DEPTH} levels (publish: one more), within 64`, async () => {
      const value = nested(MAX_JSON_VALUE_DEPTH);
      // Leaf first, each published before its parent, so every level serves.
      let child = await createNode([link(value)]);
      await publishNow(w, child.id, 1);
      for (let level = MAX_EXPANSION_DEPTH - 1; level >= 0; level--) {
        const parent = await createNode([next(child.id)]);
        if (level > 0) await publishNow(w, parent.id, 1);
        child = parent;
      }
      const root = child;
      const published = await w.api.post(`${w.base}/content/${root.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin });
      expectStatus(published, 200);
      const res = await w.api.get(`${w.base}/content/by-slug/${root.slug}?expandChildren=true`, { token: w.reader });
      expectStatus(res, 200);

      let leaf = res.body;
      for (let level = 0; level < MAX_EXPANSION_DEPTH; level++) leaf = leaf.fields[0].child;
      expect(leaf.fields[0].jsonValue).to.deep.equal(value);
      // detail + fields + value = 3, then 3 per level of children, then the jsonValue.
      expect(jsonDepth(res.body)).to.equal(3 + 3 * MAX_EXPANSION_DEPTH + MAX_JSON_VALUE_DEPTH);
      expect(jsonDepth(published.body)).to.equal(1 + 3 + 3 * MAX_EXPANSION_DEPTH + MAX_JSON_VALUE_DEPTH);
      expect(jsonDepth(published.body)).to.be.at.most(64);
    });
  });
});
