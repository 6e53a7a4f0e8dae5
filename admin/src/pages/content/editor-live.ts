// Live preview in the content editor: the workspace's site framed beside the form, fed the form's
// values as the user types (public/live-preview.js; the messages: docs/live-preview.md).
// - The page names the preview origin (the origin of the workspace's `previewUrl`) in its CSP's
//   `frame-src` and nowhere else; the script sends only to that origin.
// - The page carries the fields' model (key, kind, whether a member is a list) so the browser can
//   turn the form's inputs into a delivery read's `fields[]` without asking the server per keystroke.
// - "Live preview" posts here: a preview token is minted for the item (as the Preview button does,
//   preview.ts) and the item is read with it, as the site reads it (expandChildren, assets with their
//   signed URLs): the shape the form's values are laid over. The token goes only into the frame's
//   address, never into a message.
// - A library pick in the form is a new asset for the page: its delivered shape (public URLs) comes
//   from the asset route here; an item newly referenced, its newest version from the item route.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor, apiStatus, previewApi } from '../../api.js';
import { contentSecurityPolicy } from '../../http/content-security-policy.js';
import { wantsJson } from '../../http/wants-json.js';
import { isUuid } from '../screen-forms.js';
import { versionNumberOf } from '../templates/links.js';
import type { EditorField, EditorSchema } from './editor-schema.js';
import type { LoadedVersion } from './editor-load.js';
import { fillPreviewUrl } from './preview.js';

type DeliveredAsset = components['schemas']['DeliveredAsset'];

/** What the browser needs to know of one field to shape its value as a delivery read does. */
export interface LiveField {
  key: string;
  kind: EditorField['kind'];
  /** Component member: sent as a list (the encoder's rule, value-form.ts takesList). */
  list: boolean;
  members?: LiveField[];
}

export interface LivePreviewView {
  /** Null: the workspace has no preview URL (the editor explains how to set one). */
  origin: string | null;
  workspaceEditHref: string;
  /** POST: mints the token and answers `{ src, origin, item }`. */
  openUrl: string;
  /** GET `<assetsUrl>/<id>`: one library asset as a delivery read carries it. */
  assetsUrl: string;
  /** GET `<itemsUrl>/<id>`: an item newly referenced in the form, as a child of the read. */
  itemsUrl: string;
  /** The field models by field id (lower case), every template version the form can show. */
  model: Record<string, LiveField>;
}

