// The rules a workspace's locales document must keep before it is saved (PUT …/locales). Every
// problem is reported at once, one plain sentence at the JSON pointer of the value at fault
// (`/locales/2/fallback/0`), so an editor fixes the whole document in one round.
//
// A chain as reads apply it is flat: a read in `de-CH` tries `de-CH`, then its configured fallback
// in order, then the default (verso_locale_chain, migration 0041); a fallback's own fallback is not
// followed. Two locales falling back to each other would therefore still resolve, but the issue
// asks for a configuration a person can reason about, so a cycle among fallbacks is refused too.
import { validationFailed, type ValidationErrors } from '../../errors.js';
import type { WorkspaceLocalesRequest } from '../../generated/schemas.js';
import type { NewLocaleRow } from '../../db/localization/workspace-locales.js';
import { canonicalTag, tagKey } from './language-tags.js';

/** What is saved: the canonical default and the locales in the order given. */
export interface LocalesPlan {
  readonly defaultLocale: string | null;
  readonly locales: readonly NewLocaleRow[];
}

class Problems {
  readonly errors: ValidationErrors = {};
  add(pointer: string, message: string): void {
    (this.errors[pointer] ??= []).push(message);
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

const notATag = (raw: string) =>
  `${raw} is not a valid language tag: after the language, use a script (Hant), a region (CH or 419) or a variant (1996), such as zh-Hant-TW or de-CH.`;

/** The contract's LanguageTag maxLength, which the answers keep too. */
const TAG_MAX = 20;

/** The canonical tag, or null after reporting why `raw` is not one. */
function canonical(problems: Problems, pointer: string, raw: string): string | null {
  const tag = canonicalTag(raw);
  if (tag === null) {
    problems.add(pointer, notATag(raw));
    return null;
  }
  // Canonicalising replaces aliases, which can lengthen a tag: `sh` is `sr-Latn`.
  if (tag.length > TAG_MAX) {
    problems.add(pointer, `${raw} is written ${tag} in its standard form, longer than the ${TAG_MAX} characters a language tag may have.`);
    return null;
  }
  return tag;
}

/**
 * The locales to save, canonical, with each chain computed; throws 422 `validation-failed` naming
 * every problem. Whether a removed locale is still used is the caller's check (it needs the items).
 */
export function planLocales(input: WorkspaceLocalesRequest): LocalesPlan {
  const problems = new Problems();
  const codes = input.locales.map((l, i) => canonical(problems, `/locales/${i}/code`, l.code));

  // The first occurrence of each code (by key) is the locale; later ones are duplicates.
  const indexByKey = new Map<string, number>();
  codes.forEach((code, i) => {
    if (code === null) return;
    if (indexByKey.has(tagKey(code))) {
      const first = input.locales[indexByKey.get(tagKey(code))!]!.code;
      const same = first === input.locales[i]!.code ? `${code} is listed twice` : `${input.locales[i]!.code} is ${code}, which is already listed as ${first}`;
      problems.add(`/locales/${i}/code`, `${same}: list each locale once.`);
    } else {
      indexByKey.set(tagKey(code), i);
    }
  });

  const defaultLocale = input.defaultLocale === null ? null : canonical(problems, '/defaultLocale', input.defaultLocale);
  const defaultKey = defaultLocale === null ? null : tagKey(defaultLocale);
  if (input.defaultLocale === null && input.locales.length > 0) {
    problems.add('/defaultLocale', 'Choose a default locale: one of the locales listed (or list none to turn localization off).');
  } else if (defaultLocale !== null && input.locales.length === 0) {
    problems.add('/defaultLocale', `No locales are listed, so there cannot be a default: list ${defaultLocale} among the locales, or set the default to null to turn localization off.`);
  } else if (defaultKey !== null && !indexByKey.has(defaultKey)) {
    problems.add('/defaultLocale', `${defaultLocale} is not one of the locales listed; the default must be one of them.`);
  }

  // Each locale's fallback, canonical, with the entries that name a listed locale other than itself.
  const fallbacks: (string | null)[][] = input.locales.map((locale, i) => {
    const code = codes[i] ?? null;
    const fallback = locale.fallback.map((raw, j) => canonical(problems, `/locales/${i}/fallback/${j}`, raw));
    if (code === null) return fallback;
    if (tagKey(code) === defaultKey && fallback.length > 0) {
      problems.add(`/locales/${i}/fallback`, `${code} is the default locale, so it falls back to nothing: leave its fallback empty.`);
      return [];
    }
    const seen = new Set<string>();
    fallback.forEach((entry, j) => {
      if (entry === null) return;
      const pointer = `/locales/${i}/fallback/${j}`;
      const key = tagKey(entry);
      if (key === tagKey(code)) problems.add(pointer, `${code} cannot fall back to itself.`);
      else if (!indexByKey.has(key)) problems.add(pointer, `${entry} is not one of the locales listed; a fallback names listed locales only.`);
      else if (seen.has(key)) problems.add(pointer, `${entry} is already named earlier in this fallback; name each locale once.`);
      else if (key === defaultKey && j < fallback.length - 1) {
        problems.add(pointer, `The fallback must end in the default locale ${defaultLocale}: nothing may come after it.`);
      }
      seen.add(key);
    });
    return fallback;
  });

  reportCycles(problems, input, codes, fallbacks, indexByKey);
  if (problems.any) {
    throw validationFailed(problems.errors, `The locales were not saved. ${Object.values(problems.errors).flat().join(' ')}`);
  }

  const locales = input.locales.map((locale, i): NewLocaleRow => {
    const code = codes[i]!;
    const fallback = fallbacks[i] as string[];
    const chainKeys = [...new Set([code, ...fallback, defaultLocale!].map(tagKey))];
    return { code, name: locale.name, fallback, chainKeys };
  });
  return { defaultLocale, locales };
}

/**
 * Reports each fallback that leads back to a locale already on the way (depth-first over "falls
 * back to"), at the entry that closes the circle, naming the circle.
 */
function reportCycles(
  problems: Problems,
  input: WorkspaceLocalesRequest,
  codes: readonly (string | null)[],
  fallbacks: readonly (readonly (string | null)[])[],
  indexByKey: ReadonlyMap<string, number>,
): void {
  const state = new Map<number, 'open' | 'done'>();
  const path: number[] = [];
  const visit = (i: number): void => {
    state.set(i, 'open');
    path.push(i);
    fallbacks[i]!.forEach((entry, j) => {
      if (entry === null) return;
      const next = indexByKey.get(tagKey(entry));
      if (next === undefined || next === i) return;
      if (state.get(next) === 'open') {
        const circle = [i, ...path.slice(path.indexOf(next), -1), i].map((n) => codes[n]).join(' → ');
        problems.add(`/locales/${i}/fallback/${j}`, `${codes[i]} falls back to ${entry}, which leads back to ${codes[i]} (${circle}): fallbacks cannot go round in a circle.`);
      } else if (state.get(next) === undefined) {
        visit(next);
      }
    });
    path.pop();
    state.set(i, 'done');
  };
  input.locales.forEach((_, i) => {
    if (codes[i] !== null && indexByKey.get(tagKey(codes[i]!)) === i && !state.has(i)) visit(i);
  });
}
