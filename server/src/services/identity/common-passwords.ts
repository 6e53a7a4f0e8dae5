// The common-password list new passwords are checked against (issue #23): the 10,000 most common
// passwords of the ranked list that @zxcvbn-ts/language-common ships (MIT; zxcvbn's list, built from
// leaked-password frequency data and maintained by the zxcvbn-ts project). Read once, when this
// module loads, so a missing or broken package stops start-up instead of the first password change.
// Every entry is lower-case; a candidate is compared lower-cased, so `Password1` counts as `password1`.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

/** How many of the ranked list's entries (most common first) count as common. */
export const COMMON_PASSWORD_COUNT = 10_000;

function loadCommonPasswords(): ReadonlySet<string> {
  const require = createRequire(import.meta.url);
  // The package's plain JSON source (its dist/ holds the same list compressed).
  const file = path.join(path.dirname(require.resolve('@zxcvbn-ts/language-common/package.json')), 'src', 'passwords.json');
  const ranked: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(ranked) || ranked.length < COMMON_PASSWORD_COUNT || !ranked.every((p) => typeof p === 'string')) {
    throw new Error(`${file} is not a ranked list of at least ${COMMON_PASSWORD_COUNT} passwords`);
  }
  return new Set((ranked as string[]).slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
}

const COMMON = loadCommonPasswords();

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
