// The media library of one workspace: a paged grid of its assets (type filter, file-name search)
// with thumbnails served through the admin (file.ts), and the upload form for an Editor with Write
// (disabled with the reason for everyone else), and for them a checkbox per card and the bulk bar
// (bulk-delete.ts). The upload streams the browser's form on to the API
// (upload-stream.ts, then the SDK's uploadMediaForm: one attempt, no deadline but the browser's own
// disconnect); the API's refusals — 413 too large, 415 a type it does not
// take or a file whose bytes contradict its type, 400 empty — are shown on the form. public/media.js
// posts the same form with XMLHttpRequest to show progress and asks for JSON answers.
import { uploadMediaForm } from '@verso/sdk';
import type express from 'express';
import { thumbnailPath } from './public-image.js';
import { formFailure, type FormFailure } from '../../http/forms.js';
import { PATHS } from '../../nav.js';
import { zoneOf } from '../../time.js';
import { apiFor } from '../../api.js';
import { render, setFlash } from '../../views/render.js';
import { pageLinks, pageOf, queryValue, when } from '../screen-forms.js';
import { abilitiesIn, type WorkspaceAbilities, workspaceIdsOf } from '../workspace-scope.js';
import { isImage, mayChange, mediaPaths, ROUTE, sizeText, type MediaAsset } from './media-scope.js';
import { forwardedForm } from './upload-stream.js';
import { wantsJson } from '../../http/wants-json.js';

const PAGE_SIZE = 24;

/** The type filter's choices: each a MIME type prefix the API filters by. */
export const TYPE_FILTERS = [
  { value: '', label: 'All types', prefix: undefined },
  { value: 'images', label: 'Images', prefix: 'image/' },
  { value: 'documents', label: 'Documents (PDF, Word, Office, JSON)', prefix: 'application/' },
  { value: 'text', label: 'Text', prefix: 'text/' },
  { value: 'video', label: 'Video', prefix: 'video/' },
  { value: 'audio', label: 'Audio', prefix: 'audio/' },
] as const;

export const prefixOf = (type: string): string | undefined => TYPE_FILTERS.find((t) => t.value === type)?.prefix;

/** A grid card's view of an asset. */
export function cardOf(workspaceId: string, asset: MediaAsset, zone: string) {
  const paths = mediaPaths(workspaceId, asset.id);
  // A small WebP rendition when public media is on (issue #26), else the original through the admin.
  const thumb = thumbnailPath(asset.renditionUrl, 320) ?? paths.file;
  return { ...asset, paths, thumb, image: isImage(asset), size: sizeText(asset.sizeBytes), created: when(asset.createdAt, zone) };
}

/** The library page; `failure` is an upload the API refused, shown on the upload form. */
async function libraryPage(res: express.Response, scope: WorkspaceAbilities, failure?: FormFailure, status?: number): Promise<void> {
  const req = res.req;
  const workspaceId = scope.workspace.id;
  const type = prefixOf(queryValue(req.query, 'type')) ? queryValue(req.query, 'type') : '';
  const search = queryValue(req.query, 'q').trim().slice(0, 200);
  const page = pageOf(req.query);
  const list = await apiFor(res).listMedia({ path: { workspaceId }, query: { mimeType: prefixOf(type), search: search || undefined, page, pageSize: PAGE_SIZE } });
  const paths = mediaPaths(workspaceId);
  const zone = zoneOf(res);
  const here = Object.fromEntries(Object.entries({ type, q: search, page: page > 1 ? String(page) : '' }).filter(([, v]) => v !== ''));
  await render(
    res,
    'media/library',
    {
      title: 'Media',
      workspace: scope.workspace,
      paths,
      assets: list.items.map((a) => cardOf(workspaceId, a, zone)),
      totalCount: list.totalCount,
      page,
      totalPages: list.totalPages,
      links: pageLinks(paths.library, { type, q: search }, page, list.totalPages),
      // "Select all on this page" is a link, so the bulk bar works without JavaScript.
      selectAll: queryValue(req.query, 'select') === 'all',
      selectAllHref: `${paths.library}?${new URLSearchParams({ ...here, select: 'all' }).toString()}`,
      clearHref: Object.keys(here).length ? `${paths.library}?${new URLSearchParams(here).toString()}` : paths.library,
      types: TYPE_FILTERS,
      type,
      search,
      change: mayChange(scope),
      storageSettings: scope.role === 'Admin' ? PATHS.storageSettings : null,
      problem: failure?.problem,
      errors: failure?.errors ?? {},
    },
    status,
  );
}

/** The API's refusals of an upload the user can act on: empty, too large, type not taken, invalid alt text. */
const UPLOAD_STATUSES = [400, 413, 415, 422] as const;

export function register(router: express.Router): void {
  router.get(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    await libraryPage(res, await abilitiesIn(res, ids.workspaceId));
  });

  router.post(ROUTE, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    if (!/^multipart\/form-data\b/i.test(req.get('content-type') ?? '')) {
      // Only a browser that ignored the form's enctype gets here (the CSRF middleware checked it).
      const failure: FormFailure = { problem: { status: 400, title: 'No file', detail: 'Choose a file to upload.' }, errors: { '/file': ['Choose a file.'] } };
      return libraryPage(res, await abilitiesIn(res, ids.workspaceId), failure, 400);
    }
    const form = await forwardedForm(req, res);
    // The browser leaving mid-upload ends the transfer to the API (which then discards what it got).
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort(new Error('the browser closed the connection'));
    });
    try {
      // A transfer lasts as long as the bytes take: no call or attempt deadline, only the browser leaving.
      const asset = await uploadMediaForm(apiFor(res), { workspaceId: ids.workspaceId, ...form }, { signal: gone.signal, timeoutMs: Number.POSITIVE_INFINITY });
      const paths = mediaPaths(ids.workspaceId, asset.id);
      if (wantsJson(req)) return void res.status(201).json({ id: asset.id, fileName: asset.fileName, location: paths.asset });
      setFlash(res, 'success', `“${asset.fileName}” uploaded.`);
      res.redirect(303, paths.asset);
    } catch (err) {
      const failure = formFailure(err, UPLOAD_STATUSES);
      if (!failure) throw err;
      // The API may answer before it has read the whole file (too large, wrong type): drop the rest.
      req.resume();
      if (wantsJson(req)) return void res.status(failure.problem.status).json(failure);
      await libraryPage(res, await abilitiesIn(res, ids.workspaceId), failure, failure.problem.status);
    }
  });
}
