import crypto from 'node:crypto';
import { expect } from 'chai';
import { changeDelta, redactSecret } from '../../server/src/services/platform/audit.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, dbQuery } from '../helpers/actors.js';

describe('audit delta and redaction', () => {
  it('records before/after only for changed properties', () => {
    expect(changeDelta({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2], d: null })).to.deep.equal({
      b: { before: 'x', after: 'y' },
      c: { before: [1], after: [1, 2] },
    });
  });

  it('redacts PasswordHash and TokenHash (any casing) to redacted: + 12 hex of SHA-256, and any Secret to the bare text redacted', () => {
    const digest = (s: string) => `redacted:${crypto.createHash('sha256').update(s).digest('hex').slice(0, 12)}`;
    const delta = changeDelta({ PasswordHash: 'old', secret: null }, { PasswordHash: 'new', secret: 's3', token_hash: 'th', signingSecret: 'x', client_secret: 'y' });
    expect(delta).to.deep.equal({
      PasswordHash: { before: digest('old'), after: digest('new') },
      secret: { before: null, after: 'redacted' },
      token_hash: { before: null, after: digest('th') },
      signingSecret: { before: null, after: 'redacted' },
      client_secret: { before: null, after: 'redacted' },
    });
    expect(redactSecret('abc', 'passwordHash')).to.equal(digest('abc'));
    // No digest of a secret at all, however short: nothing to test guesses against.
    expect(redactSecret('abc', 'Secret')).to.equal('redacted');
    // A changed secret still shows as a change, both sides redacted.
    expect(changeDelta({ secret: 'one' }, { secret: 'two' })).to.deep.equal({ secret: { before: 'redacted', after: 'redacted' } });
    expect(changeDelta({ secret: 'same' }, { secret: 'same' })).to.deep.equal({});
  });
});

describe('GET /api/v1/audit and /api/v1/workspaces/{workspaceId}/audit', () => {
  let api: TestApi;
  let a: { id: string };
  let b: { id: string };
  let su: { id: string; token: string };
  before(async () => {
    api = await startTestApi();
    su = await createActor(api, { role: 'Admin', superadmin: true });
    const created = [];
    for (const name of ['Audit A', 'Audit B']) {
      const res = await api.post('/api/v1/workspaces', { name, slug: name.toLowerCase().replace(' ', '-') }, { token: su.token });
      created.push({ id: res.body.id as string });
    }
    [a, b] = created as [{ id: string }, { id: string }];
    const etag = (await api.get(`/api/v1/workspaces/${a.id}`, { token: su.token })).headers.get('etag')!;
    await api.put(`/api/v1/workspaces/${a.id}`, { name: 'Audit A2', slug: 'audit-a' }, { token: su.token, headers: { 'if-match': etag } });
  });
  after(() => api.close());

  it('needs TemplateAdmin (Editor → 403)', async () => {
    const editor = await createActor(api, { role: 'Editor', grants: { [a.id]: 'Write' } });
    expect((await api.get('/api/v1/audit', { token: editor.token })).status).to.equal(403);
    expect((await api.get(`/api/v1/workspaces/${a.id}/audit`, { token: editor.token })).status).to.equal(403);
  });

  it('shows entries newest first with actor, delta and the default page size of 50', async () => {
    const res = await api.get(`/api/v1/workspaces/${a.id}/audit`, { token: su.token });
    expect(res.status).to.equal(200);
    expect(res.body.pageSize).to.equal(50);
    expect(res.body.items.map((e: { action: string }) => e.action)).to.deep.equal(['Updated', 'Created']);
    const [updated] = res.body.items;
    expect(updated).to.include({ entityType: 'Workspace', entityId: a.id, workspaceId: a.id });
    expect(updated.actor).to.deep.equal({ type: 'User', id: su.id, displayName: `Admin ${(await dbQuery(api, 'SELECT email FROM users WHERE id = $1', [su.id]))[0].email}` });
    expect(updated.changeDelta).to.deep.equal({ name: { before: 'Audit A', after: 'Audit A2' } });
  });

  it('a user sees only their granted workspaces in the global log; a superadmin sees user changes too', async () => {
    const ta = await createActor(api, { role: 'TemplateAdmin', grants: { [b.id]: 'Read' } });
    const res = await api.get('/api/v1/audit?pageSize=100', { token: ta.token });
    expect(res.body.items.length).to.be.greaterThan(0);
    expect(res.body.items.every((e: { workspaceId: string }) => e.workspaceId === b.id)).to.equal(true);
    const all = await api.get('/api/v1/audit?entityType=user&pageSize=100', { token: su.token });
    // The seeded administrator was created by the system: no actor.
    expect(all.body.items.some((e: { entityType: string; actor: unknown }) => e.entityType === 'User' && e.actor === null)).to.equal(true);
  });

  it('an API client reads its own workspace only (another workspace → 404)', async () => {
    const client = await createApiClientToken(api, { workspaceId: b.id, role: 'TemplateAdmin' });
    const res = await api.get('/api/v1/audit', { token: client.token });
    expect(res.body.items.every((e: { workspaceId: string }) => e.workspaceId === b.id)).to.equal(true);
    expect((await api.get(`/api/v1/workspaces/${a.id}/audit`, { token: client.token })).status).to.equal(404);
  });

  it('filters by entityType, entityId, action, actor and time, and pages', async () => {
    const q = (s: string) => api.get(`/api/v1/audit?${s}`, { token: su.token });
    expect((await q(`EntityId=${a.id}&Action=Created`)).body.totalCount).to.equal(1);
    expect((await q(`entityId=${a.id}&actorUserId=${su.id}`)).body.totalCount).to.equal(2);
    expect((await q(`entityId=${a.id}&actorApiClientId=${su.id}`)).body.totalCount).to.equal(0);
    expect((await q(`entityId=${a.id}&after=2999-01-01T00:00:00Z`)).body.totalCount).to.equal(0);
    expect((await q(`entityId=${a.id}&before=2999-01-01T00:00:00Z`)).body.totalCount).to.equal(2);
    const paged = await q(`entityId=${a.id}&page=2&pageSize=1`);
    expect(paged.body).to.include({ page: 2, pageSize: 1, totalCount: 2, totalPages: 2 });
    expect(paged.body.items[0].action).to.equal('Created');
    const beyond = await q(`entityId=${a.id}&page=9&pageSize=1`);
    expect(beyond.body.items).to.deep.equal([]);
    expect(beyond.body.totalCount).to.equal(2);
    expect((await q('action=Renamed')).status).to.equal(400);
  });

  it('is append-only in the database', async () => {
    let failed = false;
    try {
      await dbQuery(api, 'DELETE FROM audit_log');
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
  });

  it('a failed mutation leaves no entry (written in the same transaction)', async () => {
    const before = (await dbQuery(api, 'SELECT count(*)::int AS n FROM audit_log'))[0].n;
    expect((await api.post('/api/v1/workspaces', { name: 'dup', slug: 'audit-b' }, { token: su.token })).status).to.equal(409);
    expect((await dbQuery(api, 'SELECT count(*)::int AS n FROM audit_log'))[0].n).to.equal(before);
  });
});
