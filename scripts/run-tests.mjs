// `make test`: the static checks, the mocha suites (API, SDK, admin) on real PostgreSQL and the
// .NET SDK's xunit suite, ending with one line that totals every test: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checks, root } from './checks.mjs';

const totals = { passed: 0, failed: 0, skipped: 0 };
const suites = [];

function record(name, passed, failed, skipped = 0) {
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += skipped;
  suites.push(`${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

// 1. Static checks, one test each.
let checkFailures = 0;
for (const check of checks) {
  console.log(`\n== check: ${check.name}`);
  const ok = check.run();
  if (!ok) checkFailures += 1;
  console.log(ok ? `ok: ${check.name}` : `FAILED: ${check.name}`);
}
record('checks', checks.length - checkFailures, checkFailures);

// 2. mocha: every *.test.ts of the API, the SDK and the admin app (options in .mocharc.json).
{
  const resultsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verso-results-')), 'mocha.json');
  console.log('\n== mocha');
  const specs = ['test/**/*.test.ts', 'sdk-ts/test/**/*.test.ts', 'admin/test/**/*.test.ts'];
  const r = spawnSync('mocha', specs, { cwd: root, stdio: 'inherit', env: { ...process.env, VERSO_TEST_RESULTS: resultsFile } });
  if (fs.existsSync(resultsFile)) {
    const s = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
    // A run that crashed after its last test still counts as a failure.
    record('mocha', s.passed, s.failed + (r.status !== 0 && s.failed === 0 ? 1 : 0), s.skipped);
  } else {
    record('mocha (did not run to the end)', 0, 1);
  }
}

// 3. .NET SDK: xunit through dotnet test.
const dotnetTest = path.join(root, 'sdk-dotnet/test.sh');
if (fs.existsSync(dotnetTest)) {
  console.log('\n== dotnet test (sdk-dotnet)');
  const r = spawnSync('bash', [dotnetTest], { cwd: path.join(root, 'sdk-dotnet'), encoding: 'utf8', env: process.env, maxBuffer: 64 << 20 });
  process.stdout.write(r.stdout ?? '');
  process.stderr.write(r.stderr ?? '');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let seen = false;
  for (const m of (r.stdout ?? '').matchAll(/(?:Passed|Failed)!\s+-\s+Failed:\s+(\d+),\s+Passed:\s+(\d+),\s+Skipped:\s+(\d+)/g)) {
    seen = true;
    failed += Number(m[1]);
    passed += Number(m[2]);
    skipped += Number(m[3]);
  }
  if (!seen || (r.status !== 0 && failed === 0)) failed += 1;
  record('dotnet', passed, failed, skipped);
}

console.log('\n' + suites.join('\n'));
// Skipped tests are defects here (mocha runs with forbid-pending), so they count as failures.
const failed = totals.failed + totals.skipped;
console.log(`${totals.passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
