import { expect } from 'chai';
import { OpenAPIBackend, type Document, type Operation } from 'openapi-backend';
import { loadContract } from '../../server/src/contract.js';
import { ApiError } from '../../server/src/errors.js';
import { createContractBackend } from '../../server/src/http/openapi-router.js';
import { createDirectValidator, isDirectlyValidated } from '../../server/src/http/parameter-validation.js';
import { toValidationErrors, type ValidatorError } from '../../server/src/http/validation-messages.js';
import { precompileRoutes } from '../../server/src/http/route-matcher.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace } from '../helpers/actors.js';

type Outcome = { errors: unknown } | { params: unknown; query: unknown };

// What handleRequest hands a handler, or the 400's errors: the library's validation, then its parse
// of the coerced request (openapi-router.ts reads c.validation.coerced.params and c.request.query).
function libraryOutcome(api: OpenAPIBackend, op: Operation, path: string, query: Record<string, unknown>, headers: Record<string, string>): Outcome {
  const request = { method: op.method, path, query: structuredClone(query), headers: { ...headers } };
  const validation = api.validator.validateRequest(request as never, op);
  if (validation.errors) return { errors: toValidationErrors(validation.errors as ValidatorError[]) };
  return { params: validation.coerced!.params, query: api.router.parseRequest(validation.coerced as never, op).query };
}

function directOutcome(api: OpenAPIBackend, op: Operation, path: string, query: Record<string, unknown>, headers: Record<string, string>): Outcome {
  try {
    const { params, query: coerced } = createDirectValidator(api, op)(path, structuredClone(query), { ...headers });
    return { params, query: coerced };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 400) throw err;
    return { errors: err.extensions.errors };
  }
}

const PATH_VALUES = ['01936a4e-1a2b-7c3d-8e4f-5a6b7c8d9e0f', 'x1', 'a%20b', '%E2%82%AC', '12', 'true'];
const QUERY_VALUES: unknown[] = ['1', '0', '-3', '100', '1000', 'true', 'false', 'abc', '', '2026-01-01T00:00:00Z', 'Published', 'createdAt', ['1', '2']];

describe('parameter validation of bodiless GETs', () => {
  // The direct path must answer exactly as openapi-backend's handleRequest would: the same coerced
  // parameters for the handler, the same 400 errors, for every GET of the contract it takes.
  it('coerces and refuses every directly validated GET as handleRequest does', async () => {
    const document = (await loadContract()) as unknown as Document;
    const api = await createContractBackend(structuredClone(document));
    precompileRoutes(api.router);
    const direct = api.getOperations().filter(isDirectlyValidated);
    // The delivery reads are among them (the point of the direct path), and no body-carrying operation.
    expect(direct.map((op) => op.operationId)).to.include.members(['getContentBySlug', 'listContent', 'getContentVersion', 'getContent']);
    expect(direct.every((op) => op.method === 'get' && !op.requestBody)).to.equal(true);
    let compared = 0;
    for (const op of direct) {
      const names = ((op.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === 'query').map((p) => p.name);
      const headerNames = ((op.parameters ?? []) as { in: string; name: string }[]).filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
      for (const value of PATH_VALUES) {
        const path = op.path.replace(/\{[^}]+\}/g, value);
        const queries: Record<string, unknown>[] = [{}, { unknownName: 'x' }];
        for (const name of names) for (const v of QUERY_VALUES) queries.push({ [name]: v });
        queries.push(Object.fromEntries(names.map((n) => [n, '1'])));
        for (const query of queries) {
          const headers: Record<string, string> = { authorization: 'Bearer x', ...Object.fromEntries(headerNames.map((h) => [h, '"tag"'])) };
          expect(directOutcome(api, op, path, query, headers), `${op.operationId} ${path} ${JSON.stringify(query)}`).to.deep.equal(
            libraryOutcome(api, op, path, query, headers),
          );
          compared += 1;
        }
      }
    }
    expect(compared).to.be.greaterThan(1000);
  });

  describe('in the pipeline', () => {
    let api: TestApi;
    const calls: string[] = [];
    const original = OpenAPIBackend.prototype.handleRequest;
    before(async () => {
      api = await startTestApi({ env: { Workers__Enabled: 'false' } });
      OpenAPIBackend.prototype.handleRequest = function (this: OpenAPIBackend, req, ...rest) {
        calls.push(`${(req as { method: string }).method} ${(req as { path: string }).path}`);
        return original.call(this, req, ...rest);
      };
    });
    after(async () => {
      OpenAPIBackend.prototype.handleRequest = original;
      await api.close();
    });

    it('answers a by-slug read, and refuses its bad parameters, without handleRequest; a write still goes through it', async () => {
      const { id: ws } = await createWorkspace(api);
      const { token } = await createActor(api, { role: 'Admin', grants: { [ws]: 'Write' } });
      calls.length = 0;
      const missing = await api.get(`/api/v1/workspaces/${ws}/content/by-slug/nothing-here`, { token });
      expect(missing.status).to.equal(404);
      const bad = await api.get(`/api/v1/workspaces/${ws}/content/by-slug/x?expandChildren=maybe&unknownName=1`, { token });
      expect(bad.status).to.equal(400);
      expect(bad.body.type).to.match(/bad-request$/);
      expect(Object.keys(bad.body.errors).sort()).to.deep.equal(['query.expandChildren', 'query.unknownName']);
      expect(calls).to.deep.equal([]);
      // A body is validated by handleRequest, as before.
      const refused = await api.post(`/api/v1/workspaces/${ws}/content`, { slug: 1 }, { token });
      expect(refused.status).to.equal(400);
      expect(calls).to.deep.equal([`POST /api/v1/workspaces/${ws}/content`]);
    });
  });
});
