// Preview tokens live only while their minter may mint them: deleting or deactivating the user,
// lowering their role below Editor, or taking Write on the workspace away (grant removed or made
// Read) revokes the tokens they minted there — 401 at once here and on another replica — while a
// change that keeps that right (a new name, Write elsewhere removed) leaves them alone. Editors list
// and revoke the tokens they minted themselves; Admins every token of the workspace.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace } from '../helpers/actors.js';
import { within } from '../helpers/wait.js';
import { createArticle, dbQuery, expectProblem, expectStatus, startContentWorld, type ContentWorld } from './content-fixture.js';

describe('preview tokens follow the user who minted them', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  let b: TestApi;
  let superadmin: { id: string; token: string };
  let slug: string;

  before(async () => {
    w = await startContentWorld();
    b = await startTestApi({ databaseUrl: w.api.databaseUrl });
    superadmin = await createActor(w.api, { role: 'Admin', superadmin: true });
    slug = (await createArticle(w, 'Previewed')).slug;
  });
  after(async () => {
    await b?.close();
    await w?.api.close();
  });

  type Minter = { id: string; email: string; token: string };
  const editorWithWrite = async (grants: Record<string, 'Read' | 'Write'> = { [w.ws]: 'Write' }) => createActor(w.api, { role: 'Editor', grants });
  const mint = async (user: Minter, base = w.base) => {
    const res = await w.api.post(`${base}/preview-tokens`, {}, { token: user.token });
    expectStatus(res, 201);
    return res.body as { token: string; previewToken: { id: string } };
  };
  const bySlug = (api: TestApi, token: string) => api.get(`${w.base}/content/by-slug/${slug}`, { token });
  const putUser = async (user: Minter, changes: Record<string, unknown>) => {
    const current = await w.api.get(`/api/v1/users/${user.id}`, { token: superadmin.token });
    const body = { email: current.body.email, displayName: current.body.displayName, role: current.body.role, isSuperAdmin: false, isActive: true, ...changes };
    const res = await w.api.put(`/api/v1/users/${user.id}`, body, { token: superadmin.token, headers: { 'if-match': current.headers.get('etag')! } });
    expectStatus(res, 200);
  };
  /** Works on both replicas (b caches the token's actor, so its revocation must reach b too). */
  const expectLive = async (token: string) => {
    expectStatus(await bySlug(w.api, token), 200);
    expectStatus(await bySlug(b, token), 200);
  };
  const expectRevoked = async (token: string, tokenId: string) => {
    expectProblem(await bySlug(w.api, token), 401, 'unauthenticated');
    await within(5_000, async () => (await bySlug(b, token)).status === 401);
    const [row] = await dbQuery(w.api, 'SELECT revoked_at FROM preview_tokens WHERE id = $1', [tokenId]);
    expect(row.revoked_at).to.be.an.instanceOf(Date);
    const audit = await dbQuery(w.api, `SELECT actor_id FROM audit_log WHERE entity_type = 'PreviewToken' AND entity_id = $1 AND action = 'Deleted'`, [tokenId]);
    expect(audit.map((a) => a.actor_id)).to.deep.equal([superadmin.id]);
  };

  describe('revoked when the minter loses the right to mint', () => {
    it('the user is deleted', async () => {
      const user = await editorWithWrite();
      const { token, previewToken } = await mint(user);
      await expectLive(token);
      const headers = await w.api.ifMatch(`/api/v1/users/${user.id}`, superadmin.token);
      expectStatus(await w.api.delete(`/api/v1/users/${user.id}`, { token: superadmin.token, headers }), 204);
      await expectRevoked(token, previewToken.id);
    });

    it('the user is deactivated', async () => {
      const user = await editorWithWrite();
      const { token, previewToken } = await mint(user);
      await expectLive(token);
      await putUser(user, { isActive: false });
      await expectRevoked(token, previewToken.id);
    });

    it('the role falls below Editor', async () => {
      const user = await editorWithWrite();
      const { token, previewToken } = await mint(user);
      await expectLive(token);
      await putUser(user, { role: 'Reader' });
      await expectRevoked(token, previewToken.id);
    });

    it('the grant on the workspace is removed, or lowered to Read; tokens of a workspace where Write stays live on', async () => {
      const other = await createWorkspace(w.api);
      const otherBase = `/api/v1/workspaces/${other.id}`;
      const removed = await editorWithWrite({ [w.ws]: 'Write', [other.id]: 'Write' });
      const here = await mint(removed);
      const there = await mint(removed, otherBase);
      await expectLive(here.token);
      await putUser(removed, { workspaceAccesses: [{ workspaceId: other.id, accessLevel: 'Write' }] });
      await expectRevoked(here.token, here.previewToken.id);
      expectStatus(await w.api.get(`${otherBase}/content`, { token: there.token }), 200);

      const lowered = await editorWithWrite();
      const minted = await mint(lowered);
      await expectLive(minted.token);
      await putUser(lowered, { workspaceAccesses: [{ workspaceId: w.ws, accessLevel: 'Read' }] });
      await expectRevoked(minted.token, minted.previewToken.id);
    });
  });

  it('kept by a change that leaves the right to mint: a new name, another role that can mint, the superadmin flag instead of the grant', async () => {
    const user = await editorWithWrite();
    const { token, previewToken } = await mint(user);
    await putUser(user, { displayName: 'Renamed editor' });
    await putUser(user, { role: 'TemplateAdmin' });
    await expectLive(token);
    // Superadmin reaches every workspace with Write, so the grant is no longer needed.
    await putUser(user, { isSuperAdmin: true, workspaceAccesses: [] });
    await expectLive(token);
    const [row] = await dbQuery(w.api, 'SELECT revoked_at FROM preview_tokens WHERE id = $1', [previewToken.id]);
    expect(row.revoked_at).to.equal(null);
    // Another user's change touches no one else's tokens.
    const bystander = await editorWithWrite();
    const theirs = await mint(bystander);
    await putUser(await editorWithWrite(), { isActive: false });
    await expectLive(theirs.token);
  });

  describe('GET and DELETE …/preview-tokens for the minter', () => {
    it('an Editor lists only the tokens they minted and revokes them; another Editor\'s is 404; an Admin sees and revokes all', async () => {
      const alice = await editorWithWrite();
      const bob = await editorWithWrite();
      const a1 = await mint(alice);
      const a2 = await mint(alice);
      const b1 = await mint(bob);

      const listed = await w.api.get(`${w.base}/preview-tokens?pageSize=100`, { token: alice.token });
      expectStatus(listed, 200);
      expect(listed.body.items.map((t: any) => t.id)).to.deep.equal([a2.previewToken.id, a1.previewToken.id]);
      expect(listed.body.totalCount).to.equal(2);
      expect(listed.body.items.every((t: any) => t.createdByUserId === alice.id)).to.equal(true);

      expectProblem(await w.api.delete(`${w.base}/preview-tokens/${b1.previewToken.id}`, { token: alice.token }), 404, 'not-found');
      await expectLive(b1.token);
      expectStatus(await w.api.delete(`${w.base}/preview-tokens/${a1.previewToken.id}`, { token: alice.token }), 204);
      expectProblem(await bySlug(w.api, a1.token), 401, 'unauthenticated');
      await within(5_000, async () => (await bySlug(b, a1.token)).status === 401);
      expect((await w.api.get(`${w.base}/preview-tokens`, { token: alice.token })).body.items.map((t: any) => t.id)).to.deep.equal([a2.previewToken.id]);

      const all = (await w.api.get(`${w.base}/preview-tokens?pageSize=100`, { token: w.admin })).body.items.map((t: any) => t.id);
      expect(all).to.include.members([a2.previewToken.id, b1.previewToken.id]);
      expectStatus(await w.api.delete(`${w.base}/preview-tokens/${b1.previewToken.id}`, { token: w.admin }), 204);
      expectProblem(await bySlug(w.api, b1.token), 401, 'unauthenticated');
    });

    it('a Reader may not list them; an Editor with Read lists (their own, none) but may not revoke; a caller that is no user sees none', async () => {
      expectProblem(await w.api.get(`${w.base}/preview-tokens`, { token: w.reader }), 403, 'forbidden');
      const readOnly = await w.api.get(`${w.base}/preview-tokens`, { token: w.readOnlyEditor });
      expectStatus(readOnly, 200);
      expect(readOnly.body.totalCount).to.equal(0);
      const { previewToken } = await mint(await editorWithWrite());
      expectProblem(await w.api.delete(`${w.base}/preview-tokens/${previewToken.id}`, { token: w.readOnlyEditor }), 403, 'forbidden');
      const client = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Editor' });
      const clientList = await w.api.get(`${w.base}/preview-tokens`, { token: client.token });
      expectStatus(clientList, 200);
      expect(clientList.body.totalCount).to.equal(0);
      expectProblem(await w.api.delete(`${w.base}/preview-tokens/${previewToken.id}`, { token: client.token }), 404, 'not-found');
    });
  });
});
