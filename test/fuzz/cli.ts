// `make fuzz`: the long fuzz pass. Starts its own embedded PostgreSQL and API (as the benchmarks
// do), and the admin app in front of it (run-fuzz.ts), runs FUZZ_REQUESTS requests (default 20,000) from FUZZ_SEED (default: a fresh seed, printed
// first so the run can be repeated), prints the summary tables and one example per finding group,
// and exits 1 on any finding. Other knobs: FUZZ_SECONDS (time budget of the fuzzing phase, default
// 3600), FUZZ_CONCURRENCY (default 1; more is faster but no longer reproducible from the seed),
// FUZZ_ATTACKS and FUZZ_OPERATIONS (comma-separated subsets; `admin` in FUZZ_OPERATIONS is every
// admin route), FUZZ_EXAMPLES (examples per group,
// default 1), FUZZ_COVERAGE=1 (answers per operation).
import crypto from 'node:crypto';
import { startTestApi } from '../helpers/api.js';
import { startTestPostgres, stopTestPostgres } from '../helpers/database.js';
import { formatReport } from './fuzz-report.js';
import { runFuzz } from './run-fuzz.js';

const env = process.env;
const list = (v: string | undefined) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined);
const int = (name: string, fallback: number) => {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, not ${raw}`);
  return n;
};

const seed = int('FUZZ_SEED', crypto.randomInt(2 ** 31));
const requests = int('FUZZ_REQUESTS', 20_000);
console.log(`fuzz: seed ${seed}, ${requests} requests (repeat with FUZZ_SEED=${seed})`);

await startTestPostgres();
let exitCode = 2;
try {
  const api = await startTestApi({ env: { Logging__Level: 'error' } });
  try {
    const report = await runFuzz(api, {
      seed,
      requests,
      timeLimitMs: int('FUZZ_SECONDS', 3600) * 1000,
      concurrency: int('FUZZ_CONCURRENCY', 1),
      attacks: list(env.FUZZ_ATTACKS),
      operations: list(env.FUZZ_OPERATIONS),
      progress: (m) => process.stderr.write(`fuzz: ${m}\n`),
    });
    console.log(formatReport(report, { coverage: env.FUZZ_COVERAGE === '1', examplesPerGroup: int('FUZZ_EXAMPLES', 1) }));
    exitCode = report.findings.total > 0 ? 1 : 0;
  } finally {
    await api.close();
  }
} catch (err) {
  console.error(err);
} finally {
  await stopTestPostgres();
}
process.exit(exitCode);
