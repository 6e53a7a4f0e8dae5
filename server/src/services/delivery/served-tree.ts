// The by-slug tree, with or without the reader's locale, and what a by-slug answer derives from it
// besides the body: the slug's own item (the anchor: what the stored document and the in-process
// cache entry hang on), every item the answer depends on (purge keys, the stored document's bounds),
// its tag's inputs, and, in a locale, `requestedLocale`, `alternates` and Content-Language.
//
// Without `locale` the tree is what it always was; the answer also depends on the other members of
// each served item's translation group (the fields shared across translations are served from the
// member in the default locale), so those are in the tag and the items too. An item without a group
// is its only member: its tag, items and body are exactly as before localization.
import type { CommonQueryMethods } from 'slonik';
import {
  findServedTagBySlug,
  findServedTagBySlugInLocale,
  findServedTreeBySlug,
  findServedTreeBySlugInLocale,
  type ServedTagRow,
  type ServedTreeRow,
} from '../../db/delivery/content-serving.js';
import { prefixesText } from '../../db/delivery/served-groups.js';
import type { DeliveredAssetRow } from '../../db/media/public-assets.js';
import type { ContentAlternate, ContentVersionDetailResponse } from '../../generated/schemas.js';
import type { RequestedLocale } from '../localization/requested-locale.js';
import { servedTagInputs } from './delivery-etag.js';
import { itemsOfDetail } from './purge-keys.js';

export interface ServedTree {
  readonly workspaceId: string;
  readonly rows: readonly ServedTreeRow[];
  /** The live item holding the slug; null when the tree is empty (nothing served under it). */
  readonly anchorId: string | null;
  /** The reader's locale, when the read names one: rows are then their groups' members in its chain. */
  readonly locale: RequestedLocale | null;
  /** Every member of the groups of the children the tree's versions name (reads in a locale only). */
  readonly reach: readonly string[];
}

export async function findServedTree(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string,
  maxDepth: number,
  locale: RequestedLocale | null,
): Promise<ServedTree> {
  if (locale === null) {
    const rows = await findServedTreeBySlug(db, workspaceId, slug, asOf, maxDepth);
    return { workspaceId, rows, anchorId: rows.find((r) => r.depth === 0)?.content_item_id ?? null, locale, reach: [] };
  }
  const rows = await findServedTreeBySlugInLocale(db, workspaceId, slug, asOf, maxDepth, prefixesText(locale.prefixes));
  return { workspaceId, rows, anchorId: rows[0]?.anchor_id ?? null, locale, reach: [...new Set(rows.flatMap((r) => r.reach))] };
}

/** The tag's inputs of a read in full: every served member of the tree's groups, its assets, the locales' version, the requested locale. */
export function treeTagInputs(tree: ServedTree, assets: readonly DeliveredAssetRow[]): ServedTagRow[] {
  const members = tree.rows.flatMap((r) =>
    r.members.flatMap((m): ServedTagRow[] => (m.versionId === null ? [] : [{ kind: 'v', id: m.versionId, a: m.versionRowVersion!, b: m.rowVersion }])),
  );
  const locales = tree.rows[0]?.locales_version ?? null;
  return [
    ...servedTagInputs(tree.rows, assets),
    ...members,
    ...(locales === null ? [] : [{ kind: 'l' as const, id: tree.workspaceId, a: locales, b: 0 }]),
    ...requestedTagInputs(tree.locale),
  ];
}

/**
 * The requested locale as a tag input: two locales whose chains pick the same members still answer
 * different bodies (`requestedLocale`).
 */
export const requestedTagInputs = (locale: RequestedLocale | null): ServedTagRow[] =>
  locale === null ? [] : [{ kind: 'r', id: locale.canonical, a: 0, b: 0 }];

/** The tag inputs of a by-slug read without its body (one statement); null when nothing is served. */
export async function findServedTag(
  db: CommonQueryMethods,
  workspaceId: string,
  slug: string,
  asOf: string,
  maxDepth: number,
  locale: RequestedLocale | null,
): Promise<ServedTagRow[] | null> {
  const rows =
    locale === null
      ? await findServedTagBySlug(db, workspaceId, slug, asOf, maxDepth)
      : await findServedTagBySlugInLocale(db, workspaceId, slug, asOf, maxDepth, prefixesText(locale.prefixes));
  return rows.some((r) => r.kind === 'v') ? [...rows, ...requestedTagInputs(locale)] : null;
}

/**
 * Every item the answer `body` depends on, the anchor first: the items it names (itemsOfDetail),
 * every member of every group in the tree, and, in a locale, every member of the groups of the
 * children it names. What the purge keys name and what bounds a stored document's life.
 */
export function treeItems(tree: ServedTree, body: ContentVersionDetailResponse): string[] {
  const members = tree.rows.flatMap((r) => r.members.map((m) => m.id));
  return [...new Set([tree.anchorId ?? body.contentItemId, ...itemsOfDetail(body), ...members, ...tree.reach])];
}

const byLocaleThenId = (a: ContentAlternate, b: ContentAlternate): number => {
  if (a.localeCode !== b.localeCode) {
    if (a.localeCode === null) return 1;
    if (b.localeCode === null) return -1;
    return a.localeCode < b.localeCode ? -1 : 1;
  }
  return a.contentItemId < b.contentItemId ? -1 : a.contentItemId > b.contentItemId ? 1 : 0;
};

/** The alternates of a group: its members that give something (`versionId`), by locale (none last), then id. */
export function alternatesOf(members: readonly { readonly id: string; readonly localeCode: string | null; readonly slug: string | null; readonly versionId: string | null }[]): ContentAlternate[] {
  return members
    .filter((m) => m.versionId !== null)
    .map((m): ContentAlternate => ({ localeCode: m.localeCode, slug: m.slug, contentItemId: m.id }))
    .sort(byLocaleThenId);
}

/**
 * A read in a locale: `body` with `requestedLocale` and `alternates` (the root group's members that
 * serve something), and the served member's locale for Content-Language (null: it has none). Without
 * a locale, `body` as it is.
 */
export function inReaderLocale(tree: ServedTree, body: ContentVersionDetailResponse): { readonly body: ContentVersionDetailResponse; readonly contentLanguage: string | null } {
  if (tree.locale === null) return { body, contentLanguage: null };
  const root = tree.rows.find((r) => r.depth === 0)!;
  const served = root.members.find((m) => m.id === root.content_item_id);
  return {
    body: { ...body, requestedLocale: tree.locale.canonical, alternates: alternatesOf(root.members) },
    contentLanguage: served?.localeCode ?? root.locale_code,
  };
}
