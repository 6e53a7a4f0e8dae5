// Every operation in the contract has a generated SDK method (and nothing else does), and the
// committed generated file is what the generator makes from the committed contract.
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { operationSpecs, VersoClient } from '../../src/index.js';
import { contractOperations } from './example-values.js';

const generator = path.resolve(import.meta.dirname, '../../scripts/generate-operations.mjs');

describe('SDK coverage of the contract', () => {
  const operations = contractOperations();

  it('the contract has operations to cover', () => {
    expect(operations.length).to.be.greaterThan(0);
  });

  it('every operationId in openapi/dist/openapi.json has a VersoClient method', () => {
    const client = new VersoClient({ baseUrl: 'http://127.0.0.1:1' });
    const missing = operations.filter((op) => typeof (client as unknown as Record<string, unknown>)[op.operationId] !== 'function').map((op) => op.operationId);
    expect(missing, 'operations without an SDK method: run `node scripts/generate.mjs`').to.deep.equal([]);
  });

  it('the generated catalogue matches the contract one to one (method and path)', () => {
    const fromContract = Object.fromEntries(operations.map((op) => [op.operationId, `${op.method} ${op.path}`]));
    const fromSdk = Object.fromEntries(Object.entries(operationSpecs).map(([id, spec]) => [id, `${spec.method} ${spec.path}`]));
    expect(fromSdk).to.deep.equal(fromContract);
  });

  it('the committed operations.ts is up to date (generator --check)', () => {
    expect(() => execFileSync(process.execPath, [generator, '--check'], { stdio: 'pipe' })).not.to.throw();
  });
});
