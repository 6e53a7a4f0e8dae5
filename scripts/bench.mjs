// `make bench`: runs every benchmark under bench/ (each a self-contained script that starts its
// own PostgreSQL and server on 127.0.0.1 and prints its figures). Pass a name to run one:
// `make bench BENCH=content`. The ten-minute soak (bench/soak.ts) runs only when named: `make bench BENCH=soak`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './checks.mjs';

const only = process.env.BENCH;
const files = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
  .filter((f) => (only ? f === `${only}.ts` : f !== 'soak.ts'))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], { cwd: root, stdio: 'inherit', env: { ...process.env, Logging__Level: 'warn' } });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
