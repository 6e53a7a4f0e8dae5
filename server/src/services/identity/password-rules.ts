// The new-password rules. They apply whenever a password is *set* (change-password, admin reset,
// user creation, the seed admin password) and never at login, so passwords chosen before a rule
// existed keep working (spec, Password and credential rules).
//
// - The character rules (spec, Errors 400) look at Unicode scalar values (a surrogate pair is one
//   character), because the characters they ban are the ones that look identical to something else
//   or to nothing at all, and would lock a user out after a copy-paste.
// - The strength rules: at least `Auth__Password__MinLength` characters (default 12, also counted
//   in scalar values); not one of the 10,000 most common passwords (common-passwords.ts; compared
//   case-insensitively); and, when it passes both, not easy to guess by zxcvbn's estimate
//   (password-strength.ts: keyboard walks, repeats, dates, words, the user's own email and name)
//   below `Auth__Password__MinimumScore`. `Weak` is not checked on a password already too short or
//   common, so each failure gets one message, the one to act on. A violation is the same 400 as a
//   character rule, naming the property and the rule.

import { ApiError } from '../../errors.js';
import { isCommonPassword } from './common-passwords.js';
import { passwordStrength } from './password-strength.js';

export type PasswordRule =
  | 'LeadingOrTrailingWhitespace'
  | 'ControlCharacter'
  | 'InvisibleFormattingCharacter'
  | 'LineOrParagraphSeparator'
  | 'NonStandardSpace'
  | 'Empty'
  | 'TooShort'
  | 'Common'
  | 'Weak';

/** The configurable part of the rules (config.auth.password). */
export interface PasswordPolicy {
  /** Auth__Password__MinLength: fewest characters (Unicode scalar values) a new password may have. */
  readonly minLength: number;
  /** Auth__Password__MinimumScore: the least zxcvbn score (0–4) a new password may have; 0 turns the estimate off. */
  readonly minimumScore: number;
}

export const DEFAULT_PASSWORD_MIN_LENGTH = 12;
/** The range Auth__Password__MinLength accepts: below 8 a password falls to guessing; above 128 nobody types it. */
export const PASSWORD_MIN_LENGTH_RANGE = { min: 8, max: 128 } as const;
export const DEFAULT_PASSWORD_MINIMUM_SCORE = 3;

export interface PasswordViolation {
  readonly rule: PasswordRule;
  readonly message: string;
}

const MESSAGES: Readonly<Record<Exclude<PasswordRule, 'TooShort' | 'Weak'>, string>> = {
  Empty: 'The password must not be empty.',
  LeadingOrTrailingWhitespace: 'The password must not start or end with whitespace.',
  ControlCharacter: 'The password must not contain control characters.',
  InvisibleFormattingCharacter:
    'The password must not contain invisible formatting characters (such as zero-width space, byte order mark or direction marks).',
  LineOrParagraphSeparator: 'The password must not contain line or paragraph separators.',
  NonStandardSpace: 'The password must not contain any space other than the ordinary space (U+0020).',
  Common: 'The password is one of the most common passwords and easy to guess; choose another.',
};

function weakMessage(password: string, userInputs: readonly string[]): string {
  const { warning, suggestion } = passwordStrength(password, userInputs);
  // zxcvbn's own words say what it found ("Dates are easy to guess."); the first sentence is ours.
  return ['The password is too easy to guess.', warning, suggestion].filter((s) => s !== null).join(' ');
}

// \p{Cc}: C0/C1 controls (includes tab, CR, LF). \p{Cf}: format characters: ZWSP U+200B,
// ZWJ/ZWNJ, LRM/RLM, bidi embeddings and isolates, BOM U+FEFF, soft hyphen, word joiner.
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const LINE_OR_PARAGRAPH = /[\p{Zl}\p{Zp}]/u;
// Every space separator except U+0020 (NBSP, en/em spaces, ideographic space, …).
const OTHER_SPACE = /(?!\u0020)\p{Zs}/u;
const EDGE_WHITESPACE = /^[\s\p{Z}\p{Cf}]|[\s\p{Z}\p{Cf}]$/u;

/** Every rule the password breaks, in a stable order; empty when it may be set. */
export function passwordViolations(password: string, policy: PasswordPolicy, userInputs: readonly string[] = []): PasswordViolation[] {
  const broken: PasswordRule[] = [];
  if (password.length === 0) broken.push('Empty');
  else if ([...password].length < policy.minLength) broken.push('TooShort');
  if (EDGE_WHITESPACE.test(password)) broken.push('LeadingOrTrailingWhitespace');
  if (CONTROL.test(password)) broken.push('ControlCharacter');
  if (FORMAT.test(password)) broken.push('InvisibleFormattingCharacter');
  if (LINE_OR_PARAGRAPH.test(password)) broken.push('LineOrParagraphSeparator');
  if (OTHER_SPACE.test(password)) broken.push('NonStandardSpace');
  if (password.length > 0 && isCommonPassword(password)) broken.push('Common');
  const weighed = !broken.includes('Empty') && !broken.includes('TooShort') && !broken.includes('Common');
  if (weighed && policy.minimumScore > 0 && passwordStrength(password, userInputs).score < policy.minimumScore) broken.push('Weak');
  return broken.map((rule) => ({
    rule,
    message: rule === 'TooShort' ? `The password must be at least ${policy.minLength} characters long.` : rule === 'Weak' ? weakMessage(password, userInputs) : MESSAGES[rule],
  }));
}

/**
 * Throws 400 bad-request naming every broken rule (in `rules`) and the offending property.
 * `userInputs`: the user's own words (password-strength.ts personalWords), which make it weak.
 */
export function assertPasswordAllowed(password: string, pointer: string, policy: PasswordPolicy, userInputs: readonly string[] = []): void {
  const broken = passwordViolations(password, policy, userInputs);
  if (broken.length === 0) return;
  throw new ApiError('bad-request', `The new password breaks ${broken.length === 1 ? 'a rule' : 'these rules'}: ${broken.map((v) => v.rule).join(', ')}.`, {
    errors: { [pointer]: broken.map((v) => v.message) },
    rules: broken.map((v) => v.rule),
  });
}
