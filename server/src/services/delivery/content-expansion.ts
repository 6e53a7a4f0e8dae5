// Composition expansion: every value naming a child item gets `child`, the version that child
// serves at the same instant, recursively to 8 levels below the versions asked for (spec limit).
// Expansion runs level by level — one statement for the served versions, with their values, of
// every child id new at that level — so its cost grows with depth, never with the number of
// children. A cycle through open fields is harmless: items already resolved in this request are
// reused from the cache, and the depth bound ends the nesting. The by-slug read fetches its whole
// tree in one statement first (findServedTreeBySlug) and expands from those rows alone. An expanded
// child carries its title. In the reader's locale (`prefixes`) a child value resolves to the member
// of the child's translation group that the locale's chain picks (db/delivery/served-groups.ts): the
// value keeps naming the child it names, and its `child` is what that member serves.
import type { CommonQueryMethods } from 'slonik';
import { findServedDetails, findServedDetailsInLocale, type ServedChildRow, type ServedTreeRow } from '../../db/delivery/content-serving.js';
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
  /** The reader's locale's lookup prefixes (served-groups.ts prefixesText) when the read names one. */
  readonly prefixes?: string | null;
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

/** Detail bodies for versions whose values the caller already holds (in order), children expanded per `options`. */
export async function presentLoadedVersionDetails(
  db: CommonQueryMethods,
  entries: readonly { readonly version: VersionRow; readonly values: readonly ValueRow[] }[],
  options: ExpansionOptions,
): Promise<ContentVersionDetailResponse[]> {
  return expandDetails(db, entries, options);
}

/**
 * The detail body of a by-slug tree (findServedTreeBySlug's rows, read to MAX_EXPANSION_DEPTH when
 * `options.expandChildren`), children expanded from those rows without another statement; null
 * when the tree has no root (nothing served under the slug). A tree read in a locale
 * (`byGroup`) holds one row per translation group met, and every member of a row's group resolves
 * to it.
 */
export async function presentServedTree(
  db: CommonQueryMethods,
  rows: readonly ServedTreeRow[],
  options: ExpansionOptions,
  byGroup = false,
): Promise<{ readonly body: ContentVersionDetailResponse; readonly root: VersionRow } | null> {
  const root = rows.find((r) => r.depth === 0);
  if (!root) return null;
  const byItem = new Map<string, ServedTreeRow>(
    byGroup ? rows.flatMap((r) => r.members.map((m) => [m.id, r] as const)) : rows.map((r) => [r.content_item_id, r] as const),
  );
  const fromTree = async (ids: readonly string[]) => ids.flatMap((id): [string, ServedChildRow][] => {
    const row = byItem.get(id);
    return row ? [[id, row]] : [];
  });
  const [body] = await expandDetails(db, [{ version: root, values: root.field_values }], options, fromTree);
  return { body: body!, root };
}

interface WithValues {
  readonly version: VersionRow;
  readonly values: readonly ValueRow[];
}

/** The served versions, with values, of these item ids, each with the id it is for (those serving nothing absent). */
type ServedLookup = (itemIds: readonly string[]) => Promise<readonly (readonly [string, ServedChildRow])[]>;

/** The lookup of children by id for `options`: each item's served version, or in a locale its group's. */
function servedLookup(db: CommonQueryMethods, options: ExpansionOptions): ServedLookup {
  const { workspaceId, asOf, prefixes } = options;
  if (prefixes) return async (ids) => (await findServedDetailsInLocale(db, workspaceId, ids, asOf, prefixes)).map((r) => [r.named_id, r] as const);
  return async (ids) => (await findServedDetails(db, workspaceId, ids, asOf)).map((r) => [r.content_item_id, r] as const);
}

async function expandDetails(
  db: CommonQueryMethods,
  entries: readonly WithValues[],
  options: ExpansionOptions,
  lookup: ServedLookup = servedLookup(db, options),
): Promise<ContentVersionDetailResponse[]> {
  const bodies = entries.map((e) => versionDetail(e.version, e.values));
  if (!options.expandChildren) return bodies;

  const served = new Map<string, (WithValues & { title: string | null }) | null>();
  let pending: ContentVersionFieldValueResponse[] = bodies.flatMap(withChild);
  for (let depth = 1; depth <= MAX_EXPANSION_DEPTH && pending.length > 0; depth++) {
    const unseen = [...new Set(pending.map((f) => f.childContentItemId!))].filter((id) => !served.has(id));
    if (unseen.length > 0) {
      const rows = await lookup(unseen);
      for (const id of unseen) served.set(id, null);
      for (const [id, r] of rows) served.set(id, { version: r, values: r.field_values, title: r.title });
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
