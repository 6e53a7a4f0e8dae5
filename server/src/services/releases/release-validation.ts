// The problems that stop a release (ReleaseProblemReason): read in one statement
// (db/releases/release-checks.ts) and judged here, the same way for the validation read, the API's
// publish and the scheduler's. Called under the entries' item locks when publishing, so what it finds
// cannot change before the writes.
import type { CommonQueryMethods } from 'slonik';
import { readEntryChecks, type EntryCheckRow } from '../../db/releases/release-checks.js';
import { ApiError } from '../../errors.js';
import type { ReleaseProblem, ReleaseProblemReason } from '../../generated/schemas.js';
import { loadTemplateVersionFields } from '../../db/content/content-schema.js';
import { loadValues, valueAsInput } from '../../db/content/content-values.js';
import { missingRequiredFields } from '../content/content-validation.js';

function problem(e: EntryCheckRow, reason: ReleaseProblemReason, message: string, referencedItemId: string | null = null): ReleaseProblem {
  return { itemId: e.content_item_id, versionNumber: e.version_number, reason, message, referencedItemId };
}

/** Every problem of the release's entries, in item id order (several per entry when it has several). */
export async function findReleaseProblems(db: CommonQueryMethods, releaseId: string): Promise<{ entries: readonly EntryCheckRow[]; problems: ReleaseProblem[] }> {
  const entries = await readEntryChecks(db, releaseId);
  // After the release: publish entries serve, archive entries do not; any other item as it is now.
  const servedAfter = new Map(entries.map((e) => [e.content_item_id, e.action === 'publish']));
  // The completeness check of a single publish (content-rules.ts incompleteFields), for every
  // publish entry at once: one read of the template versions' fields and one of the values, not two
  // statements per entry (a release may hold a thousand).
  const toCheck = entries.filter((e) => e.action === 'publish' && e.version_id !== null && !e.item_deleted);
  const fieldsOf = await loadTemplateVersionFields(db, [...new Set(toCheck.map((e) => e.template_version_id!))]);
  const valuesOf = await loadValues(db, toCheck.map((e) => e.version_id!));
  const problems: ReleaseProblem[] = [];
  for (const e of entries) {
    const n = e.version_number;
    if (e.item_deleted || e.version_id === null) {
      problems.push(problem(e, 'Deleted', e.item_deleted ? 'The item was deleted.' : `Version ${n} of the item was deleted.`));
      continue;
    }
    if (e.action === 'publish' && e.status !== 'Approved') {
      problems.push(problem(e, 'NotApproved', `Version ${n} is ${e.status}; only an Approved version can be published.`));
    }
    if (e.action === 'archive' && e.status !== 'Published') {
      problems.push(problem(e, 'NotApproved', `Version ${n} is ${e.status}; only a Published version can be archived.`));
    }
    if (e.digest_now !== e.added_digest) {
      problems.push(problem(e, 'ChangedSinceAdded', `Version ${n} was edited after it was added to the release; add it again to take the edit.`));
    }
    if (e.action !== 'publish') continue;
    const shared = new Set(e.shared_field_ids);
    const fields = (fieldsOf.get(e.template_version_id!) ?? []).filter((f) => !shared.has(f.id));
    const missing = Object.keys(missingRequiredFields(fields, (valuesOf.get(e.version_id) ?? []).map(valueAsInput)));
    if (missing.length > 0) {
      const fields = missing.map((m) => m.replace(/^\/fields\//, '')).join(', ');
      problems.push(problem(e, 'Incomplete', `Version ${n} misses required fields: ${fields}.`));
    }
    for (const child of e.children) {
      const served = servedAfter.get(child.id) ?? child.served;
      if (!served) {
        problems.push(problem(e, 'MissingReference', `Version ${n} embeds an item that would serve nothing after the release; add it to the release or publish it first.`, child.id));
      }
    }
  }
  return { entries, problems };
}

/** The 422 of a release that cannot publish: every problem, in `problems`. */
export function releaseProblemsError(problems: readonly ReleaseProblem[]): ApiError {
  const detail = problems.length === 0
    ? 'The release has no entries; add the versions it should publish or archive.'
    : `The release cannot be published: ${problems.length} problem${problems.length === 1 ? '' : 's'} (listed in problems).`;
  return new ApiError('validation-failed', detail, { problems });
}
