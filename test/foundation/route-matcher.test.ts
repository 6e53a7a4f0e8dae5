import { createRequire } from 'node:module';
import { expect } from 'chai';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { loadContract } from '../../server/src/contract.js';
import { precompileRoutes } from '../../server/src/http/route-matcher.js';

// The contract is OpenAPI 3.1, which openapi-backend's 3.0 document check rejects (as in
// http/openapi-router.ts, the document is validated elsewhere).
class Backend31 extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

// The precompiled matcher must answer exactly as openapi-backend's own router: for every route of
// the contract, with its own method and every other one, and for paths that match nothing.
describe('route matcher', () => {
  it('matches every request as openapi-backend does (operation, 404, 405)', async () => {
    const document = (await loadContract()) as unknown as Document;
    const library = new Backend31({ definition: structuredClone(document), validate: false, strict: true });
    const precompiled = new Backend31({ definition: structuredClone(document), validate: false, strict: true });
    await library.init();
    await precompiled.init();
    precompileRoutes(precompiled.router);

    const outcome = (api: OpenAPIBackend, method: string, path: string) => {
      try {
        return api.router.matchOperation({ method, path, headers: {} }, true).operationId;
      } catch (err) {
        return (err as Error).message;
      }
    };
    const paths = new Set<string>(['/', '/api/v1/nothing-here', '/api/v1/workspaces/a/b/c/d/e/f']);
    for (const op of library.router.getOperations()) {
      paths.add(op.path.replace(/\{[^}]+\}/g, 'x1'));
      // Words that are literal segments elsewhere, in place of parameters (e.g. …/content/by-slug).
      paths.add(op.path.replace(/\{[^}]+\}/g, 'by-slug'));
      paths.add(op.path.replace(/\{[^}]+\}/g, 'versions') + '/');
    }
    let compared = 0;
    for (const path of paths) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        expect(outcome(precompiled, method, path), `${method} ${path}`).to.equal(outcome(library, method, path));
        compared += 1;
      }
    }
    expect(compared).to.be.greaterThan(500);
    expect(precompiled.router.matchOperation({ method: 'get', path: '/nope', headers: {} })).to.equal(undefined);
  });

  it('parses path parameters as bath-es5 does, from the memoized compilation of each template', async () => {
    const document = (await loadContract()) as unknown as Document;
    const precompiled = new Backend31({ definition: structuredClone(document), validate: false, strict: true });
    await precompiled.init();
    precompileRoutes(precompiled.router);
    // The named export is bath itself, untouched by the memoization (which replaces `default`).
    const { bath } = createRequire(createRequire(import.meta.url).resolve('openapi-backend'))('bath-es5') as {
      bath: (template: string) => { params: (path: string) => Record<string, string> | null };
    };
    let compared = 0;
    for (const op of precompiled.router.getOperations()) {
      for (const value of ['x1', 'a%20b', 'by-slug', '%E2%82%AC']) {
        const path = `/${op.path.replace(/\{[^}]+\}/g, value).replace(/^\//, '')}`;
        for (let i = 0; i < 2; i++) {
          const parsed = precompiled.router.parseRequest({ method: op.method, path, headers: {} }, op);
          expect(parsed.params, `${op.path} ← ${path}`).to.deep.equal(bath(op.path).params(path) ?? {});
          compared += 1;
        }
      }
    }
    expect(compared).to.be.greaterThan(500);
  });
});
