// A draft preview shows its images: a preview token's reads (by-slug, one version) fill each Media
// and File value's `asset` exactly as the published by-slug read does — same shape, children
// included — and its URLs work for the preview reader, who holds no other credential.
import { expect } from 'chai';
import sharp from 'sharp';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { buildTemplate, dbQuery, expectStatus, startContentWorld, uniqueSlug, type ContentWorld } from './content-fixture.js';
import { uploadAsEditor } from '../media/media-world.js';
import { fetchPublic, makeImage } from '../media/public-images.js';


describe('preview reads carry the assets of Media and File values', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let page: { templateVersionId: string; fields: Record<string, string> };
  let hero: any;
  let next: any;
  let pdf: any;
  let icon: any;
  let item: { id: string; slug: string };
  let childId: string;

  const media = (fieldId: string, id: string) => ({ fieldId, order: 0, valueKind: 'Media', mediaAssetId: id });
  const valueOf = (body: any, kind: string) => (body.fields as any[]).find((v) => v.valueKind === kind);

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    w = await startContentWorld(api);
    // Public URLs are what a site (and so a preview) shows images with: on for this workspace.
    await dbQuery(api, 'UPDATE workspaces SET public_media = true WHERE id = $1', [w.ws]);
    const s = await buildTemplate(api, w.base, w.reviewer, 'Section', () => [{ key: 'icon', label: 'Icon', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 }]);
    const p = await buildTemplate(api, w.base, w.reviewer, 'Page', (ids) => [
      { key: 'hero', label: 'Hero', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'doc', label: 'Doc', primitiveType: 'File', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'section', label: 'Section', templateId: ids.section, compositionMode: 'Inline', minOccurrences: 0, maxOccurrences: 1 },
    ], { section: s.templateId });
    page = { templateVersionId: p.versionId, fields: p.fields };
    hero = await uploadAsEditor(w, 'hero.jpg', 'image/jpeg', await makeImage('jpeg', 800, 600), 'The published hero');
    next = await uploadAsEditor(w, 'next.png', 'image/png', await makeImage('png', 640, 320), 'The draft hero');
    pdf = await uploadAsEditor(w, 'terms.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n' + ' '.repeat(100)));
    icon = await uploadAsEditor(w, 'icon.png', 'image/png', await makeImage('png', 64, 48));
    const section = await api.post(`${w.base}/content`, {
      templateVersionId: s.versionId, slug: uniqueSlug('section'), tags: [], fields: [media(s.fields.icon!, icon.id)],
    }, { token: w.editor });
    expectStatus(section, 201);
    childId = section.body.id;
    const created = await api.post(`${w.base}/content`, {
      templateVersionId: page.templateVersionId, slug: uniqueSlug('page'), tags: [],
      fields: [
        media(page.fields.hero!, hero.id),
        { fieldId: page.fields.doc, order: 0, valueKind: 'File', fileAssetId: pdf.id },
        { fieldId: page.fields.section, order: 0, valueKind: 'ChildContent', childContentItemId: childId },
      ],
    }, { token: w.editor });
    expectStatus(created, 201);
    item = created.body;
    for (const id of [childId, item.id]) {
      expectStatus(await api.post(`${w.base}/content/${id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
    }
  });
  after(async () => {
    await api?.close();
  });

  const mint = async (body: Record<string, unknown> = {}) => {
    const res = await api.post(`${w.base}/preview-tokens`, body, { token: w.editor });
    expectStatus(res, 201);
    return res.body.token as string;
  };

  it('a preview of what is published carries the very assets the published read does, children included', async () => {
    const published = await api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader });
    expectStatus(published, 200);
    for (const token of [await mint(), await mint({ contentItemId: item.id })]) {
      for (const path of [`${w.base}/content/by-slug/${item.slug}`, `${w.base}/content/${item.id}/versions/1`]) {
        const preview = await api.get(path, { token });
        expectStatus(preview, 200);
        for (const kind of ['Media', 'File']) {
          expect(valueOf(preview.body, kind).asset, `${path} ${kind}`).to.deep.equal(valueOf(published.body, kind).asset);
        }
        expect(valueOf(preview.body, 'Media').asset).to.include({ id: hero.id, altText: 'The published hero', width: 800, height: 600 });
        expect(valueOf(preview.body, 'Media').asset.url).to.be.a('string');
        const previewIcon = valueOf(valueOf(preview.body, 'ChildContent').child, 'Media').asset;
        expect(previewIcon).to.deep.equal(valueOf(valueOf(published.body, 'ChildContent').child, 'Media').asset);
        expect(previewIcon).to.include({ id: icon.id, width: 64, height: 48 });
      }
    }
  });

  it("a draft's new image: its asset is filled and its URLs load without any credential", async () => {
    const draft = await api.post(`${w.base}/content/${item.id}/versions`, {
      fields: [media(page.fields.hero!, next.id), { fieldId: page.fields.section, order: 0, valueKind: 'ChildContent', childContentItemId: childId }],
    }, { token: w.editor });
    expectStatus(draft, 201);
    const first = await mint({ contentItemId: item.id });
    const preview = await api.get(`${w.base}/content/by-slug/${item.slug}`, { token: first });
    expectStatus(preview, 200);
    expect(preview.body).to.deep.include({ versionNumber: 2, status: 'Draft', isPreview: true });
    const asset = valueOf(preview.body, 'Media').asset;
    expect(asset).to.deep.include({ id: next.id, fileName: 'next.png', mimeType: 'image/png', altText: 'The draft hero', width: 640, height: 320 });
    expect(asset.url).to.be.a('string');
    // Nothing served uses the draft's image: its URL serves only while a preview token that reads it lives.
    const live = await api.get(`${w.base}/preview-tokens?pageSize=100`, { token: w.admin });
    for (const t of live.body.items) expectStatus(await api.delete(`${w.base}/preview-tokens/${t.id}`, { token: w.admin }), 204);
    expect((await fetchPublic(api.url, asset.url)).status).to.equal(404);
    await mint({ contentItemId: item.id });
    const original = await fetchPublic(api.url, asset.url);
    expect(original.status).to.equal(200);
    expect((await sharp(original.bytes).metadata()).width).to.equal(640);
    const rendition = await fetchPublic(api.url, asset.renditionUrl.replace('{width}', '320').replace('{format}', 'webp'));
    expect(rendition.status).to.equal(200);
    expect((await sharp(rendition.bytes).metadata()).width).to.equal(320);
    // The site still shows v1's hero.
    const published = await api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader });
    expect(valueOf(published.body, 'Media').asset.id).to.equal(hero.id);
  });
});
