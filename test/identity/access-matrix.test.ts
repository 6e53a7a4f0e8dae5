// Every operation in the contract × every kind of caller: the access step must answer exactly what
// the operation's `x-verso-access` rule and the spec's Roles / Workspace grants say (401 without
// valid credentials, 404 for a workspace the caller may not see, 403 for a role or grant too low),
// and must let everyone else through to the handler. The operations are read from the bundled
// contract, so an operation added later joins the matrix without touching this file.
//
// Whether the *access step* refused a request (rather than a handler, which may also answer 404
// for a random id) is read from its `access_denied` debug log line, matched by correlation id.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery, type Role } from '../helpers/actors.js';
import { buildRequest, operations, requestBodyOf, type ContractOperation, type Json } from '../helpers/contract-requests.js';

type Access = 'None' | 'Read' | 'Write';
type Operation = ContractOperation;

const ROLES: readonly Role[] = ['Reader', 'Editor', 'TemplateAdmin', 'Admin'];
const RANK: Record<string, number> = { Reader: 0, Editor: 1, TemplateAdmin: 2, Admin: 3, None: 0, Read: 1, Write: 2 };

/**
 * A request that breaks the contract everywhere it can while still reaching the operation: every
 * path parameter but the workspace malformed, an undeclared query parameter holding U+0000, and a
 * body that is not JSON. Only a caller the access step lets through may learn any of that.
 */
function invalidRequest(op: Operation, workspaceId: string): { url: string; rawBody?: string; headers: Record<string, string> } {
  let url = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    url = url.replace(`{${p.name}}`, p.name === 'workspaceId' ? workspaceId : p.schema?.type === 'integer' ? '0' : 'not-a-uuid');
  }
  const headers: Record<string, string> = {};
  if (!requestBodyOf(op)) return { url: `${url}?bogus=%00`, headers };
  headers['content-type'] = 'application/json';
  return { url: `${url}?bogus=%00`, rawBody: '{"not json', headers };
}

interface MatrixActor {
  name: string;
  token(): Promise<string | undefined>;
  role?: Role;
  superadmin: boolean;
  /** Access to the target workspace (superadmin reach not included). */
  access: Access;
  /** A preview token (issue #27): only operations whose rule says `preview: true`, else 403. */
  preview?: boolean;
  /** A delivery-only API client (issue #35): only operations whose rule says `delivery: true`, else 403. */
  delivery?: boolean;
}

/** What the access step must answer, or 'allowed'. Mirrors the spec's order of decisions. */
function expected(rule: Json, actor: MatrixActor, hasWorkspaceParam: boolean): 401 | 403 | 404 | 'allowed' {
  if (rule.public) return 'allowed';
  if (!actor.role) return 401;
  if (actor.preview && !rule.preview) return 403;
  if (actor.delivery && !rule.delivery) return 403;
  const role = RANK[actor.role]!;
  if (rule.workspace && rule.workspace !== 'None' && hasWorkspaceParam) {
    const access: Access = actor.superadmin ? 'Write' : actor.access;
    if (access === 'None') return 404;
    if (rule.superadmin && !actor.superadmin) return 403;
    if (role < RANK[rule.role]!) return 403;
    if (RANK[access]! < RANK[rule.workspace]!) return 403;
    return 'allowed';
  }
  if (rule.superadmin && !actor.superadmin) return 403;
  if (role < RANK[rule.role]!) return 403;
  return 'allowed';
}

