// Saving inline composition children, which are content items of their own: before the parent is
// written, each child edited in place is written to its own latest version with that version's ETag
// (a 412 is the conflict flow, a 422 is shown at the child's inputs), and each new inline row is
// created with createContent on the target template. The parent then refers to the children by id.
// A child whose values did not change is not written (a write would clear its schedule).
import type express from 'express';
import { apiFor } from '../../api.js';
import { formFailure, submitWithETag, type Conflict, type ConflictValue, type FieldErrors, type FormFailure } from '../../http/forms.js';
import { formatWhen } from '../../time.js';
import type { ContentVersion } from './editor-load.js';
import type { EditorField, EditorSchema } from './editor-schema.js';
import { encodeValues, errorsByPath, stateFromValues, type ChildVersion, type FieldsState, type FieldValueRequest } from './value-form.js';
import type { Permission } from '../workspace-scope.js';

export type WriteOutcome = { ok: true } | { ok: false; failure: FormFailure } | { ok: false; conflict: Conflict };

/** One value as the conflict box shows it. */
function describe(v: FieldValueRequest): string {
  if (typeof v.textValue === 'string') return v.jsonValue !== undefined ? `${v.textValue} ${JSON.stringify(v.jsonValue)}` : v.textValue;
  if (typeof v.boolValue === 'boolean') return v.boolValue ? 'Yes' : 'No';
  if (typeof v.numberValue === 'number') return String(v.numberValue);
  if (typeof v.dateValue === 'string') return v.dateValue;
  if (typeof v.dateTimeValue === 'string') return v.dateTimeValue;
  if (v.jsonValue !== undefined) return JSON.stringify(v.jsonValue);
  return v.mediaAssetId ?? v.fileAssetId ?? v.childContentItemId ?? (v.valueKind === 'Separator' ? '—' : '');
}

/** A version's current values for the conflict box: each field's values, then its window and status. */
export function conflictValues(schema: EditorSchema, version: ContentVersion, zone: string, prefix = ''): ConflictValue[] {
  const fields = schema.fields(version.templateVersionId);
  const { values } = encodeValues(fields, stateFromValues(schema, fields, version.fields, new Map(), zone), '', zone);
  return [
    ...fields.map((f) => ({ label: prefix + f.label, value: values.filter((v) => v.fieldId === f.id).map(describe).join(' · ') })),
    { label: `${prefix}Effective window`, value: version.effectiveStartAt ? `${formatWhen(version.effectiveStartAt, zone)} – ${formatWhen(version.effectiveEndAt, zone)}` : '' },
    { label: `${prefix}Status`, value: version.status },
    { label: `${prefix}Last changed`, value: formatWhen(version.updatedAt, zone) },
  ];
}

const sameValues = (a: FieldValueRequest[], b: FieldValueRequest[]) => JSON.stringify(a) === JSON.stringify(b);

function failureAt(err: unknown, errors: (e: FieldErrors) => FieldErrors): FormFailure {
  const failure = formFailure(err);
  if (!failure) throw err;
  return { problem: failure.problem, errors: errors(failure.errors) };
}

const localFailure = (errors: FieldErrors): FormFailure => ({ problem: { status: 422, title: 'Some values could not be read', detail: 'Correct the marked inputs and save again.' }, errors });

/**
 * Writes the inline children of `fields` (the parent's top-level fields) in `state`, updating each
 * row's child id, version and ETag in place. `parentEtag` is what a child's conflict keeps for the
 * parent form (only the child changed behind the user's back).
 */
export async function writeInlineChildren(
  res: express.Response,
  opts: { workspaceId: string; schema: EditorSchema; fields: readonly EditorField[]; state: FieldsState; loaded: ReadonlyMap<string, ChildVersion>; editable: (status: string) => Permission; parentEtag: string; zone: string },
): Promise<WriteOutcome> {
  const api = apiFor(res);
  const { workspaceId, schema } = opts;
  for (const f of opts.fields.filter((x) => x.kind === 'Inline')) {
    const rows = opts.state[f.id] ?? [];
    for (let i = 0; i < rows.length; i++) {
      const c = rows[i]!.inline;
      if (!c || !c.templateVersionId) continue;
      const prefix = `${f.id}/${i}/f/`;
      const childFields = schema.fields(c.templateVersionId);
      const encoded = encodeValues(childFields, c.fields, prefix, opts.zone);
      if (Object.keys(encoded.errors).length > 0) return { ok: false, failure: localFailure(encoded.errors) };
      const mapErrors = (e: FieldErrors) => errorsByPath(e, encoded, childFields, prefix);

      if (c.itemId === '') {
        try {
          const created = await api.createContent({ path: { workspaceId }, body: { templateVersionId: c.templateVersionId, tags: [], fields: encoded.values } });
          const versionNumber = created.versions[0]?.versionNumber ?? 1;
          const read = await api.call('getContentVersion', { path: { workspaceId, id: created.id, versionNumber }, query: { expandChildren: false } });
          Object.assign(c, { itemId: created.id, version: versionNumber, etag: read.etag ?? '', status: read.data.status });
        } catch (err) {
          return { ok: false, failure: failureAt(err, mapErrors) };
        }
        continue;
      }

      const loaded = opts.loaded.get(c.itemId);
      if (!loaded || !opts.editable(loaded.version.status).allowed) continue;
      const before = encodeValues(childFields, stateFromValues(schema, childFields, loaded.version.fields, new Map(), opts.zone), '', opts.zone).values;
      if (sameValues(before, encoded.values)) continue;
      try {
        const outcome = await submitWithETag({
          etag: c.etag,
          write: (ifMatch) =>
            api.call('updateContentVersion', { path: { workspaceId, id: c.itemId, versionNumber: c.version }, query: { expandChildren: false }, body: { fields: encoded.values, effectiveStartAt: loaded.version.effectiveStartAt, effectiveEndAt: loaded.version.effectiveEndAt } }, { ifMatch }),
          readCurrent: async () => {
            const now = await api.call('getContentVersion', { path: { workspaceId, id: c.itemId, versionNumber: c.version }, query: { expandChildren: false } });
            return { etag: now.etag ?? '', current: conflictValues(schema, now.data, opts.zone, `${f.label} › `) };
          },
        });
        if (!outcome.ok) {
          c.etag = outcome.conflict.etag;
          return { ok: false, conflict: { current: outcome.conflict.current, etag: opts.parentEtag } };
        }
        c.etag = outcome.result.etag ?? '';
      } catch (err) {
        return { ok: false, failure: failureAt(err, mapErrors) };
      }
    }
  }
  return { ok: true };
}
