// The layer check (.dependency-cruiser.cjs, run by `make check`) must refuse an upward import, not
// merely pass: a rule whose path never matches would pass forever.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cruiser = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string; readonly severity: string };
}

/** Runs the check as `make check` does, on the given files or folders. */
function cruise(...targets: string[]): { errors: number; violations: Violation[] } {
  const r = spawnSync(process.execPath, [cruiser, ...targets, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (!r.stdout) throw new Error(`dependency-cruiser printed nothing (exit ${r.status}): ${r.stderr}`);
  const { summary } = JSON.parse(r.stdout) as { summary: { error: number; violations: Violation[] } };
  return { errors: summary.error, violations: summary.violations };
}

describe('server layering (dependency-cruiser)', function () {
  this.timeout(60_000);

  it('refuses a query module that imports from http/', () => {
    // Cruised on its own, so the file exists only for a moment in a tree others may be checking.
    const probe = path.join(root, 'server/src/db', `layering-probe-${process.pid}.ts`);
    fs.writeFileSync(probe, "// Written and deleted by test/foundation/layering.test.ts.\nimport '../http/problem.js';\n");
    let result;
    try {
      result = cruise(path.relative(root, probe));
    } finally {
      fs.rmSync(probe, { force: true });
    }
    const probeName = `server/src/db/${path.basename(probe)}`;
    expect(result.errors).to.be.greaterThan(0);
    expect(result.violations.filter((v) => v.from === probeName).map((v) => [v.rule.name, v.to])).to.deep.include.members([
      ['below-http-imports-http', 'server/src/http/problem.ts'],
      ['db-storage-telemetry-import-upper-layers', 'server/src/http/problem.ts'],
    ]);
  });

  it('passes on the real tree (only the known service-domain cycles are reported, as warnings)', () => {
    const result = cruise('server/src');
    expect(result.violations.filter((v) => v.rule.severity === 'error')).to.deep.equal([]);
    expect(result.errors).to.equal(0);
    for (const v of result.violations) expect(v.rule.name).to.equal('no-service-domain-cycle');
  });
});
