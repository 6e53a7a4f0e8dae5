// The project's static checks, shared by `make check` (scripts/check.mjs) and `make test`
// (scripts/run-tests.mjs, which counts each as a test).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  return r.status === 0;
}

export const checks = [
  {
    name: 'contract bundles, is valid OpenAPI 3.1 and matches the committed dist (no drift in generated files)',
    run: () => run('node', ['scripts/generate.mjs', '--check']),
  },
  {
    name: 'contract passes the Redocly lint',
    run: () => run('redocly', ['lint', 'openapi/dist/openapi.json', '--format=summary']),
  },
  { name: 'TypeScript type-checks (server, admin, SDK, tests, benchmarks)', run: () => run('tsc', ['-p', 'tsconfig.check.json']) },
  { name: 'ESLint finds no problems', run: () => run('eslint', ['--max-warnings=0', '.']) },
  {
    // The rules and why each exists are in .dependency-cruiser.cjs; test/foundation/layering.test.ts
    // proves a forbidden import is refused.
    name: 'server layers hold, no module cycles in the server, admin or SDK (dependency-cruiser)',
    run: () => run('depcruise', ['server/src', 'admin/src', 'sdk-ts/src', '--config', '.dependency-cruiser.cjs']),
  },
];
