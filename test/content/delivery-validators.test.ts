// Validators of published delivery reads (issue #27 §2): by-slug and the content list (plain and
// resolve=true) carry a strong ETag and answer If-None-Match with 304, with the delivery cache on
// (the cached entry's tag) and off (by-slug: its stored document; the resolved list: one small
// statement of marks computes the tag, no read). The
// by-slug tag is derived from what is served, so publishing a child changes the parent's tag. A
// preview read never sends a validator and ignores If-None-Match.
import { expect } from 'chai';
import { statementRecorder } from '../helpers/statements.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createPerson, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from './content-fixture.js';

const { statements, onStatement } = statementRecorder();

for (const mode of ['on', 'off'] as const) {
  describe(`delivery validators, delivery cache ${mode}`, function () {
    this.timeout(90_000);
    let api: TestApi;
    let w: ContentWorld;
    let child: { id: string };
    let parent: { id: string; slug: string };

    before(async () => {
      api = await startTestApi({ env: mode === 'off' ? { Delivery__CacheSeconds: '0' } : {}, onStatement });
      w = await startContentWorld(api);
      child = await createPerson(w, 'Child');
      await publishNow(w, child.id, 1);
      parent = await createPerson(w, 'Parent', [child.id]);
      await publishNow(w, parent.id, 1);
    });
    after(() => api?.close());

    const get = (path: string, tag?: string) => w.api.get(`${w.base}${path}`, { token: w.reader, headers: tag ? { 'if-none-match': tag } : {} });

    it('by-slug answers its ETag with 304 and no body, the cache header saying how', async () => {
      const first = await get(`/content/by-slug/${parent.slug}`);
      expectStatus(first, 200);
      const tag = first.headers.get('etag')!;
      expect(tag).to.match(/^"[A-Za-z0-9_-]{32}"$/);
      statements.length = 0;
      const again = await get(`/content/by-slug/${parent.slug}`, tag);
      expectStatus(again, 304);
      expect(again.text).to.equal('');
      expect(again.headers.get('etag')).to.equal(tag);
      expect(again.headers.get('cache-control')).to.equal('no-cache');
      expect(again.headers.get('x-verso-cache')).to.equal(mode === 'on' ? 'hit' : 'bypass');
      const reads = statements.filter((q) => /content_versions|content_items|delivery_documents/.test(q));
      // Cache on: the entry's tag, no statement; off: the one statement reading the stored
      // document's tag (not its body), never the read.
      expect(reads.length).to.equal(mode === 'on' ? 0 : 1);
      if (mode === 'off') expect(reads[0]).to.match(/NULL::text AS body/).and.not.to.match(/AS field_values/);
      // A tag that does not match (or a list of others) gets the body.
      expectStatus(await get(`/content/by-slug/${parent.slug}`, '"other", W/"another"'), 200);
      expectStatus(await get(`/content/by-slug/${parent.slug}`, `"other", W/${tag}`), 304);
      // The tag on the miss path (no If-None-Match) and the tag query agree for the unexpanded read too.
      const flat = await get(`/content/by-slug/${parent.slug}?expandChildren=false`);
      expect(flat.headers.get('etag')).to.not.equal(tag);
      expectStatus(await get(`/content/by-slug/${parent.slug}?expandChildren=false`, flat.headers.get('etag')!), 304);
    });

    it("publishing a child changes the parent's tag, and the old tag gets the new body", async () => {
      const before = await get(`/content/by-slug/${parent.slug}`);
      const tag = before.headers.get('etag')!;
      await newVersion(w, child.id, { fields: [text(w.model.person.fields.name!, 'Child v2')] });
      await publishNow(w, child.id, 2);
      const after = await get(`/content/by-slug/${parent.slug}`, tag);
      expectStatus(after, 200);
      expect(after.headers.get('etag')).to.not.equal(tag);
      const friend = (after.body.fields as any[]).find((f) => f.child);
      expect(friend.child.versionNumber).to.equal(2);
      // Stable while nothing changes: the new tag revalidates.
      expectStatus(await get(`/content/by-slug/${parent.slug}`, after.headers.get('etag')!), 304);
    });

    for (const query of ['?resolve=true&pageSize=50', '?pageSize=50']) {
      it(`the content list (${query}) has a strong ETag and answers it with 304; a publish changes it`, async () => {
        const first = await get(`/content${query}`);
        expectStatus(first, 200);
        const tag = first.headers.get('etag')!;
        // The test client accepts gzip: the list comes gzipped, tagged as such (delivery-coding.test.ts).
        expect(tag).to.match(/^"[A-Za-z0-9_-]{32}\.gz"$/);
        statements.length = 0;
        const again = await get(`/content${query}`, tag);
        expectStatus(again, 304);
        expect(again.text).to.equal('');
        expect(again.headers.get('etag')).to.equal(tag);
        expect(again.headers.get('x-verso-cache')).to.equal(mode === 'on' ? 'hit' : 'bypass');
        if (mode === 'off' && query.includes('resolve=true')) {
          // The resolved list's tag comes from marks and the next window boundary: one small
          // statement, no page read; its 304 carries the keys that purge the page whatever it holds.
          expect(statements.filter((q) => /content_(items|versions|field_values)|content_serving s\b.*ORDER BY/s.test(q))).to.have.length(0);
          expect(statements.filter((q) => /delivery_marks/.test(q))).to.have.length(1);
          expect(again.headers.get('surrogate-key')!.split(' ').sort()).to.deep.equal([`list-${w.ws}`, `ws-${w.ws}`]);
        }
        const extra = await createPerson(w, 'Newcomer');
        await publishNow(w, extra.id, 1);
        const changed = await get(`/content${query}`, tag);
        expectStatus(changed, 200);
        expect(changed.headers.get('etag')).to.not.equal(tag);
      });
    }

    it('a preview read sends no ETag and ignores If-None-Match', async () => {
      const tag = (await get(`/content/by-slug/${parent.slug}`)).headers.get('etag')!;
      const minted = await w.api.post(`${w.base}/preview-tokens`, {}, { token: w.editor });
      expectStatus(minted, 201);
      for (const path of [`/content/by-slug/${parent.slug}`, '/content?resolve=true']) {
        const res = await w.api.get(`${w.base}${path}`, { token: minted.body.token, headers: { 'if-none-match': tag } });
        expectStatus(res, 200);
        expect(res.headers.get('etag')).to.equal(null);
        expect(res.headers.get('cache-control')).to.equal('private, no-store');
      }
    });
  });
}
