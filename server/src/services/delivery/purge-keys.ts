// Purge keys of delivery reads (issue #27 §2): what a CDN in front of Verso tags a cached answer
// with, so that one purge per key empties exactly the pages a change makes stale. `ws-<workspaceId>`
// on every read, `item-<id>` for every item in the body (the item read and every child it names, at
// any depth, expanded or not: a child that serves nothing now may serve something after a publish),
// and `list-<workspaceId>` on the content list (a publish can add an item to any page).
import type { ContentVersionDetailResponse } from '../../generated/schemas.js';

export const workspaceKey = (workspaceId: string) => `ws-${workspaceId}`;
export const itemKey = (itemId: string) => `item-${itemId}`;
export const listKey = (workspaceId: string) => `list-${workspaceId}`;

/** The items a version read (by-slug) names: its own first, then every child its values name, at any depth. */
export function itemsOfDetail(body: ContentVersionDetailResponse): string[] {
  const items = new Set<string>();
  const stack: ContentVersionDetailResponse[] = [body];
  while (stack.length > 0) {
    const v = stack.pop()!;
    items.add(v.contentItemId);
    for (const f of v.fields) {
      if (f.childContentItemId) items.add(f.childContentItemId);
      if (f.child) stack.push(f.child);
    }
  }
  return [...items];
}

/** Keys of a version read (by-slug) naming `items` (itemsOfDetail): the workspace and each item. */
export function purgeKeysOfItems(workspaceId: string, items: readonly string[]): string[] {
  return [workspaceKey(workspaceId), ...items.map(itemKey)];
}

/** Keys of a page of the content list: the workspace, its lists and every item on the page. */
export function purgeKeysOfList(workspaceId: string, itemIds: readonly string[]): string[] {
  return [workspaceKey(workspaceId), listKey(workspaceId), ...itemIds.map(itemKey)];
}

/**
 * The response headers carrying `keys`, one per configured name. Cloudflare's Cache-Tag takes a
 * comma-separated list; Fastly's Surrogate-Key (and the others that follow it) a space-separated one.
 *
 * Each value keeps whole keys, in order, within `maxBytes`. Dropping the last keys never lets a page
 * outlive a change: the keys come workspace first, then the list key, then the item read, then the
 * items it embeds; and a content webhook's purgeKeys name the changed item together with every item
 * embedding it (to the expansion depth), so a change to an embedded item purges the page through the
 * item read's own key, and a change to any item on a list page purges it through the list key. The
 * embedded items' keys only let a CDN purge more precisely, while they fit.
 */
export function purgeKeyHeaders(config: { readonly purgeKeyHeaders: readonly string[]; readonly purgeKeyHeaderBytes: number }, keys: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of config.purgeKeyHeaders) {
    const separator = name.toLowerCase() === 'cache-tag' ? ',' : ' ';
    let value = '';
    for (const key of keys) {
      const next = value === '' ? key : value + separator + key;
      if (next.length > config.purgeKeyHeaderBytes) break;
      value = next;
    }
    headers[name] = value;
  }
  return headers;
}
