// The new-password rules. They apply whenever a password is *set* (change-password, admin reset,
// user creation, the seed admin password) and never at login, so passwords chosen before a rule
// existed keep working (spec, Password and credential rules).
//
// - The character rules (spec, Errors 400) look at Unicode scalar values (a surrogate pair is one
//   character), because the characters they ban are the ones that look identical to something else
//   or to nothing at all, and would lock a user out after a copy-paste.
// - The strength rules (issue #23): at least `Auth__Password__MinLength` characters (default 12,
//   also counted in scalar values) and not one of the 10,000 most common passwords
//   (common-passwords.ts; compared case-insensitively). A violation of either is the same 400 as
//   a character rule, naming the property and the rule.

import { ApiError } from '../../errors.js';
import { isCommonPassword } from './common-passwords.js';

export type PasswordRule =
  | 'LeadingOrTrailingWhitespace'
  | 'ControlCharacter'
  | 'InvisibleFormattingCharacter'
  | 'LineOrParagraphSeparator'
  | 'NonStandardSpace'
  | 'Empty'
  | 'TooShort'
  | 'Common';

/** The configurable part of the rules (config.auth.password). */
export interface PasswordPolicy {
  /** Auth__Password__MinLength: fewest characters (Unicode scalar values) a new password may have. */
  readonly minLength: number;
}

export const DEFAULT_PASSWORD_MIN_LENGTH = 12;
/** The range Auth__Password__MinLength accepts: below 8 a password falls to guessing; above 128 nobody types it. */
export const PASSWORD_MIN_LENGTH_RANGE = { min: 8, max: 128 } as const;

export interface PasswordViolation {
  readonly rule: PasswordRule;
  readonly message: string;
}

const MESSAGES: Readonly<Record<Exclude<PasswordRule, 'TooShort'>, string>> = {
  Empty: 'The password must not be empty.',
  LeadingOrTrailingWhitespace: 'The password must not start or end with whitespace.',
  ControlCharacter: 'The password must not contain control characters.',
  InvisibleFormattingCharacter:
    'The password must not contain invisible formatting characters (such as zero-width space, byte order mark or direction marks).',
  LineOrParagraphSeparator: 'The password must not contain line or paragraph separators.',
  NonStandardSpace: 'The password must not contain any space other than the ordinary space (U+0020).',
  Common: 'The password is one of the most common passwords and easy to guess; choose another.',
};

const messageOf = (rule: PasswordRule, policy: PasswordPolicy): string =>
  rule === 'TooShort' ? `The password must be at least ${policy.minLength} characters long.` : MESSAGES[rule];

// \p{Cc}: C0/C1 controls (includes tab, CR, LF). \p{Cf}: format characters: ZWSP U+200B,
// ZWJ/ZWNJ, LRM/RLM, bidi embeddings and isolates, BOM U+FEFF, soft hyphen, word joiner.
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const LINE_OR_PARAGRAPH = /[\p{Zl}\p{Zp}]/u;
// Every space separator except U+0020 (NBSP, en/em spaces, ideographic space, …).
const OTHER_SPACE = /(?!\u0020)\p{Zs}/u;
const EDGE_WHITESPACE = /^[\s\p{Z}\p{Cf}]|[\s\p{Z}\p{Cf}]$/u;

/** Every rule the password breaks, in a stable order; empty when it may be set. */
export function passwordViolations(password: string, policy: PasswordPolicy): PasswordViolation[] {
  const broken: PasswordRule[] = [];
  if (password.length === 0) broken.push('Empty');
  else if ([...password].length < policy.minLength) broken.push('TooShort');
  if (EDGE_WHITESPACE.test(password)) broken.push('LeadingOrTrailingWhitespace');
  if (CONTROL.test(password)) broken.push('ControlCharacter');
  if (FORMAT.test(password)) broken.push('InvisibleFormattingCharacter');
  if (LINE_OR_PARAGRAPH.test(password)) broken.push('LineOrParagraphSeparator');
  if (OTHER_SPACE.test(password)) broken.push('NonStandardSpace');
  if (password.length > 0 && isCommonPassword(password)) broken.push('Common');
  return broken.map((rule) => ({ rule, message: messageOf(rule, policy) }));
}

/** Throws 400 bad-request naming every broken rule (in `rules`) and the offending property. */
export function assertPasswordAllowed(password: string, pointer: string, policy: PasswordPolicy): void {
  const broken = passwordViolations(password, policy);
  if (broken.length === 0) return;
  throw new ApiError('bad-request', `The new password breaks ${broken.length === 1 ? 'a rule' : 'these rules'}: ${broken.map((v) => v.rule).join(', ')}.`, {
    errors: { [pointer]: broken.map((v) => v.message) },
    rules: broken.map((v) => v.rule),
  });
}
