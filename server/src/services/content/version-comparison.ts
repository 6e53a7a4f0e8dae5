// Version compare (issue #25): an item and two of its versions in one read, plus the names of the
// children either version names. The admin's compare page used to make three reads (the item, then
// each version with its children expanded to 8 levels only to show their titles); this one costs
// the item's two statements (the item with its title, its versions), one for a digest of both
// versions' value rows (PostgreSQL digests their row versions: nothing is sent), when there are
// children one for their names — the children's own values are never read — and, unless the caller's If-None-Match names the tag made from these, one for the
// values themselves. A revalidation (the admin keeps compared pairs) is thus a 304 without reading,
// sending, serializing or hashing two whole versions. The field-by-field comparison is the
// client's (a presentation: which diff, words or lines), so the API answers the two sides as
// `GET …/versions/{n}?expandChildren=false` would.
import type { CommonQueryMethods } from 'slonik';
import { notFound } from '../../errors.js';
import { digestValues, loadValues } from '../../db/content/content-values.js';
import type { VersionRow } from '../../db/content/content-versions.js';
import { findServedNames } from '../../db/delivery/content-serving.js';
import type { operations } from '../../generated/openapi.js';
import type { ContentVersionComparisonResponse } from '../../generated/schemas.js';
import { presentLoadedVersionDetails } from '../delivery/content-expansion.js';
import { inputsEtag } from '../delivery/delivery-etag.js';
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

/** A compare read: its tag, known before the values are read, and the answer, read only when asked for. */
export interface Comparison {
  readonly etag: string;
  body(): Promise<ContentVersionComparisonResponse>;
}

/** Bump when the answer's shape changes in a way its inputs below do not show (a new presented column). */
const TAG_FORMAT = 'compare/2';

export async function compareContentVersions(
  db: CommonQueryMethods,
  workspaceId: string,
  itemId: string,
  query: ComparisonQuery,
): Promise<Comparison> {
  const item = await readItemWithVersions(db, workspaceId, itemId);
  const { from, to } = sidesOf(item.versions, query);
  const asOf = asOfParam(undefined);
  const { digest, child_ids: childIds } = await digestValues(db, [from.id, to.id]);
  const names = new Map((await findServedNames(db, workspaceId, childIds, asOf)).map((r) => [r.content_item_id, r]));
  // The answer is made of: the item's detail (its versions and what it serves now), each side's
  // detail without its values, the values (their rows' versions, digested by PostgreSQL) and the names of
  // the children they name as served now. The tag is a digest of exactly those.
  const [fromMeta, toMeta] = await presentLoadedVersionDetails(db, [from, to].map((v) => ({ version: v, values: [] })), { workspaceId, expandChildren: false, asOf });
  const served = [...names.values()].map((n) => [n.content_item_id, n.title, n.slug, n.template_name]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const etag = inputsEtag(JSON.stringify([TAG_FORMAT, item.body, fromMeta, toMeta, digest, served]));
  return {
    etag,
    body: async () => {
      const values = await loadValues(db, [from.id, to.id]);
      const [fromBody, toBody] = await presentLoadedVersionDetails(
        db,
        [from, to].map((v) => ({ version: v, values: values.get(v.id) ?? [] })),
        { workspaceId, expandChildren: false, asOf },
      );
      const named = [...new Set([...values.get(from.id)!, ...values.get(to.id)!].flatMap((v) => v.child_content_item_id ?? []))];
      const children = named.flatMap((id) => {
        const n = names.get(id);
        return n ? [{ contentItemId: id, title: n.title, slug: n.slug, templateName: n.template_name }] : [];
      });
      return { item: item.body, from: fromBody!, to: toBody!, children };
    },
  };
}