describe('access matrix: every operation × every kind of caller', function () {
  this.timeout(180_000);
  let api: TestApi;
  let target: { id: string };
  const actors: MatrixActor[] = [];
  let counter = 0;

  before(async () => {
    api = await startTestApi();
    target = await createWorkspace(api, { name: 'Matrix target' });
    const elsewhere = await createWorkspace(api, { name: 'Matrix elsewhere' });
    const sessionFor = (userId: string) => async () => {
      // A fresh session per request: logout and refresh end the one they are called with.
      const token = crypto.randomBytes(48).toString('base64url');
      const digest = crypto.createHash('sha256').update(token).digest('hex');
      await dbQuery(api, `INSERT INTO user_sessions (user_id, token_hash, expires_at) VALUES ($1, $2, now() + interval '1 hour')`, [userId, digest]);
      return token;
    };
    for (const role of ROLES) {
      for (const access of ['None', 'Read', 'Write'] as const) {
        const grants = access === 'None' ? {} : { [target.id]: access };
        const user = await createActor(api, { role, grants });
        actors.push({ name: `${role} user, grant ${access}`, token: sessionFor(user.id), role, superadmin: false, access });
      }
      const su = await createActor(api, { role, superadmin: true });
      actors.push({ name: `${role} superadmin (no grant)`, token: sessionFor(su.id), role, superadmin: true, access: 'None' });
      const inside = await createApiClientToken(api, { workspaceId: target.id, role });
      actors.push({ name: `${role} API client scoped to the workspace`, token: async () => inside.token, role, superadmin: false, access: RANK[role]! >= 1 ? 'Write' : 'Read' });
      const outside = await createApiClientToken(api, { workspaceId: elsewhere.id, role });
      actors.push({ name: `${role} API client scoped elsewhere`, token: async () => outside.token, role, superadmin: false, access: 'None' });
    }
    // Preview tokens, minted as the admin's Preview button does (an Editor with Write).
    const mintPreview = async (ws: string) => {
      const editor = await createActor(api, { role: 'Editor', grants: { [ws]: 'Write' } });
      const res = await api.post(`/api/v1/workspaces/${ws}/preview-tokens`, {}, { token: editor.token });
      expect(res.status).to.equal(201);
      return res.body.token as string;
    };
    const previewInside = await mintPreview(target.id);
    const previewOutside = await mintPreview(elsewhere.id);
    actors.push({ name: 'preview token of the workspace', token: async () => previewInside, role: 'Reader', superadmin: false, access: 'Read', preview: true });
    actors.push({ name: 'preview token of another workspace', token: async () => previewOutside, role: 'Reader', superadmin: false, access: 'None', preview: true });
    actors.push({ name: 'unknown preview token', token: async () => `verso_preview_${'ab'.repeat(12)}_${'x'.repeat(43)}`, superadmin: false, access: 'None' });
    // Delivery-only API clients, as POST /clients with "scope": "delivery" makes them (a Reader).
    const deliveryClient = async (workspaceId: string | null) => {
      const identifier = crypto.randomBytes(12).toString('hex');
      const token = `verso_${identifier}_${crypto.randomBytes(32).toString('base64url')}`;
      const digest = crypto.createHash('sha256').update(token).digest('hex');
      await dbQuery(api, `INSERT INTO api_clients (name, role, scope, workspace_id, identifier, token_hash) VALUES ($1, 'Reader', 'Delivery', $2, $3, $4)`, [
        `delivery-${identifier.slice(0, 6)}`,
        workspaceId,
        identifier,
        digest,
      ]);
      return token;
    };
    const deliveryInside = await deliveryClient(target.id);
    const deliveryOutside = await deliveryClient(elsewhere.id);
    const deliveryEverywhere = await deliveryClient(null);
    actors.push({ name: 'delivery-only API client of the workspace', token: async () => deliveryInside, role: 'Reader', superadmin: false, access: 'Read', delivery: true });
    actors.push({ name: 'delivery-only API client of another workspace', token: async () => deliveryOutside, role: 'Reader', superadmin: false, access: 'None', delivery: true });
    actors.push({ name: 'delivery-only API client of every workspace', token: async () => deliveryEverywhere, role: 'Reader', superadmin: false, access: 'Read', delivery: true });
    actors.push({ name: 'anonymous', token: async () => undefined, superadmin: false, access: 'None' });
    actors.push({ name: 'unknown bearer token', token: async () => 'not-a-real-session-token', superadmin: false, access: 'None' });
    actors.push({ name: 'unknown API-client token', token: async () => `verso_${'ab'.repeat(12)}_${'x'.repeat(43)}`, superadmin: false, access: 'None' });
  });
  after(() => api.close());

  it('covers the whole contract', () => {
    expect(operations.length).to.be.greaterThan(20);
    for (const op of operations) expect(op.rule, op.id).to.be.an('object');
  });

  for (const op of operations) {
    it(`${op.method} ${op.path} (${op.id}) — ${op.rule.public ? 'public' : JSON.stringify(op.rule)}`, async () => {
      const hasWorkspaceParam = op.parameters.some((p) => p.in === 'path' && p.name === 'workspaceId');
      const failures: string[] = [];
      await Promise.all(
        actors.map(async (actor) => {
          const built = buildRequest(op, target.id);
          const correlationId = `matrix-${++counter}`;
          const token = await actor.token();
          const res = await api.request(op.method, built.url, { body: built.body, token, headers: { ...built.headers, 'x-correlation-id': correlationId } });
          const denial = api.log.lines.find((l) => l.correlationId === correlationId && l.event === 'access_denied');
          const want = expected(op.rule, actor, hasWorkspaceParam);
          if (want === 'allowed') {
            if (denial) failures.push(`${actor.name}: access step refused with ${String(denial.status)}, expected it to let the request through`);
            else if (res.status >= 500) failures.push(`${actor.name}: allowed, but the handler answered ${res.status}`);
          } else if (!denial || denial.status !== want || res.status !== want) {
            failures.push(`${actor.name}: expected the access step to answer ${want}, got ${res.status}${denial ? ` (access step: ${String(denial.status)})` : ' from the handler'}`);
          }
        }),
      );
      expect(failures, failures.join('\n')).to.deep.equal([]);
    });
  }
});

