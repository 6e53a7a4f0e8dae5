// The caller's own preferences (time zone, theme). Only local users have them.
import type { Db } from '../../db/pool.js';
import { findPreferences, upsertPreferences, type PreferencesRow } from '../../db/identity/user-preferences.js';
import { badRequest, unauthenticated } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import type { AccountPreferencesResponse, UpdateAccountPreferencesRequest } from '../../generated/schemas.js';
import { recordAudit } from '../platform/audit.js';
import { assertTimeZone } from './user-fields.js';

export function presentPreferences(p: PreferencesRow): AccountPreferencesResponse {
  return { userId: p.user_id, displayName: p.display_name, email: p.email, timeZoneId: p.time_zone_id, theme: p.theme };
}

function requireUser(actor: Actor): void {
  if (actor.kind !== 'User') throw badRequest('Account preferences belong to local users; this caller is not one.');
}

export async function getPreferences(db: Db, actor: Actor): Promise<PreferencesRow> {
  requireUser(actor);
  const p = await findPreferences(db, actor.id);
  // The user was deleted between authentication and now.
  if (!p) throw unauthenticated();
  return p;
}

export async function updatePreferences(db: Db, actor: Actor, input: UpdateAccountPreferencesRequest): Promise<PreferencesRow> {
  requireUser(actor);
  assertTimeZone(input.timeZoneId, '/timeZoneId');
  return db.transaction(async (tx) => {
    const before = await findPreferences(tx, actor.id);
    if (!before) throw unauthenticated();
    await upsertPreferences(tx, actor.id, { timeZoneId: input.timeZoneId ?? null, theme: input.theme });
    const after = (await findPreferences(tx, actor.id))!;
    await recordAudit(tx, {
      workspaceId: null,
      entityType: 'UserPreferences',
      entityId: actor.id,
      action: 'Updated',
      actor,
      before: { timeZoneId: before.time_zone_id, theme: before.theme },
      after: { timeZoneId: after.time_zone_id, theme: after.theme },
    });
    return after;
  });
}
