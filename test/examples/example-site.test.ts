// The example site (examples/site/) against the real API over real HTTP: seeded through the API by
// its own seed script, read with the delivery-only token the seed makes; the home page, an article
// (Markdown, srcset, related articles), the preview entry with a preview token (the draft, the
// cookie, the click-to-edit markers the server's source map names), a refused token explained, the
// live-preview render route, and the CSP that lets only the admin frame the site.
import { expect } from 'chai';
import { VersoClient } from '@verso/sdk';
import { sourceAttribute, sourceMapOf } from '@verso/sdk/live-preview';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';
import { seedExample, type SeededExample } from '../../examples/site/seed.js';
import { startSite, type RunningSite } from '../../examples/site/site.js';

const ADMIN_ORIGIN = 'http://127.0.0.1:5999';

describe('example site', function () {
  this.timeout(120_000);
  let api: TestApi;
  let site: RunningSite;
  let seeded: SeededExample;
  let ws: string;
  let admin: string;

  before(async () => {
    api = await startTestApi({ env: { Workers__Enabled: 'false' } });
    ws = (await createWorkspace(api)).id;
    admin = (await createActor(api, { role: 'Admin', grants: { [ws]: 'Write' } })).token;
    seeded = await seedExample({ client: new VersoClient({ baseUrl: api.url, token: admin }), workspaceId: ws });
    site = await startSite({ apiUrl: api.url, workspaceId: ws, token: seeded.deliveryToken, port: 0, adminOrigin: ADMIN_ORIGIN });
  });
  after(async () => {
    await site?.close();
    await api?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => fetch(site.url + path, { headers, redirect: 'manual' });
  const welcome = () => seeded.articles[0]!;
  const markdown = () => seeded.articles[1]!;
  const images = () => seeded.articles[2]!;

  /** A new Draft of the welcome article with `title`, and a preview token scoped to it. */
  async function draftAndToken(title: string): Promise<{ token: string; tokenId: string; versionNumber: number }> {
    const base = `/api/v1/workspaces/${ws}`;
    const read = await api.get(`${base}/content/${welcome().id}/versions/1`, { token: admin });
    const fields = read.body.fields.map((f: any) => ({
      fieldId: f.fieldId,
      order: f.order,
      valueKind: f.valueKind,
      ...(f.valueKind === 'Media' ? { mediaAssetId: f.mediaAssetId } : f.valueKind === 'ChildContent' ? { childContentItemId: f.childContentItemId } : { textValue: f.key === 'title' ? title : f.textValue }),
    }));
    const created = await api.post(`${base}/content/${welcome().id}/versions`, { fields }, { token: admin });
    expect(created.status, created.text).to.equal(201);
    const minted = await api.post(`${base}/preview-tokens`, { contentItemId: welcome().id }, { token: admin });
    expect(minted.status, minted.text).to.equal(201);
    return { token: minted.body.token, tokenId: minted.body.previewToken.id, versionNumber: created.body.versionNumber };
  }

  /** Follows the preview entry; returns the cookie header the site set. */
  async function enterPreview(token: string, slug = welcome().slug): Promise<string> {
    const res = await get(`/api/preview?slug=${slug}&locale=&token=${encodeURIComponent(token)}`);
    expect(res.status, await res.clone().text()).to.equal(303);
    expect(res.headers.get('location')).to.equal(`/articles/${slug}`);
    return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  }

  describe('published pages (the delivery-only token)', () => {
    it('the home page lists every article with its title, date and link', async () => {
      const res = await get('/');
      expect(res.status).to.equal(200);
      const html = await res.text();
      for (const article of seeded.articles) expect(html).to.include(`<a href="/articles/${article.slug}">${article.title}</a>`);
      expect(html.match(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{1,2} \w+ \d{4}<\/time>/g)).to.have.length(3);
    });

    it('an article: its title, the Markdown body rendered safely, the hero with a srcset the API serves, related articles', async () => {
      const res = await get(`/articles/${welcome().slug}`);
      expect(res.status).to.equal(200);
      const html = await res.text();
      expect(html).to.include('<h1>Welcome to the example site</h1>');
      expect(html).to.include('<h2>Hello</h2>');
      expect(html).to.include('<strong>examples/site</strong>');
      // Raw HTML in the Markdown source is escaped, never run.
      expect(html).to.include('&lt;script&gt;alert(1)&lt;/script&gt; stays text.');
      expect(html).not.to.include('<script>alert');
      const srcset = /<img class="hero" src="([^"]+)" srcset="([^"]+)"/.exec(html);
      expect(srcset, 'hero with srcset').to.not.equal(null);
      const entries = srcset![2]!.replaceAll('&amp;', '&').split(', ');
      expect(entries.length).to.be.at.least(2);
      for (const entry of entries) {
        const [url, width] = entry.split(' ');
        expect(url!.startsWith(api.url + '/'), url).to.equal(true);
        expect(width).to.match(/^\d+w$/);
        const image = await fetch(url!, { headers: { accept: 'image/webp' } });
        expect(image.status, url).to.equal(200);
        expect(image.headers.get('content-type')).to.match(/^image\//);
      }
      expect(html).to.include(`<a href="/articles/${markdown().slug}"><span>Writing in Markdown</span></a>`);
      expect(html).to.include(`<a href="/articles/${images().slug}"><span>Images for every screen</span></a>`);
      // Published pages carry no preview marks and no live-preview script.
      expect(html).not.to.include('data-verso');
      expect(html).not.to.include('/preview.js');
    });

    it('only the admin may frame the site (CSP frame-ancestors), nobody when its origin is not set', async () => {
      const res = await get('/');
      expect(res.headers.get('content-security-policy')).to.include(`frame-ancestors ${ADMIN_ORIGIN}`);
      expect(res.headers.get('content-security-policy')).to.include("script-src 'self'");
      const closed = await startSite({ apiUrl: api.url, workspaceId: ws, token: seeded.deliveryToken, port: 0, adminOrigin: null });
      try {
        const r = await fetch(closed.url + '/');
        expect(r.headers.get('content-security-policy')).to.include("frame-ancestors 'none'");
      } finally {
        await closed.close();
      }
    });

    it('an unknown slug is a 404 page', async () => {
      const res = await get('/articles/nothing-here');
      expect(res.status).to.equal(404);
      expect(await res.text()).to.include('No article is published at /articles/nothing-here.');
    });
  });

  describe('preview', () => {
    it('the preview entry keeps the token in an HttpOnly cookie and the article shows the draft, marked for click-to-edit', async () => {
      const { token, versionNumber } = await draftAndToken('A draft title');
      const res = await get(`/api/preview?slug=${welcome().slug}&locale=&token=${encodeURIComponent(token)}`);
      expect(res.status).to.equal(303);
      const [cookie] = res.headers.getSetCookie().filter((c) => c.startsWith('verso_preview='));
      expect(cookie).to.match(/; Path=\/; HttpOnly; SameSite=Lax$/);
      const page = await get(`/articles/${welcome().slug}`, { cookie: cookie!.split(';')[0]! });
      expect(page.status).to.equal(200);
      expect(page.headers.get('cache-control')).to.equal('private, no-store');
      const html = await page.text();
      expect(html).to.include('A draft title');
      expect(html).to.include('<meta name="verso-admin-origin" content="http://127.0.0.1:5999">');
      expect(html).to.include('<script type="module" src="/preview.js"></script>');
      expect(html).not.to.include(token);
      // The marks are the server's source map, as the SDK writes them.
      const read = await api.get(`/api/v1/workspaces/${ws}/content/by-slug/${welcome().slug}?sourceMap=true`, { token });
      expect(read.body.versionNumber).to.equal(versionNumber);
      const map = read.body.sourceMap;
      const title = read.body.fields.findIndex((f: any) => f.key === 'title');
      const body = read.body.fields.findIndex((f: any) => f.key === 'body');
      const hero = read.body.fields.findIndex((f: any) => f.key === 'hero');
      const related = read.body.fields.findIndex((f: any) => f.key === 'related' && f.order === 1);
      const attr = (pointer: string) => sourceAttribute(map, pointer)!.replaceAll('&', '&amp;');
      expect(html).to.include(`<h1 data-verso="${attr(`/fields/${title}/textValue`)}">A draft title</h1>`);
      expect(html).to.include(`<div class="body" data-verso="${attr(`/fields/${body}/textValue`)}">`);
      expect(html).to.match(new RegExp(`<img class="hero" [^>]*data-verso="${attr(`/fields/${hero}/asset`)}">`));
      expect(html).to.include(`<li data-verso="${attr(`/fields/${related}/childContentItemId`)}">`);
      // A related article's title names the child item, so a click opens the child's editor.
      expect(sourceAttribute(map, `/fields/${related}/child/fields/0/textValue`)).to.include(`item=${images().id}`);
      expect(html).to.include(`<span data-verso="${attr(`/fields/${related}/child/fields/0/textValue`)}">Images for every screen</span>`);
      // Without the cookie the same address still serves what is published.
      expect(await (await get(`/articles/${welcome().slug}`)).text()).to.include('<h1>Welcome to the example site</h1>');
    });

    it('over https (behind a proxy) the cookie is SameSite=None; Secure, so the framed page gets it', async () => {
      const { token } = await draftAndToken('Over https');
      const res = await get(`/api/preview?slug=${welcome().slug}&token=${encodeURIComponent(token)}`, { 'x-forwarded-proto': 'https' });
      expect(res.status).to.equal(303);
      expect(res.headers.getSetCookie().find((c) => c.startsWith('verso_preview='))).to.match(/; Path=\/; HttpOnly; Secure; SameSite=None$/);
    });

    it('a bad token says why (401 with the API\'s reason); a link without a token or slug says what is missing', async () => {
      const bad = await get(`/api/preview?slug=${welcome().slug}&token=verso_preview_000000000000000000000000_${'x'.repeat(43)}`);
      expect(bad.status).to.equal(401);
      expect(bad.headers.getSetCookie()).to.deep.equal([]);
      const text = await bad.text();
      expect(text).to.include('Preview refused');
      expect(text).to.match(/Verso refused the preview token \(401\): .+ It may have expired or been revoked/);
      const incomplete = await get(`/api/preview?slug=${welcome().slug}`);
      expect(incomplete.status).to.equal(400);
      expect(await incomplete.text()).to.include('The preview link needs both a slug and a token');
    });

    it('a token revoked after the entry ends the preview with a sentence, and clears the cookie', async () => {
      const { token, tokenId } = await draftAndToken('Soon revoked');
      const cookie = await enterPreview(token);
      const revoked = await api.delete(`/api/v1/workspaces/${ws}/preview-tokens/${tokenId}`, { token: admin });
      expect(revoked.status).to.equal(204);
      const res = await get(`/articles/${welcome().slug}`, { cookie });
      expect(res.status).to.equal(401);
      expect(await res.text()).to.include('Preview ended');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('verso_preview=;'))).to.equal(true);
    });

    it('live preview: the render route renders a typed draft with the page\'s template; sourceMapOf equals the server\'s map', async () => {
      const { token } = await draftAndToken('Typed so far');
      const cookie = await enterPreview(token);
      const read = await api.get(`/api/v1/workspaces/${ws}/content/by-slug/${welcome().slug}?sourceMap=true`, { token });
      const { sourceMap, ...item } = read.body;
      expect(sourceMapOf(item)).to.deep.equal(sourceMap);
      const title = item.fields.find((f: any) => f.key === 'title');
      title.textValue = 'Typed <em>live</em>';
      const body = item.fields.find((f: any) => f.key === 'body');
      body.textValue = '# New heading\n\n*typed*';
      const render = (headers: Record<string, string>) =>
        fetch(`${site.url}/api/preview/render`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ item, sourceMap: sourceMapOf(item) }) });
      const res = await render({ cookie });
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('private, no-store');
      const html = await res.text();
      expect(html).to.match(/<h1 data-verso="[^"]+">Typed &lt;em&gt;live&lt;\/em&gt;<\/h1>/);
      expect(html).to.include('<h1>New heading</h1>');
      expect(html).to.include('<em>typed</em>');
      expect(html).to.include('srcset=');
      expect((await render({})).status).to.equal(403);
      const malformed = await fetch(`${site.url}/api/preview/render`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: '{"item":{}}' });
      expect(malformed.status).to.equal(400);
    });

    it('serves the SDK\'s live-preview module and the page script from its own origin', async () => {
      const module = await get('/live-preview.js');
      expect(module.status).to.equal(200);
      expect(module.headers.get('content-type')).to.match(/^text\/javascript/);
      expect(await module.text()).to.match(/export\s*\{[^}]*subscribe/);
      const script = await get('/preview.js');
      expect(script.status).to.equal(200);
      expect(await script.text()).to.include("from '/live-preview.js'");
    });
  });
});
