// Issue #25, workflow semantics: Drafts may be incomplete (required fields are checked when a version
// leaves Draft and when it is published), an approval covers what was approved (an edit sends a
// Review or Approved version back to Draft), only the spec's transitions (repeats are 422 and change
// nothing), duplicate an item, and the rollback route.
import { expect } from 'chai';
import { buildTemplate, createArticle, dbQuery, expectProblem, expectStatus, newVersion, startContentWorld, text, uniqueSlug, type ContentWorld } from './content-fixture.js';

describe('workflow semantics (#25)', () => {
  let w: ContentWorld;
  /** A template with two required fields (one repeated at least twice) and an optional one. */
  let strict: Awaited<ReturnType<typeof buildTemplate>>;
  before(async () => {
    w = await startContentWorld();
    strict = await buildTemplate(w.api, w.base, w.reviewer, 'Strict', () => [
      { key: 'headline', label: 'Headline', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
      { key: 'points', label: 'Key points', primitiveType: 'Text', minOccurrences: 2 },
      { key: 'note', label: 'Note', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1 },
    ]);
  });
  after(() => w.api.close());

  const route = (itemId: string, n: number, action = '') => `${w.base}/content/${itemId}/versions/${n}${action ? `/${action}` : ''}`;
  const statusOf = async (itemId: string) =>
    (await dbQuery<{ s: string }>(w.api, `SELECT version_number || ':' || status AS s FROM content_versions WHERE content_item_id = $1 ORDER BY version_number`, [itemId])).map((r) => r.s);
  /** Outbox events and audit entries of an item (its versions included), for "nothing happened" checks. */
  const trail = async (itemId: string) => ({
    events: (await dbQuery<{ e: string }>(w.api, `SELECT event_type || ':' || coalesce(payload->>'status', '') AS e FROM outbox_events WHERE payload->>'contentItemId' = $1 ORDER BY seq`, [itemId])).map((r) => r.e),
    audit: (await dbQuery<{ n: number }>(w.api, `SELECT count(*)::int AS n FROM audit_log WHERE content_item_id = $1`, [itemId]))[0]!.n,
  });
  async function strictItem(fields: unknown[] = []) {
    const res = await w.api.post(`${w.base}/content`, { templateVersionId: strict.versionId, slug: uniqueSlug('strict'), tags: [], fields }, { token: w.editor });
    expectStatus(res, 201);
    return res.body as { id: string };
  }
  const complete = () => [text(strict.fields.headline!, 'H'), text(strict.fields.points!, 'a', 0), text(strict.fields.points!, 'b', 1)];
  async function approved(itemId: string, n: number) {
    expectStatus(await w.api.post(route(itemId, n, 'submit'), undefined, { token: w.editor }), 200);
    expectStatus(await w.api.post(route(itemId, n, 'approve'), undefined, { token: w.reviewer }), 200);
  }

  describe('incomplete Drafts', () => {
    it('saves an incomplete Draft on create item, create version and update version; type and maximum rules still apply', async () => {
      const item = await strictItem([text(strict.fields.note!, 'only a note')]);
      const v2 = await w.api.post(`${w.base}/content/${item.id}/versions`, {}, { token: w.editor });
      expectStatus(v2, 201);
      expect(v2.body.fields).to.deep.equal([]);
      const etag = v2.headers.get('etag')!;
      const updated = await w.api.put(route(item.id, 2), { fields: [text(strict.fields.points!, 'one')] }, { token: w.editor, headers: { 'if-match': etag } });
      expectStatus(updated, 200);
      expect(updated.body.fields.map((f: any) => f.textValue)).to.deep.equal(['one']);
      const tooMany = await w.api.put(route(item.id, 2), { fields: [text(strict.fields.note!, 'a'), text(strict.fields.note!, 'b', 1)] }, { token: w.editor, headers: { 'if-match': updated.headers.get('etag')! } });
      expectProblem(tooMany, 422, 'validation-failed');
      // Save-time sentences name the field by its label too; the pointer keeps the key.
      expect(tooMany.body.errors).to.deep.equal({ '/fields/note': ["Field 'Note' allows at most 1 value."] });
      const wrongKind = await w.api.post(`${w.base}/content/${item.id}/versions`, { fields: [{ fieldId: strict.fields.headline, order: 0, valueKind: 'Boolean', boolValue: true }] }, { token: w.editor });
      expectProblem(wrongKind, 422, 'validation-failed');
      expect(wrongKind.body.errors).to.deep.equal({ '/fields/0': ["Field 'Headline' takes Text, not Boolean."] });
      expect(await statusOf(item.id)).to.deep.equal(['1:Draft', '2:Draft']);
    });

    it('submit answers 422 naming every missing field as /fields/<key> and changes nothing', async () => {
      const item = await strictItem([text(strict.fields.points!, 'just one')]);
      const before = await trail(item.id);
      const res = await w.api.post(route(item.id, 1, 'submit'), undefined, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({
        '/fields/headline': ["Field 'Headline' requires at least 1 value."],
        '/fields/points': ["Field 'Key points' requires at least 2 values."],
      });
      expect(res.body.detail).to.match(/fill in 'Headline', 'Key points' first/);
      expect(await statusOf(item.id)).to.deep.equal(['1:Draft']);
      expect(await trail(item.id)).to.deep.equal(before);
      // Filled in, it submits.
      const etag = (await w.api.get(route(item.id, 1), { token: w.reader })).headers.get('etag')!;
      expectStatus(await w.api.put(route(item.id, 1), { fields: complete() }, { token: w.editor, headers: { 'if-match': etag } }), 200);
      expectStatus(await w.api.post(route(item.id, 1, 'submit'), undefined, { token: w.editor }), 200);
    });

    it('names a Component value missing its required keys at its field', async () => {
      const item = await createArticle(w, 'Seo', {}, [{ fieldId: w.model.article.fields.seo, order: 0, valueKind: 'Component', jsonValue: { metaDescription: 'd' } }]);
      const res = await w.api.post(route(item.id, 1, 'submit'), undefined, { token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({ '/fields/seo': [`Field 'SEO' is missing the component's required key "metaTitle".`] });
    });

    it('an override publish of an incomplete Draft is 422 too, and publishes nothing', async () => {
      const item = await strictItem();
      const res = await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin });
      expectProblem(res, 422, 'validation-failed');
      expect(Object.keys(res.body.errors)).to.deep.equal(['/fields/headline', '/fields/points']);
      expect(await statusOf(item.id)).to.deep.equal(['1:Draft']);
    });

    it('publishing or scheduling an Approved version that lacks a required value is 422 (a version approved before the rule)', async () => {
      const item = await strictItem(complete());
      await approved(item.id, 1);
      // As an Approved version from before Drafts could be incomplete may be: its values are short.
      await dbQuery(w.api, `DELETE FROM content_field_values WHERE content_version_id = (SELECT id FROM content_versions WHERE content_item_id = $1) AND field_id = $2`, [item.id, strict.fields.headline]);
      const before = await trail(item.id);
      const now = await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor });
      expectProblem(now, 422, 'validation-failed');
      expect(now.body.errors).to.deep.equal({ '/fields/headline': ["Field 'Headline' requires at least 1 value."] });
      const scheduled = await w.api.post(route(item.id, 1, 'publish'), { publishAt: '2099-01-01T00:00:00Z' }, { token: w.editor });
      expectProblem(scheduled, 422, 'validation-failed');
      expect(await statusOf(item.id)).to.deep.equal(['1:Approved']);
      expect((await w.api.get(route(item.id, 1), { token: w.reader })).body.publishAt).to.equal(null);
      expect(await trail(item.id)).to.deep.equal(before);
    });
  });

  describe('an edit after review or approval returns the version to Draft', () => {
    it('changing the values of an Approved version: Draft, returnedToDraftFrom, one status event and its audit entry', async () => {
      const item = await strictItem(complete());
      await approved(item.id, 1);
      const before = await trail(item.id);
      const etag = (await w.api.get(route(item.id, 1), { token: w.reader })).headers.get('etag')!;
      const fields = [text(strict.fields.headline!, 'Changed'), ...complete().slice(1)];
      const res = await w.api.put(route(item.id, 1), { fields }, { token: w.editor, headers: { 'if-match': etag } });
      expectStatus(res, 200);
      expect(res.body).to.include({ status: 'Draft', returnedToDraftFrom: 'Approved' });
      const after = await trail(item.id);
      expect(after.events.slice(before.events.length)).to.deep.equal(['content.version_updated:Draft', 'content.version_status_changed:Draft']);
      expect(after.audit - before.audit).to.equal(2);
      const audit = await dbQuery<{ action: string; change_delta: any }>(w.api, `SELECT action, change_delta FROM audit_log WHERE content_item_id = $1 AND action = 'StatusChanged' ORDER BY occurred_at DESC, id DESC LIMIT 1`, [item.id]);
      expect(audit[0]!.change_delta.status).to.deep.equal({ before: 'Approved', after: 'Draft' });
      // A later read does not carry the marker: it belongs to the edit's response.
      expect((await w.api.get(route(item.id, 1), { token: w.reader })).body).to.not.have.property('returnedToDraftFrom');
    });

    it('changing only the window of a Review version returns it to Draft', async () => {
      const item = await strictItem(complete());
      const submitted = await w.api.post(route(item.id, 1, 'submit'), undefined, { token: w.editor });
      const res = await w.api.put(route(item.id, 1), { fields: complete(), effectiveStartAt: '2030-01-01T00:00:00Z', effectiveEndAt: '2030-02-01T00:00:00Z' }, { token: w.editor, headers: { 'if-match': submitted.headers.get('etag')! } });
      expectStatus(res, 200);
      expect(res.body).to.include({ status: 'Draft', returnedToDraftFrom: 'Review' });
    });

    it('saving the same values and window keeps the approval (an autosave changes nothing approved)', async () => {
      const item = await strictItem(complete());
      const draftTag = (await w.api.get(route(item.id, 1), { token: w.reader })).headers.get('etag')!;
      const window = { effectiveStartAt: '2030-01-01T00:00:00Z', effectiveEndAt: '2030-02-01T00:00:00Z' };
      expectStatus(await w.api.put(route(item.id, 1), { fields: complete(), ...window }, { token: w.editor, headers: { 'if-match': draftTag } }), 200);
      await approved(item.id, 1);
      const before = await trail(item.id);
      const etag = (await w.api.get(route(item.id, 1), { token: w.reader })).headers.get('etag')!;
      // The same values and the same instants, written another way.
      const same = { effectiveStartAt: '2030-01-01T01:00:00+01:00', effectiveEndAt: '2030-02-01T00:00:00.000Z' };
      const res = await w.api.put(route(item.id, 1), { fields: complete(), ...same }, { token: w.editor, headers: { 'if-match': etag } });
      expectStatus(res, 200);
      expect(res.body.status).to.equal('Approved');
      expect(res.body).to.not.have.property('returnedToDraftFrom');
      expect((await trail(item.id)).events.slice(before.events.length)).to.deep.equal(['content.version_updated:Approved']);
    });

    it('a Draft edited stays a Draft without the marker', async () => {
      const item = await strictItem();
      const etag = (await w.api.get(route(item.id, 1), { token: w.reader })).headers.get('etag')!;
      const res = await w.api.put(route(item.id, 1), { fields: complete() }, { token: w.editor, headers: { 'if-match': etag } });
      expect(res.body.status).to.equal('Draft');
      expect(res.body).to.not.have.property('returnedToDraftFrom');
    });
  });

  describe('only the spec\'s transitions', () => {
    it('refuses every repeat and disallowed move with 422 invalid-state-transition, with no event and no audit entry', async () => {
      const item = await strictItem(complete());
      const attempt = async (n: number, action: string, body: unknown, token: string, from: string) => {
        const before = await trail(item.id);
        const res = await w.api.post(route(item.id, n, action), body, { token });
        expectProblem(res, 422, 'invalid-state-transition');
        expect(res.body.detail, `${action} on ${from}`).to.match(new RegExp(`^Content version cannot transition from ${from} to `));
        expect(await trail(item.id), `${action} on ${from}: nothing recorded`).to.deep.equal(before);
      };
      // Draft: reject, restore, approve, archive.
      await attempt(1, 'reject', { reason: 'x' }, w.reviewer, 'Draft');
      await attempt(1, 'restore', undefined, w.editor, 'Draft');
      await attempt(1, 'approve', undefined, w.reviewer, 'Draft');
      await attempt(1, 'archive', undefined, w.editor, 'Draft');
      // Review: submit again.
      expectStatus(await w.api.post(route(item.id, 1, 'submit'), undefined, { token: w.editor }), 200);
      await attempt(1, 'submit', undefined, w.editor, 'Review');
      await attempt(1, 'restore', undefined, w.editor, 'Review');
      // Approved: approve again, reject, submit.
      expectStatus(await w.api.post(route(item.id, 1, 'approve'), undefined, { token: w.reviewer }), 200);
      await attempt(1, 'approve', undefined, w.reviewer, 'Approved');
      await attempt(1, 'reject', { reason: 'x' }, w.reviewer, 'Approved');
      await attempt(1, 'submit', undefined, w.editor, 'Approved');
      // Published: publish again, restore; Archived: archive again.
      expectStatus(await w.api.post(route(item.id, 1, 'publish'), {}, { token: w.editor }), 200);
      await attempt(1, 'publish', {}, w.editor, 'Published');
      await attempt(1, 'restore', undefined, w.editor, 'Published');
      expectStatus(await w.api.post(route(item.id, 1, 'archive'), undefined, { token: w.editor }), 200);
      await attempt(1, 'archive', undefined, w.editor, 'Archived');
      await attempt(1, 'approve', undefined, w.reviewer, 'Archived');
      expect(await statusOf(item.id)).to.deep.equal(['1:Archived']);
    });
  });

  describe('POST …/content/{id}/duplicate', () => {
    it('creates an item with a fresh slug and translation group, keeping locale, tags, template version and the latest values as Draft v1', async () => {
      const slug = uniqueSlug('story');
      const src = await w.api.post(`${w.base}/content`, { templateVersionId: strict.versionId, slug, localeCode: 'fr', tags: ['Travel', 'food'], fields: complete() }, { token: w.editor });
      expectStatus(src, 201);
      const group = (await w.api.get(`${w.base}/content/${src.body.id}`, { token: w.reader })).body.translationGroupId;
      await newVersion(w, src.body.id, { fields: [text(strict.fields.headline!, 'Latest')] });
      const res = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, undefined, { token: w.editor });
      expectStatus(res, 201);
      expect(res.headers.get('location')).to.equal(`${w.base}/content/${res.body.id}`);
      expect(res.headers.get('etag')).to.be.a('string');
      expect(res.body).to.include({ slug: `${slug}-copy`, localeCode: 'fr', templateVersionId: strict.versionId });
      expect(res.body.tags).to.deep.equal(['food', 'travel']);
      expect(res.body.translationGroupId).to.be.a('string').and.not.equal(group);
      expect(res.body.versions.map((v: any) => [v.versionNumber, v.status])).to.deep.equal([[1, 'Draft']]);
      const v1 = await w.api.get(route(res.body.id, 1), { token: w.reader });
      expect(v1.body.fields.map((f: any) => [f.key, f.textValue])).to.deep.equal([['headline', 'Latest']]);
      // Again: -copy-2, then a slug of one's own; a taken one is 409.
      const again = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, {}, { token: w.editor });
      expect(again.body.slug).to.equal(`${slug}-copy-2`);
      const named = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, { slug: `${slug}-fr-2` }, { token: w.editor });
      expect(named.body.slug).to.equal(`${slug}-fr-2`);
      expectProblem(await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, { slug }, { token: w.editor }), 409, 'conflict');
      const created = await dbQuery<{ event_type: string }>(w.api, `SELECT event_type FROM outbox_events WHERE payload->>'contentItemId' = $1`, [res.body.id]);
      expect(created.map((e) => e.event_type)).to.deep.equal(['content.created']);
    });

    it('copies an item without a slug as one without a slug; 404 for an unknown item, 403 for a reader', async () => {
      const src = await w.api.post(`${w.base}/content`, { templateVersionId: strict.versionId, tags: [], fields: [] }, { token: w.editor });
      const copy = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, undefined, { token: w.editor });
      expectStatus(copy, 201);
      expect(copy.body.slug).to.equal(null);
      // A JSON null body (what a generated client sends for "no body") is no body.
      const nullBody = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, undefined, { token: w.editor, rawBody: 'null', headers: { 'content-type': 'application/json' } });
      expectStatus(nullBody, 201);
      expectProblem(await w.api.post(`${w.base}/content/01890000-0000-7000-8000-000000000000/duplicate`, undefined, { token: w.editor }), 404, 'not-found');
      expectProblem(await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, undefined, { token: w.reader }), 403, 'forbidden');
    });

    it('keeps a copy of a long slug within the slug\'s 100 characters', async () => {
      const long = `${'a'.repeat(60)}-${'b'.repeat(39)}`;
      const src = await w.api.post(`${w.base}/content`, { templateVersionId: strict.versionId, slug: long, tags: [], fields: [] }, { token: w.editor });
      expectStatus(src, 201);
      const copy = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, undefined, { token: w.editor });
      expectStatus(copy, 201);
      expect(copy.body.slug).to.have.length.at.most(100).and.match(/-copy$/).and.match(/^[a-z0-9]+([-_][a-z0-9]+)*$/);
    });

    it('gives every copy of a slug of 94 to 100 characters the first free slug (once 409 from the third copy)', async () => {
      const pattern = /^[a-z0-9]+([-_][a-z0-9]+)*$/;
      const copies = async (slug: string, count: number) => {
        const src = await w.api.post(`${w.base}/content`, { templateVersionId: strict.versionId, slug, tags: [], fields: [] }, { token: w.editor });
        expectStatus(src, 201);
        const slugs: string[] = [];
        for (let i = 0; i < count; i += 1) {
          const copy = await w.api.post(`${w.base}/content/${src.body.id}/duplicate`, undefined, { token: w.editor });
          expectStatus(copy, 201);
          slugs.push(copy.body.slug);
        }
        for (const s of slugs) expect(s).to.have.length.at.most(100).and.match(pattern);
        expect(new Set(slugs).size, slugs.join('\n')).to.equal(count);
        return slugs;
      };
      for (let length = 94; length <= 100; length += 1) {
        const slug = `${uniqueSlug('long')}-${'x'.repeat(100)}`.slice(0, length);
        const slugs = await copies(slug, 4);
        expect(slugs.map((s) => s.slice(s.lastIndexOf('-copy')))).to.deep.equal(['-copy', '-copy-2', '-copy-3', '-copy-4']);
      }
      // Past -copy-9 the suffix grows again, and a cut that ends on a separator drops it.
      const dashed = `${uniqueSlug('cut')}-${'y'.repeat(100)}`.slice(0, 89) + '-z-' + 'w'.repeat(8);
      const slugs = await copies(dashed, 11);
      expect(slugs.at(-1)).to.match(/-copy-11$/);
      expect(slugs.at(-2)).to.match(/-copy-10$/);
    });
  });

  it('an item whose slug is "duplicate" or "rollback" is still read by slug (the new routes are POST only)', async () => {
    for (const slug of ['duplicate', 'rollback']) {
      const item = await w.api.post(`${w.base}/content`, { templateVersionId: strict.versionId, slug, tags: [], fields: complete() }, { token: w.editor });
      expectStatus(item, 201);
      expectStatus(await w.api.post(route(item.body.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin }), 200);
      const read = await w.api.get(`${w.base}/content/by-slug/${slug}`, { token: w.reader });
      expectStatus(read, 200);
      expect(read.body.contentItemId).to.equal(item.body.id);
    }
  });

  describe('POST …/versions/{n}/rollback', () => {
    it('duplicates the version into a new Draft with rolledBackFromVersionNumber', async () => {
      const item = await strictItem(complete());
      expectStatus(await w.api.post(route(item.id, 1, 'publish'), { overrideWorkflow: true }, { token: w.admin }), 200);
      await newVersion(w, item.id, { fields: [text(strict.fields.headline!, 'Worse')] });
      const res = await w.api.post(route(item.id, 1, 'rollback'), undefined, { token: w.editor });
      expectStatus(res, 201);
      expect(res.headers.get('location')).to.equal(route(item.id, 3));
      expect(res.body).to.include({ versionNumber: 3, status: 'Draft', rolledBackFromVersionNumber: 1, templateVersionId: strict.versionId });
      expect(res.body.fields.map((f: any) => f.textValue)).to.deep.equal(['H', 'a', 'b']);
      const events = await dbQuery<{ event_type: string }>(w.api, `SELECT event_type FROM outbox_events WHERE entity_id = $1`, [res.body.id]);
      expect(events.map((e) => e.event_type)).to.deep.equal(['content.version_created']);
      expectProblem(await w.api.post(route(item.id, 9, 'rollback'), undefined, { token: w.editor }), 404, 'not-found');
      expectProblem(await w.api.post(route(item.id, 1, 'rollback'), undefined, { token: w.reader }), 403, 'forbidden');
      expect(await statusOf(item.id)).to.deep.equal(['1:Published', '2:Draft', '3:Draft']);
    });
  });
});
