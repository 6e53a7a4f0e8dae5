// Every operation in the contract × every kind of caller: the access step must answer exactly what
// the operation's `x-verso-access` rule and the spec's Roles / Workspace grants say (401 without
// valid credentials, 404 for a workspace the caller may not see, 403 for a role or grant too low),
// and must let everyone else through to the handler. The operations are read from the bundled
// contract, so an operation added later joins the matrix without touching this file.
//
// Whether the *access step* refused a request (rather than a handler, which may also answer 404
// for a random id) is read from its `access_denied` debug log line, matched by correlation id.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createApiClientToken, createWorkspace, dbQuery, type Role } from '../helpers/actors.js';
import { REPO_ROOT } from '../helpers/prism.js';

type Json = Record<string, any>;
type Access = 'None' | 'Read' | 'Write';
const document = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'openapi/dist/openapi.json'), 'utf8')) as Json;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'contract');

const ROLES: readonly Role[] = ['Reader', 'Editor', 'TemplateAdmin', 'Admin'];
const RANK: Record<string, number> = { Reader: 0, Editor: 1, TemplateAdmin: 2, Admin: 3, None: 0, Read: 1, Write: 2 };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Operation {
  id: string;
  method: string;
  path: string;
  pointer: string;
  rule: Json;
  op: Json;
  parameters: Json[];
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const resolve = (node: Json): Json => {
  while (node && typeof node.$ref === 'string') {
    node = (node.$ref as string).slice(2).split('/').reduce((n: Json, k: string) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return node;
};

const operations: Operation[] = [];
for (const [p, item] of Object.entries(document.paths as Json)) {
  for (const method of METHODS) {
    const op = (item as Json)[method];
    if (!op) continue;
    const parameters = [...((item as Json).parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    operations.push({ id: op.operationId, method: method.toUpperCase(), path: p, pointer: `#/paths/${escape(p)}/${method}`, rule: op['x-verso-access'], op, parameters });
  }
}

const STRING_CANDIDATES = ['x', 'a1', 'abc', 'a-b', 'A', '1', '1.0.0', 'a.b', 'x@example.test', 'https://example.test/'];

/** The smallest value the schema accepts (examples and defaults first, then required parts only). */
function sample(raw: Json, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 12) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) return sample(schema[key].find((s: Json) => resolve(s).type !== 'null') ?? schema[key][0], depth + 1);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: Json) => sample(s, depth + 1)));
  const type = Array.isArray(schema.type) ? (schema.type.find((t: string) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (type === undefined && !schema.properties) return {};
      const out: Json = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      switch (schema.format) {
        case 'uuid':
          return crypto.randomUUID();
        case 'date-time':
          return new Date(Date.now() + 86_400_000).toISOString();
        case 'date':
          return '2030-01-01';
        case 'email':
          return 'x@example.test';
        case 'uri':
          return 'https://example.test/';
      }
      const min = Math.max(schema.minLength ?? 1, 1);
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const found = STRING_CANDIDATES.map((c) => c.padEnd(min, c.at(-1))).find((c) => !pattern || pattern.test(c));
      return found ?? 'x'.repeat(min);
    }
  }
  return null;
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(schemaPointer: string): ReturnType<typeof ajv.compile> {
  let validate = validators.get(schemaPointer);
  if (!validate) validators.set(schemaPointer, (validate = ajv.compile({ $ref: `contract${schemaPointer}` })));
  return validate;
}

function checked(op: Operation, where: string, schemaPointer: string, value: unknown): unknown {
  const validate = validatorFor(schemaPointer);
  if (!validate(value)) {
    throw new Error(`${op.id}: cannot build a valid ${where} (${ajv.errorsText(validate.errors)}); add \`examples\` to its schema`);
  }
  return value;
}

interface BuiltRequest {
  url: string;
  body?: unknown;
  headers: Record<string, string>;
}

function buildRequest(op: Operation, workspaceId: string): BuiltRequest {
  let url = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  op.parameters.forEach((p) => {
    if (p.in === 'path') {
      const value = p.name === 'workspaceId' ? workspaceId : sample(p.schema);
      url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    } else if (p.in === 'query' && p.required) {
      query.set(p.name, String(sample(p.schema)));
    } else if (p.in === 'header' && p.name.toLowerCase() === 'if-match') {
      headers['if-match'] = '"matrix-stale"';
    } else if (p.in === 'header' && p.required) {
      headers[p.name] = String(sample(p.schema));
    }
  });
  const content = resolve(op.op.requestBody ?? {}).content as Json | undefined;
  if (!content) return { url: url + (query.size ? `?${query}` : ''), headers };
  const mediaType = 'application/json' in content ? 'application/json' : Object.keys(content)[0]!;
  const pointer = `${op.pointer}/requestBody/content/${escape(mediaType)}/schema`;
  const schema = resolve(content[mediaType].schema ?? {});
  // A body that is one of several shapes: the first alternative whose sample the contract accepts.
  const alternatives: Json[] = schema.anyOf ?? schema.oneOf ?? [schema];
  const candidates = alternatives.map((alt) => sample(alt));
  const validate = validatorFor(pointer);
  const body = checked(op, 'request body', pointer, candidates.find((c) => validate(c)) ?? candidates[0]);
  if (mediaType !== 'application/json') headers['content-type'] = mediaType;
  return { url: url + (query.size ? `?${query}` : ''), headers, body };
}

interface MatrixActor {
  name: string;
  token(): Promise<string | undefined>;
  role?: Role;
  superadmin: boolean;
  /** Access to the target workspace (superadmin reach not included). */
  access: Access;
}

/** What the access step must answer, or 'allowed'. Mirrors the spec's order of decisions. */
function expected(rule: Json, actor: MatrixActor, hasWorkspaceParam: boolean): 401 | 403 | 404 | 'allowed' {
  if (rule.public) return 'allowed';
  if (!actor.role) return 401;
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
