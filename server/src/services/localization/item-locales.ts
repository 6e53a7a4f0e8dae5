// Which `localeCode` an item may be written with. Once a workspace configures locales, a new item,
// a copy, a translation or a changed locale must be one of them, and is stored in the configured
// (canonical) spelling: `de-ch` is stored `de-CH`. Null stays allowed (a language-neutral item),
// and so does an item's old locale kept unchanged: items from before the locales keep working. A
// workspace without locales takes any code, as it always did.
import type { CommonQueryMethods } from 'slonik';
import { findLocaleSettings, listLocales } from '../../db/localization/workspace-locales.js';
import { notFound, validationFailed } from '../../errors.js';
import { canonicalTag, tagKey } from './language-tags.js';

export interface LocaleCheck {
  /** Where the code sits in the request (`/localeCode`). */
  readonly pointer?: string;
  /** The item's current locale, on a change: the same code again is kept as it is. */
  readonly unchanged?: string | null;
}

/**
 * The locale to store for `localeCode` in `workspaceId`, or 422 `validation-failed` at the pointer
 * listing the configured locales. Call it inside the transaction that writes the item: it holds the
 * workspace row FOR KEY SHARE until commit, so a save of the locales that removes this one waits for
 * the write (and then sees the item), and one committed first is seen here.
 */
export async function assertConfiguredLocale(
  tx: CommonQueryMethods,
  workspaceId: string,
  localeCode: string | null,
  check: LocaleCheck = {},
): Promise<string | null> {
  if (localeCode === null) return null;
  if (check.unchanged !== undefined && localeCode === check.unchanged) return localeCode;
  if (!(await findLocaleSettings(tx, workspaceId, 'key share'))) throw notFound('The workspace');
  const configured = (await listLocales(tx, workspaceId)).map((l) => l.code);
  if (configured.length === 0) return localeCode;
  const canonical = canonicalTag(localeCode);
  const match = canonical === null ? undefined : configured.find((code) => tagKey(code) === tagKey(canonical));
  if (match !== undefined) return match;
  const message = `${localeCode} is not one of this workspace's locales: ${configured.join(', ')}.`;
  throw validationFailed({ [check.pointer ?? '/localeCode']: [message] }, message);
}
