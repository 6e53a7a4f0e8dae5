// "Translate to …" (the item page's Translations panel and the Missing translations list): makes the
// member in one locale with createContentTranslation — a Draft holding the source's values, its slug
// suggested by the API from the title — and opens the new member's editor. The member is made from
// the group's default-locale member when the form names it (`source`), so every translation starts
// from the source language rather than from another translation. A refusal (409: the locale has a
// member by now, 422: not a configured locale) is shown where the button was.
import type express from 'express';
import { apiFor } from '../../api.js';
import { field, formFailure, type FormFailure } from '../../http/forms.js';
import { setFlash } from '../../views/render.js';
import { isUuid } from '../screen-forms.js';
import { contentLinks } from './content-links.js';
import { renderItemPage } from './item-page.js';
import { ITEM_ROUTE, itemAddress, type ItemAddress } from './item-paths.js';

/** Makes the member; the editor's path of its first version, or the refusal. */
export async function createTranslation(res: express.Response, workspaceId: string, sourceId: string, localeCode: string): Promise<{ ok: true; editor: string } | { ok: false; failure: FormFailure }> {
  try {
    const created = await apiFor(res).createContentTranslation({ path: { workspaceId, id: sourceId }, body: { localeCode } });
    const first = created.versions.at(-1)?.versionNumber ?? 1;
    setFlash(res, 'success', `Translation into ${created.localeCode ?? localeCode} created as a Draft with the source’s values: translate them and save.`);
    return { ok: true, editor: contentLinks(workspaceId).editor(created.id, first) };
  } catch (err) {
    const failure = formFailure(err, [400, 403, 404, 409, 422]);
    if (!failure) throw err;
    return { ok: false, failure };
  }
}

export function register(router: express.Router): void {
  router.post(`${ITEM_ROUTE}/translations/new`, async (req, res, next) => {
    const address: ItemAddress | undefined = itemAddress(req);
    if (!address) return next();
    const source = field(req, 'source');
    const from = isUuid(source) ? source.toLowerCase() : address.itemId;
    const outcome = await createTranslation(res, address.workspaceId, from, field(req, 'localeCode').trim());
    if (outcome.ok) return res.redirect(303, outcome.editor);
    await renderItemPage(req, res, address, { translationsProblem: outcome.failure.problem }, outcome.failure.problem.status);
  });
}
