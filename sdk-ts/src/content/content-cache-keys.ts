// The content cache's keys. The raw partition never appears in a key (only its SHA-256), so a key
// seen in a store or a log says nothing about the audience; slugs and list queries are hashed too,
// which keeps keys short and free of characters a store might treat specially.
import type { OperationInput } from '../operations/operation-types.js';
import { sha256Hex } from './sha256.js';

export type CachedOperation = 'getContent' | 'getContentBySlug' | 'listContent' | 'getWorkspaceLocales';

export type CachedInput<Op extends CachedOperation> = OperationInput<Op>;

/** JSON with object members sorted, so two spellings of one query share a key. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${members.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requireId(value: unknown, name: string): string {
  if (typeof value !== 'string' || value === '') throw new TypeError(`The content cache needs path.${name}.`);
  return value;
}

/**
 * A read's locale as part of a key: the server compares locales regardless of case (`de-ch` and
 * `de-CH` are one read, answered canonical), so two spellings share an entry.
 */
function localeKey(locale: unknown): string | undefined {
  return typeof locale === 'string' && locale !== '' ? locale.toLowerCase() : undefined;
}

/** The workspace an input reads from. */
export function workspaceOf(input: { path?: { workspaceId?: unknown } } | undefined): string {
  return requireId(input?.path?.workspaceId, 'workspaceId');
}

/** The key's last part: what, within the workspace and partition, the entry holds. */
export async function entryName<Op extends CachedOperation>(operation: Op, input: CachedInput<Op>): Promise<string> {
  const i = input as { path?: Record<string, unknown>; query?: Record<string, unknown> };
  switch (operation) {
    case 'getContent':
      return `item:${requireId(i.path?.id, 'id').toLowerCase()}`;
    case 'getContentBySlug': {
      const slug = requireId(i.path?.slug, 'slug');
      // The server's default for expandChildren is true: omitted and true are the same read. A read
      // without locale keeps the key it had before locales existed.
      const parts: unknown[] = [slug, i.query?.expandChildren ?? true, i.query?.asOf ?? null];
      const locale = localeKey(i.query?.locale);
      if (locale !== undefined) parts.push(locale);
      return `slug:${await sha256Hex(canonicalJson(parts))}`;
    }
    case 'listContent': {
      const query = { ...i.query };
      const locale = localeKey(query.locale);
      if (locale !== undefined) query.locale = locale;
      return `list:${await sha256Hex(canonicalJson(query))}`;
    }
    case 'getWorkspaceLocales':
      return 'locales';
    default:
      throw new TypeError(`The content cache does not cache ${String(operation)}.`);
  }
}

/** Keys of the invalidation markers (not partitioned: content changes for every audience). */
export const markerKeys = {
  workspace: (prefix: string, workspaceId: string) => `${prefix}:inv:${workspaceId.toLowerCase()}`,
  lists: (prefix: string, workspaceId: string) => `${prefix}:inv:${workspaceId.toLowerCase()}:lists`,
  item: (prefix: string, workspaceId: string, itemId: string) => `${prefix}:inv:${workspaceId.toLowerCase()}:item:${itemId.toLowerCase()}`,
  /** A translation group: every read that served, fell back to or shared fields of any of its members. */
  group: (prefix: string, workspaceId: string, groupId: string) => `${prefix}:inv:${workspaceId.toLowerCase()}:group:${groupId.toLowerCase()}`,
};
