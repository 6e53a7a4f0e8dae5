// Which assets get a public URL, and how a workspace takes its URLs back (issue #35):
// - a new workspace starts with public media off (upstream's create, without the field, too);
// - with public media on, `publicUrl` is handed out — and served — only for an asset that served
//   content uses, unless the workspace says all its media is public (`allMediaPublic`);
// - POST …/media/public-urls/rotate moves the generation every URL signs: every URL handed out before
//   is 404 at once (warm ones too), delivery answers carry the new URLs under a new ETag.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery } from '../helpers/actors.js';
import { buildTemplate, expectProblem, expectStatus, startContentWorld, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';
import { uploadAsEditor } from './media-world.js';
import { fetchPublic, makeImage, urlsFrom, withParams } from './public-images.js';

async function uploadImage(w: ContentWorld, fileName: string): Promise<{ id: string; publicUrl: string | null }> {
  return uploadAsEditor(w, fileName, 'image/png', await makeImage('png', 64, 48));
}

describe('public media URLs: who gets one, and taking them back', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: ContentWorld;
  let page: { templateVersionId: string; fields: Record<string, string> };

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    w = await startContentWorld(api);
    const t = await buildTemplate(api, w.base, w.reviewer, 'Gallery', () => [
      { key: 'hero', label: 'Hero', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 },
    ]);
    page = { templateVersionId: t.versionId, fields: t.fields };
  });
  after(() => api?.close());

  const getAsset = async (id: string) => {
    const res = await api.get(`${w.base}/media/${id}`, { token: w.reader });
    expectStatus(res, 200);
    return res.body as { publicUrl: string | null; renditionUrl: string | null };
  };

  async function pageUsing(assetId: string): Promise<{ id: string; slug: string }> {
    const slug = uniqueSlug('gallery');
    const res = await api.post(`${w.base}/content`, {
      templateVersionId: page.templateVersionId, slug, tags: [],
      fields: [{ fieldId: page.fields.hero, order: 0, valueKind: 'Media', mediaAssetId: assetId }],
    }, { token: w.editor });
    expectStatus(res, 201);
    return { id: res.body.id, slug };
  }

  describe('new workspaces', () => {
    it('start with public media off and only served media public, whether or not the request names the setting', async () => {
      const su = await createActor(api, { role: 'Admin', superadmin: true });
      const upstream = await api.post('/api/v1/workspaces', { name: 'Upstream style', slug: uniqueSlug('ws') }, { token: su.token });
      expectStatus(upstream, 201);
      expect(upstream.body).to.include({ publicMedia: false, allMediaPublic: false, mediaUrlGeneration: 0 });
      const explicit = await api.post('/api/v1/workspaces', { name: 'Opted in', slug: uniqueSlug('ws'), publicMedia: true, allMediaPublic: true }, { token: su.token });
      expectStatus(explicit, 201);
      expect(explicit.body).to.include({ publicMedia: true, allMediaPublic: true });
      const [row] = await dbQuery(api, 'SELECT public_media, all_media_public, media_url_generation FROM workspaces WHERE id = $1', [upstream.body.id]);
      expect(row).to.deep.equal({ public_media: false, all_media_public: false, media_url_generation: 0 });
    });
  });

  describe('only what served content uses', () => {
    it('an upload, and a draft that uses it, have no public URL and the signed URL is 404; publishing makes both public', async () => {
      const asset = await uploadImage(w, 'unpublished.png');
      expect(asset.publicUrl).to.equal(null);
      // A URL signed exactly as the server would sign it: refused because nothing served uses the asset.
      const signed = await urlsFrom(api, asset.id);
      expect((await fetchPublic(api.url, signed.url)).status).to.equal(404);
      expect((await fetchPublic(api.url, withParams(signed.renditionUrl!, 'w_160,f_webp'))).status).to.equal(404);

      const item = await pageUsing(asset.id);
      expect((await getAsset(asset.id)).publicUrl).to.equal(null);
      const listed = await api.get(`${w.base}/media?pageSize=100`, { token: w.reader });
      expect(listed.body.items.find((a: { id: string }) => a.id === asset.id).publicUrl).to.equal(null);

      expectStatus(await api.post(`${w.base}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
      const now = await getAsset(asset.id);
      expect(now.publicUrl).to.equal(signed.url);
      const bySlug = await api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader });
      expectStatus(bySlug, 200);
      expect(bySlug.body.fields[0].asset.url).to.equal(signed.url);
      expect((await fetchPublic(api.url, signed.url)).status).to.equal(200);
    });

    it('deleting the only served item that used it takes the URL back', async () => {
      const asset = await uploadImage(w, 'withdrawn.png');
      const item = await pageUsing(asset.id);
      expectStatus(await api.post(`${w.base}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
      const url = (await getAsset(asset.id)).publicUrl!;
      expect((await fetchPublic(api.url, url)).status).to.equal(200);
      const current = await api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      expectStatus(await api.request('DELETE', `${w.base}/content/${item.id}`, { token: w.editor, headers: { 'if-match': current.headers.get('etag')! } }), 204);
      expect((await getAsset(asset.id)).publicUrl).to.equal(null);
      expect((await fetchPublic(api.url, url)).status).to.equal(404);
    });

    it('allMediaPublic hands out (and serves) a URL for every asset; turning it off takes unpublished ones back', async () => {
      const asset = await uploadImage(w, 'library-only.png');
      const wsPath = `/api/v1/workspaces/${w.ws}`;
      const setAll = async (allMediaPublic: boolean) => {
        const current = await api.get(wsPath, { token: w.admin });
        const res = await api.put(wsPath, { name: current.body.name, slug: current.body.slug, allMediaPublic }, { token: w.admin, headers: { 'if-match': current.headers.get('etag')! } });
        expectStatus(res, 200);
        expect(res.body.allMediaPublic).to.equal(allMediaPublic);
      };
      await setAll(true);
      const url = (await getAsset(asset.id)).publicUrl;
      expect(url).to.be.a('string');
      expect((await fetchPublic(api.url, url!)).status).to.equal(200);
      await setAll(false);
      expect((await getAsset(asset.id)).publicUrl).to.equal(null);
      expect((await fetchPublic(api.url, url!)).status).to.equal(404);
    });
  });

  describe('POST /api/v1/workspaces/{workspaceId}/media/public-urls/rotate', () => {
    it('needs Admin with Write (Editor 403, no grant 404)', async () => {
      expectProblem(await api.post(`${w.base}/media/public-urls/rotate`, undefined, { token: w.editor }), 403, 'forbidden');
      const outsider = await createActor(api, { role: 'Admin' });
      expectProblem(await api.post(`${w.base}/media/public-urls/rotate`, undefined, { token: outsider.token }), 404, 'not-found');
    });

    it('ends every URL handed out before, warm ones included; delivery carries the new URLs under a new ETag', async () => {
      const asset = await uploadImage(w, 'rotated.png');
      const item = await pageUsing(asset.id);
      expectStatus(await api.post(`${w.base}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
      const before = await api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader });
      const oldUrl: string = before.body.fields[0].asset.url;
      const oldRendition = withParams(before.body.fields[0].asset.renditionUrl, 'w_160,f_webp');
      // Computed, then answered from memory (the warm path skips the route's checks of the URL).
      for (let i = 0; i < 3; i++) expect((await fetchPublic(api.url, oldRendition)).status).to.equal(200);
      expect((await fetchPublic(api.url, oldUrl)).status).to.equal(200);

      const generationBefore = (await api.get(`/api/v1/workspaces/${w.ws}`, { token: w.admin })).body.mediaUrlGeneration as number;
      const rotated = await api.post(`${w.base}/media/public-urls/rotate`, undefined, { token: w.admin });
      expectStatus(rotated, 200);
      expect(rotated.body.mediaUrlGeneration).to.equal(generationBefore + 1);

      expect((await fetchPublic(api.url, oldUrl)).status).to.equal(404);
      expect((await fetchPublic(api.url, oldRendition)).status).to.equal(404);

      const after = await api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader, headers: { 'if-none-match': before.headers.get('etag')! } });
      expectStatus(after, 200);
      expect(after.headers.get('etag')).to.not.equal(before.headers.get('etag'));
      const newUrl: string = after.body.fields[0].asset.url;
      expect(newUrl).to.not.equal(oldUrl);
      expect(newUrl.split('/')[6]).to.match(new RegExp(`^[A-Za-z0-9_-]+\\.${generationBefore + 1}\\.[A-Za-z0-9_-]{22}$`));
      expect((await getAsset(asset.id)).publicUrl).to.equal(newUrl);
      expect((await fetchPublic(api.url, newUrl)).status).to.equal(200);
      expect((await fetchPublic(api.url, withParams(after.body.fields[0].asset.renditionUrl, 'w_160,f_webp'))).status).to.equal(200);

      const [audit] = await dbQuery(api, `SELECT change_delta FROM audit_log WHERE entity_id = $1 AND change_delta ? 'mediaUrlGeneration' ORDER BY occurred_at DESC LIMIT 1`, [w.ws]);
      expect(audit.change_delta.mediaUrlGeneration).to.deep.equal({ before: generationBefore, after: generationBefore + 1 });
    });

    it('a signature that names another generation than the one it signs is 403, before anything is read', async () => {
      const asset = await uploadImage(w, 'forged.png');
      const item = await pageUsing(asset.id);
      expectStatus(await api.post(`${w.base}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin }), 200);
      const url = (await getAsset(asset.id)).publicUrl!;
      const parts = url.split('/');
      const [keyId, generation, mac] = parts[6]!.split('.');
      expect(Number(generation)).to.be.greaterThan(0);
      for (const forged of [`${keyId}.${Number(generation) + 1}.${mac}`, `${keyId}.${mac}`]) {
        const copy = [...parts];
        copy[6] = forged;
        const res = await fetchPublic(api.url, copy.join('/'));
        expect(res.status, forged).to.equal(403);
      }
    });
  });
});
