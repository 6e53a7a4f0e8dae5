// The signed-in user's own screens: account preferences (IANA time zone, theme) and change password
// (forced while mustChangePassword, or voluntary). The new password's rules are the API's: its 400 is
// shown next to the field. After a change the cookie's claims are refreshed from /auth/me.
import type express from 'express';
import { VersoApiError } from '@verso/sdk';
import { apiFor } from '../api.js';
import type { Theme } from '../auth/session.js';
import { refreshClaims } from '../auth/routes.js';
import { contextOf } from '../context.js';
import { field, formFailure, type FormFailure } from '../http/forms.js';
import { PATHS } from '../nav.js';
import { render, renderFragment, setFlash } from '../views/render.js';

const THEMES: readonly { value: Theme; label: string; hint: string }[] = [
  { value: 'auto', label: 'Auto', hint: 'Follow the device setting' },
  { value: 'light', label: 'Light', hint: 'Dark text on a light background' },
  { value: 'dark', label: 'Dark', hint: 'Light text on a dark background' },
];

let zones: string[] | undefined;
/** Every IANA time zone this runtime knows (Intl.supportedValuesOf), UTC included. */
export function timeZones(): string[] {
  if (!zones) {
    const list = Intl.supportedValuesOf('timeZone');
    zones = list.includes('UTC') ? list : ['UTC', ...list];
  }
  return zones;
}

interface PreferencesValues {
  theme: Theme;
  timeZoneId: string;
}

/**
 * The time-zone <option> list (~420 entries) is the same for everyone but the selected one: it is
 * rendered by its partial (escaped like any template) once per selected zone and kept.
 */
const zoneOptionsCache = new Map<string, string>();
function zoneOptions(res: express.Response, zones: string[], selected: string): string {
  const custom = !zones.includes(selected) && selected !== '';
  const key = custom ? '' : selected;
  let html = custom ? undefined : zoneOptionsCache.get(key);
  if (html === undefined) {
    html = renderFragment(res, 'account/zone-options', { zones, selected });
    if (!custom && zoneOptionsCache.size < 1000) zoneOptionsCache.set(key, html);
  }
  return html;
}

function preferencesPage(res: express.Response, values: PreferencesValues, extra: { saved?: boolean; failure?: FormFailure } = {}, status?: number) {
  const zonesList = timeZones();
  const shown = values.timeZoneId && !zonesList.includes(values.timeZoneId) ? [values.timeZoneId, ...zonesList] : zonesList;
  return render(
    res,
    'account/preferences',
    {
      title: 'Account preferences',
      values,
      themes: THEMES,
      // A stored zone this runtime does not list is still shown, so saving does not silently drop it.
      zoneOptionsHtml: zoneOptions(res, shown, values.timeZoneId),
      saved: extra.saved ?? false,
      problem: extra.failure?.problem,
      errors: extra.failure?.errors ?? {},
    },
    status,
  );
}

function passwordPage(res: express.Response, extra: { failure?: FormFailure } = {}, status?: number) {
  const forced = res.locals.session?.user.mustChangePassword ?? false;
  return render(
    res,
    'account/password',
    { title: forced ? 'Choose a new password' : 'Change password', forced, minLength: contextOf(res).config.passwordMinLength, problem: extra.failure?.problem, errors: extra.failure?.errors ?? {} },
    status,
  );
}

export function register(router: express.Router): void {
  router.get(PATHS.account, async (req, res) => {
    const prefs = await apiFor(res).getAccountPreferences();
    await preferencesPage(res, { theme: prefs.theme, timeZoneId: prefs.timeZoneId ?? '' }, { saved: req.query.saved === '1' });
  });

  router.post(PATHS.account, async (req, res) => {
    const rawTheme = field(req, 'theme');
    const values: PreferencesValues = { theme: THEMES.some((t) => t.value === rawTheme) ? (rawTheme as Theme) : 'auto', timeZoneId: field(req, 'timeZoneId').trim() };
    if (!THEMES.some((t) => t.value === rawTheme)) {
      const failure: FormFailure = { problem: { status: 422, title: 'Choose a theme', detail: null }, errors: { '/theme': ['Choose Light, Dark or Auto.'] } };
      return void (await preferencesPage(res, values, { failure }, 422));
    }
    try {
      const saved = await apiFor(res).updateAccountPreferences({ body: { theme: values.theme, timeZoneId: values.timeZoneId === '' ? null : values.timeZoneId } });
      const session = res.locals.session!;
      await contextOf(res).sessions.write(res, { ...session, theme: saved.theme, timeZone: saved.timeZoneId });
      res.redirect(303, `${PATHS.account}?saved=1`);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await preferencesPage(res, values, { failure }, 422);
    }
  });

  router.get(PATHS.changePassword, async (_req, res) => {
    await passwordPage(res);
  });

  router.post(PATHS.changePassword, async (req, res) => {
    const currentPassword = field(req, 'currentPassword');
    const newPassword = field(req, 'newPassword');
    const confirmPassword = field(req, 'confirmPassword');
    if (newPassword !== confirmPassword) {
      const failure: FormFailure = { problem: { status: 422, title: 'The new passwords do not match', detail: 'Type the same new password in both fields.' }, errors: { '/confirmPassword': ['Does not match the new password.'] } };
      return void (await passwordPage(res, { failure }, 422));
    }
    try {
      await apiFor(res).changePassword({ body: { currentPassword, newPassword } });
    } catch (err) {
      // 401 here is a credential check (wrong current password), not an expired session.
      if (err instanceof VersoApiError && err.status === 401) {
        const failure: FormFailure = { problem: { status: 401, title: 'The current password is wrong', detail: 'Nothing was changed. Type your current password again.' }, errors: { '/currentPassword': ['This is not your current password.'] } };
        return void (await passwordPage(res, { failure }, 422));
      }
      const failure = formFailure(err);
      if (!failure) throw err;
      return void (await passwordPage(res, { failure }, 422));
    }
    await refreshClaims(res);
    setFlash(res, 'success', 'Your password has been changed.');
    res.redirect(303, '/');
  });
}
