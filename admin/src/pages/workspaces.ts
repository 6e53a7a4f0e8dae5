// Workspaces: the list (every workspace the caller can see), create (Admin + host superadmin), edit
// and delete (Admin + Write on that workspace, delete after a confirmation). Edit and delete carry
// the ETag the page was opened from (`_etag`), so a change someone made since is a 412 shown with
// the current values and a re-apply button — never overwritten silently.
// The form also holds the workspace's public media settings, and the edit page offers "Revoke public
// media URLs" (after a confirmation): the API's rotate, which ends every public URL handed out so far.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor } from '../api.js';
import { field, formFailure, submitWithETag, type Conflict, type FormFailure } from '../http/forms.js';
import { hasRole, PATHS } from '../nav.js';
import { render, setFlash } from '../views/render.js';
import { zoneOf } from '../time.js';
import { isUuid, pageLinks, pageOf, refuse, when } from './screen-forms.js';

type Workspace = components['schemas']['WorkspaceDto'];

interface Values {
  name: string;
  slug: string;
  description: string;
  previewUrl: string;
  publicMedia: boolean;
  allMediaPublic: boolean;
}

const PAGE_SIZE = 20;
const base = PATHS.workspaces;

const valuesOf = (req: express.Request): Values => ({
  name: field(req, 'name').trim(),
  slug: field(req, 'slug').trim(),
  description: field(req, 'description').trim(),
  previewUrl: field(req, 'previewUrl').trim(),
  // A checkbox left unticked is not posted at all: absent means off, which the form then sends as false.
  publicMedia: field(req, 'publicMedia') === 'true',
  allMediaPublic: field(req, 'allMediaPublic') === 'true',
});
const valuesFrom = (w: Workspace): Values => ({
  name: w.name,
  slug: w.slug,
  description: w.description ?? '',
  previewUrl: w.previewUrl ?? '',
  publicMedia: w.publicMedia,
  allMediaPublic: w.allMediaPublic,
});
const bodyOf = (v: Values) => ({
  name: v.name,
  slug: v.slug,
  description: v.description === '' ? null : v.description,
  previewUrl: v.previewUrl === '' ? null : v.previewUrl,
  publicMedia: v.publicMedia,
  allMediaPublic: v.allMediaPublic,
});

/** The public media settings in a few words, for the list and the edit page. */
export const publicMediaLabel = (w: Pick<Workspace, 'publicMedia' | 'allMediaPublic'>): string =>
  !w.publicMedia ? 'Off' : w.allMediaPublic ? 'On, every upload' : 'On, what published content uses';

/** What the conflict box shows: the workspace as it is now. */
const conflictOf = (w: Workspace, etag: string | undefined, zone: string): Conflict => ({
  etag: etag ?? '',
  current: [
    { label: 'Name', value: w.name },
    { label: 'Slug', value: w.slug },
    { label: 'Description', value: w.description ?? '' },
    { label: 'Preview URL', value: w.previewUrl ?? '' },
    { label: 'Public media URLs', value: publicMediaLabel(w) },
    { label: 'Last changed', value: when(w.updatedAt, zone) },
  ],
});

const user = (res: express.Response) => res.locals.session!.user;
const mayManage = (res: express.Response, w: Workspace) => w.canWrite && hasRole(user(res).role, 'Admin');

interface FormPage {
  mode: 'create' | 'edit';
  values: Values;
  workspace?: Workspace;
  etag?: string;
  failure?: FormFailure;
  conflict?: Conflict;
}

/** The workspace's live preview tokens (issue #27), for the Admin who edits it: who minted which, until when. */
async function livePreviewTokens(res: express.Response, workspaceId: string) {
  const page = await apiFor(res).listPreviewTokens({ path: { workspaceId }, query: { page: 1, pageSize: 100 } });
  const zone = zoneOf(res);
  return {
    totalCount: page.totalCount,
    items: page.items.map((t) => ({ ...t, created: when(t.createdAt, zone), expires: when(t.expiresAt, zone), revoke: `${base}/${workspaceId}/preview-tokens/${t.id}/revoke` })),
  };
}

