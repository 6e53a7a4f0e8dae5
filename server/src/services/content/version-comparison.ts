// Version compare (issue #25): an item and two of its versions in one read, plus the names of the
// children either version names. The admin's compare page used to make three reads (the item, then
// each version with its children expanded to 8 levels only to show their titles); this one costs
// the item's three statements, one for both versions' values and, when there are children, one for
// their names — the children's own values are never read. The field-by-field comparison is the
// client's (a presentation: which diff, words or lines), so the API answers the two sides as
// `GET …/versions/{n}?expandChildren=false` would.
import type { CommonQueryMethods } from 'slonik';
import { notFound } from '../../errors.js';
import { loadValues } from '../../db/content/content-values.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import { findServedNames } from '../../db/delivery/content-serving.js';
import type { operations } from '../../generated/openapi.js';
import type { ContentVersionComparisonResponse } from '../../generated/schemas.js';
import { presentLoadedVersionDetails } from '../delivery/content-expansion.js';
import { readItemWithVersions } from './content-items.js';
import { asOfParam } from './content-rules.js';

export type ComparisonQuery = NonNullable<operations['compareContentVersions']['parameters']['query']>;

/** The two sides: `to` defaults to the latest version, `from` to the one before `to` (else `to` itself). */
function sidesOf(versions: readonly VersionRow[], query: ComparisonQuery): { from: VersionRow; to: VersionRow } {
  // `versions` is highest number first and never empty (an item is created with version 1).
  const numbered = (n: number) => {
    const v = versions.find((x) => x.version_number === n);
    if (!v) throw notFound(`Version ${n} of the content item`);
    return v;
  };
  const to = query.to === undefined ? versions[0]! : numbered(query.to);
  const from = query.from === undefined ? (versions.find((v) => v.version_number < to.version_number) ?? to) : numbered(query.from);
  return { from, to };
}

export async function compareContentVersions(
  db: CommonQueryMethods,
  workspaceId: string,
  itemId: string,
  query: ComparisonQuery,
): Promise<ContentVersionComparisonResponse> {
  const item = await readItemWithVersions(db, workspaceId, itemId);
  const { from, to } = sidesOf(item.versions, query);
  const values = await loadValues(db, [from.id, to.id]);
  const [fromBody, toBody] = await presentLoadedVersionDetails(
    db,
    [from, to].map((v) => ({ version: v, values: values.get(v.id) ?? [] })),
    { workspaceId, expandChildren: false, asOf: asOfParam(undefined) },
  );
  const childIds = [...new Set([...values.get(from.id)!, ...values.get(to.id)!].flatMap((v) => v.child_content_item_id ?? []))];
  const names = new Map((await findServedNames(db, workspaceId, childIds, asOfParam(undefined))).map((r) => [r.content_item_id, r]));
  const children = childIds.flatMap((id) => {
    const n = names.get(id);
    return n ? [{ contentItemId: id, title: n.title, slug: n.slug, templateName: n.template_name }] : [];
  });
  return { item: item.body, from: fromBody!, to: toBody!, children };
}
