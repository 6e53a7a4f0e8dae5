// Shared form helpers. Forms post to their own page path; on an API refusal the page re-renders the
// form with the user's values, the problem's title/detail inline (partials/problem.eta) and each field's
// messages next to it (partials/field-errors.eta, keyed by JSON pointer such as `/name`).
//
// Optimistic concurrency (412): a form opened on an ETag-guarded resource carries the ETag it was
// rendered from in a hidden `_etag` input. `submitWithETag` sends it as If-Match; when the API answers
// 412 (someone else changed it since), nothing has been written: the helper reads the current state
// and the page re-renders with partials/conflict.eta ("changed by someone else since you opened it",
// the current values, and a "Re-apply my changes" button that posts the user's values again with the
// fresh ETag). Nothing is ever overwritten silently.
import type express from 'express';
import { VersoApiError } from '@verso/sdk';
import type { FieldErrors } from '../views/field-errors.js';
import { problemOf, type ShownProblem } from './page-errors.js';

export type { FieldErrors };

export interface FormFailure {
  problem: ShownProblem;
  /** Messages keyed by normalised JSON pointer (`/name`, `/newPassword`). */
  errors: FieldErrors;
}

/** Normalises an API error key (`/name`, `name`, `body/name`, `$.name`, `#/name`) to a JSON pointer. */
export function pointerOf(key: string): string {
  let k = key.trim();
  k = k.replace(/^#/, '').replace(/^\$\.?/, '/').replace(/^body(?=\/|$)/, '').replace(/^\/body(?=\/|$)/, '');
  if (!k.startsWith('/')) k = '/' + k.replace(/\./g, '/');
  return k === '' ? '/' : k;
}

/**
 * The problem and field errors of a refusal the user can fix (400, 409, 422, and 401 from a
 * credential check), or undefined for anything the error middleware should handle.
 */
export function formFailure(err: unknown, statuses: readonly number[] = [400, 409, 422]): FormFailure | undefined {
  if (!(err instanceof VersoApiError) || !statuses.includes(err.status)) return undefined;
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(err.problem.errors ?? {})) {
    const p = pointerOf(key);
    (errors[p] ??= []).push(...(Array.isArray(messages) ? messages.map(String) : [String(messages)]));
  }
  const problem = problemOf(err);
  // The contract validator's 400 says what is wrong per input; its title and detail only say that
  // something is ("Bad Request"), so the form says what to do instead.
  if (err.status === 400 && Object.keys(errors).length > 0) {
    Object.assign(problem, { title: 'Some values need a change', detail: 'Nothing was saved. Each message says what to change.' });
  }
  return { problem, errors };
}

/** Messages for one field (templates call this through `it.fieldErrors`). */
export function errorsFor(errors: FieldErrors | undefined, pointer: string): string[] {
  return errors?.[pointer] ?? [];
}

/** One current value as shown in the conflict box. */
export interface ConflictValue {
  label: string;
  value: string;
}

export interface Conflict {
  /** The resource as it is now (someone else's change included). */
  current: ConflictValue[];
  /** Its ETag now: the re-apply button posts the user's values with this tag. */
  etag: string;
}

export type GuardedResult<T> = { ok: true; result: T } | { ok: false; conflict: Conflict };

/** An entity-tag as RFC 9110 spells it (`"…"` or `W/"…"`): what the admin's own forms carry. */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

/**
 * Writes with If-Match: `etag` (the form's `_etag`). On 412 (or 428: the form had no tag) returns the
 * current state as a conflict instead of throwing; other errors propagate (formFailure / middleware).
 * A `_etag` that is not an entity-tag (a NUL, a line break, a character past U+00FF: no form of the
 * admin's sends one, and fetch refuses it as a header value) counts as no tag: nothing is written.
 */
export async function submitWithETag<T>(opts: {
  etag: string | undefined;
  write: (ifMatch: string) => Promise<T>;
  readCurrent: () => Promise<Conflict>;
}): Promise<GuardedResult<T>> {
  try {
    if (!opts.etag || !ENTITY_TAG.test(opts.etag)) return { ok: false, conflict: await opts.readCurrent() };
    return { ok: true, result: await opts.write(opts.etag) };
  } catch (err) {
    if (err instanceof VersoApiError && (err.status === 412 || err.status === 428)) return { ok: false, conflict: await opts.readCurrent() };
    throw err;
  }
}

/** Every value of a repeated field (checkboxes, rows), in the order sent ([] when absent). */
export function fieldValues(req: express.Request, name: string): string[] {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v];
  return list.filter((x): x is string => typeof x === 'string');
}

/** A string field of an urlencoded form body ('' when absent; arrays take the first value). */
export function field(req: express.Request, name: string): string {
  const body = req.body as Record<string, unknown> | undefined;
  const v = body?.[name];
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return '';
}
