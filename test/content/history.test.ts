// What the admin's content screens read in one call: an item's whole history from the audit log
// (`contentItemId`: the item's own entries and its versions', even a deleted Draft's), and each
// row of the editing list with its latest version beside the one it serves.
import { expect } from 'chai';
import { createArticle, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

describe('content history and the editing list', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  describe('GET …/audit?contentItemId=', () => {
    it('returns the item’s entries and its versions’ (a deleted Draft’s too), newest first, and nothing of other items', async () => {
      const item = await createArticle(w, 'History');
      const other = await createArticle(w, 'Other');
      const v2 = await newVersion(w, item.id, { fields: [text(w.model.article.fields.title!, 'History 2')] });
      expectStatus(await w.api.post(`${w.base}/content/${item.id}/versions/2/submit`, undefined, { token: w.editor }), 200);
      const v3 = await newVersion(w, item.id, { duplicateFromVersionNumber: 1 });
      const v3Path = `${w.base}/content/${item.id}/versions/3`;
      expectStatus(await w.api.delete(v3Path, { token: w.editor, headers: await w.api.ifMatch(v3Path, w.editor) }), 204);

      const res = await w.api.get(`${w.base}/audit?contentItemId=${item.id}`, { token: w.reviewer });
      expectStatus(res, 200);
      const entries = res.body.items as { entityType: string; entityId: string; action: string }[];
      const ids = new Set(entries.map((e) => e.entityId));
      expect(ids.has(other.id)).to.equal(false);
      expect(entries.filter((e) => e.entityType === 'ContentItem').every((e) => e.entityId === item.id)).to.equal(true);
      // Creating the item is one entry of the item (its first version is part of it).
      for (const id of [item.id, v2.id, v3.id]) expect(ids.has(id), `entries of ${id}`).to.equal(true);
      // v3 created then deleted, v2 created then submitted: newest first.
      expect(entries[0]).to.include({ entityType: 'ContentVersion', entityId: v3.id, action: 'Deleted' });
      expect(entries.some((e) => e.entityId === v2.id && e.action === 'StatusChanged')).to.equal(true);
      expect(res.body.totalCount).to.equal(entries.length);
      // Each entry names its item and the item's title now (its latest version's: #25).
      for (const e of res.body.items) expect(e).to.include({ contentItemId: item.id, contentItemTitle: 'History 2' });
      const workspaceWide = await w.api.get(`${w.base}/audit?entityType=ContentItem&entityId=${other.id}`, { token: w.reviewer });
      expect(workspaceWide.body.items[0]).to.include({ contentItemId: other.id, contentItemTitle: 'Other' });

      const none = await w.api.get(`${w.base}/audit?contentItemId=${crypto.randomUUID()}`, { token: w.reviewer });
      expect(none.body.totalCount).to.equal(0);
    });

    it('is refused below TemplateAdmin and rejects a malformed id', async () => {
      const item = await createArticle(w, 'Guarded');
      expect((await w.api.get(`${w.base}/audit?contentItemId=${item.id}`, { token: w.editor })).status).to.equal(403);
      expect((await w.api.get(`${w.base}/audit?contentItemId=not-a-uuid`, { token: w.reviewer })).status).to.equal(400);
    });
  });

  describe('GET …/content (resolve=false): latestVersion', () => {
    it('shows each row’s latest version (any status) beside the served one; the delivery list has none', async () => {
      const item = await createArticle(w, 'Latest');
      await publishNow(w, item.id, 1);
      await newVersion(w, item.id, { duplicateFromVersionNumber: 1 });
      expectStatus(await w.api.post(`${w.base}/content/${item.id}/versions/2/submit`, undefined, { token: w.editor }), 200);

      const list = await w.api.get(`${w.base}/content?slug=${item.slug}`, { token: w.reader });
      expectStatus(list, 200);
      const [row] = list.body.items;
      expect(row.currentlyServingVersion).to.include({ versionNumber: 1, status: 'Published' });
      expect(row.latestVersion).to.include({ versionNumber: 2, status: 'Review', contentItemId: item.id });
      expect(row.versionCount).to.equal(2);

      const delivery = await w.api.get(`${w.base}/content?slug=${item.slug}&resolve=true`, { token: w.reader });
      expect(delivery.body.items[0].currentlyServingVersion.versionNumber).to.equal(1);
      expect(delivery.body.items[0]).to.not.have.property('latestVersion');
    });
  });
});
