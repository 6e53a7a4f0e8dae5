// The content item's screens: this module registers them all (the item page, its version actions,
// the workflow routes, viewer, history, translations and upgrade) and owns the item-level routes —
// the page itself, saving the identity (slug, locale, tags; with the item's ETag), a new version,
// and deleting the item after a confirmation (ETag; the API's 409 names the items that reference it).
import type express from 'express';
import { VersoApiError } from '@verso/sdk';
import { apiFor } from '../../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FieldErrors, type FormFailure } from '../../http/forms.js';
import { zoneOf } from '../../time.js';
import { render, setFlash } from '../../views/render.js';
import { isUuid, refuse, when } from '../screen-forms.js';
import { abilitiesIn } from '../workspace-scope.js';
import * as compare from './compare.js';
import * as editLive from './edit-live.js';
import * as history from './history.js';
import * as itemVersions from './item-versions.js';
import { renderItemPage, type IdentityValues, type Item } from './item-page.js';
import { ITEM_ROUTE, itemAddress, itemPaths, type ItemAddress, itemNameOf } from './item-paths.js';
import * as preview from './preview.js';
import * as translationCreate from './translation-create.js';
import * as translations from './translations.js';
import * as upgrade from './upgrade.js';
import * as viewer from './viewer.js';
import * as workflowRoutes from './workflow-routes.js';

const identityOf = (req: express.Request): IdentityValues => ({
  slug: field(req, 'slug').trim(),
  localeCode: field(req, 'localeCode').trim(),
  tags: field(req, 'tags'),
  translationGroupId: field(req, 'translationGroupId').trim(),
});

const bodyOf = (v: IdentityValues) => ({
  slug: v.slug === '' ? null : v.slug,
  localeCode: v.localeCode === '' ? null : v.localeCode,
  translationGroupId: isUuid(v.translationGroupId) ? v.translationGroupId : null,
  tags: v.tags.split(',').map((t) => t.trim()).filter((t) => t !== ''),
});

/** The identity form shows one message list for all tags: `/tags/3` is the Tags field. */
function identityErrors(failure: FormFailure): FormFailure {
  const errors: FieldErrors = {};
  for (const [pointer, messages] of Object.entries(failure.errors)) (errors[pointer.startsWith('/tags/') ? '/tags' : pointer] ??= []).push(...messages);
  return { ...failure, errors };
}

const conflictOf = (item: Item, etag: string | undefined, zone: string): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Slug', value: item.slug ?? '' },
    { label: 'Locale', value: item.localeCode ?? '' },
    { label: 'Tags', value: item.tags.join(', ') },
    { label: 'Last changed', value: when(item.updatedAt, zone) },
  ],
});

async function readItem(res: express.Response, a: ItemAddress) {
  const { data, etag } = await apiFor(res).call('getContent', { path: { workspaceId: a.workspaceId, id: a.itemId } });
  return { item: data, etag };
}

interface DeletePage {
  item: Item;
  etag: string | undefined;
  failure?: FormFailure;
  conflict?: Conflict;
  referencedBy?: string[];
}

async function deletePage(res: express.Response, a: ItemAddress, page: DeletePage, status?: number) {
  const name = itemNameOf(page.item);
  await render(
    res,
    'content/item-delete',
    {
      title: `Delete ${name}`,
      workspaceId: a.workspaceId,
      name,
      item: page.item,
      etag: page.etag,
      paths: itemPaths(a.workspaceId, a.itemId),
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
      referencedBy: (page.referencedBy ?? []).filter(isUuid).map((id) => ({ id, href: itemPaths(a.workspaceId, id).root })),
    },
    status,
  );
}

