import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import { startTestApi } from '../helpers/api.js';
import { createApiClientToken } from '../helpers/actors.js';
import {
  child,
  createArticle,
  createPerson,
  expectProblem,
  expectStatus,
  newVersion,
  publishNow,
  startContentWorld,
  text,
  type ContentWorld,
} from './content-fixture.js';

// Every SQL statement the pool runs; the content layer's are the ones naming content tables.
const { statements, onStatement } = statementRecorder();
async function contentStatementsOf(fn: () => Promise<unknown>): Promise<number> {
  statements.length = 0;
  await fn();
  return statements.filter((s) => /content_(items|versions|field_values)/.test(s)).length;
}

const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
const HOUR = 3_600_000;

describe('content delivery', () => {
  let w: ContentWorld;
  before(async () => {
    // The delivery cache off: these tests count the statements of the database path (the cache's
    // own rules are tested in delivery-cache.test.ts).
    w = await startContentWorld(
      await startTestApi({ env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0' }, onStatement }),
    );
  });
  after(() => w.api.close());
  const title = () => w.model.article.fields.title!;

  describe('GET …/content/by-slug/{slug}', () => {
    it('serves the most specific published version at asOf: bounded before unbounded, shorter first', async () => {
      const item = await createArticle(w, 'default');
      await publishNow(w, item.id, 1);
      await newVersion(w, item.id, { effectiveStartAt: iso(-2 * HOUR), effectiveEndAt: iso(2 * HOUR), fields: [text(title(), 'wide')] });
      await newVersion(w, item.id, { effectiveStartAt: iso(-HOUR), effectiveEndAt: iso(HOUR), fields: [text(title(), 'narrow')] });
      await publishNow(w, item.id, 2);
      await publishNow(w, item.id, 3);
      const titleAt = async (asOf?: string) => {
        const res = await w.api.get(`${w.base}/content/by-slug/${item.slug}${asOf ? `?asOf=${encodeURIComponent(asOf)}` : ''}`, { token: w.reader });
        expectStatus(res, 200);
        expect(res.headers.get('etag')).to.match(/^".+"$/);
        return res.body.fields[0].textValue;
      };
      expect(await titleAt()).to.equal('narrow');
      expect(await titleAt(iso(90 * 60_000))).to.equal('wide');
      expect(await titleAt(iso(3 * HOUR))).to.equal('default');
      expect(await titleAt(iso(-3 * HOUR))).to.equal('default');
      // All three stay Published: dated versions overlay the default, they do not replace it.
      const detail = await w.api.get(`${w.base}/content/${item.id}`, { token: w.reader });
      expect(detail.body.versions.map((v: any) => v.status)).to.deep.equal(['Published', 'Published', 'Published']);
      expect(detail.body.currentlyServingVersion.versionNumber).to.equal(3);
    });

    it('answers 404 when nothing is served under the slug, and for a slug that names nothing', async () => {
      const item = await createArticle(w, 'unpublished');
      expectProblem(await w.api.get(`${w.base}/content/by-slug/${item.slug}`, { token: w.reader }), 404, 'not-found');
      expectProblem(await w.api.get(`${w.base}/content/by-slug/nothing-here`, { token: w.reader }), 404, 'not-found');
      // Words the router reads as item routes cannot become slugs.
      const reserved = await w.api.post(
        `${w.base}/content`,
        { templateVersionId: w.model.article.versionId, slug: 'translations', tags: [], fields: [text(title(), 'x')] },
        { token: w.editor },
      );
      expectProblem(reserved, 422, 'validation-failed');
      expectProblem(await w.api.get(`${w.base}/content/by-slug/x`), 401, 'unauthenticated');
    });
  });

  describe('composition', () => {
    it("expands children with the version each serves at the same instant, and skips them when expandChildren=false", async () => {
      const author = await createPerson(w, 'Ada');
      await publishNow(w, author.id, 1);
      await newVersion(w, author.id, { effectiveStartAt: iso(HOUR), effectiveEndAt: iso(2 * HOUR), fields: [text(w.model.person.fields.name!, 'Ada (later)')] });
      await publishNow(w, author.id, 2);
      const article = await createArticle(w, 'With author', {}, [child(w.model.article.fields.author!, author.id)]);
      await publishNow(w, article.id, 1);
      const nameAt = async (query: string) => {
        const res = await w.api.get(`${w.base}/content/by-slug/${article.slug}${query}`, { token: w.reader });
        expectStatus(res, 200);
        const field = res.body.fields.find((f: any) => f.key === 'author');
        expect(field.childContentItemId).to.equal(author.id);
        return field.child === null ? null : field.child.fields[0].textValue;
      };
      expect(await nameAt('')).to.equal('Ada');
      expect(await nameAt(`?asOf=${encodeURIComponent(iso(90 * 60_000))}`)).to.equal('Ada (later)');
      expect(await nameAt('?expandChildren=false')).to.equal(null);
      const version = await w.api.get(`${w.base}/content/${article.id}/versions/1?expandChildren=false`, { token: w.reader });
      expect(version.body.fields.find((f: any) => f.key === 'author').child).to.equal(null);
    });

    it('stops a cycle through open fields at 8 levels', async () => {
      const a = await createPerson(w, 'A');
      const b = await createPerson(w, 'B', [a.id]);
      const etag = (await w.api.get(`${w.base}/content/${a.id}/versions/1`, { token: w.reader })).headers.get('etag')!;
      expectStatus(await w.api.put(`${w.base}/content/${a.id}/versions/1`, { fields: [text(w.model.person.fields.name!, 'A'), child(w.model.person.fields.friends!, b.id)] }, { token: w.editor, headers: { 'if-match': etag } }), 200);
      await publishNow(w, a.id, 1);
      await publishNow(w, b.id, 1);
      const res = await w.api.get(`${w.base}/content/by-slug/${a.slug}`, { token: w.reader });
      expectStatus(res, 200);
      let depth = 0;
      let node = res.body;
      const names = [node.fields[0].textValue];
      while (node.fields[1]?.child) {
        node = node.fields[1].child;
        names.push(node.fields[0].textValue);
        depth += 1;
      }
      expect(depth).to.equal(8);
      expect(names).to.deep.equal(['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'A']);
      expect(node.fields[1].childContentItemId).to.equal(b.id);
    });

    it('expands in one statement what the level-by-level expansion does: nothing beneath a child that serves nothing or is deleted', async () => {
      const person = async (name: string, friends: string[] = [], publish = true) => {
        const p = await createPerson(w, name, friends);
        if (publish) await publishNow(w, p.id, 1);
        return p;
      };
      const under = await person('under');
      const unpublished = await person('unpublished', [under.id], false);
      const deleted = await person('deleted', [under.id]);
      const grandchild = await person('grandchild', [under.id]);
      const served = await person('served', [grandchild.id]);
      const root = await person('root', [unpublished.id, deleted.id, served.id]);
      const etag = (await w.api.get(`${w.base}/content/${deleted.id}`, { token: w.admin })).headers.get('etag')!;
      expectStatus(await w.api.delete(`${w.base}/content/${deleted.id}`, { token: w.admin, headers: { 'if-match': etag } }), 204);
      const bySlug = await w.api.get(`${w.base}/content/by-slug/${root.slug}`, { token: w.reader });
      expectStatus(bySlug, 200);
      const friends = bySlug.body.fields.filter((f: any) => f.key === 'friends');
      expect(friends.map((f: any) => f.child?.fields[0].textValue ?? null)).to.deep.equal([null, null, 'served']);
      expect(friends[2].child.fields[1].child.fields[1].child.fields[0].textValue).to.equal('under');
      // The version read expands level by level (findServedDetails): the same body.
      const version = await w.api.get(`${w.base}/content/${root.id}/versions/1`, { token: w.reader });
      expect(bySlug.body).to.deep.equal(version.body);
    });

    it('reads a by-slug tree in one statement, whatever its depth or number of children, then its stored document in one', async () => {
      async function tree(width: number, depth: number): Promise<string> {
        let level: string[] = [];
        for (let i = 0; i < width; i++) {
          const leaf = await createPerson(w, `leaf-${i}`);
          await publishNow(w, leaf.id, 1);
          level.push(leaf.id);
        }
        for (let d = 1; d < depth; d++) {
          const next: string[] = [];
          for (let i = 0; i < (d === depth - 1 ? 1 : width); i++) {
            const p = await createPerson(w, `n-${d}-${i}`, level);
            await publishNow(w, p.id, 1);
            next.push(p.id);
          }
          level = next;
        }
        return (await w.api.get(`${w.base}/content/${level[0]}`, { token: w.reader })).body.slug;
      }
      const narrow = await tree(2, 3);
      const wide = await tree(6, 3);
      const deep = await tree(2, 4);
      const cost = (slug: string) => contentStatementsOf(() => w.api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader }));
      const [narrowCost, wideCost, deepCost] = [await cost(narrow), await cost(wide), await cost(deep)];
      // No stored document yet: the slug's item and its marks, then the served version with its
      // values and, recursively, its children's (findServedTreeBySlug); the document is then stored.
      expect([narrowCost, wideCost, deepCost]).to.deep.equal([2, 2, 2]);
      // The next read is the document's lookup alone (migration 0028), reading no content table.
      const lookups = async (slug: string) => {
        statements.length = 0;
        await w.api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
        return statements.filter((q) => /delivery_documents|content_(items|versions|field_values)/.test(q)).length;
      };
      expect([await lookups(narrow), await lookups(wide), await lookups(deep)]).to.deep.equal([1, 1, 1]);
      expect([await cost(narrow), await cost(wide), await cost(deep)]).to.deep.equal([0, 0, 0]);
    });

    it('reads an item without children in one statement, its values in their order', async () => {
      const item = await createArticle(w, 'one trip', {}, [{ fieldId: w.model.article.fields.body!, order: 0, valueKind: 'Markdown', textValue: '# body' }]);
      await publishNow(w, item.id, 1);
      const client = (await createApiClientToken(w.api, { workspaceId: w.ws })).token;
      const path = `${w.base}/content/by-slug/${item.slug}`;
      // The first request fills the credential and workspace caches; the second is the steady state.
      expectStatus(await w.api.get(path, { token: client }), 200);
      statements.length = 0;
      const res = await w.api.get(path, { token: client });
      expectStatus(res, 200);
      expect(statements).to.have.length(1);
      expect(res.body.fields.map((f: { key: string; textValue: string }) => [f.key, f.textValue])).to.deep.equal([['title', 'one trip'], ['body', '# body']]);
      // The same body as the version read, which loads the values on their own.
      const version = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: client });
      expect(res.body).to.deep.equal(version.body);
    });

    it('reads a version without children in two statements (item and version in one, then the values); a miss names what is missing', async () => {
      const item = await createArticle(w, 'two trips', {}, [{ fieldId: w.model.article.fields.body!, order: 0, valueKind: 'Markdown', textValue: '# body' }]);
      const read = (path: string) => w.api.get(`${w.base}/content/${path}`, { token: w.reader });
      expectStatus(await read(`${item.id}/versions/1`), 200);
      let res: Awaited<ReturnType<typeof read>> | undefined;
      expect(await contentStatementsOf(async () => (res = await read(`${item.id}/versions/1`)))).to.equal(2);
      expect(res!.body.fields.map((f: { key: string; textValue: string }) => [f.key, f.textValue])).to.deep.equal([['title', 'two trips'], ['body', '# body']]);
      const missingVersion = await read(`${item.id}/versions/9`);
      expectProblem(missingVersion, 404, 'not-found');
      expect(missingVersion.body.detail).to.match(/content version/);
      const missingItem = await read(`${crypto.randomUUID()}/versions/1`);
      expectProblem(missingItem, 404, 'not-found');
      expect(missingItem.body.detail).to.match(/content item/);
      const etag = (await read(item.id)).headers.get('etag')!;
      expectStatus(await w.api.delete(`${w.base}/content/${item.id}`, { token: w.admin, headers: { 'if-match': etag } }), 204);
      expectProblem(await read(`${item.id}/versions/1`), 404, 'not-found');
    });
  });

  describe('GET …/content (list)', () => {
    it('runs a constant number of content statements whatever the page size or data volume', async () => {
      const list = (query: string) => contentStatementsOf(() => w.api.get(`${w.base}/content?${query}`, { token: w.reader }));
      const small = await list('resolve=true&pageSize=5');
      for (let i = 0; i < 12; i++) await publishNow(w, (await createArticle(w, `bulk ${i}`)).id, 1);
      // Resolved: one statement, the page, which carries the total.
      expect(small).to.equal(1);
      expect(await list('resolve=true&pageSize=100')).to.equal(1);
      expect(await list('resolve=true&pageSize=5&page=2&q=bulk&sortBy=slug')).to.equal(1);
      // Plain: the count and the page.
      expect(await list('pageSize=100')).to.equal(2);
      expect(await list('pageSize=100&q=bulk&tags=x')).to.equal(2);
    });

    it('counts a resolved page past the end with a second statement, and reports the total', async () => {
      for (let i = 0; i < 3; i++) await publishNow(w, (await createArticle(w, `past-end ${i}`)).id, 1);
      const listed = async (query: string) => {
        let body: any;
        const statements = await contentStatementsOf(async () => {
          const res = await w.api.get(`${w.base}/content?resolve=true&${query}`, { token: w.reader });
          expectStatus(res, 200);
          body = res.body;
        });
        return { statements, items: body.items.length, totalCount: body.totalCount, totalPages: body.totalPages };
      };
      // No row carries the total, so the count runs as a fallback.
      expect(await listed('q=past-end&pageSize=2&page=5')).to.deep.equal({ statements: 2, items: 0, totalCount: 3, totalPages: 2 });
      // The last page carries it.
      expect(await listed('q=past-end&pageSize=2&page=2')).to.deep.equal({ statements: 1, items: 1, totalCount: 3, totalPages: 2 });
      // An empty first page means nothing matched: total 0, no count.
      expect(await listed('q=nothing-matches-this')).to.deep.equal({ statements: 1, items: 0, totalCount: 0, totalPages: 0 });
    });
  });
});
