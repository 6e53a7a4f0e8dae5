// Named queries for account preferences (one row per user, created on first save).
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const preferencesRow = z.object({
  user_id: z.string(),
  email: z.string(),
  display_name: z.string().nullable(),
  time_zone_id: z.string().nullable(),
  theme: z.enum(['auto', 'light', 'dark']),
});
export type PreferencesRow = z.infer<typeof preferencesRow>;

export async function findPreferences(db: CommonQueryMethods, userId: string): Promise<PreferencesRow | null> {
  return db.maybeOne(sql.type(preferencesRow)`
    SELECT u.id AS user_id, u.email, u.display_name, p.time_zone_id, COALESCE(p.theme, 'auto') AS theme
    FROM users u LEFT JOIN user_preferences p ON p.user_id = u.id
    WHERE u.id = ${userId} AND u.deleted_at IS NULL`);
}

export async function upsertPreferences(
  db: CommonQueryMethods,
  userId: string,
  p: { timeZoneId: string | null; theme?: string },
): Promise<void> {
  await db.query(sql.unsafe`
    INSERT INTO user_preferences (user_id, time_zone_id, theme) VALUES (${userId}, ${p.timeZoneId}, ${p.theme ?? 'auto'})
    ON CONFLICT (user_id) DO UPDATE
      SET time_zone_id = EXCLUDED.time_zone_id,
          theme = ${p.theme === undefined ? sql.fragment`user_preferences.theme` : sql.fragment`EXCLUDED.theme`},
          updated_at = now()`);
}
