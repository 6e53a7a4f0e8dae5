// The Locale input of the new-item form and the item's identity: once the workspace configures
// locales the API takes only those (422 otherwise), so the input is a choice of them (`English (en)`);
// an item from before keeps its own locale on offer, marked not configured, so saving its identity
// does not change it. No locales configured: [] (the forms then keep a free text input).
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';

export interface LocaleChoice {
  code: string;
  label: string;
}

export async function localeChoices(res: express.Response, workspaceId: string, current: string): Promise<LocaleChoice[]> {
  return localeChoicesOf(await apiFor(res).getWorkspaceLocales({ path: { workspaceId } }), current);
}

/** The choices from the workspace's locales as read, `current` kept on offer. */
export function localeChoicesOf({ locales }: components['schemas']['WorkspaceLocalesResponse'], current: string): LocaleChoice[] {
  if (locales.length === 0) return [];
  const choices = locales.map((l) => ({ code: l.code, label: `${l.name} (${l.code})` }));
  const known = current === '' || choices.some((c) => c.code.toLowerCase() === current.toLowerCase());
  return known ? choices : [...choices, { code: current, label: `${current} (not configured)` }];
}
