// The deepest response the API can produce, read through the SDK (issue #12 §5): a chain of
// MAX_EXPANSION_DEPTH levels of children, each referenced from its parent's ChildContent field, the
// leaf holding a jsonValue at MAX_JSON_VALUE_DEPTH, read by slug with expandChildren. The server's
// json-value-limits.ts derives the depth: 3 + 3 × 8 + 32 = 59 levels (the publish response, 60).
import { expect } from 'chai';
import { MAX_JSON_VALUE_DEPTH } from '../../../server/src/services/content/json-value-limits.js';
import { MAX_EXPANSION_DEPTH } from '../../../server/src/services/delivery/content-expansion.js';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { createActor } from '../../../test/helpers/actors.js';
import { readWithETag, VersoApiError, VersoClient, type components } from '../../src/index.js';

type FieldValue = components['schemas']['ContentFieldValueRequest'];

/** A value exactly `depth` levels deep (objects and arrays alternating, scalars of every kind on the way). */
function nested(depth: number): unknown {
  let value: unknown = 'bottom 🌊';
  for (let d = 1; d <= depth; d++) value = d % 2 === 0 ? [d, value, null, 1.5, false] : { level: d, inner: value, note: 'é' };
  return value;
}

/** Nesting depth counted as System.Text.Json counts it (a scalar 0, `{}` and `[]` 1). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...(Array.isArray(value) ? value : Object.values(value)).map(depthOf));
}

describe('SDK end to end: the deepest by-slug response', function () {
  this.timeout(60_000);
  const suffix = Math.random().toString(36).slice(2, 8);
  let api: TestApi;
  let client: VersoClient;
  let workspaceId: string;
  let templateVersionId: string;
  let dataFieldId: string;
  let nextFieldId: string;

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    const admin = await createActor(api, { role: 'Admin', superadmin: true });
    client = new VersoClient({ baseUrl: api.url, token: admin.token });
    workspaceId = (await client.createWorkspace({ body: { name: `Deep ${suffix}`, slug: `deep-${suffix}` } })).id;
    const template = await client.createTemplate({ path: { workspaceId }, body: { name: 'Node', slug: `node-${suffix}` } });
    const path = { workspaceId, id: template.id, versionNumber: 1 };
    // Model writes are guarded: each carries the draft version's current ETag.
    const draftTag = async () => ({ ifMatch: (await readWithETag(client, 'getTemplateVersion', { path })).etag });
    dataFieldId = (
      await client.createTemplateField(
        {
          path,
          body: { key: 'data', label: 'Data', order: 0, compositionMode: 'Inline', isOpen: false, primitiveType: 'Link', isRequired: false, minOccurrences: 0, maxOccurrences: 1 },
        },
        await draftTag(),
      )
    ).id;
    nextFieldId = (
      await client.createTemplateField(
        {
          path,
          body: { key: 'next', label: 'Next', order: 1, compositionMode: 'Reference', isOpen: true, isRequired: false, minOccurrences: 0, maxOccurrences: 1 },
        },
        await draftTag(),
      )
    ).id;
    templateVersionId = (await client.publishTemplateVersion({ path }, await draftTag())).id;
  });
  after(async () => {
    await api?.close();
  });

  const createNode = (slug: string, field: Omit<FieldValue, 'order'>) =>
    client.createContent({ path: { workspaceId }, body: { templateVersionId, slug, tags: [], fields: [{ order: 0, ...field }] } });

  it(`reads ${MAX_EXPANSION_DEPTH} levels of children with a ${MAX_JSON_VALUE_DEPTH}-level jsonValue at the leaf, exactly as written`, async () => {
    const value = nested(MAX_JSON_VALUE_DEPTH);
    expect(depthOf(value)).to.equal(MAX_JSON_VALUE_DEPTH);
    // Leaf first; each level published before its parent refers to it, so every level serves.
    let child = await createNode(`leaf-${suffix}`, { fieldId: dataFieldId, valueKind: 'Link', jsonValue: value });
    let published = await client.publishContentVersion({ path: { workspaceId, id: child.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
    for (let level = MAX_EXPANSION_DEPTH - 1; level >= 0; level--) {
      child = await createNode(`level-${level}-${suffix}`, { fieldId: nextFieldId, valueKind: 'ChildContent', childContentItemId: child.id });
      published = await client.publishContentVersion({ path: { workspaceId, id: child.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
    }
    const root = child;

    const bySlug = await client.getContentBySlug({ path: { workspaceId, slug: root.slug! }, query: { expandChildren: true } });
    expect(depthOf(bySlug)).to.equal(3 + 3 * MAX_EXPANSION_DEPTH + MAX_JSON_VALUE_DEPTH);
    expect(depthOf(published)).to.equal(1 + 3 + 3 * MAX_EXPANSION_DEPTH + MAX_JSON_VALUE_DEPTH);
    for (const body of [bySlug, published.version]) {
      let node = body;
      for (let level = 1; level <= MAX_EXPANSION_DEPTH; level++) {
        expect(node.fields[0]!.key).to.equal('next');
        node = node.fields[0]!.child!;
        expect(node, `level ${level}`).to.be.an('object');
      }
      expect(node.slug).to.equal(`leaf-${suffix}`);
      expect(node.fields[0]!.key).to.equal('data');
      expect(node.fields[0]!.jsonValue).to.deep.equal(value);
    }
  });

  it('a jsonValue one level deeper is a VersoApiError 422 naming /fields/0/jsonValue', async () => {
    const error = (await createNode(`too-deep-${suffix}`, { fieldId: dataFieldId, valueKind: 'Link', jsonValue: nested(MAX_JSON_VALUE_DEPTH + 1) }).catch(
      (e: unknown) => e,
    )) as VersoApiError;
    expect(error).to.be.instanceOf(VersoApiError);
    expect(error.status).to.equal(422);
    expect(error.problem.type).to.equal('https://verso.dev/errors/validation-failed');
    expect(Object.keys(error.problem.errors ?? {})).to.deep.equal(['/fields/0/jsonValue']);
  });
});
