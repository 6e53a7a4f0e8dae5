// Changing a live item: "Edit" creates a Draft copied from the served version (createContentVersion
// with duplicateFromVersionNumber) — its values, its template version, the item's tags — and the
// item keeps its title while a newer Draft has none (the title of its newest version that has one).
import { expect } from 'chai';
import { buildTemplate, createArticle, dbQuery, expectStatus, newVersion, publishNow, startContentWorld, text, uniqueSlug, type ContentWorld } from './content-fixture.js';

describe('Editing the live version', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const valuesOf = (version: { fields: { key: string; order: number; valueKind: string; textValue: string | null; jsonValue: unknown }[] }) =>
    version.fields.map((f) => ({ key: f.key, order: f.order, valueKind: f.valueKind, textValue: f.textValue, jsonValue: f.jsonValue }));

  describe('POST …/content/{id}/versions with duplicateFromVersionNumber = the served version', () => {
    it('makes a Draft holding the served values, template version and tags, even after the template moved on', async () => {
      const t = await buildTemplate(w.api, w.base, w.reviewer, 'Note', () => [
        { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
        { key: 'body', label: 'Body', primitiveType: 'Markdown', minOccurrences: 0 },
        { key: 'data', label: 'Data', primitiveType: 'Json', minOccurrences: 0, maxOccurrences: 1 },
      ]);
      const created = await w.api.post(`${w.base}/content`, {
        templateVersionId: t.versionId,
        slug: uniqueSlug('note'),
        tags: ['live', 'campaign'],
        fields: [
          text(t.fields.title!, 'Live note'),
          { fieldId: t.fields.body!, order: 0, valueKind: 'Markdown', textValue: 'First *paragraph*' },
          { fieldId: t.fields.body!, order: 1, valueKind: 'Markdown', textValue: 'Second paragraph' },
          { fieldId: t.fields.data!, order: 0, valueKind: 'Json', jsonValue: { price: 12, sizes: ['S', 'M'] } },
        ],
      }, { token: w.editor });
      expectStatus(created, 201);
      const itemId = created.body.id as string;
      const served = await publishNow(w, itemId, 1);
      // The template gets a newer published version meanwhile; the copy stays on the served one's.
      expectStatus(await w.api.post(`${w.base}/templates/${t.templateId}/versions`, {}, { token: w.reviewer }), 201);
      const v2 = `${w.base}/templates/${t.templateId}/versions/2`;
      expectStatus(await w.api.put(`${v2}/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(v2, w.reviewer) }), 200);

      const draft = await newVersion(w, itemId, { duplicateFromVersionNumber: served.versionNumber });
      expect(draft).to.include({ versionNumber: 2, status: 'Draft', templateVersionId: t.versionId, rolledBackFromVersionNumber: 1 });
      expect(draft.tags).to.deep.equal(['campaign', 'live']);
      expect(valuesOf(draft as never)).to.deep.equal(valuesOf(served as never));
      expect(valuesOf(draft as never)).to.have.length(4);
      // The served version is untouched and still served.
      const bySlug = await w.api.get(`${w.base}/content/by-slug/${created.body.slug}`, { token: w.reader });
      expect(bySlug.body).to.include({ versionNumber: 1, status: 'Published' });
    });
  });

  describe('the item title while a newer Draft has none', () => {
    it('comes from the newest version that has one: item detail, editing list and its title sort, audit, review queue', async () => {
      // Two items whose only titled version is version 1 (a Draft, never published), then an empty version 2.
      const item = await createArticle(w, 'Aardvark kept');
      const other = await createArticle(w, 'Zebra kept');
      await newVersion(w, item.id, { fields: [] });
      await newVersion(w, other.id, { fields: [] });

      const detail = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      expectStatus(detail, 200);
      expect(detail.body.title).to.equal('Aardvark kept');

      const list = await w.api.get(`${w.base}/content?sortBy=title&sortDesc=false&pageSize=100`, { token: w.reader });
      expectStatus(list, 200);
      const rows = list.body.items as { id: string; title: string | null }[];
      const mine = rows.filter((r) => r.id === item.id || r.id === other.id);
      expect(mine.map((r) => r.title)).to.deep.equal(['Aardvark kept', 'Zebra kept']);
      // Sorted by that title: no untitled row sorts among them.
      const titles = rows.map((r) => r.title);
      expect(titles.indexOf('Aardvark kept')).to.be.below(titles.indexOf('Zebra kept'));

      const audit = await w.api.get(`${w.base}/audit?contentItemId=${item.id}`, { token: w.reviewer });
      expectStatus(audit, 200);
      for (const e of audit.body.items) expect(e.contentItemTitle).to.equal('Aardvark kept');

      // The empty Draft in the editor's own queue is named by the item's title.
      const queue = await w.api.get(`${w.base}/content/versions?status=Draft&createdBy=me&pageSize=100`, { token: w.editor });
      expectStatus(queue, 200);
      const queued = (queue.body.items as { contentItemId: string; version: { versionNumber: number }; title: string | null }[]).filter((r) => r.contentItemId === item.id);
      expect(queued.map((r) => [r.version.versionNumber, r.title])).to.deep.equal([[2, 'Aardvark kept'], [1, 'Aardvark kept']]);
    });

    it('follows the newest titled version once the Draft gets a title, and is null only when no version has one', async () => {
      const item = await createArticle(w, 'Before');
      await publishNow(w, item.id, 1);
      const draft = await newVersion(w, item.id, { fields: [] });
      expect((await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader })).body.title).to.equal('Before');
      const path = `${w.base}/content/${item.id}/versions/${draft.versionNumber}`;
      const saved = await w.api.put(path, { fields: [text(w.model.article.fields.title!, 'After')] }, { token: w.editor, headers: await w.api.ifMatch(path, w.editor) });
      expectStatus(saved, 200);
      expect((await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader })).body.title).to.equal('After');
      // The served (delivery) read keeps the served version's own title.
      const listed = await w.api.get(`${w.base}/content?resolve=true&slug=${item.slug}`, { token: w.reader });
      expect(listed.body.items[0].title).to.equal('Before');

      const untitled = await w.api.post(`${w.base}/content`, { templateVersionId: w.model.article.versionId, slug: uniqueSlug('untitled'), tags: [], fields: [] }, { token: w.editor });
      expectStatus(untitled, 201);
      expect(untitled.body.title).to.equal(null);
      const stored = await dbQuery(w.api, 'SELECT count(*)::int AS n FROM content_version_titles t JOIN content_versions v ON v.id = t.content_version_id WHERE v.content_item_id = $1', [untitled.body.id]);
      expect(stored[0].n).to.equal(0);
    });
  });
});
