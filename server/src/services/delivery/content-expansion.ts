// Composition expansion: every value naming a child item gets `child`, the version that child
// serves at the same instant, recursively to 8 levels below the versions asked for (spec limit).
// Expansion runs level by level — one statement for the served versions, with their values, of
// every child id new at that level — so its cost grows with depth, never with the number of
// children. A cycle through open fields is harmless: items already resolved in this request are
// reused from the cache, and the depth bound ends the nesting. An expanded child carries its title.
import type { CommonQueryMethods } from 'slonik';
import { findServedDetails, type ServedDetailRow } from '../../db/delivery/content-serving.js';
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
  return expandDetails(db, versions.map((v) => ({ version: v, values: values.get(v.id) ?? [] })), options);
}

/** Detail bodies for served versions read with their values (ServedDetailRow), children expanded per `options`. */
export async function presentServedDetails(
  db: CommonQueryMethods,
  rows: readonly ServedDetailRow[],
  options: ExpansionOptions,
): Promise<ContentVersionDetailResponse[]> {
  return expandDetails(db, rows.map((r) => ({ version: r, values: r.field_values })), options);
}

interface WithValues {
  readonly version: VersionRow;
  readonly values: readonly ValueRow[];
}

async function expandDetails(db: CommonQueryMethods, entries: readonly WithValues[], options: ExpansionOptions): Promise<ContentVersionDetailResponse[]> {
  const bodies = entries.map((e) => versionDetail(e.version, e.values));
  if (!options.expandChildren) return bodies;

  const served = new Map<string, (WithValues & { title: string | null }) | null>();
  let pending: ContentVersionFieldValueResponse[] = bodies.flatMap(withChild);
  for (let depth = 1; depth <= MAX_EXPANSION_DEPTH && pending.length > 0; depth++) {
    const unseen = [...new Set(pending.map((f) => f.childContentItemId!))].filter((id) => !served.has(id));
    if (unseen.length > 0) {
      const rows = await findServedDetails(db, options.workspaceId, unseen, options.asOf);
      for (const id of unseen) served.set(id, null);
      for (const r of rows) served.set(r.content_item_id, { version: r, values: r.field_values, title: r.title });
    }
    const next: ContentVersionFieldValueResponse[] = [];
    for (const field of pending) {
      const entry = served.get(field.childContentItemId!);
      if (!entry) continue;
      field.child = { ...versionDetail(entry.version, entry.values), title: entry.title };
      next.push(...withChild(field.child));
    }
    pending = next;
  }
  return bodies;
}

function withChild(body: ContentVersionDetailResponse): ContentVersionFieldValueResponse[] {
  return body.fields.filter((f) => f.childContentItemId !== null);
}