export function register(router: express.Router): void {
  // The routes below `/content/<id>/…` first, then the item page itself.
  itemVersions.register(router);
  editLive.register(router);
  workflowRoutes.register(router);
  viewer.register(router);
  preview.register(router);
  history.register(router);
  compare.register(router);
  translations.register(router);
  translationCreate.register(router);
  upgrade.register(router);

  router.get(ITEM_ROUTE, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    await renderItemPage(req, res, address);
  });

  router.post(`${ITEM_ROUTE}/identity`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const values = identityOf(req);
    const zone = zoneOf(res);
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).updateContent({ path: { workspaceId: address.workspaceId, id: address.itemId }, body: bodyOf(values) }, { ifMatch }),
        readCurrent: async () => {
          const { item, etag } = await readItem(res, address);
          // The hidden group follows the item as it is now, so a re-apply does not undo a link.
          values.translationGroupId = item.translationGroupId ?? '';
          return conflictOf(item, etag, zone);
        },
      });
      if (!outcome.ok) return void (await renderItemPage(req, res, address, { identity: { values, conflict: outcome.conflict } }, 409));
      setFlash(res, 'success', 'Identity saved.');
      res.redirect(303, itemPaths(address.workspaceId, address.itemId).root);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await renderItemPage(req, res, address, { identity: { values, etag: field(req, '_etag'), failure: identityErrors(failure) } }, failure.problem.status);
    }
  });

  router.post(`${ITEM_ROUTE}/versions`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    try {
      // A new version copies the latest one unless the editor asked for an empty start.
      const empty = field(req, 'start') === 'empty';
      const latest = empty ? undefined : (await readItem(res, address)).item.versions[0];
      const body = latest ? { duplicateFromVersionNumber: latest.versionNumber } : {};
      const created = await apiFor(res).createContentVersion({ path: { workspaceId: address.workspaceId, id: address.itemId }, query: { expandChildren: false }, body });
      setFlash(
        res,
        'success',
        latest
          ? `Version ${created.versionNumber} created: a Draft holding version ${latest.versionNumber}’s values.`
          : `Version ${created.versionNumber} created: an empty Draft on the template version of the latest version.`,
      );
      res.redirect(303, itemPaths(address.workspaceId, address.itemId).selected(created.versionNumber));
    } catch (err) {
      const failure = formFailure(err, [400, 403, 409, 422]);
      if (!failure) throw err;
      await renderItemPage(req, res, address, { versionsProblem: failure.problem }, failure.problem.status);
    }
  });

  router.get(`${ITEM_ROUTE}/delete`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const [{ item, etag }, abilities] = await Promise.all([readItem(res, address), abilitiesIn(res, address.workspaceId)]);
    if (!abilities.editContent.allowed) return refuse(res, abilities.editContent.reason);
    await deletePage(res, address, { item, etag });
  });

  router.post(`${ITEM_ROUTE}/delete`, async (req, res, next) => {
    const address = itemAddress(req);
    if (!address) return next();
    const zone = zoneOf(res);
    if (field(req, 'confirm') !== 'yes') {
      const { item, etag } = await readItem(res, address);
      const failure: FormFailure = { problem: { status: 422, title: 'Confirm the deletion', detail: 'Tick the box to confirm that the item and its versions are deleted.' }, errors: { '/confirm': ['Tick this box to delete the item.'] } };
      return void (await deletePage(res, address, { item, etag: field(req, '_etag') || etag, failure }, 422));
    }
    let current: Item | undefined;
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).deleteContent({ path: { workspaceId: address.workspaceId, id: address.itemId } }, { ifMatch }),
        readCurrent: async () => {
          const now = await readItem(res, address);
          current = now.item;
          return conflictOf(now.item, now.etag, zone);
        },
      });
      if (!outcome.ok) return void (await deletePage(res, address, { item: current!, etag: outcome.conflict.etag, conflict: outcome.conflict }, 409));
    } catch (err) {
      const failure = formFailure(err, [403, 409, 422]);
      if (!failure) throw err;
      const { item, etag } = await readItem(res, address);
      const referencedBy = err instanceof VersoApiError && Array.isArray(err.problem.extensions.referencedBy) ? err.problem.extensions.referencedBy.map(String) : undefined;
      return void (await deletePage(res, address, { item, etag, failure, referencedBy }, failure.problem.status));
    }
    setFlash(res, 'success', `Content item “${field(req, 'name')}” deleted.`);
    res.redirect(303, itemPaths(address.workspaceId, address.itemId).list);
  });
}
