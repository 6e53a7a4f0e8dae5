// Translations of an item: the members of its translation group (paged), and linking it to another
// item's group — the other item is found by a search over the workspace's content (the list's `q`:
// slug or any text value) and linked with one post. The API decides which group both end up in.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, type FormFailure } from '../../http/forms.js';
import { render, setFlash } from '../../views/render.js';
import { pageLinks, pageOf, queryValue } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import { READONLY_REASON_ID } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemPaths, type ItemAddress, itemNameOf } from './item-paths.js';

type Summary = components['schemas']['ContentItemSummaryResponse'];

const PAGE_SIZE = 20;
const SEARCH_SIZE = 20;
const Q_MAX = 200;

const nameOf = (i: Pick<Summary, 'title' | 'slug' | 'templateName'>) => itemNameOf(i);

async function renderTranslations(req: express.Request, res: express.Response, address: ItemAddress, failure?: FormFailure, status?: number) {
  const { workspaceId, itemId } = address;
  const api = apiFor(res);
  const page = pageOf(req.query);
  const q = (failure ? field(req, 'q') : queryValue(req.query, 'q')).trim();
  const paths = itemPaths(workspaceId, itemId);
  const [abilities, item, siblings] = await Promise.all([
    abilitiesIn(res, workspaceId),
    api.getContent({ path: { workspaceId, id: itemId } }),
    api.listContentTranslations({ path: { workspaceId, id: itemId }, query: { page, pageSize: PAGE_SIZE } }),
  ]);
  let searchFailure: FormFailure | undefined;
  let found: Summary[] | undefined;
  if (q !== '') {
    if (q.length > Q_MAX) {
      searchFailure = { problem: { status: 400, title: 'Check the search', detail: null }, errors: { '/q': [`At most ${Q_MAX} characters.`] } };
    } else {
      try {
        found = (await api.listContent({ path: { workspaceId }, query: { q, resolve: false, pageSize: SEARCH_SIZE } })).items.filter((i) => i.id !== itemId);
      } catch (err) {
        searchFailure = formFailure(err, [400]);
        if (!searchFailure) throw err;
      }
    }
  }
  const members = new Set(siblings.items.map((s) => s.id));
  const name = itemNameOf(item);
  await render(
    res,
    'content/translations',
    {
      title: `Translations of ${name}`,
      workspaceId,
      name,
      item,
      paths,
      tab: 'translations',
      readonlyReason: abilities.editContent.allowed ? undefined : abilities.editContent.reason,
      readonlyReasonId: READONLY_REASON_ID,
      siblings: siblings.items.map((s) => ({ ...s, name: nameOf(s), href: itemPaths(workspaceId, s.id).root, self: s.id === itemId })),
      totalCount: siblings.totalCount,
      page,
      totalPages: siblings.totalPages,
      links: pageLinks(paths.translations, q ? { q } : {}, page, siblings.totalPages),
      q,
      found: found?.map((i) => ({ ...i, name: nameOf(i), href: itemPaths(workspaceId, i.id).root, member: members.has(i.id) || (item.translationGroupId !== null && i.translationGroupId === item.translationGroupId) })),
      problem: failure?.problem,
      searchProblem: searchFailure?.problem,
      searchErrors: searchFailure?.errors ?? {},
    },
    status ?? (searchFailure ? 400 : undefined),
  );
}

export function register(router: express.Router): void {
  router.get(`${ITEM_ROUTE}/translations`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    await renderTranslations(req, res, address);
  });

  router.post(`${ITEM_ROUTE}/translations/link`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const target = field(req, 'targetContentItemId');
    try {
      const group = await apiFor(res).linkContentTranslation({ path: { workspaceId: address.workspaceId, id: address.itemId }, body: { targetContentItemId: target } });
      const linked = group.find((i) => i.id === target);
      setFlash(res, 'success', `Linked${linked ? ` with “${nameOf(linked)}”` : ''}: the translation group now has ${group.length} items.`);
      res.redirect(303, itemPaths(address.workspaceId, address.itemId).translations);
    } catch (err) {
      const failure = formFailure(err, [400, 403, 404, 409, 422]);
      if (!failure) throw err;
      await renderTranslations(req, res, address, failure, failure.problem.status);
    }
  });
}
