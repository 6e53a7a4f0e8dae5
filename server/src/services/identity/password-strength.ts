// How easy a new password is to guess, by zxcvbn's estimate (@zxcvbn-ts/core with the common and
// English dictionaries): dictionary words, names, keyboard walks, repeats, sequences, dates and l33t
// spellings, and the user's own email and name as extra words. The score runs 0 (guessed at once)
// to 4 (very unlikely to be guessed); Auth__Password__MinimumScore is the least a new password may
// have. The estimator is built when this module loads: a missing dictionary stops start-up.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

// The check runs on the event loop, so its cost is bounded. zxcvbn's l33t matcher tries every
// combination of substitutions: at its default cap (100) a random 24-character password took 0.3 s
// and a 100-character one 2 s; at 10 they take 0.04 s and 0.3 s, and the usual l33t spellings
// (`p@ssw0rd`, `P4ssw0rd`) are still found.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  l33tMaxSubstitutions: 10,
});

// zxcvbn's matching grows faster than linearly with length; past this many characters a password
// is judged by its start: 64 characters that are hard to guess make the whole hard to guess.
const JUDGED_CHARACTERS = 64;

export interface PasswordStrength {
  /** 0–4. */
  readonly score: number;
  /** What makes it easy to guess, as a sentence (zxcvbn's English feedback); null when zxcvbn names nothing. */
  readonly warning: string | null;
  /** zxcvbn's first suggestion, as a sentence; null when it has none. */
  readonly suggestion: string | null;
}

/** The words of the user's own that a password should not be built from: the email, its parts, the name. */
export function personalWords(user: { email?: string | null; displayName?: string | null }): string[] {
  const words = new Set<string>();
  // The email's local part, not its domain: `example` and `com` say nothing about the user.
  const local = user.email ? user.email.slice(0, Math.max(0, user.email.lastIndexOf('@'))) : '';
  if (user.email) words.add(user.email.toLowerCase());
  for (const text of [local, user.displayName]) {
    if (!text) continue;
    words.add(text.toLowerCase());
    for (const part of text.toLowerCase().split(/[\s@._+-]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const judged = [...password].slice(0, JUDGED_CHARACTERS).join('');
  const result = zxcvbn.check(judged, [...userInputs]);
  return { score: result.score, warning: result.feedback.warning || null, suggestion: result.feedback.suggestions[0] ?? null };
}