async function formPage(res: express.Response, page: FormPage, status?: number) {
  const previewTokens = page.mode === 'edit' && page.workspace ? await livePreviewTokens(res, page.workspace.id) : null;
  const title = page.mode === 'create' ? 'New workspace' : `Edit workspace ${page.workspace?.name ?? ''}`.trim();
  return render(
    res,
    'workspaces/form',
    {
      title,
      mode: page.mode,
      action: page.mode === 'create' ? `${base}/new` : `${base}/${page.workspace!.id}/edit`,
      values: page.values,
      workspace: page.workspace,
      etag: page.etag,
      problem: page.failure?.problem,
      errors: page.failure?.errors ?? {},
      conflict: page.conflict,
      previewTokens,
      publicMedia: page.mode === 'edit' && page.workspace ? { state: publicMediaLabel(page.workspace), generation: page.workspace.mediaUrlGeneration, revoke: `${base}/${page.workspace.id}/public-media/revoke` } : null,
    },
    status,
  );
}

async function readWorkspace(res: express.Response, workspaceId: string) {
  const { data, etag } = await apiFor(res).call('getWorkspace', { path: { workspaceId } });
  return { workspace: data, etag };
}

export function register(router: express.Router): void {
  router.get(base, async (req, res) => {
    const page = pageOf(req.query);
    const list = await apiFor(res).listWorkspaces({ query: { page, pageSize: PAGE_SIZE } });
    const u = user(res);
    await render(res, 'workspaces/list', {
      title: 'Workspaces',
      workspaces: list.items.map((w) => ({ ...w, updated: when(w.updatedAt, zoneOf(res)), manage: mayManage(res, w), publicMediaState: publicMediaLabel(w) })),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(base, {}, page, list.totalPages),
      canCreate: hasRole(u.role, 'Admin') && u.isSuperAdmin,
    });
  });

  router.get(`${base}/new`, async (_req, res) => {
    // Creating needs Admin + host superadmin and no read says "may create"; listUsers has exactly
    // that access rule, so its answer is the API's own refusal for this page (403).
    await apiFor(res).listUsers({ query: { page: 1, pageSize: 1 } });
    await formPage(res, { mode: 'create', values: { name: '', slug: '', description: '', previewUrl: '', publicMedia: false, allMediaPublic: false } });
  });

  router.post(`${base}/new`, async (req, res) => {
    const values = valuesOf(req);
    try {
      const created = await apiFor(res).createWorkspace({ body: bodyOf(values) });
      setFlash(res, 'success', `Workspace “${created.name}” created.`);
      res.redirect(303, base);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      await formPage(res, { mode: 'create', values, failure }, 422);
    }
  });

  router.get(`${base}/:id/edit`, async (req, res, next) => {
    if (!isUuid(req.params.id)) return next();
    const { workspace, etag } = await readWorkspace(res, req.params.id);
    if (!mayManage(res, workspace)) return refuse(res, 'Editing a workspace needs the Admin role and Write access to it.');
    await formPage(res, { mode: 'edit', values: valuesFrom(workspace), workspace, etag });
  });

  router.post(`${base}/:id/edit`, async (req, res, next) => {
    const workspaceId = req.params.id;
    if (!isUuid(workspaceId)) return next();
    const values = valuesOf(req);
    let current: Workspace | undefined;
    try {
      const outcome = await submitWithETag({
        etag: field(req, '_etag'),
        write: (ifMatch) => apiFor(res).updateWorkspace({ path: { workspaceId }, body: bodyOf(values) }, { ifMatch }),
        readCurrent: async () => {
          const now = await readWorkspace(res, workspaceId);
          current = now.workspace;
          return conflictOf(now.workspace, now.etag, zoneOf(res));
        },
      });
      if (!outcome.ok) return void (await formPage(res, { mode: 'edit', values, workspace: current, conflict: outcome.conflict }, 409));
      setFlash(res, 'success', `Workspace “${outcome.result.name}” saved.`);
      res.redirect(303, base);
    } catch (err) {
      const failure = formFailure(err);
      if (!failure) throw err;
      const { workspace } = await readWorkspace(res, workspaceId);
      await formPage(res, { mode: 'edit', values, workspace, etag: field(req, '_etag'), failure }, 422);
    }
  });

  // Revoking a preview token: it answers 401 from the next request on, on every API replica.
  router.post(`${base}/:id/preview-tokens/:tokenId/revoke`, async (req, res, next) => {
    const { id: workspaceId, tokenId } = req.params;
    if (!isUuid(workspaceId) || !isUuid(tokenId)) return next();
    await apiFor(res).revokePreviewToken({ path: { workspaceId, id: tokenId } });
    setFlash(res, 'success', 'Preview token revoked.');
    res.redirect(303, `${base}/${workspaceId}/edit#preview-tokens-title`);
  });

  // Revoking the public media URLs: the API moves the workspace's media URL generation, signed into
  // every public URL, so each one handed out before is 404 from now on, on every replica.
  const revokePage = (res: express.Response, workspace: Workspace, failure?: FormFailure, status?: number) =>
    render(res, 'workspaces/revoke-public-media', { title: `Revoke public media URLs of ${workspace.name}`, workspace, state: publicMediaLabel(workspace), problem: failure?.problem, errors: failure?.errors ?? {} }, status);

  router.get(`${base}/:id/public-media/revoke`, async (req, res, next) => {
    if (!isUuid(req.params.id)) return next();
    const { workspace } = await readWorkspace(res, req.params.id);
    if (!mayManage(res, workspace)) return refuse(res, 'Revoking public media URLs needs the Admin role and Write access to the workspace.');
    await revokePage(res, workspace);
  });

  router.post(`${base}/:id/public-media/revoke`, async (req, res, next) => {
    const workspaceId = req.params.id;
    if (!isUuid(workspaceId)) return next();
    if (field(req, 'confirm') !== 'yes') {
      const { workspace } = await readWorkspace(res, workspaceId);
      const failure: FormFailure = { problem: { status: 422, title: 'Confirm first', detail: 'Tick the box to confirm; no URL was revoked.' }, errors: { '/confirm': ['Tick this box to revoke the public media URLs.'] } };
      return void (await revokePage(res, workspace, failure, 422));
    }
    // The role is not checked again here: the API refuses anyone below Admin + Write with a 403 page.
    await apiFor(res).rotatePublicMediaUrls({ path: { workspaceId } });
    setFlash(res, 'success', 'Public media URLs revoked. Every public media URL handed out before now stops working; published content carries new URLs.');
    res.redirect(303, `${base}/${workspaceId}/edit#public-media-title`);
  });

  router.get(`${base}/:id/delete`, async (req, res, next) => {
    if (!isUuid(req.params.id)) return next();
    const { workspace, etag } = await readWorkspace(res, req.params.id);
    if (!mayManage(res, workspace)) return refuse(res, 'Deleting a workspace needs the Admin role and Write access to it.');
    await render(res, 'workspaces/delete', { title: `Delete workspace ${workspace.name}`, workspace, etag });
  });

  router.post(`${base}/:id/delete`, async (req, res, next) => {
    const workspaceId = req.params.id;
    if (!isUuid(workspaceId)) return next();
    if (field(req, 'confirm') !== 'yes') {
      const { workspace, etag } = await readWorkspace(res, workspaceId);
      const failure: FormFailure = { problem: { status: 422, title: 'Confirm the deletion', detail: 'Tick the box to confirm that the workspace and everything in it is deleted.' }, errors: { '/confirm': ['Tick this box to delete the workspace.'] } };
      return void (await render(res, 'workspaces/delete', { title: `Delete workspace ${workspace.name}`, workspace, etag, problem: failure.problem, errors: failure.errors }, 422));
    }
    let current: Workspace | undefined;
    const outcome = await submitWithETag({
      etag: field(req, '_etag'),
      write: (ifMatch) => apiFor(res).deleteWorkspace({ path: { workspaceId } }, { ifMatch }),
      readCurrent: async () => {
        const now = await readWorkspace(res, workspaceId);
        current = now.workspace;
        return conflictOf(now.workspace, now.etag, zoneOf(res));
      },
    });
    if (!outcome.ok) {
      return void (await render(res, 'workspaces/delete', { title: `Delete workspace ${current!.name}`, workspace: current, etag: outcome.conflict.etag, conflict: outcome.conflict }, 409));
    }
    setFlash(res, 'success', `Workspace “${field(req, 'name')}” deleted.`);
    res.redirect(303, base);
  });
}
