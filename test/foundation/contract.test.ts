import fs from 'node:fs';
import { expect } from 'chai';
import { Validator } from '@seriousme/openapi-schema-validator';
import { CONTRACT_PATH, loadContract } from '../../server/src/contract.js';
import { parseAccessRule } from '../../server/src/http/access-rule.js';
import { createOpenApiRouter } from '../../server/src/http/openapi-router.js';
import { handlers } from '../../server/src/handlers/index.js';
import type { Dependencies } from '../../server/src/dependencies.js';

const doc = JSON.parse(fs.readFileSync(CONTRACT_PATH, 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([p, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ path: p, method: m, op: item[m] })),
);

describe('the contract', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(doc));
    expect(result.errors ?? []).to.deep.equal([]);
    expect(result.valid).to.equal(true);
  });

  it('gives every operation a camelCase operationId, a tag and a valid x-verso-access rule', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations) {
      expect(op.operationId, `${method} ${path}`).to.match(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId), `duplicate ${op.operationId}`).to.equal(false);
      ids.add(op.operationId);
      expect(op.tags, op.operationId).to.be.an('array').with.length.greaterThan(0);
      expect(() => parseAccessRule(op.operationId, op['x-verso-access'])).not.to.throw();
      if (op['x-verso-access'].public) expect(op.security, `${op.operationId} is public`).to.deep.equal([]);
      else expect(op.responses, op.operationId).to.have.property('401');
    }
  });

  it('rejects a malformed access rule', () => {
    expect(() => parseAccessRule('x', undefined)).to.throw(/missing/);
    expect(() => parseAccessRule('x', { role: 'Owner' })).to.throw(/needs role/);
    expect(() => parseAccessRule('x', { role: 'Reader', workspace: 'Full' })).to.throw(/workspace/);
    expect(() => parseAccessRule('x', { public: true, role: 'Reader' })).to.throw(/no other keys/);
    expect(() => parseAccessRule('x', { role: 'Reader', scope: 'all' })).to.throw(/unknown key/);
  });

  it('fails start-up when the document is not valid OpenAPI 3.1', async () => {
    const file = `${CONTRACT_PATH}.broken-test.json`;
    fs.writeFileSync(file, JSON.stringify({ ...doc, paths: { '/x': { get: { responses: 'nope' } } } }));
    try {
      let error: unknown;
      await loadContract(file).catch((e) => (error = e));
      expect((error as Error).message).to.match(/not valid OpenAPI 3\.1/);
    } finally {
      fs.rmSync(file);
    }
  });

  describe('binding handlers to operationIds', () => {
    const deps = { document: doc, config: { environment: 'test', api: { maxRequestBodyBytes: 4096 } } } as unknown as Dependencies;

    it('fails when an operation has no handler', async () => {
      const { getHealthLive: _omitted, ...rest } = handlers;
      let error: unknown;
      // @ts-expect-error -- the map lacks an operation: tsc refuses it too, and start-up must as well
      await createOpenApiRouter(doc, rest, deps).catch((e) => (error = e));
      expect((error as Error).message).to.match(/no handler for getHealthLive/);
    });

    it('fails when a handler has no operation', async () => {
      let error: unknown;
      const extra = { ...handlers, frobnicate: () => ({ status: 200 }) };
      await createOpenApiRouter(doc, extra, deps).catch((e) => (error = e));
      expect((error as Error).message).to.match(/no operation for handler frobnicate/);
    });

    it('compiles every request validator at start-up outside tests, so a bad schema stops start-up', async function () {
      this.timeout(60_000);
      const production = { ...deps, config: { ...deps.config, environment: 'production' } } as unknown as Dependencies;
      const router = await createOpenApiRouter(doc, handlers, production);
      expect(router.operationIds).to.have.length(Object.keys(handlers).length);
      const broken = structuredClone(doc);
      broken.paths['/health/live'].get.parameters = [{ name: 'x', in: 'query', schema: { type: 'string', pattern: '([' } }];
      let error: unknown;
      await createOpenApiRouter(broken, handlers, production).catch((e) => (error = e));
      expect(String(error)).to.match(/pattern|regular expression|Invalid/i);
    });

    it('succeeds when they match one to one', async () => {
      const router = await createOpenApiRouter(doc, handlers, deps);
      expect([...router.operationIds].sort()).to.deep.equal(Object.keys(handlers).sort());
    });
  });
});
