// Preview tokens that name a release: reads show the workspace as it will be once the release is
// published — its publish entries' versions served, its archive entries' items not, children
// resolved the same way, every other item as served (not its drafts) — never cacheable. Such a
// token is workspace-wide, and ends with its release.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { createArticle, createPerson, expectProblem, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';
import { addEntry, approve, approvedArticle, createRelease, releasesOf } from './release-fixture.js';

describe('release preview tokens', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  const mint = async (body: Record<string, unknown>) => w.api.post(`${w.base}/preview-tokens`, body, { token: w.editor });

  it('reads by slug and lists the site as after the release, children included, nothing else changed', async () => {
    // changed: v1 served, v2 in the release; added: never served, in it; retired: served, archived by it;
    // untouched: served v1 with a newer draft, not in it; parent: served, embedding a person only the release publishes.
    const changed = await createArticle(w, 'Changed v1');
    await publishNow(w, changed.id, 1);
    await newVersion(w, changed.id, { fields: [text(w.model.article.fields.title!, 'Changed v2')] });
    await approve(w, changed.id, 2);
    const added = await approvedArticle(w, 'Added');
    const retired = await createArticle(w, 'Retired');
    await publishNow(w, retired.id, 1);
    const untouched = await createArticle(w, 'Untouched');
    await publishNow(w, untouched.id, 1);
    await newVersion(w, untouched.id, { fields: [text(w.model.article.fields.title!, 'Untouched draft')] });
    const person = await createPerson(w, 'New author');
    await approve(w, person.id);
    const parent = await createPerson(w, 'Parent', [person.id]);
    await publishNow(w, parent.id, 1);

    const r = await createRelease(w);
    await addEntry(w, r.id, changed.id, 2);
    await addEntry(w, r.id, added.id, 1);
    await addEntry(w, r.id, retired.id, 1, 'archive');
    await addEntry(w, r.id, person.id, 1);

    const minted = await mint({ releaseId: r.id });
    expectStatus(minted, 201);
    expect(minted.body.previewToken).to.deep.include({ releaseId: r.id, contentItemId: null });
    const token = minted.body.token as string;
    const bySlug = (slug: string) => w.api.get(`${w.base}/content/by-slug/${slug}`, { token });

    const c = await bySlug(changed.slug);
    expectStatus(c, 200);
    expect(c.headers.get('cache-control')).to.equal('private, no-store');
    expect(c.body).to.deep.include({ contentItemId: changed.id, versionNumber: 2, status: 'Approved', isPreview: true });
    expect((await bySlug(added.slug)).body).to.deep.include({ versionNumber: 1, isPreview: true });
    expectProblem(await bySlug(retired.slug), 404, 'not-found');
    expect((await bySlug(untouched.slug)).body).to.deep.include({ versionNumber: 1, status: 'Published' });
    const p = await bySlug(parent.slug);
    const embedded = p.body.fields.find((f: { childContentItemId: string | null }) => f.childContentItemId === person.id).child;
    expect(embedded).to.deep.include({ contentItemId: person.id, versionNumber: 1, status: 'Approved', isPreview: true });

    const list = await w.api.get(`${w.base}/content?pageSize=100`, { token });
    expectStatus(list, 200);
    expect(list.headers.get('cache-control')).to.equal('private, no-store');
    const listed = Object.fromEntries(list.body.items.map((i: { id: string; currentlyServingVersion: { versionNumber: number } }) => [i.id, i.currentlyServingVersion.versionNumber]));
    expect(listed).to.include({ [changed.id]: 2, [added.id]: 1, [untouched.id]: 1, [person.id]: 1, [parent.id]: 1 });
    expect(listed).not.to.have.property(retired.id);

    // The site itself is unchanged until the release is published.
    const site = await w.api.get(`${w.base}/content/by-slug/${changed.slug}`, { token: w.reader });
    expect(site.body.versionNumber).to.equal(1);
  });

  it('is workspace-wide (422 with contentItemId), names a release of the workspace (404), and ends with its release (401)', async () => {
    const item = await approvedArticle(w, 'Scoped');
    const r = await createRelease(w);
    await addEntry(w, r.id, item.id, 1);
    const both = await mint({ releaseId: r.id, contentItemId: item.id });
    expectProblem(both, 422, 'validation-failed');
    expect(both.body.errors).to.have.property('/contentItemId');
    expectProblem(await mint({ releaseId: crypto.randomUUID() }), 404, 'not-found');
    const { token } = (await mint({ releaseId: r.id })).body;
    expectStatus(await w.api.get(`${w.base}/content/by-slug/${item.slug}`, { token }), 200);
    const path = `${releasesOf(w)}/${r.id}`;
    expectStatus(await w.api.delete(path, { token: w.editor, headers: await w.api.ifMatch(path, w.editor) }), 204);
    expectProblem(await w.api.get(`${w.base}/content/by-slug/${item.slug}`, { token }), 401, 'unauthenticated');
  });
});
