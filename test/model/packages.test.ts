import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  addField,
  createComponent,
  createPickList,
  createTemplate,
  dbQuery,
  expectProblem,
  expectStatus,
  otherWorkspace,
  publish,
  useModelWorld,
  textField,
  versionTag,
  type ModelWorld,
} from './model-fixture.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** Builds the realistic model in the world's workspace: article v2 with every kind of field. */
async function buildBlogModel(w: ModelWorld) {
  const category = await createPickList(w, ['news', 'guides', 'opinion'], 'category');
  const seo = await createComponent(w, 'SEO', 'seo');
  expectStatus(
    await w.api.put(
      `${w.base}/components/${seo.id}/versions/1/fields`,
      [
        { key: 'metaTitle', label: 'Meta title', order: 0, primitiveType: 'Text', fieldConfig: { maxLength: 60 } },
        { key: 'noIndex', label: 'No index', order: 1, primitiveType: 'Boolean' },
      ],
      { token: w.admin, headers: await versionTag(w, 'components', seo.id, 1) },
    ),
    200,
  );
  expectStatus(await w.api.post(`${w.base}/components/${seo.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'components', seo.id, 1) }), 200);
  const author = await createTemplate(w, 'Author', 'author');
  expectStatus(await addField(w, author.id, 1, textField('name', { isRequired: true, minOccurrences: 1, maxOccurrences: 1 })), 201);
  await publish(w, author.id, 1);
  const quote = await createTemplate(w, 'Quote', 'quote');
  expectStatus(await addField(w, quote.id, 1, textField('quote', { primitiveType: 'Quote' })), 201);
  await publish(w, quote.id, 1);
  const article = await createTemplate(w, 'Article', 'article');
  const header = await w.api.post(`${w.base}/templates/${article.id}/versions/1/sections`, { name: 'Header', order: 0 }, { token: w.admin, headers: await versionTag(w, 'templates', article.id, 1) });
  const fields = [
    textField('title', { sectionId: header.body.id, isRequired: true, minOccurrences: 1, maxOccurrences: 1, fieldConfig: { maxLength: 120 } }),
    { ...textField('category', { sectionId: header.body.id, order: 1 }), primitiveType: 'PickList', picklistId: category.id, picklistRevisionId: category.revisionId },
    textField('body', { primitiveType: 'Markdown', order: 2, isRequired: true, minOccurrences: 1 }),
    { key: 'seo', label: 'SEO', order: 3, compositionMode: 'Inline', componentId: seo.id },
    { key: 'author', label: 'Author', order: 4, compositionMode: 'Inline', templateId: author.id },
    { key: 'blocks', label: 'Blocks', order: 5, compositionMode: 'Inline', isOpen: true, maxOccurrences: null, allowedTypes: [{ allowedTemplateId: quote.id }] },
  ];
  for (const f of fields) expectStatus(await addField(w, article.id, 1, f), 201);
  await publish(w, article.id, 1);
  expectStatus(await w.api.post(`${w.base}/templates/${article.id}/versions`, {}, { token: w.admin }), 201);
  expectStatus(await addField(w, article.id, 2, textField('subtitle', { order: 6 })), 201);
  // A chosen title field (#25) travels with the package.
  expectStatus(await w.api.put(`${w.base}/templates/${article.id}/versions/2/title-field`, { titleFieldKey: 'subtitle' }, { token: w.admin, headers: await versionTag(w, 'templates', article.id, 2) }), 200);
  await publish(w, article.id, 2);
  return { article, author, quote, seo, category };
}

describe('packages', () => {
  const w = useModelWorld();

  const exportOf = async (base: string, token: string, query = '') => {
    const res = await w.api.get(`${base}/packages/export${query}`, { token });
    expectStatus(res, 200);
    return res;
  };
  const counts = async (ws: string) =>
    (
      await dbQuery(
        w.api,
        `SELECT (SELECT count(*)::int FROM templates WHERE workspace_id = $1) AS templates,
                (SELECT count(*)::int FROM template_versions v JOIN templates t ON t.id = v.template_id WHERE t.workspace_id = $1) AS versions,
                (SELECT count(*)::int FROM picklists WHERE workspace_id = $1) AS picklists,
                (SELECT count(*)::int FROM components WHERE workspace_id = $1) AS components`,
        [ws],
      )
    )[0];

  describe('the model round trip', () => {
    let model: Awaited<ReturnType<typeof buildBlogModel>>;
    let exported: any;
    before(async () => {
      model = await buildBlogModel(w);
      exported = (await exportOf(w.base, w.admin)).body;
    });

    it('exports the whole model, dependencies by slug, the article at version 2', async () => {
      const res = await exportOf(w.base, w.admin, `?templateIds=${model.article.id}&packageNamespace=acme&id=blog&version=2.1.0`);
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename="acme.blog@2.1.0.ctp"');
      const pkg = res.body;
      expect(pkg).to.include({ versoPackage: '1.1', namespace: 'acme', id: 'blog', version: '2.1.0' });
      expect(pkg.templates.map((t: any) => t.slug)).to.deep.equal(['article', 'author', 'quote']);
      expect(pkg.picklists.map((p: any) => p.slug)).to.deep.equal(['category']);
      expect(pkg.components.map((c: any) => c.slug)).to.deep.equal(['seo']);
      const article = pkg.templates[0];
      expect(article.sections[0].fields.map((f: any) => f.key)).to.deep.equal(['title', 'category']);
      expect(article.fields.map((f: any) => f.key)).to.deep.equal(['body', 'seo', 'author', 'blocks', 'subtitle']);
      expect(article.titleFieldKey).to.equal('subtitle');
      expect(pkg.templates[1]).to.not.have.property('titleFieldKey');
      expect(article.sections[0].fields[1]).to.include({ primitiveType: 'PickList', picklistRef: 'category' });
      expect(article.fields[2]).to.include({ templateRef: 'author', compositionMode: 'Inline' });
      expect(article.fields[3].allowedTypes).to.deep.equal([{ primitiveType: null, templateRef: 'quote' }]);
      expect(JSON.stringify(pkg)).to.not.contain(model.category.id);
    });

    it('matches the JSON Schema served at /schema/ctp-1.1.json (public)', async () => {
      const schema = await w.api.get('/schema/ctp-1.1.json');
      expectStatus(schema, 200);
      expect(schema.headers.get('content-type')).to.match(/^application\/schema\+json/);
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      const validate = ajv.compile(schema.body);
      expect(validate(exported), JSON.stringify(validate.errors)).to.equal(true);
      const v10 = (await w.api.get('/schema/ctp-1.0.json')).body;
      const validate10 = new Ajv2020({ strict: false }).compile(v10);
      expect(validate10({ ...exported, versoPackage: '1.0' })).to.equal(false);
      const templatesOnly = { ...exported, versoPackage: '1.0' };
      delete templatesOnly.picklists;
      delete templatesOnly.components;
      expect(validate10(templatesOnly), JSON.stringify(validate10.errors)).to.equal(true);
    });

    it('previews, imports into an empty workspace and exports the same document', async () => {
      const b = await otherWorkspace(w);
      const preview = await w.api.post(`${b.base}/packages/import/preview`, exported, { token: b.admin });
      expectStatus(preview, 200);
      expect(preview.body.templates.map((t: any) => [t.slug, t.status])).to.deep.equal([
        ['article', 'Create'],
        ['author', 'Create'],
        ['quote', 'Create'],
      ]);
      expect(preview.body.pickLists[0]).to.include({ status: 'Create', suggestedAction: 'import' });
      expect(await counts(b.ws)).to.deep.equal({ templates: 0, versions: 0, picklists: 0, components: 0 });
      const imported = await w.api.post(`${b.base}/packages/import`, exported, { token: b.admin });
      expectStatus(imported, 200);
      expect(imported.body.imported.map((t: any) => [t.slug, t.action, t.versionNumber])).to.deep.equal([
        ['article', 'imported', 1],
        ['author', 'imported', 1],
        ['quote', 'imported', 1],
      ]);
      const again = (await exportOf(b.base, b.admin)).body;
      expect(again).to.deep.equal(exported);
      const articleId = imported.body.imported.find((t: any) => t.slug === 'article').templateId;
      expect((await w.api.get(`${b.base}/templates/${articleId}/versions/1`, { token: b.admin })).body.titleFieldKey).to.equal('subtitle');
      const events = await dbQuery(w.api, `SELECT count(*)::int AS n FROM outbox_events WHERE workspace_id = $1 AND event_type = 'template.version_published'`, [b.ws]);
      expect(events).to.deep.equal([{ n: 3 }]);
      const reimport = await w.api.post(`${b.base}/packages/import`, exported, { token: b.admin });
      expectProblem(reimport, 409, 'conflict');
      expect(reimport.body.installedVersions).to.deep.equal(['1.0.0']);
    });

    it('imports into a workspace that already has the templates: new versions by key, no duplicates', async () => {
      const before = await counts(w.ws);
      const changed = structuredClone(exported);
      changed.templates[0].fields.push({ ...changed.templates[0].fields[0], key: 'readingTime', label: 'Reading time', order: 7, primitiveType: 'Text' });
      const preview = await w.api.post(`${w.base}/packages/import/preview`, changed, { token: w.admin });
      expectStatus(preview, 200);
      const article = preview.body.templates.find((t: any) => t.slug === 'article');
      expect(article).to.include({ status: 'Update', existingId: model.article.id });
      expect(article.addedFieldKeys).to.deep.equal(['readingTime']);
      expect(article.removedFieldKeys).to.deep.equal([]);
      expect(preview.body.pickLists[0]).to.include({ status: 'Unchanged', suggestedAction: 'useExisting' });
      expect(preview.body.components[0]).to.include({ status: 'Unchanged' });
      const res = await w.api.post(`${w.base}/packages/import`, changed, { token: w.admin });
      expectStatus(res, 200);
      expect(res.body.imported.find((t: any) => t.slug === 'article')).to.include({ templateId: model.article.id, action: 'updated', versionNumber: 3 });
      expect(res.body.pickLists).to.deep.equal([{ slug: 'category', resolvedSlug: 'category', pickListId: model.category.id, action: 'useExisting' }]);
      const after = await counts(w.ws);
      expect(after).to.deep.equal({ ...before, versions: before.versions + 3 });
      const current = (await w.api.get(`${w.base}/templates/${model.article.id}`, { token: w.reader })).body.currentVersion;
      expect(current.versionNumber).to.equal(3);
      expect(current.fields.map((f: any) => f.key)).to.include.members(['title', 'category', 'readingTime']);
      expect((await w.api.get(`${w.base}/templates/${model.article.id}/versions/2`, { token: w.reader })).body.status).to.equal('Archived');
    });
  });

  describe('typed fields', () => {
    it('exports and imports Number, Date, DateTime and Json fields and members with their settings, and exports them again unchanged', async () => {
      const event = await createComponent(w, 'Event', 'typed-event');
      const members = [
        { key: 'seats', label: 'Seats', order: 0, primitiveType: 'Number', fieldConfig: { min: 1, integer: true } },
        { key: 'day', label: 'Day', order: 1, primitiveType: 'Date' },
        { key: 'starts', label: 'Starts', order: 2, primitiveType: 'DateTime' },
        { key: 'extra', label: 'Extra', order: 3, primitiveType: 'Json', fieldConfig: { schema: { type: 'array', items: { type: 'string' } } } },
      ];
      expectStatus(await w.api.put(`${w.base}/components/${event.id}/versions/1/fields`, members, { token: w.admin, headers: await versionTag(w, 'components', event.id, 1) }), 200);
      expectStatus(await w.api.post(`${w.base}/components/${event.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'components', event.id, 1) }), 200);
      const t = await createTemplate(w, 'Product', 'typed-product');
      const fields = [
        textField('price', { primitiveType: 'Number', fieldConfig: { min: 0, max: 1000, decimals: 2 } }),
        textField('launch', { primitiveType: 'Date', order: 1 }),
        textField('doors', { primitiveType: 'DateTime', order: 2 }),
        textField('specs', { primitiveType: 'Json', order: 3, fieldConfig: { schema: { type: 'object', required: ['weight'], properties: { weight: { $ref: '#/$defs/w' } }, $defs: { w: { type: 'number' } } } } }),
        { key: 'event', label: 'Event', order: 4, compositionMode: 'Inline', componentId: event.id },
      ];
      for (const f of fields) expectStatus(await addField(w, t.id, 1, f), 201);
      await publish(w, t.id, 1);
      const exported = (await exportOf(w.base, w.admin, `?templateIds=${t.id}`)).body;
      const product = exported.templates.find((x: any) => x.slug === 'typed-product');
      expect(product.fields.map((f: any) => [f.key, f.primitiveType ?? null, f.fieldConfig ?? {}])).to.deep.equal(
        fields.map((f: any) => [f.key, f.primitiveType ?? null, f.fieldConfig ?? {}]),
      );
      expect(exported.components[0].fields.map((f: any) => [f.key, f.primitiveType, f.fieldConfig ?? {}])).to.deep.equal(members.map((f: any) => [f.key, f.primitiveType, f.fieldConfig ?? {}]));
      const b = await otherWorkspace(w);
      expectStatus(await w.api.post(`${b.base}/packages/import`, exported, { token: b.admin }), 200);
      expect((await exportOf(b.base, b.admin)).body).to.deep.equal(exported);
    });
  });

  describe('conflicts and resolutions', () => {
    const pkgWithList = (options: string[]) => ({
      versoPackage: '1.1',
      namespace: 'acme',
      id: 'lists',
      version: '1.0.0',
      name: 'Lists',
      templates: [],
      picklists: [{ slug: 'tone', name: 'Tone', options: options.map((v) => ({ label: v, value: v })) }],
    });

    it('refuses an unresolved clash with 409 and honours importAsNew and replace', async () => {
      const b = await otherWorkspace(w);
      const existing = await w.api.post(`${b.base}/picklists`, { name: 'Tone', slug: 'tone', options: [{ label: 'calm', value: 'calm' }] }, { token: b.admin });
      const res = await w.api.post(`${b.base}/packages/import`, pkgWithList(['loud']), { token: b.admin });
      expectProblem(res, 409, 'conflict');
      expect(res.body.unresolvedPicklists).to.deep.equal(['tone']);
      expect(res.body.preview.pickLists[0]).to.include({ status: 'Conflict', existingId: existing.body.id });
      const asNew = await w.api.post(`${b.base}/packages/import`, { manifest: pkgWithList(['loud']), resolutions: { pickLists: { tone: 'importAsNew' } } }, { token: b.admin });
      expectStatus(asNew, 200);
      expect(asNew.body.pickLists[0]).to.include({ slug: 'tone', resolvedSlug: 'tone-2', action: 'importedAsNew' });
      const replaced = await w.api.post(
        `${b.base}/packages/import`,
        { manifest: { ...pkgWithList(['quiet']), version: '1.1.0' }, resolutions: { pickLists: { tone: 'replace' } } },
        { token: b.admin },
      );
      expectStatus(replaced, 200);
      expect(replaced.body.pickLists[0]).to.include({ pickListId: existing.body.id, action: 'replaced' });
      const now = await w.api.get(`${b.base}/picklists/${existing.body.id}`, { token: b.admin });
      expect(now.body).to.include({ currentVersionNumber: 2 });
      expect(now.body.options.map((o: any) => o.value)).to.deep.equal(['quiet']);
    });

    it('a clash on a slug named like a prototype property (`constructor`) also needs a resolution (issue #23)', async () => {
      const b = await otherWorkspace(w);
      await w.api.post(`${b.base}/picklists`, { name: 'Constructor', slug: 'constructor', options: [{ label: 'calm', value: 'calm' }] }, { token: b.admin });
      const pkg = { ...pkgWithList(['loud']), picklists: [{ slug: 'constructor', name: 'Constructor', options: [{ label: 'loud', value: 'loud' }] }] };
      const res = await w.api.post(`${b.base}/packages/import`, { manifest: pkg, resolutions: { pickLists: {} } }, { token: b.admin });
      expectProblem(res, 409, 'conflict');
      expect(res.body.unresolvedPicklists).to.deep.equal(['constructor']);
      const asNew = await w.api.post(`${b.base}/packages/import`, { manifest: pkg, resolutions: { pickLists: { constructor: 'importAsNew' } } }, { token: b.admin });
      expectStatus(asNew, 200);
      expect(asNew.body.pickLists[0]).to.include({ slug: 'constructor', resolvedSlug: 'constructor-2', action: 'importedAsNew' });
    });
  });

  describe('malformed and hostile packages change nothing', () => {
    const base = () => ({ versoPackage: '1.1', namespace: 'evil', id: 'pkg', version: '1.0.0', name: 'Evil', templates: [] as any[] });
    const field = (key: string, extra: Record<string, unknown> = {}) => ({ key, label: key, order: 0, compositionMode: 'Inline', primitiveType: 'Text', ...extra });

    const cases: [string, () => unknown, number, string?][] = [
      ['a document of the wrong shape', () => ({ hello: 'world' }), 400],
      ['an unknown format version', () => ({ ...base(), versoPackage: '9.9' }), 400],
      ['10,000 fields in one template', () => ({ ...base(), templates: [{ slug: 'big', name: 'Big', fields: Array.from({ length: 10000 }, (_, i) => field(`f${i}`)) }] }), 400],
      [
        '10,000 fields spread over templates',
        () => ({ ...base(), templates: Array.from({ length: 20 }, (_, t) => ({ slug: `t${t}`, name: `T${t}`, fields: Array.from({ length: 500 }, (_, i) => field(`f${i}`)) })) }),
        422,
        '/templates',
      ],
      ['duplicate field keys', () => ({ ...base(), templates: [{ slug: 'a', name: 'A', fields: [field('Title'), field('title')] }] }), 422, '/templates/0/fields/1/key'],
      ['a title field that is not a Text field of the template', () => ({ ...base(), templates: [{ slug: 'a', name: 'A', titleFieldKey: 'body', fields: [field('title'), field('body', { primitiveType: 'Markdown' })] }] }), 422, '/templates/0/titleFieldKey'],
      ['duplicate template slugs', () => ({ ...base(), templates: [{ slug: 'a', name: 'A', fields: [] }, { slug: 'a', name: 'B', fields: [] }] }), 422, '/templates/1/slug'],
      ['an unknown template reference', () => ({ ...base(), templates: [{ slug: 'a', name: 'A', fields: [field('x', { primitiveType: null, templateRef: 'ghost' })] }] }), 422, '/templates/0/fields/0/templateRef'],
      ['an unknown picklist reference', () => ({ ...base(), templates: [{ slug: 'a', name: 'A', fields: [field('x', { primitiveType: 'PickList', picklistRef: 'ghost' })] }] }), 422, '/templates/0/fields/0/picklistRef'],
      ['a Number field whose min is above its max', () => ({ ...base(), templates: [{ slug: 'a', name: 'A', fields: [field('price', { primitiveType: 'Number', fieldConfig: { min: 2, max: 1 } })] }] }), 422, '/templates/0/fields/0/fieldConfig/max'],
      [
        'a Json field whose schema refers outside itself',
        () => ({ ...base(), templates: [{ slug: 'a', name: 'A', fields: [field('specs', { primitiveType: 'Json', fieldConfig: { schema: { $ref: 'https://evil.example/s.json' } } })] }] }),
        422,
        '/templates/0/fields/0/fieldConfig/schema',
      ],
      [
        'a template cycle',
        () => ({
          ...base(),
          templates: [
            { slug: 'a', name: 'A', fields: [field('b', { primitiveType: null, templateRef: 'b' })] },
            { slug: 'b', name: 'B', fields: [field('a', { primitiveType: null, templateRef: 'a' })] },
          ],
        }),
        422,
        '/templates',
      ],
      [
        'a component cycle',
        () => ({ ...base(), components: [{ slug: 'c', name: 'C', fields: [{ key: 'me', label: 'Me', order: 0, componentRef: 'c' }] }] }),
        422,
        '/components',
      ],
    ];
    for (const [what, build, status, pointer] of cases) {
      it(`rejects ${what} with ${status}`, async () => {
        const before = await counts(w.ws);
        const res = await w.api.post(`${w.base}/packages/import`, build(), { token: w.admin });
        expectProblem(res, status, status === 400 ? 'bad-request' : 'validation-failed');
        if (pointer) expect(res.body.errors).to.have.property(pointer);
        expect(await counts(w.ws)).to.deep.equal(before);
      });
    }
  });

  describe('official packages', () => {
    it('lists them for any Reader', async () => {
      expectProblem(await w.api.get('/api/v1/packages/official'), 401, 'unauthenticated');
      const res = await w.api.get('/api/v1/packages/official', { token: w.reader });
      expectStatus(res, 200);
      expect(res.body.items.map((p: any) => p.id)).to.deep.equal(['blog', 'foundation']);
      expect(res.body.items[0]).to.include({ packageNamespace: 'verso.official', templateCount: 4, pickListCount: 1, componentCount: 1 });
    });

    it('previews and imports the blog starter into a fresh workspace', async () => {
      const b = await otherWorkspace(w);
      expectProblem(await w.api.post(`${b.base}/packages/import/official/nope/preview`, undefined, { token: b.admin }), 404, 'not-found');
      const preview = await w.api.post(`${b.base}/packages/import/official/blog/preview`, undefined, { token: b.admin });
      expectStatus(preview, 200);
      expect(preview.body.templates.every((t: any) => t.status === 'Create')).to.equal(true);
      const res = await w.api.post(`${b.base}/packages/import/official/blog`, undefined, { token: b.admin });
      expectStatus(res, 200);
      const article = res.body.imported.find((t: any) => t.slug === 'article');
      const tpl = (await w.api.get(`${b.base}/templates/${article.templateId}`, { token: b.admin })).body;
      expect(tpl.currentVersion.status).to.equal('Published');
      expect(tpl.currentVersion.fields.map((f: any) => f.key)).to.deep.equal(['body', 'blocks', 'title', 'summary', 'category', 'author', 'seo']);
      const foundation = await w.api.post(`${b.base}/packages/import/official/foundation`, {}, { token: b.admin });
      expectStatus(foundation, 200);
      expect(foundation.body.components.map((c: any) => c.slug)).to.deep.equal(['link', 'call-to-action', 'notice']);
    });

    it('needs TemplateAdmin with Write to import', async () => {
      expectProblem(await w.api.post(`${w.base}/packages/import/official/blog`, undefined, { token: w.editor }), 403, 'forbidden');
      expectProblem(await w.api.post(`${w.base}/packages/import/official/blog`, undefined, { token: w.readOnlyAdmin }), 403, 'forbidden');
    });
  });
});
