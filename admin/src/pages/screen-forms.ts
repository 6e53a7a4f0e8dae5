// Small helpers the management screens (workspaces, users, API clients, audit) share on top of
// http/forms.ts: ids, paging links, UTC times in forms, refusals a page decides itself, and the
// pages that show a secret once.
import crypto from 'node:crypto';
import type express from 'express';
import type { components } from '@verso/sdk';
import { formatWhen, inputFromInstant, instantFromInput, UTC } from '../time.js';
import { render } from '../views/render.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

type Role = components['schemas']['Role'];
/** The roles, lowest first, as the user and API-client forms offer them. */
export const ROLES: readonly Role[] = ['Reader', 'Editor', 'TemplateAdmin', 'Admin'];
/** A posted role; anything the form did not offer reads as the lowest. */
export const roleOf = (raw: string): Role => (ROLES as readonly string[]).includes(raw) ? (raw as Role) : 'Reader';

/** A query-string value as one string ('' when absent). */
export function queryValue(query: unknown, name: string): string {
  const raw = (query as Record<string, unknown> | undefined)?.[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value : '';
}

/** A positive page number from the query (1 when absent or not a number). */
export function pageOf(query: unknown): number {
  const n = Number(queryValue(query, 'page'));
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/** Pages that show a secret (a token, a temporary password) once: never cached, never stored. */
export function noStore(res: express.Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}

/**
 * A temporary password the API accepts (letters, digits and a few punctuation marks; no spaces,
 * nothing invisible), long enough that it is not guessed before the user changes it.
 */
export function temporaryPassword(minLength: number): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  // Groups of five random characters (at least 20, ~116 bits), and at least Auth__Password__MinLength
  // of them, so the API's length rule always holds; random text of this length is never a common password.
  const groups = Math.ceil(Math.max(20, minLength) / 5);
  const out: string[] = [];
  for (let g = 0; g < groups; g++) {
    let group = '';
    for (let i = 0; i < 5; i++) group += alphabet[crypto.randomInt(alphabet.length)];
    out.push(group);
  }
  return out.join('-');
}

/** `2026-01-31T09:30` (a datetime-local value, read as UTC) → ISO 8601; undefined when blank; null when invalid. */
export const utcFromInput = (value: string): string | undefined | null => instantFromInput(value, UTC);

/** An ISO timestamp as a datetime-local value in UTC (`2026-01-31T09:30`). */
export const inputFromUtc = (iso: string | null | undefined): string => inputFromInstant(iso, UTC);

/** A timestamp for a table cell: `2026-01-31 09:30 UTC`, or on `zone`'s clock when given (see time.ts zoneOf). */
export const when = (iso: string | null | undefined, zone: string = UTC): string => formatWhen(iso, zone);

/** The page links of a paged list, keeping the other query parameters. */
export function pageLinks(path: string, params: Record<string, string>, page: number, totalPages: number): { previous?: string; next?: string } {
  const link = (p: number) => {
    const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== ''));
    if (p > 1) q.set('page', String(p));
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  };
  return { previous: page > 1 ? link(page - 1) : undefined, next: page < totalPages ? link(page + 1) : undefined };
}

/**
 * A refusal the page decides itself because no read operation carries the write's rule (editing a
 * workspace needs Admin + Write, its read only Reader + Read): rendered like the API's 403 page.
 */
export async function refuse(res: express.Response, detail: string): Promise<void> {
  await render(res, 'errors/problem', { title: 'Forbidden', problem: { status: 403, title: 'Forbidden', detail } }, 403);
}