/** The origin a preview URL template names (its `{…}` placeholders sit in the path and query). */
export function previewOrigin(template: string | null | undefined): string | null {
  if (!template) return null;
  try {
    const origin = new URL(template.replaceAll(/\{[a-z]+\}/g, 'x')).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const takesList = (m: EditorField): boolean => (m.kind === 'PickList' ? m.picklist?.multiple === true : m.max === null || m.max > 1);

function liveField(f: EditorField): LiveField {
  const out: LiveField = { key: f.key, kind: f.kind, list: takesList(f) };
  if (f.kind === 'Component') out.members = (f.members ?? []).map(liveField);
  return out;
}

/** The models of the item's fields, its children's and those of the template new children get. */
function modelOf(loaded: Pick<LoadedVersion, 'schema' | 'version' | 'children'>): Record<string, LiveField> {
  const { schema } = loaded;
  const versions = new Set([loaded.version.templateVersionId, ...[...loaded.children.values()].map((c) => c.version.templateVersionId)]);
  for (const f of schema.fields(loaded.version.templateVersionId)) if (f.kind === 'Inline' && f.target?.currentVersionId) versions.add(f.target.currentVersionId);
  const model: Record<string, LiveField> = {};
  for (const v of versions) for (const f of schema.fields(v)) model[f.id.toLowerCase()] = liveField(f);
  return model;
}

const base = (workspaceId: string, itemId: string, versionNumber: number) => `/workspaces/${workspaceId}/content/${itemId}/versions/${versionNumber}/live-preview`;
const assetsBase = (workspaceId: string) => `/workspaces/${workspaceId}/content/live-preview/assets`;

/**
 * The editor page's live preview: sets the page's CSP (frame-src: the preview origin only) and
 * returns what the view shows.
 */
export function livePreviewView(res: express.Response, workspaceId: string, loaded: LoadedVersion & { schema: EditorSchema }): LivePreviewView {
  const origin = previewOrigin(loaded.abilities.workspace.previewUrl);
  if (origin) res.setHeader('Content-Security-Policy', contentSecurityPolicy({ frameSrc: origin }));
  return {
    origin,
    workspaceEditHref: `/workspaces/${workspaceId}/edit`,
    openUrl: base(workspaceId, loaded.version.contentItemId, loaded.version.versionNumber),
    assetsUrl: assetsBase(workspaceId),
    itemsUrl: `/workspaces/${workspaceId}/content/live-preview/items`,
    model: origin ? modelOf(loaded) : {},
  };
}

export function deliveredAssetOf(a: components['schemas']['MediaAssetResponse']): DeliveredAsset {
  return { id: a.id, fileName: a.fileName, mimeType: a.mimeType, sizeBytes: a.sizeBytes, altText: a.altText, width: a.width, height: a.height, url: a.publicUrl, renditionUrl: a.renditionUrl };
}

/** Why nothing can be framed, in words the editor page shows. */
function refusal(res: express.Response, status: number, reason: string): void {
  res.status(status).json({ reason });
}

/**
 * The routes below answer the editor's script only (it asks for JSON); a person or a form that
 * reaches them gets the admin's page for an unknown address instead of a bare JSON answer.
 */
export function register(router: express.Router): void {
  router.post('/workspaces/:workspaceId/content/:itemId/versions/:n/live-preview', async (req, res, next) => {
    const { workspaceId, itemId } = req.params as Record<string, string>;
    const versionNumber = versionNumberOf(req.params.n);
    if (!wantsJson(req) || !isUuid(workspaceId) || !isUuid(itemId) || versionNumber === undefined) return next();
    const api = apiFor(res);
    const [workspace, item] = await Promise.all([api.getWorkspace({ path: { workspaceId } }), api.getContent({ path: { workspaceId, id: itemId } })]);
    const origin = previewOrigin(workspace.previewUrl);
    if (!workspace.previewUrl || !origin) return refusal(res, 409, 'This workspace has no preview URL: an Admin sets it on the workspace’s settings.');
    let token: string;
    try {
      token = (await api.createPreviewToken({ path: { workspaceId }, body: { contentItemId: itemId } })).token;
    } catch (err) {
      if (apiStatus(err) === 403) return refusal(res, 403, 'Opening a preview takes the Editor role in this workspace.');
      throw err;
    }
    // The read the site makes with that token: the item's newest version that is not archived, its
    // children expanded, its assets with their signed URLs.
    const site = previewApi(res, token);
    const newest = item.versions.filter((v) => v.status !== 'Archived').sort((a, b) => b.versionNumber - a.versionNumber)[0];
    const read = item.slug
      ? await site.getContentBySlug({ path: { workspaceId, slug: item.slug }, query: { expandChildren: true, sourceMap: true } })
      : await site.getContentVersion({ path: { workspaceId, id: itemId, versionNumber: newest?.versionNumber ?? versionNumber }, query: { expandChildren: true, sourceMap: true } });
    res.setHeader('Cache-Control', 'no-store');
    res.json({ src: fillPreviewUrl(workspace.previewUrl, { slug: item.slug, locale: item.localeCode, token }), origin, item: read });
  });

  // An item newly referenced or composed in the form: its newest version that is not archived (what a
  // preview read would expand), read with the user's own access — a read-only view of it for the page.
  router.get('/workspaces/:workspaceId/content/live-preview/items/:itemId', async (req, res, next) => {
    const { workspaceId, itemId } = req.params;
    if (!wantsJson(req) || !isUuid(workspaceId) || !isUuid(itemId)) return next();
    const api = apiFor(res);
    try {
      const item = await api.getContent({ path: { workspaceId, id: itemId } });
      const newest = item.versions.filter((v) => v.status !== 'Archived').sort((a, b) => b.versionNumber - a.versionNumber)[0];
      if (!newest) return refusal(res, 404, 'That item has no version to show.');
      const { data } = await api.call('getContentVersion', { path: { workspaceId, id: itemId, versionNumber: newest.versionNumber }, query: { expandChildren: true } });
      res.setHeader('Cache-Control', 'no-store');
      res.json(data);
    } catch (err) {
      if (apiStatus(err) === 404) return refusal(res, 404, 'That item is not in this workspace.');
      throw err;
    }
  });

  router.get('/workspaces/:workspaceId/content/live-preview/assets/:assetId', async (req, res, next) => {
    const { workspaceId, assetId } = req.params;
    if (!wantsJson(req) || !isUuid(workspaceId) || !isUuid(assetId)) return next();
    try {
      const asset = await apiFor(res).getMedia({ path: { workspaceId, id: assetId } });
      res.json(deliveredAssetOf(asset));
    } catch (err) {
      if (apiStatus(err) === 404) return refusal(res, 404, 'That asset is not in this workspace’s library.');
      throw err;
    }
  });
}
