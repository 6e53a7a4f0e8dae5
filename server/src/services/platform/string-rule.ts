// The one rule for the text of every request: no string may hold U+0000 or an unpaired UTF-16
// surrogate (PostgreSQL can store neither). The HTTP layer applies it to paths, queries, headers
// and JSON bodies (http/string-rule.ts); a service that parses a body itself (a multipart upload)
// applies it to the text it reads. It lives here, below both, so that both hold the same rule.

export const NUL_MESSAGE = 'must not contain U+0000 (NUL)';
export const SURROGATE_MESSAGE = 'must not contain an unpaired UTF-16 surrogate';

// `\p{Surrogate}` only matches a lone surrogate when the `u` flag is set: a pair is one code point.
const FORBIDDEN = /[\u0000\p{Surrogate}]/u;

/** Why `text` is refused, or undefined when it is fine. */
export function stringRuleViolation(text: string): string | undefined {
  const found = FORBIDDEN.exec(text);
  if (!found) return undefined;
  return found[0] === '\u0000' ? NUL_MESSAGE : SURROGATE_MESSAGE;
}
