// Work queues across a workspace's items (issue #25, the admin's Home): GET …/content/versions by
// status, creator (`me`), rejection and schedule — one page per read, each row naming its item by title.
import { expect } from 'chai';
import { createActor, createApiClientToken } from '../helpers/actors.js';
import { createArticle, createPerson, dbQuery, expectProblem, expectStatus, startContentWorld, type ContentWorld } from './content-fixture.js';

describe('GET /workspaces/{workspaceId}/content/versions', () => {
  let w: ContentWorld;
  let otherEditor: string;
  let url: string;
  const items = (res: { body: any }) => res.body.items as any[];
  const itemIds = (res: { body: any }) => items(res).map((r) => r.contentItemId);
  const act = (itemId: string, n: number, action: string, token: string, body?: unknown) => w.api.post(`${w.base}/content/${itemId}/versions/${n}/${action}`, body, { token });

  let mine: { id: string }, theirs: { id: string }, inReview: { id: string }, rejected: { id: string }, scheduled: { id: string };
  before(async () => {
    w = await startContentWorld();
    url = `${w.base}/content/versions`;
    otherEditor = (await createActor(w.api, { role: 'Editor', grants: { [w.ws]: 'Write' } })).token;
    mine = await createArticle(w, 'My draft');
    theirs = (await w.api.post(`${w.base}/content`, { templateVersionId: w.model.article.versionId, tags: [], fields: [{ fieldId: w.model.article.fields.title!, order: 0, valueKind: 'Text', textValue: 'Their draft' }] }, { token: otherEditor })).body;
    inReview = await createArticle(w, 'Waiting');
    expectStatus(await act(inReview.id, 1, 'submit', w.editor), 200);
    rejected = await createArticle(w, 'Sent back');
    expectStatus(await act(rejected.id, 1, 'submit', w.editor), 200);
    expectStatus(await act(rejected.id, 1, 'reject', w.reviewer, { reason: 'Needs a better intro' }), 200);
    scheduled = await createArticle(w, 'Tomorrow');
    expectStatus(await act(scheduled.id, 1, 'submit', w.editor), 200);
    expectStatus(await act(scheduled.id, 1, 'approve', w.reviewer), 200);
    const publishAt = new Date(Date.now() + 86_400_000).toISOString();
    expectStatus(await act(scheduled.id, 1, 'publish', w.reviewer, { publishAt }), 200);
  });
  after(() => w.api.close());

  it('answers 401 without a token, 404 for a workspace the caller cannot see, 400 for a bad createdBy', async () => {
    expectProblem(await w.api.get(url), 401, 'unauthenticated');
    expectProblem(await w.api.get(url, { token: w.stranger }), 404, 'not-found');
    const bad = await w.api.get(`${url}?createdBy=someone`, { token: w.editor });
    expectProblem(bad, 400, 'bad-request');
  });

  it('lists the versions in Review with their item’s title, slug and template, for any reader', async () => {
    const res = await w.api.get(`${url}?status=Review`, { token: w.reader });
    expectStatus(res, 200);
    expect(res.body).to.include({ totalCount: 1, page: 1, pageSize: 20, totalPages: 1 });
    const [row] = items(res);
    expect(row).to.include({ contentItemId: inReview.id, title: 'Waiting', templateName: 'Article', rejectedAt: null, rejectionReason: null });
    expect(row.version).to.include({ versionNumber: 1, status: 'Review', contentItemId: inReview.id });
  });

  it('narrows to the caller’s own versions with createdBy=me (and by a user id)', async () => {
    const res = await w.api.get(`${url}?status=Draft&createdBy=me&rejected=false`, { token: w.editor });
    expectStatus(res, 200);
    expect(itemIds(res)).to.deep.equal([mine.id]);
    const theirsRes = await w.api.get(`${url}?status=Draft&createdBy=me`, { token: otherEditor });
    expect(itemIds(theirsRes)).to.deep.equal([theirs.id]);
    const creator = items(theirsRes)[0].createdByUserId;
    expect(creator).to.be.a('string');
    expect(itemIds(await w.api.get(`${url}?createdBy=${creator.toUpperCase()}`, { token: w.reader }))).to.deep.equal([theirs.id]);
  });

  it('finds the versions a reviewer sent back, with when and why; a new submit clears it', async () => {
    const res = await w.api.get(`${url}?createdBy=me&rejected=true`, { token: w.editor });
    expectStatus(res, 200);
    expect(itemIds(res)).to.deep.equal([rejected.id]);
    // One item's own entries (an item page asking why its Draft was sent back): a page of its versions only.
    const own = await w.api.get(`${url}?rejected=true&contentItemId=${rejected.id.toUpperCase()}`, { token: w.reader });
    expect(itemIds(own)).to.deep.equal([rejected.id]);
    expect(itemIds(await w.api.get(`${url}?rejected=true&contentItemId=${mine.id}`, { token: w.reader }))).to.deep.equal([]);
    expect(itemIds(await w.api.get(`${url}?contentItemId=${inReview.id}`, { token: w.reader }))).to.deep.equal([inReview.id]);
    expectProblem(await w.api.get(`${url}?contentItemId=not-an-id`, { token: w.reader }), 400, 'bad-request');
    expect(items(res)[0]).to.include({ rejectionReason: 'Needs a better intro', title: 'Sent back' });
    expect(items(res)[0].rejectedAt).to.be.a('string');
    expectStatus(await act(rejected.id, 1, 'submit', w.editor), 200);
    expect(items(await w.api.get(`${url}?rejected=true`, { token: w.editor }))).to.deep.equal([]);
    const review = await w.api.get(`${url}?status=Review`, { token: w.reviewer });
    expect(items(review).find((r) => r.contentItemId === rejected.id)).to.include({ rejectedAt: null, rejectionReason: null });
  });

  it('lists what is scheduled, soonest first', async () => {
    const later = await createArticle(w, 'Next week');
    expectStatus(await act(later.id, 1, 'submit', w.editor), 200);
    expectStatus(await act(later.id, 1, 'approve', w.reviewer), 200);
    expectStatus(await act(later.id, 1, 'publish', w.reviewer, { publishAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }), 200);
    const res = await w.api.get(`${url}?scheduled=true&pageSize=5`, { token: w.reader });
    expectStatus(res, 200);
    expect(itemIds(res)).to.deep.equal([scheduled.id, later.id]);
    expect(items(res)[0].version.publishAt).to.be.a('string');
  });

  it('pages with the total counted, also past the end', async () => {
    const first = await w.api.get(`${url}?pageSize=2`, { token: w.reader });
    expectStatus(first, 200);
    expect(items(first)).to.have.length(2);
    const total = first.body.totalCount as number;
    expect(total).to.be.greaterThan(4);
    const past = await w.api.get(`${url}?page=99&pageSize=2`, { token: w.reader });
    expectStatus(past, 200);
    expect(past.body).to.include({ totalCount: total, page: 99 });
    expect(items(past)).to.deep.equal([]);
  });

  it('records the creating user on every version; an API client’s createdBy=me matches nothing', async () => {
    const rows = await dbQuery(w.api, 'SELECT count(*)::int AS n FROM content_versions WHERE created_by_user_id IS NULL');
    expect(rows[0].n).to.equal(0);
    const client = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Editor' });
    const res = await w.api.get(`${url}?createdBy=me`, { token: client.token });
    expectStatus(res, 200);
    expect(res.body).to.include({ totalCount: 0 });
    expect(items(await w.api.get(url, { token: client.token }))).to.not.deep.equal([]);
  });

  it('names an expanded child by its title (getContentVersion, expandChildren)', async () => {
    const friend = await createPerson(w, 'Ada Lovelace');
    const res = await w.api.post(`${w.base}/content/${friend.id}/versions/1/publish`, { overrideWorkflow: true }, { token: w.admin });
    expectStatus(res, 200);
    const host = await createPerson(w, 'Host', [friend.id]);
    const read = await w.api.get(`${w.base}/content/${host.id}/versions/1?expandChildren=true`, { token: w.reader });
    expectStatus(read, 200);
    const value = read.body.fields.find((f: any) => f.childContentItemId === friend.id);
    expect(value.child).to.include({ title: 'Ada Lovelace' });
  });
});
