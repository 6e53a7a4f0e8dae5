// GET …/content/by-slug/{slug} carries each Media and File value's asset (issue #26): id, name,
// type, size, alt text, dimensions read at upload, and signed public URLs, for values at any depth —
// read for the whole response in ONE query. The URLs work without a credential, and in Chromium an
// <img srcset> built from renditionUrl loads the width the layout asks for.
import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import sharp from 'sharp';
import { launchBrowser, newPage } from '../../admin/test/helpers/browser.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { buildTemplate, expectStatus, startContentWorld, uniqueSlug, type ContentWorld } from './content-fixture.js';
import { uploadAsEditor } from '../media/media-world.js';
import { fetchPublic, makeImage } from '../media/public-images.js';

const { statements, onStatement } = statementRecorder();


describe('delivery: Media and File values carry their asset', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let page: { templateVersionId: string; fields: Record<string, string> };
  let section: { templateVersionId: string; fields: Record<string, string> };
  let hero: any;
  let icon: any;
  let pdf: any;
  let uploaded: any;
  let slug: string;

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' }, onStatement });
    w = await startContentWorld(api);
    const s = await buildTemplate(api, w.base, w.reviewer, 'Section', () => [{ key: 'icon', label: 'Icon', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 }]);
    section = { templateVersionId: s.versionId, fields: s.fields };
    const p = await buildTemplate(api, w.base, w.reviewer, 'Page', (ids) => [
      { key: 'hero', label: 'Hero', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'doc', label: 'Doc', primitiveType: 'File', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'section', label: 'Section', templateId: ids.section, compositionMode: 'Inline', minOccurrences: 0, maxOccurrences: 1 },
    ], { section: s.templateId });
    page = { templateVersionId: p.versionId, fields: p.fields };
    hero = await uploadAsEditor(w, 'hero.jpg', 'image/jpeg', await makeImage('jpeg', 1600, 1200), 'A gradient');
    icon = await uploadAsEditor(w, 'icon.png', 'image/png', await makeImage('png', 64, 48));
    pdf = await uploadAsEditor(w, 'terms.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n' + ' '.repeat(100)));
    const child = await api.post(`${w.base}/content`, {
      templateVersionId: section.templateVersionId, slug: uniqueSlug('section'), tags: [],
      fields: [{ fieldId: section.fields.icon, order: 0, valueKind: 'Media', mediaAssetId: icon.id }],
    }, { token: w.editor });
    expectStatus(child, 201);
    slug = uniqueSlug('page');
    const item = await api.post(`${w.base}/content`, {
      templateVersionId: page.templateVersionId, slug, tags: [],
      fields: [
        { fieldId: page.fields.hero, order: 0, valueKind: 'Media', mediaAssetId: hero.id },
        { fieldId: page.fields.doc, order: 0, valueKind: 'File', fileAssetId: pdf.id },
        { fieldId: page.fields.section, order: 0, valueKind: 'ChildContent', childContentItemId: child.body.id },
      ],
    }, { token: w.editor });
    expectStatus(item, 201);
    uploaded = hero;
    for (const id of [child.body.id, item.body.id]) {
      expectStatus(await api.post(`${w.base}/content/${id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
    }
    // Public URLs are handed out once served content uses the asset (public-url-rules.test.ts): read
    // the three again now that they are published.
    const read = async (id: string) => (await api.get(`${w.base}/media/${id}`, { token: w.reader })).body;
    [hero, icon, pdf] = [await read(hero.id), await read(icon.id), await read(pdf.id)];
  });

  after(async () => {
    await api?.close();
  });

  it('uploads record the dimensions; public URLs come once published content uses the asset', () => {
    expect([uploaded.width, uploaded.height]).to.deep.equal([1600, 1200]);
    expect([uploaded.publicUrl, uploaded.renditionUrl]).to.deep.equal([null, null]);
    expect([hero.width, hero.height]).to.deep.equal([1600, 1200]);
    expect(hero.publicUrl).to.match(/^\/media\/v1\/[0-9a-f-]{36}\/[0-9a-f-]{36}\/[0-9a-f]{16}\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\/original\/hero\.jpg$/);
    expect(hero.renditionUrl).to.equal(hero.publicUrl.replace('/original/', '/w_{width},f_{format}/'));
    expect([pdf.width, pdf.height, pdf.renditionUrl]).to.deep.equal([null, null, null]);
    expect(pdf.publicUrl).to.match(/\/original\/terms\.pdf$/);
  });

  it('by slug: every Media/File value (children included) has its asset, read in one query', async () => {
    statements.length = 0;
    const res = await api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
    expectStatus(res, 200);
    const assetQueries = statements.filter((q) => /FROM media_assets/i.test(q));
    expect(assetQueries).to.have.length(1);
    const values = res.body.fields as any[];
    const heroValue = values.find((v) => v.valueKind === 'Media');
    expect(heroValue.asset).to.deep.equal({
      id: hero.id,
      fileName: 'hero.jpg',
      mimeType: 'image/jpeg',
      sizeBytes: hero.sizeBytes,
      altText: 'A gradient',
      width: 1600,
      height: 1200,
      url: hero.publicUrl,
      renditionUrl: hero.renditionUrl,
    });
    const docValue = values.find((v) => v.valueKind === 'File');
    expect(docValue.asset).to.include({ id: pdf.id, mimeType: 'application/pdf', renditionUrl: null, width: null });
    const childValue = values.find((v) => v.valueKind === 'ChildContent');
    const iconValue = childValue.child.fields.find((v: any) => v.valueKind === 'Media');
    expect(iconValue.asset).to.include({ id: icon.id, width: 64, height: 48 });
    // Other values carry no `asset`.
    expect(values.filter((v) => !['Media', 'File'].includes(v.valueKind)).every((v) => !('asset' in v))).to.equal(true);
  });

  it('the URLs work without a credential; an alt-text change reaches a cached delivery answer', async () => {
    const res = await api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
    const asset = (res.body.fields as any[]).find((v) => v.valueKind === 'Media').asset;
    const rendition = await fetchPublic(api.url, asset.renditionUrl.replace('{width}', '320').replace('{format}', 'webp'));
    expect(rendition.status).to.equal(200);
    expect((await sharp(rendition.bytes).metadata()).width).to.equal(320);
    const headers = await api.ifMatch(`${w.base}/media/${hero.id}`, w.editor);
    expectStatus(await api.put(`${w.base}/media/${hero.id}`, { altText: 'New words' }, { token: w.editor, headers }), 200);
    // A write under the workspace waits for its barrier notice, after the media trigger's (migration 0020).
    const again = await api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
    expect((again.body.fields as any[]).find((v) => v.valueKind === 'Media').asset.altText).to.equal('New words');
  });

  it("an asset's alt text is part of the page's ETag: the old tag gets the new body, not a 304 (issue #27)", async () => {
    const before = await api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
    const tag = before.headers.get('etag')!;
    expectStatus(await api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader, headers: { 'if-none-match': tag } }), 304);
    // The icon is on the embedded child's value: a change two levels down counts too.
    const headers = await api.ifMatch(`${w.base}/media/${icon.id}`, w.editor);
    expectStatus(await api.put(`${w.base}/media/${icon.id}`, { altText: 'An icon' }, { token: w.editor, headers }), 200);
    const after = await api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader, headers: { 'if-none-match': tag } });
    expectStatus(after, 200);
    expect(after.headers.get('etag')).to.not.equal(tag);
    const childValues = (after.body.fields as any[]).find((v) => v.valueKind === 'ChildContent').child.fields as any[];
    expect(childValues.find((v) => v.valueKind === 'Media').asset.altText).to.equal('An icon');
    // A key not cached yet (same answer): the 304 comes from the tag statement, which agrees with the read.
    const fresh = await api.get(`${w.base}/content/by-slug/${slug}?expandChildren=true`, { token: w.reader, headers: { 'if-none-match': after.headers.get('etag')! } });
    expectStatus(fresh, 304);
    expect(fresh.headers.get('x-verso-cache')).to.equal('miss');
  });

  it('in Chromium, <img srcset> from renditionUrl loads the width the layout asks for', async () => {
    const browser = await launchBrowser();
    try {
      const { page: tab } = await newPage(browser, { deviceScaleFactor: 1 });
      const template = api.url + hero.renditionUrl;
      const src = (width: number) => template.replace('{width}', String(width)).replace('{format}', 'webp');
      const srcset = [320, 640, 1200].map((wd) => `${src(wd)} ${wd}w`).join(', ');
      await tab.setContent(`<!doctype html><img id="hero" alt="A gradient" width="1600" height="1200" sizes="640px" style="width:640px;height:auto" src="${src(640)}" srcset="${srcset}">`);
      // Runs in the page (no DOM types in this project's TypeScript: the shape used is spelled out).
      type Img = { complete: boolean; currentSrc: string; naturalWidth: number };
      const img = () => (globalThis as unknown as { document: { getElementById(id: string): Img } }).document.getElementById('hero');
      await tab.waitForFunction(`(${img.toString()})().complete`);
      const { currentSrc, naturalWidth } = await tab.evaluate(`(() => { const i = (${img.toString()})(); return { currentSrc: i.currentSrc, naturalWidth: i.naturalWidth }; })()`) as Img;
      expect(currentSrc).to.equal(src(640));
      expect(naturalWidth).to.equal(640);
    } finally {
      await browser.close();
    }
  });
});
