// `make bench`: runs every benchmark under bench/ (each a self-contained script that starts its
// own PostgreSQL and server on 127.0.0.1 and prints its figures). Pass a name to run one:
// `make bench BENCH=content`. The long ones run only when named: the ten-minute soak (`make bench
// BENCH=soak`) and the delivery side-by-side (`BENCH=delivery-side-by-side`: about 25 minutes at its
// defaults, ten of them for the RSS case; BENCH_ARGS passes its options, e.g. "--seconds 8 --rss-minutes 1,3").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './checks.mjs';

const only = process.env.BENCH;
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .filter((f) => (only ? f === `${only}.ts` : !['soak.ts', 'delivery-side-by-side.ts'].includes(f)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const args = only && process.env.BENCH_ARGS ? process.env.BENCH_ARGS.split(/\s+/).filter(Boolean) : [];
  const r = spawnSync(process.execPath, ['--max-http-header-size=1048576', '--import', 'tsx', path.join('bench', file), ...args], { cwd: root, stdio: 'inherit', env: { ...process.env, Logging__Level: 'warn' } });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
