// The text of an upload form — field values, part names, file names — held to the rule for every
// request's text (services/platform/string-rule.ts: no U+0000, no unpaired surrogate) and, like a
// JSON body, to UTF-8.
//
// busboy decodes a part's text as UTF-8 (or as the charset the part names) and turns bytes that
// are not UTF-8 into U+FFFD without a word; it hands over only the decoded text. So U+FFFD itself is
// refused in form text — it cannot be told apart from bytes that were not UTF-8 — and a part in a
// charset busboy cannot decode (it then hands over no text at all) is refused as well.
import { stringRuleViolation } from '../platform/string-rule.js';

const NOT_UTF8 = 'is not valid UTF-8';
const UNKNOWN_CHARSET = 'is in a character set the server cannot read (send UTF-8)';

/** Why a piece of form text is refused, or undefined when it is fine. */
export function formTextViolation(text: string | undefined): string | undefined {
  if (text === undefined) return UNKNOWN_CHARSET;
  if (text.includes('\ufffd')) return NOT_UTF8;
  return stringRuleViolation(text);
}

/** The JSON pointer that names a form part in a problem's `errors` (`altText` → `/altText`). */
export const partPointer = (name: string): string => `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
