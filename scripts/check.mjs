// `make check`: every static check; exits non-zero when any fails.
import { checks } from './checks.mjs';

let failed = 0;
for (const check of checks) {
  console.log(`\n== ${check.name}`);
  if (!check.run()) {
    failed += 1;
    console.error(`FAILED: ${check.name}`);
  }
}
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
