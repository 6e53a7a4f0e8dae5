// Settings (account preferences): the caller's own time zone and theme.
import type { OperationHandler } from '../http/operation.js';
import { getPreferences, presentPreferences, updatePreferences } from '../services/identity/account-preferences.js';

export const getAccountPreferences: OperationHandler = async ({ actor, deps }) => ({
  status: 200,
  body: presentPreferences(await getPreferences(deps.db, actor!)),
});

export const updateAccountPreferences: OperationHandler = async ({ request, actor, deps }) => ({
  status: 200,
  body: presentPreferences(await updatePreferences(deps.db, actor!, request.body as { timeZoneId?: string | null; theme: string })),
});
