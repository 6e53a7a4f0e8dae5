// Named queries for a workspace's locales (migration 0041): the rows, the default and the version
// their ETag comes from, the items that use a locale, and the locks that keep a save and an item
// write from crossing.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const settingsRow = z.object({
  default_locale: z.string().nullable(),
  locales_version: z.number(),
});
export type LocaleSettingsRow = z.infer<typeof settingsRow>;

const localeRow = z.object({
  code: z.string(),
  name: z.string(),
  fallback: z.array(z.string()),
});
export type LocaleRow = z.infer<typeof localeRow>;

/** One locale as it is saved: canonical code, the configured fallback, and the whole chain lower-cased. */
export interface NewLocaleRow {
  readonly code: string;
  readonly name: string;
  readonly fallback: readonly string[];
  readonly chainKeys: readonly string[];
}

/**
 * The live workspace's default locale and locales version; null when there is no such workspace.
 * `lock` 'update' is the save's (it waits for item writes holding 'key share' and holds them off),
 * 'key share' an item write's: the weakest row lock, taken before the locales are read, so a save
 * that removes a locale cannot commit between that read and the item's insert.
 */
export async function findLocaleSettings(
  db: CommonQueryMethods,
  workspaceId: string,
  lock: 'none' | 'update' | 'key share' = 'none',
): Promise<LocaleSettingsRow | null> {
  const locking = lock === 'update' ? sql.fragment`FOR UPDATE` : lock === 'key share' ? sql.fragment`FOR KEY SHARE` : sql.fragment``;
  return db.maybeOne(sql.type(settingsRow)`
    SELECT default_locale, locales_version FROM workspaces WHERE id = ${workspaceId} AND deleted_at IS NULL ${locking}`);
}

/** The workspace's locales, the default first, then in the order they were saved. */
export async function listLocales(db: CommonQueryMethods, workspaceId: string): Promise<readonly LocaleRow[]> {
  return db.any(sql.type(localeRow)`
    SELECT l.code, l.name, l.fallback
    FROM workspace_locales l JOIN workspaces w ON w.id = l.workspace_id
    WHERE l.workspace_id = ${workspaceId}
    ORDER BY (l.code_key = lower(w.default_locale)) IS NOT TRUE, l.position`);
}

/** Replaces every locale of the workspace and its default, and moves the locales version (their ETag). */
export async function replaceLocales(
  db: CommonQueryMethods,
  workspaceId: string,
  defaultLocale: string | null,
  rows: readonly NewLocaleRow[],
): Promise<LocaleSettingsRow> {
  await db.query(sql.unsafe`DELETE FROM workspace_locales WHERE workspace_id = ${workspaceId}`);
  // Arrays of arrays do not unnest row by row, so each row's two arrays travel as JSON.
  if (rows.length > 0) {
    await db.query(sql.unsafe`
      INSERT INTO workspace_locales (workspace_id, code, name, fallback, chain_keys, position)
      SELECT ${workspaceId}, r.code, r.name,
             ARRAY(SELECT jsonb_array_elements_text(r.fallback)), ARRAY(SELECT jsonb_array_elements_text(r.chain_keys)), r.position
      FROM jsonb_to_recordset(${sql.jsonb(rows.map((r, position) => ({ code: r.code, name: r.name, fallback: r.fallback, chain_keys: r.chainKeys, position })))})
        AS r(code text, name text, fallback jsonb, chain_keys jsonb, position integer)`);
  }
  return db.one(sql.type(settingsRow)`
    UPDATE workspaces SET default_locale = ${defaultLocale}, locales_version = locales_version + 1
    WHERE id = ${workspaceId}
    RETURNING default_locale, locales_version`);
}

/** How many live items of the workspace carry each of `keys` (lower-cased codes) as their locale; unused keys are absent. */
export async function countItemsInLocales(db: CommonQueryMethods, workspaceId: string, keys: readonly string[]): Promise<ReadonlyMap<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db.any(sql.type(z.object({ key: z.string(), n: z.number() }))`
    SELECT lower(locale_code) AS key, count(*)::int AS n FROM content_items
    WHERE workspace_id = ${workspaceId} AND NOT is_deleted AND lower(locale_code) = ANY(${sql.array([...keys], 'text')})
    GROUP BY 1`);
  return new Map(rows.map((r) => [r.key, r.n]));
}

/**
 * Announces the whole workspace to the delivery caches, the stored documents and list pages (0028),
 * in the caller's transaction: every read in a locale may resolve differently under new chains.
 */
export async function announceWorkspaceChanged(db: CommonQueryMethods, workspaceId: string): Promise<void> {
  await db.query(sql.unsafe`SELECT verso_delivery_changed(${workspaceId}::text, NULL::uuid[])`);
}
