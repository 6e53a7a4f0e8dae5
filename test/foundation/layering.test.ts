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

describe('layering of the server, admin and SDK (dependency-cruiser)', function () {
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

  for (const tree of ['admin/src', 'sdk-ts/src']) {
    it(`refuses an import cycle in ${tree}`, () => {
      // Two modules that import each other, cruised on their own and deleted at once.
      const name = (side: string) => `cycle-probe-${side}-${process.pid}`;
      const files = ['a', 'b'].map((side) => path.join(root, tree, `${name(side)}.ts`));
      fs.writeFileSync(files[0]!, `// Written and deleted by test/foundation/layering.test.ts.\nexport * from './${name('b')}.js';\nexport const a = 1;\n`);
      fs.writeFileSync(files[1]!, `// Written and deleted by test/foundation/layering.test.ts.\nexport * from './${name('a')}.js';\nexport const b = 2;\n`);
      let result;
      try {
        result = cruise(...files.map((f) => path.relative(root, f)));
      } finally {
        for (const f of files) fs.rmSync(f, { force: true });
      }
      expect(result.errors).to.be.greaterThan(0);
      // The cycle is reported once, from whichever of the two the cruiser met first.
      const probes = [`${tree}/${name('a')}.ts`, `${tree}/${name('b')}.ts`];
      const cycles = result.violations.filter((v) => v.rule.name === 'no-circular').map((v) => [v.from, v.to].sort());
      expect(cycles).to.deep.include(probes);
    });
  }

  it('passes on the real tree, as `make check` cruises it (only the known service-domain cycles are reported, as warnings)', () => {
    const result = cruise('server/src', 'admin/src', 'sdk-ts/src');
    expect(result.violations.filter((v) => v.rule.severity === 'error')).to.deep.equal([]);
    expect(result.errors).to.equal(0);
    for (const v of result.violations) expect(v.rule.name).to.equal('no-service-domain-cycle');
    // The one domain cycle left (see the rule's comment): identity, platform and security depend one way.
    const domains = new Set(result.violations.flatMap((v) => [v.from, v.to]));
    expect([...domains].sort()).to.deep.equal(['server/src/services/content', 'server/src/services/delivery']);
  });
});

describe('HTTP rules stay out of services', () => {
  /** Every .ts file under `dir`, relative to the root. */
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      return e.isDirectory() ? sources(rel) : e.name.endsWith('.ts') ? [rel] : [];
    });

  it('no service reads If-None-Match or Range: handlers do (handlers/if-none-match.ts, byte-range.ts) and answer what services ask', () => {
    // The headers' names, their fields on a request, or their parsing, in code (comments may name them).
    const reads = /'if-none-match'|'range'|\bifNoneMatch\b|\bnoneMatch\s*\(|\bparseRange\s*\(/i;
    const offenders = sources('server/src/services').filter((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\/\/|\*|\/\*)/.test(line) && reads.test(line)),
    );
    expect(offenders).to.deep.equal([]);
  });
});
