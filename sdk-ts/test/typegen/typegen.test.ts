// verso-typegen against the real API: a workspace modelled with every field type, a component
// nesting another, repeated fields, an Inline child template and an open composition field, all
// published; the command writes the module; tsc compiles it with a use-site (and refuses a wrong
// field); content written through the API comes back by slug, children expanded, and toContent
// with the generated model gives exactly the values written. Plus the command's failures.
import { expect } from 'chai';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { toContent, type VersoContentModel } from '../../src/index.js';
import { main, type CliIo } from '../../src/typegen/cli.js';
import { buildTypedWorld, publishArticle, type TypedWorld } from '../content/typed-world.js';
import { tsc } from '../support/tsc.js';

async function cli(argv: string[], cwd: string, env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => (out += t), err: (t) => (err += t), env, cwd };
  const code = await main(argv, io);
  return { code, out, err };
}

/** A port nothing listens on (bound, then closed). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('verso-typegen and toContent against the real API', function () {
  this.timeout(120_000);
  let api: TestApi;
  let w: TypedWorld;
  let tmp: string;
  let article: Awaited<ReturnType<typeof publishArticle>>;
  let generated: string;

  before(async () => {
    api = await startTestApi();
    w = await buildTypedWorld(api);
    article = await publishArticle(w);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-typegen-'));
  });
  after(async () => {
    await api?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('writes one interface per published template and component, and the model', async () => {
    const r = await cli(['--base-url', api.url, '--token', w.token, '--workspace', w.workspaceId, '--out', 'src/verso-content.ts'], tmp);
    expect(r.code, r.err).to.equal(0);
    expect(r.out).to.match(/wrote 3 template and 2 component interfaces to src\/verso-content\.ts/);
    generated = fs.readFileSync(path.join(tmp, 'src/verso-content.ts'), 'utf8');
    const A = `Article${w.suffix}`;
    const author = `Author${w.suffix}`;
    const callout = `Callout${w.suffix}`;
    const seo = `Seo${w.suffix}Component`;
    const card = `LinkCard${w.suffix}Component`;
    const body = (name: string) => new RegExp(`export interface ${name} \\{([\\s\\S]*?)\\n\\}`).exec(generated)?.[1] ?? '';
    const members = (name: string) => Object.fromEntries(body(name).split('\n').filter((l) => /^ {2}\w/.test(l)).map((l) => l.trim().replace(/;$/, '').split(/: (.*)/s).slice(0, 2)));
    expect(members(A)).to.deep.equal({
      title: 'string',
      summary: 'string | null',
      body: 'string | null',
      paragraphs: 'string[]',
      featured: 'boolean | null',
      category: '"news" | "guides" | "long-reads" | null',
      topics: '("news" | "guides" | "long-reads")[]',
      hero: 'string | null',
      attachment: 'string | null',
      website: 'string | VersoJsonObject | null',
      pullQuote: 'string | VersoJsonObject | null',
      seo: `${seo} | null`,
      author: `${author} | null`,
      blocks: `(VersoChild<"${w.slugs.author}", ${author}> | VersoChild<"${w.slugs.callout}", ${callout}> | null)[]`,
    });
    expect(members(author)).to.deep.equal({ name: 'string', bio: 'string | null' });
    expect(members(callout)).to.deep.equal({ text: 'string' });
    expect(members(seo)).to.deep.equal({ metaTitle: 'string', keywords: 'string[]', noIndex: 'boolean | null', card: `${card} | null` });
    expect(members(card)).to.deep.equal({ label: 'string', href: 'string | VersoJsonObject | null' });
    expect(generated).to.not.match(/divider/); // a Separator holds no data
    expect(generated).to.include(`export interface VersoContentTypes {\n  "${w.slugs.article}": ${A};\n  "${w.slugs.author}": ${author};\n  "${w.slugs.callout}": ${callout};\n}`);
    expect(generated).to.match(/^import type \{ VersoChild, VersoContentModel, VersoFilterField, VersoJsonObject \} from "@verso\/sdk";$/m);
    expect(generated).to.include('/** Hide from search engines */');
  });

  it('tsc compiles the generated module with a use-site; a wrong field name does not compile', async () => {
    fs.writeFileSync(
      path.join(tmp, 'src/use.ts'),
      `import { toContent, type ContentCache } from '@verso/sdk';
import { versoContentModel, type VersoContentTypes } from './verso-content.js';
type Article = VersoContentTypes['${w.slugs.article}'];
export async function headline(cache: ContentCache, workspaceId: string, slug: string): Promise<string> {
  const version = await cache.getContentBySlug({ path: { workspaceId, slug } });
  const article: Article = toContent(version, versoContentModel, '${w.slugs.article}');
  const topics: ('news' | 'guides' | 'long-reads')[] = article.topics;
  const firstBlock = article.blocks[0];
  const blockName = firstBlock?.template === '${w.slugs.author}' ? firstBlock.content.name : firstBlock?.content.text;
  return \`\${article.title} by \${article.author?.name ?? 'nobody'} (\${article.seo?.card?.label}, \${topics.length}, \${blockName})\`;
}
`,
    );
    const good = await tsc(tmp, ['src/verso-content.ts', 'src/use.ts']);
    expect(good.ok, good.out).to.equal(true);

    fs.writeFileSync(
      path.join(tmp, 'src/wrong.ts'),
      `import { toContent } from '@verso/sdk';
import { versoContentModel } from './verso-content.js';
declare const version: Parameters<typeof toContent>[0];
const article = toContent(version, versoContentModel, '${w.slugs.article}');
export const wrong: string = article.titel;
export const notAString: string = article.featured;
export const notATemplate = toContent(version, versoContentModel, 'no-such-template');
`,
    );
    const bad = await tsc(tmp, ['src/verso-content.ts', 'src/wrong.ts']);
    expect(bad.ok, 'a wrong field must not compile').to.equal(false);
    expect(bad.out).to.match(/wrong\.ts\(5,\d+\): error TS2551: Property 'titel' does not exist/);
    expect(bad.out).to.match(/wrong\.ts\(6,\d+\): error TS2322: Type 'boolean \| null' is not assignable to type 'string'/);
    expect(bad.out).to.match(/wrong\.ts\(7,\d+\): error TS2345: .*'"no-such-template"'/);
  });

  it('content read by slug (children expanded) becomes exactly the values written, through the generated model', async () => {
    const mod = (await import(pathToFileURL(path.join(tmp, 'src/verso-content.ts')).href)) as { versoContentModel: VersoContentModel };
    const version = await w.client.getContentBySlug({ path: { workspaceId: w.workspaceId, slug: article.slug } });
    expect(version.fields.find((f) => f.key === 'author')?.child?.contentItemId).to.equal(article.authorId);
    const content = toContent(version, mod.versoContentModel, w.slugs.article);
    expect(content).to.deep.equal(article.expected);
    // The same version typed as the union of all templates (no slug given).
    expect(toContent(version, mod.versoContentModel)).to.deep.equal(article.expected);
  });

  it('without expanded children they are null; without a model, values come by key (several as a list)', async () => {
    const mod = (await import(pathToFileURL(path.join(tmp, 'src/verso-content.ts')).href)) as { versoContentModel: VersoContentModel };
    const flat = await w.client.getContentBySlug({ path: { workspaceId: w.workspaceId, slug: article.slug }, query: { expandChildren: false } });
    const typed = toContent(flat, mod.versoContentModel, w.slugs.article) as Record<string, unknown>;
    expect(typed.author).to.equal(null);
    expect(typed.blocks).to.deep.equal([null, null]);
    expect(typed.title).to.equal(article.expected.title);

    const version = await w.client.getContentBySlug({ path: { workspaceId: w.workspaceId, slug: article.slug } });
    const untyped = toContent(version);
    expect(untyped.paragraphs).to.deep.equal(['First', 'Second']);
    expect(untyped.category).to.equal('guides');
    expect(untyped.author).to.deep.equal({ name: 'Ada Lovelace', bio: 'Wrote the first program.' });
    expect(untyped).to.not.have.property('divider');
    expect(() => toContent(version, mod.versoContentModel, w.slugs.author)).to.throw(TypeError, `expected a version of template "${w.slugs.author}"`);
  });

  it('an unpublished template is left out; a refused token says 401; an unknown workspace says so; bad usage exits 2', async () => {
    await w.client.createTemplate({ path: { workspaceId: w.workspaceId }, body: { name: 'Draft only', slug: `draft-only-${w.suffix}` } });
    const again = await cli(['--base-url', api.url, '--workspace', w.workspaceId, '--out', 'again.ts'], tmp, { VERSO_TOKEN: w.token });
    expect(again.code, again.err).to.equal(0);
    expect(fs.readFileSync(path.join(tmp, 'again.ts'), 'utf8')).to.equal(generated); // deterministic; the draft is absent

    const refused = await cli(['--base-url', api.url, '--token', 'not-a-token', '--workspace', w.workspaceId, '--out', 'x.ts'], tmp);
    expect(refused.code).to.equal(1);
    expect(refused.err).to.match(/^verso-typegen: 401 Unauthorized: http:\/\/127\.0\.0\.1:\d+ refused the token/);
    // A token is opaque text: one that starts with "-" (a random base64url token, one time in 64) is still
    // the option's value, not an option of its own.
    const dashed = await cli(['--base-url', api.url, '--token', '-Xq7-not-a-token', '--workspace', w.workspaceId, '--out', 'x.ts'], tmp);
    expect(dashed.code, dashed.err).to.equal(1);
    expect(dashed.err).to.match(/^verso-typegen: 401 Unauthorized: .* refused the token/);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await cli(['--base-url', api.url, '--token', w.token, '--workspace', unknown, '--out', 'x.ts'], tmp);
    expect(missing.code).to.equal(1);
    expect(missing.err).to.include(`Workspace ${unknown} not found (404)`);
    expect(fs.existsSync(path.join(tmp, 'x.ts')), 'nothing written on failure').to.equal(false);

    const usage = await cli(['--base-url', api.url, '--out', 'x.ts'], tmp);
    expect(usage.code).to.equal(2);
    expect(usage.err).to.include('missing --token (or VERSO_TOKEN), --workspace');
    const slug = await cli(['--base-url', api.url, '--token', w.token, '--workspace', 'my-site', '--out', 'x.ts'], tmp);
    expect(slug.code).to.equal(2);
    expect(slug.err).to.include('--workspace takes the workspace\'s id (a UUID), got "my-site"');
    const unknownFlag = await cli(['--base-url', api.url, '--tokne', 'x'], tmp);
    expect(unknownFlag.code).to.equal(2);
    expect(unknownFlag.err).to.match(/Unknown option '--tokne'/);
    const closed = await freePort();
    const down = await cli(['--base-url', `http://127.0.0.1:${closed}`, '--token', w.token, '--workspace', w.workspaceId, '--out', 'x.ts'], tmp);
    expect(down.code).to.equal(1);
    expect(down.err).to.include(`Could not reach http://127.0.0.1:${closed}: ECONNREFUSED`);
  });
});
