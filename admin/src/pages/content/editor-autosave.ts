// The editor's autosave answer. public/content-editor.js posts the editor form in the background
// with `X-Verso-Autosave: 1`; the editor route (editor.ts) runs the very save the Save button runs —
// same ETag (If-Match), same inline children first — and answers here with JSON rather than a page:
// - 200 { saved, etag, savedAt, inputs }: the version's new ETag for the form's `_etag`, the time
//   shown as "Saved 10:42 CET" (the user's zone, named), and the inline children's hidden inputs (ids, versions, ETags) that
//   the save changed, so the next save neither creates a child twice nor sends a stale child tag;
// - 409 { conflict }: the API answered 412, nothing was written; the page offers the "changed by
//   someone else" flow (a normal post of the form, which renders partials/conflict.eta);
// - 422 { reason }: why nothing was saved, in words, for "Not saved: <reason>".
import type express from 'express';
import { formatWhen } from '../../time.js';
import type { EditorField } from './editor-schema.js';
import type { FieldsState } from './value-form.js';

export const AUTOSAVE_HEADER = 'X-Verso-Autosave';

export const isAutosave = (req: express.Request): boolean => req.get(AUTOSAVE_HEADER) === '1';

export type AutosaveOutcome = { kind: 'saved'; etag: string; zone: string; inputs: Record<string, string> } | { kind: 'conflict' } | { kind: 'refused'; reason: string };

/** "10:42 CET": the time of day in the user's zone, named as every time in the admin is (time.ts). */
function clock(zone: string, at = new Date()): string {
  // formatWhen is `2026-01-31 10:42 CET`: the day goes, the time and the zone stay.
  return formatWhen(at.toISOString(), zone).slice('2026-01-31 '.length);
}

/** The hidden inputs of the top-level inline rows (views/content/fields/inline.eta) after a save. */
export function savedChildren(fields: readonly EditorField[], state: FieldsState): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const f of fields.filter((x) => x.kind === 'Inline')) {
    (state[f.id] ?? []).forEach((row, i) => {
      const c = row.inline;
      if (!c || !c.itemId) return;
      const name = `v[${f.id}][${i}]`;
      inputs[`${name}[item]`] = c.itemId;
      inputs[`${name}[ver]`] = c.version ? String(c.version) : '';
      inputs[`${name}[etag]`] = c.etag;
      inputs[`${name}[st]`] = c.status;
    });
  }
  return inputs;
}

export function autosaveReply(res: express.Response, outcome: AutosaveOutcome): void {
  res.setHeader('Cache-Control', 'no-store');
  if (outcome.kind === 'saved') {
    res.status(200).json({ saved: true, etag: outcome.etag, savedAt: clock(outcome.zone), inputs: outcome.inputs });
  } else if (outcome.kind === 'conflict') {
    res.status(409).json({ saved: false, conflict: true, reason: 'someone else changed this version since you opened it' });
  } else {
    res.status(422).json({ saved: false, reason: outcome.reason.replace(/\.$/, '') });
  }
}