describe('access matrix: invalid requests from anonymous and Reader callers', function () {
  this.timeout(180_000);
  let api: TestApi;
  let target: { id: string };
  const callers: { name: string; token?: string; role?: Role; access: Access }[] = [];

  before(async () => {
    api = await startTestApi();
    target = await createWorkspace(api, { name: 'Matrix target' });
    callers.push({ name: 'anonymous', access: 'None' });
    callers.push({ name: 'Reader user, grant Read', token: (await createActor(api, { role: 'Reader', grants: { [target.id]: 'Read' } })).token, role: 'Reader', access: 'Read' });
    callers.push({ name: 'Reader user, no grant', token: (await createActor(api, { role: 'Reader' })).token, role: 'Reader', access: 'None' });
  });
  after(() => api.close());

  for (const op of operations.filter((o) => !o.rule.public)) {
    it(`${op.method} ${op.path} (${op.id}): refused before validation and before the body is read`, async () => {
      const hasWorkspaceParam = op.parameters.some((p) => p.in === 'path' && p.name === 'workspaceId');
      const failures: string[] = [];
      for (const caller of callers) {
        const built = invalidRequest(op, target.id);
        const res = await api.request(op.method, built.url, { rawBody: built.rawBody, token: caller.token, headers: built.headers });
        const want = expected(op.rule, { name: caller.name, token: async () => caller.token, role: caller.role, superadmin: false, access: caller.access }, hasWorkspaceParam);
        if (want === 'allowed') {
          // Allowed to call the operation, so allowed to hear what is wrong with the request.
          if (res.status !== 400) failures.push(`${caller.name}: allowed, expected 400 for the invalid request, got ${res.status}`);
        } else if (res.status !== want) {
          failures.push(`${caller.name}: expected ${want} before validation, got ${res.status}: ${JSON.stringify(res.body)}`);
        } else if (res.body?.errors !== undefined) {
          failures.push(`${caller.name}: the refusal carries validation details`);
        }
      }
      expect(failures, failures.join('\n')).to.deep.equal([]);
    });
  }
});
