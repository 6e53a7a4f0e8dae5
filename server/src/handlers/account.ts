// Settings (account preferences): the caller's own time zone and theme.
import type { Handler } from '../http/operation.js';
import { getPreferences, presentPreferences, updatePreferences } from '../services/identity/account-preferences.js';

export const getAccountPreferences: Handler<'getAccountPreferences'> = async ({ actor, deps, reply }) =>
  reply(200, presentPreferences(await getPreferences(deps.db, actor)));

export const updateAccountPreferences: Handler<'updateAccountPreferences'> = async ({ request, actor, deps, reply }) =>
  reply(200, presentPreferences(await updatePreferences(deps.db, actor, request.body)));
