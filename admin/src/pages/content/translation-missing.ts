// The content list's "Missing translations" view: `/workspaces/<ws>/content/missing-translations`,
// the API's listMissingTranslations — each default-locale item with, per configured locale (or the
// one chosen), no member (Missing) or an outdated one (Outdated) — paged, with "Translate" per
// missing row (translation-create.ts, through the source item's route) and a link to the outdated
// translation's editor.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { formFailure, type FormFailure } from '../../http/forms.js';
import { formatWhen, zoneOf } from '../../time.js';
import { render } from '../../views/render.js';
import { isUuid, pageLinks, pageOf, queryValue } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { contentLinks } from './content-links.js';
import { itemNameOf, itemPaths } from './item-paths.js';

type Locales = components['schemas']['WorkspaceLocalesResponse'];
type Answer = components['schemas']['MissingTranslationResponsePagedResponse'];

const PAGE_SIZE = 20;

export const missingTranslationsPath = (workspaceId: string): string => `${contentLinks(workspaceId).list}/missing-translations`;

export function register(router: express.Router): void {
  router.get('/workspaces/:workspaceId/content/missing-translations', async (req, res, next) => {
    const workspaceId = req.params.workspaceId;
    if (!isUuid(workspaceId)) return next();
    const api = apiFor(res);
    const page = pageOf(req.query);
    const locale = queryValue(req.query, 'locale').trim().slice(0, 20);
    const listed = async (): Promise<Answer | FormFailure> => {
      try {
        return await api.listMissingTranslations({ path: { workspaceId }, query: { ...(locale ? { locale } : {}), page, pageSize: PAGE_SIZE } });
      } catch (err) {
        // A locale the API cannot read (400 naming query.locale) is shown at the choice.
        const failure = formFailure(err, [400, 422]);
        if (!failure) throw err;
        return failure;
      }
    };
    const [abilities, locales, answer] = await Promise.all([abilitiesIn(res, workspaceId), api.getWorkspaceLocales({ path: { workspaceId } }), listed()]);
    const failure = 'problem' in answer ? answer : undefined;
    const list: Answer = 'problem' in answer ? { items: [], totalCount: 0, page, pageSize: PAGE_SIZE, totalPages: 0 } : answer;
    const links = contentLinks(workspaceId);
    const zone = zoneOf(res);
    const names = new Map(locales.locales.map((l) => [l.code.toLowerCase(), l.name]));
    const rows = list.items.map((m) => ({
      sourceId: m.source.id,
      name: itemNameOf(m.source),
      title: m.source.title,
      slug: m.source.slug,
      template: m.source.templateName,
      sourceLink: links.item(m.source.id),
      localeCode: m.localeCode,
      localeLabel: names.has(m.localeCode.toLowerCase()) ? `${names.get(m.localeCode.toLowerCase())} (${m.localeCode})` : m.localeCode,
      state: m.state,
      updated: formatWhen(m.source.updatedAt, zone),
      translate: m.state === 'Missing' ? itemPaths(workspaceId, m.source.id).translate : null,
      translationLink: m.translationItemId ? links.item(m.translationItemId) : null,
    }));
    const path = missingTranslationsPath(workspaceId);
    await render(res, 'content/missing-translations', {
      title: `Missing translations · ${abilities.workspace.name}`,
      workspaceId,
      workspace: abilities.workspace,
      listPath: links.list,
      path,
      locale,
      choices: choicesOf(locales),
      configured: locales.locales.length > 0,
      localesPath: `/workspaces/${workspaceId}/locales`,
      rows,
      mayTranslate: abilities.editContent,
      problem: failure?.problem,
      errors: failure ? { '/locale': Object.entries(failure.errors).flatMap(([, m]) => m) } : {},
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      pager: pageLinks(path, { locale }, page, list.totalPages),
    });
  });
}

/** The locales a translation can be missing in: every configured one but the default. */
function choicesOf(locales: Locales): { code: string; label: string }[] {
  const byDefault = locales.defaultLocale?.toLowerCase();
  return locales.locales.filter((l) => l.code.toLowerCase() !== byDefault).map((l) => ({ code: l.code, label: `${l.name} (${l.code})` }));
}
