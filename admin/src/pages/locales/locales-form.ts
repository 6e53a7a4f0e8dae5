// The Locales form's rows and what they become: one fieldset per locale (code, name, fallback chain
// typed as `de, en`, Remove) plus blank rows to add one, and a radio for the default. The request is
// built from the rows that are neither removed nor blank, so the API's pointers (`/locales/2/fallback/0`)
// name a request index: `rowErrors` puts each message back on the form row it came from.
import type express from 'express';
import type { components } from '@verso/sdk';
import { field, type FieldErrors } from '../../http/forms.js';

type LocalesRequest = components['schemas']['WorkspaceLocalesRequest'];
export type LocalesResponse = components['schemas']['WorkspaceLocalesResponse'];

export interface LocaleRow {
  code: string;
  name: string;
  /** The chain as typed: codes separated by commas. */
  fallback: string;
  remove: boolean;
  /** Shown from the saved locales (offers Remove), or a blank row to add one. */
  saved: boolean;
}

export interface LocalesForm {
  rows: LocaleRow[];
  /** The index of the row chosen as the default ('' for none). */
  defaultRow: string;
}

/** Blank rows offered to add locales (a save with more adds offers as many again). */
export const BLANK_ROWS = 2;
/** The API takes at most 100 locales; the form never reads more rows than that plus the blanks. */
const MAX_ROWS = 100 + BLANK_ROWS;

const blankRow = (): LocaleRow => ({ code: '', name: '', fallback: '', remove: false, saved: false });

/** The form showing the saved locales, each chain in full as reads apply it (ending in the default). */
export function formFrom(saved: LocalesResponse): LocalesForm {
  const rows = saved.locales.map((l) => ({ code: l.code, name: l.name, fallback: l.fallback.join(', '), remove: false, saved: true }));
  const at = saved.locales.findIndex((l) => saved.defaultLocale !== null && l.code.toLowerCase() === saved.defaultLocale.toLowerCase());
  return { rows: [...rows, ...Array.from({ length: BLANK_ROWS }, blankRow)], defaultRow: at >= 0 ? String(at) : '' };
}

/** The rows as posted (`l<i>-code`, `l<i>-name`, `l<i>-fallback`, `l<i>-remove`, `l<i>-saved`, `default`). */
export function formOf(req: express.Request): LocalesForm {
  const count = Math.min(MAX_ROWS, Math.max(0, Number.parseInt(field(req, 'rows'), 10) || 0));
  const rows = Array.from({ length: count }, (_, i) => ({
    code: field(req, `l${i}-code`).trim(),
    name: field(req, `l${i}-name`).trim(),
    fallback: field(req, `l${i}-fallback`).trim(),
    remove: field(req, `l${i}-remove`) === 'yes',
    saved: field(req, `l${i}-saved`) === 'yes',
  }));
  return { rows, defaultRow: field(req, 'default') };
}

const isBlank = (r: LocaleRow) => r.code === '' && r.name === '' && r.fallback === '';

/** `de, en` (or `de en`, `de;en`) → ['de', 'en']. */
export const chainOf = (typed: string): string[] => typed.split(/[\s,;]+/).filter((c) => c !== '');

/** The request for the form, and which form row each request entry came from. */
export function requestOf(form: LocalesForm): { body: LocalesRequest; rowOf: number[] } {
  const rowOf: number[] = [];
  const locales: LocalesRequest['locales'] = [];
  form.rows.forEach((r, i) => {
    if (r.remove || isBlank(r)) return;
    rowOf.push(i);
    locales.push({ code: r.code, name: r.name, fallback: chainOf(r.fallback) });
  });
  const chosen = form.rows[Number(form.defaultRow)];
  const kept = form.defaultRow !== '' && chosen && !chosen.remove && !isBlank(chosen) ? chosen.code : null;
  // One locale and no default chosen: that one is the default (nothing else could be).
  const defaultLocale = kept ?? (locales.length === 1 ? locales[0]!.code : null);
  return { body: { defaultLocale, locales }, rowOf };
}

/** The form after a save that was refused: removed rows stay (ticked), and there are blank rows to add with. */
export function withBlanks(form: LocalesForm): LocalesForm {
  const blanks = form.rows.filter((r) => !r.saved && isBlank(r)).length;
  return { ...form, rows: [...form.rows, ...Array.from({ length: Math.max(0, BLANK_ROWS - blanks) }, blankRow)] };
}

/**
 * The API's messages moved onto the form: `/locales/<i>/<member>[/…]` onto row rowOf[i]'s input
 * (`/locales/<row>/code|name|fallback`), `/defaultLocale` onto the default choice; the rest as sent
 * (the page's problem box lists what no input shows).
 */
export function rowErrors(errors: FieldErrors, rowOf: readonly number[]): FieldErrors {
  const out: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(errors)) {
    const m = /^\/locales\/(\d+)(?:\/(code|name|fallback)(?:\/.*)?)?$/.exec(pointer);
    const row = m ? rowOf[Number(m[1])] : undefined;
    const at = m && row !== undefined ? `/locales/${row}/${m[2] ?? 'code'}` : pointer;
    (out[at] ??= []).push(...messages);
  }
  return out;
}
