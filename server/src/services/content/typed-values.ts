// The rules of the typed values Verso adds to upstream's kinds — Number, Date and DateTime — shared
// by template field values (content-validation.ts) and Component members (component-values.ts), so
// a price is held to the same rules wherever it sits. Pure: each check returns the value as it is
// stored, or a phrase completing "Field 'Price' value 2 …".
import type { NumberRules } from '../../db/content/content-schema.js';

/** Digits every JSON reader keeps exactly: a double holds any 15-digit decimal (DBL_DIG), not every 16-digit one. */
export const MAX_NUMBER_DIGITS = 15;

/**
 * The significant digits and the digits after the point of a finite number, as its shortest
 * decimal form (String(n), which every JSON writer also uses) spells it: 1e21 has 1 significant
 * digit and none after the point, 1e-7 has 1 and 7, 120.50 is 120.5 (4 and 1).
 */
export function decimalDigits(n: number): { significant: number; fraction: number } {
  const [mantissa = '', exponent] = String(Math.abs(n)).split('e');
  const [whole = '', part = ''] = mantissa.split('.');
  let digits = whole + part;
  let point = whole.length + (exponent === undefined ? 0 : Number(exponent));
  const leading = digits.length - digits.replace(/^0+/, '').length;
  digits = digits.slice(leading);
  point -= leading;
  digits = digits.replace(/0+$/, '');
  return { significant: digits.length, fraction: Math.max(0, digits.length - point) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Why `n` is not a Number value under `rules`, or null. The stored text is String(n): numeric keeps
 * exactly those digits, and reading them back with Number() gives `n` again.
 */
export function numberProblem(n: unknown, rules: NumberRules): string | null {
  if (typeof n !== 'number') return null;
  if (!Number.isFinite(n)) return 'must be a finite number';
  const { significant, fraction } = decimalDigits(n);
  if (significant > MAX_NUMBER_DIGITS) {
    return `has ${significant} significant digits; at most ${MAX_NUMBER_DIGITS} are kept exactly, so round it`;
  }
  if (rules.min !== null && n < rules.min) return `is ${String(n)}, less than the field's minimum of ${String(rules.min)}`;
  if (rules.max !== null && n > rules.max) return `is ${String(n)}, more than the field's maximum of ${String(rules.max)}`;
  if (rules.integer && !Number.isInteger(n)) return `is ${String(n)}, but the field takes whole numbers only`;
  if (rules.decimals !== null && fraction > rules.decimals) {
    return rules.decimals === 0
      ? `is ${String(n)}, but the field takes no digits after the point`
      : `is ${String(n)}, but the field takes at most ${plural(rules.decimals, 'digit')} after the point`;
  }
  return null;
}

const isLeapYear = (y: number) => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date value as stored (`YYYY-MM-DD`), or why it is not one. */
export function checkDate(x: string): { readonly date: string } | { readonly problem: string } {
  const m = DATE.exec(x);
  if (!m) return { problem: `is "${cut(x)}", not a date written YYYY-MM-DD` };
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1) return { problem: `is "${x}", but years run from 0001 to 9999` };
  if (month < 1 || month > 12) return { problem: `is "${x}", which has no month ${m[2]}` };
  if (day < 1 || day > daysIn(year, month)) return { problem: `is "${x}", a day that does not exist` };
  return { date: x };
}

// RFC 3339's date-time: `T` (or `t`) between date and time, an optional fraction, and an offset —
// `Z` (or `z`) or ±hh:mm. Fractions finer than a millisecond are truncated (what is stored and
// answered is to the millisecond, as JavaScript, JSON Schema tools and most clients keep time);
// .NET writes seven digits, which must not be refused.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))?$/;

/** A DateTime value as stored and answered (UTC, milliseconds, `Z`), or why it is not one. */
export function checkDateTime(x: string): { readonly instant: string } | { readonly problem: string } {
  const m = DATE_TIME.exec(x);
  if (!m) return { problem: `is "${cut(x)}", not a date and time written as RFC 3339 (2026-12-24T18:00:00+01:00)` };
  const [, day, hh, mm, ss, fraction = '', zulu, sign, oh, om] = m;
  if (!zulu && !sign) return { problem: `is "${x}", a time without an offset: add Z for UTC or the offset, as in +01:00 (a time is never guessed)` };
  const date = checkDate(day!);
  if ('problem' in date) return date;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return { problem: `is "${x}", a time of day that does not exist` };
  if (sign && (Number(oh) > 23 || Number(om) > 59)) return { problem: `is "${x}", whose offset is not one (at most ±23:59)` };
  const [year, month, dayOfMonth] = day!.split('-').map(Number) as [number, number, number];
  const at = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  at.setUTCFullYear(year, month - 1, dayOfMonth);
  at.setUTCHours(Number(hh), Number(mm), Number(ss), Number((fraction + '000').slice(0, 3)));
  const offsetMinutes = sign ? (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) : 0;
  const utc = new Date(at.getTime() - offsetMinutes * 60_000);
  const utcYear = utc.getUTCFullYear();
  if (utcYear < 1 || utcYear > 9999) return { problem: `is "${x}", which in UTC falls outside the years 0001 to 9999` };
  return { instant: utc.toISOString() };
}

/** A submitted string, cut short so a huge value cannot swell the error body. */
function cut(s: string): string {
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}
