// Composition expansion: every value naming a child item gets `child`, the version that child
// serves at the same instant, recursively to 8 levels below the versions asked for (spec limit).
// Expansion runs level by level — one statement for the served versions of every child id new at
// that level and one for their values — so its cost grows with depth, never with the number of
// children. A cycle through open fields is harmless: items already resolved in this request are
// reused from the cache, and the depth bound ends the nesting.
import type { CommonQueryMethods } from 'slonik';
import { findServedVersions } from '../../db/delivery/content-serving.js';
import { loadValues, type ValueRow } from '../../db/content/content-values.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import type { ContentVersionDetailResponse, ContentVersionFieldValueResponse } from '../../generated/schemas.js';
import { versionDetail } from '../content/content-presenter.js';

export const MAX_EXPANSION_DEPTH = 8;

export interface ExpansionOptions {
  readonly workspaceId: string;
  readonly expandChildren: boolean;
  /** The instant children are resolved at (the request's `asOf`, else now). */
  readonly asOf: string;
}

/** Detail bodies for `versions` (in order), children expanded per `options`. */
export async function presentVersionDetails(
  db: CommonQueryMethods,
  versions: readonly VersionRow[],
  options: ExpansionOptions,
): Promise<ContentVersionDetailResponse[]> {
  const values = await loadValues(db, versions.map((v) => v.id));
  const bodies = versions.map((v) => versionDetail(v, values.get(v.id) ?? []));
  if (!options.expandChildren) return bodies;

  const served = new Map<string, { version: VersionRow; values: readonly ValueRow[] } | null>();
  let pending: ContentVersionFieldValueResponse[] = bodies.flatMap(withChild);
  for (let depth = 1; depth <= MAX_EXPANSION_DEPTH && pending.length > 0; depth++) {
    const unseen = [...new Set(pending.map((f) => f.childContentItemId!))].filter((id) => !served.has(id));
    if (unseen.length > 0) {
      const rows = await findServedVersions(db, options.workspaceId, unseen, options.asOf);
      const childValues = await loadValues(db, rows.map((r) => r.id));
      for (const id of unseen) served.set(id, null);
      for (const r of rows) served.set(r.content_item_id, { version: r, values: childValues.get(r.id) ?? [] });
    }
    const next: ContentVersionFieldValueResponse[] = [];
    for (const field of pending) {
      const entry = served.get(field.childContentItemId!);
      if (!entry) continue;
      field.child = versionDetail(entry.version, entry.values);
      next.push(...withChild(field.child));
    }
    pending = next;
  }
  return bodies;
}

function withChild(body: ContentVersionDetailResponse): ContentVersionFieldValueResponse[] {
  return body.fields.filter((f) => f.childContentItemId !== null);
}
