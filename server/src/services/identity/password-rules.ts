// The new-password character rules (spec, Errors 400). They apply whenever a password is *set*
// (change-password, admin reset, user creation, the seed admin password) and never at login, so
// passwords chosen before the rules existed keep working.
//
// Each rule looks at Unicode scalar values (a surrogate pair is one character), because the
// characters they ban are the ones that look identical to something else or to nothing at all,
// and would lock a user out after a copy-paste.

import { ApiError } from '../../errors.js';

export type PasswordRule =
  | 'LeadingOrTrailingWhitespace'
  | 'ControlCharacter'
  | 'InvisibleFormattingCharacter'
  | 'LineOrParagraphSeparator'
  | 'NonStandardSpace'
  | 'Empty';

export interface PasswordViolation {
  readonly rule: PasswordRule;
  readonly message: string;
}

const MESSAGES: Readonly<Record<PasswordRule, string>> = {
  Empty: 'The password must not be empty.',
  LeadingOrTrailingWhitespace: 'The password must not start or end with whitespace.',
  ControlCharacter: 'The password must not contain control characters.',
  InvisibleFormattingCharacter:
    'The password must not contain invisible formatting characters (such as zero-width space, byte order mark or direction marks).',
  LineOrParagraphSeparator: 'The password must not contain line or paragraph separators.',
  NonStandardSpace: 'The password must not contain any space other than the ordinary space (U+0020).',
};

// \p{Cc}: C0/C1 controls (includes tab, CR, LF). \p{Cf}: format characters: ZWSP U+200B,
// ZWJ/ZWNJ, LRM/RLM, bidi embeddings and isolates, BOM U+FEFF, soft hyphen, word joiner.
const CONTROL = /\p{Cc}/u;
const FORMAT = /\p{Cf}/u;
const LINE_OR_PARAGRAPH = /[\p{Zl}\p{Zp}]/u;
// Every space separator except U+0020 (NBSP, en/em spaces, ideographic space, …).
const OTHER_SPACE = /(?!\u0020)\p{Zs}/u;
const EDGE_WHITESPACE = /^[\s\p{Z}\p{Cf}]|[\s\p{Z}\p{Cf}]$/u;

/** Every rule the password breaks, in a stable order; empty when it may be set. */
export function passwordViolations(password: string): PasswordViolation[] {
  const broken: PasswordRule[] = [];
  if (password.length === 0) broken.push('Empty');
  if (EDGE_WHITESPACE.test(password)) broken.push('LeadingOrTrailingWhitespace');
  if (CONTROL.test(password)) broken.push('ControlCharacter');
  if (FORMAT.test(password)) broken.push('InvisibleFormattingCharacter');
  if (LINE_OR_PARAGRAPH.test(password)) broken.push('LineOrParagraphSeparator');
  if (OTHER_SPACE.test(password)) broken.push('NonStandardSpace');
  return broken.map((rule) => ({ rule, message: MESSAGES[rule] }));
}

/** Throws 400 bad-request naming every broken rule (in `rules`) and the offending property. */
export function assertPasswordAllowed(password: string, pointer: string): void {
  const broken = passwordViolations(password);
  if (broken.length === 0) return;
  throw new ApiError('bad-request', `The new password breaks ${broken.length === 1 ? 'a rule' : 'these rules'}: ${broken.map((v) => v.rule).join(', ')}.`, {
    errors: { [pointer]: broken.map((v) => v.message) },
    rules: broken.map((v) => v.rule),
  });
}
