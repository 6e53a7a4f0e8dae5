// The URLs of one content item's screens (item page, viewer, history, compare, translations, and each
// version's edit, delete, upgrade and workflow routes), and reading the ids they carry. Every
// screen of the item builds its links here, so the scheme lives in one place (nav.ts has the
// workspace's part: `/workspaces/<ws>/content`).
import type express from 'express';
import { workspacePaths } from '../../nav.js';
import { isUuid } from '../screen-forms.js';

/** The route pattern of an item (Express params `workspaceId`, `itemId`). */
export const ITEM_ROUTE = '/workspaces/:workspaceId/content/:itemId';
/** The route pattern of one version (adds `versionNumber`). */
export const VERSION_ROUTE = `${ITEM_ROUTE}/versions/:versionNumber`;

export function itemPaths(workspaceId: string, itemId: string) {
  const root = `${workspacePaths(workspaceId).content}/${encodeURIComponent(itemId)}`;
  return {
    root,
    list: workspacePaths(workspaceId).content,
    identity: `${root}/identity`,
    delete: `${root}/delete`,
    duplicate: `${root}/duplicate`,
    newVersion: `${root}/versions`,
    /** POST: open the item's Draft, or make one copied from a Published/Approved/Archived version (`from`). */
    editLive: `${root}/edit-live`,
    view: `${root}/view`,
    /** POST: mint an item-scoped preview token and open the preview (issue #27). */
    preview: `${root}/preview`,
    history: `${root}/history`,
    /** Compare two versions (`from` older, `to` newer, by convention), or the latest with the one before. */
    compare: (from?: number, to?: number) => (from === undefined || to === undefined ? `${root}/compare` : `${root}/compare?from=${from}&to=${to}`),
    translations: `${root}/translations`,
    linkTranslation: `${root}/translations/link`,
    /** POST: make the item's translation into a locale ("Translate to …"). */
    translate: `${root}/translations/new`,
    /** The item page with `n` selected (its facts and workflow bar). */
    selected: (n: number) => `${root}?version=${n}#version-panel`,
    version: (n: number) => {
      const v = `${root}/versions/${n}`;
      return { root: v, view: `${root}/view/${n}`, edit: `${v}/edit`, delete: `${v}/delete`, rollback: `${v}/rollback`, upgrade: `${v}/upgrade`, workflow: `${v}/workflow` };
    },
  };
}

export type ItemPaths = ReturnType<typeof itemPaths>;

/** A version number from a URL or form: a positive integer, else undefined. */
export function versionNumberOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,8}$/.test(raw)) return undefined;
  return Number(raw);
}

export interface ItemAddress {
  workspaceId: string;
  itemId: string;
}

export interface VersionAddress extends ItemAddress {
  versionNumber: number;
}

/** The item a request names, or undefined (the route then falls through to 404) when an id is not a UUID. */
export function itemAddress(req: express.Request): ItemAddress | undefined {
  const { workspaceId, itemId } = req.params as Record<string, string | undefined>;
  if (!isUuid(workspaceId) || !isUuid(itemId)) return undefined;
  return { workspaceId: workspaceId.toLowerCase(), itemId: itemId.toLowerCase() };
}

/** The version a request names, or undefined when an id or the number is malformed. */
export function versionAddress(req: express.Request): VersionAddress | undefined {
  const item = itemAddress(req);
  const versionNumber = versionNumberOf((req.params as Record<string, string | undefined>).versionNumber);
  return item && versionNumber !== undefined ? { ...item, versionNumber } : undefined;
}

/**
 * Where a form inside the item's screens may send the user back to: a path under this item (the
 * item page, the editor of one of its versions…), never another site or another item; the item
 * page otherwise.
 */
export function returnPath(raw: string, paths: ItemPaths): string {
  const ok = raw.startsWith(paths.root) && /^[A-Za-z0-9/_\-?=&#.%]*$/.test(raw) && !raw.includes('//') && !raw.includes('/../') && !raw.endsWith('/..');
  return ok && (raw.length === paths.root.length || '/?#'.includes(raw[paths.root.length]!)) ? raw : paths.root;
}

/** What an item is called on its screens: its title (#25), else its slug, else "Untitled <template>". */
export function itemNameOf(item: { readonly title?: string | null; readonly slug: string | null; readonly templateName: string }): string {
  return item.title || item.slug || `Untitled ${item.templateName}`;
}

/**
 * An item's title read from one of its versions' own values (#25), for screens that hold the
 * version and its template version but not the item: the first non-blank text of the field keyed
 * `titleFieldKey` (the API resolves the default, the first Text field); null when there is none.
 */
export function titleInVersion(values: readonly { readonly key: string | null; readonly textValue: string | null }[], titleFieldKey: string | null | undefined): string | null {
  if (!titleFieldKey) return null;
  const key = titleFieldKey.toLowerCase();
  return values.find((v) => v.key?.toLowerCase() === key && v.textValue?.trim())?.textValue?.trim() ?? null;
}
