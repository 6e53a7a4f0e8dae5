// The URLs of the modelling screens (templates and components) inside one workspace, and the
// ids and version numbers their URLs carry. Every page builds its links here, so the scheme lives once.
import type express from 'express';
import { workspacePaths } from '../../nav.js';
import { isUuid } from '../screen-forms.js';

const enc = encodeURIComponent;

export function templateLinks(workspaceId: string, templateId: string) {
  const root = `${workspacePaths(workspaceId).templates}/${enc(templateId)}`;
  const version = (n: number) => `${root}/versions/${n}`;
  return {
    root,
    delete: `${root}/delete`,
    newVersion: `${root}/versions`,
    version,
    builder: (n: number) => `${version(n)}/edit`,
  };
}

export function componentLinks(workspaceId: string, componentId: string) {
  const root = `${workspacePaths(workspaceId).components}/${enc(componentId)}`;
  const version = (n: number) => `${root}/versions/${n}`;
  return {
    root,
    newVersion: `${root}/versions`,
    version,
    editor: (n: number) => `${version(n)}/edit`,
  };
}

/** A version number from a URL: a positive integer the API can address (undefined otherwise → 404). */
export function versionNumberOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,8}$/.test(raw)) return undefined;
  return Number(raw);
}

/** The workspace and template (or component) ids of a `…/:workspaceId/…/:id` URL, lower-cased; undefined → 404. */
export function resourceAddress(req: express.Request): { ws: string; id: string } | undefined {
  const { workspaceId, id } = req.params as Record<string, string | undefined>;
  if (!isUuid(workspaceId) || !isUuid(id)) return undefined;
  return { ws: workspaceId.toLowerCase(), id: id.toLowerCase() };
}

/** The same plus the version number of a `…/versions/:versionNumber` URL. */
export function versionAddress(req: express.Request): { ws: string; id: string; n: number } | undefined {
  const at = resourceAddress(req);
  const n = versionNumberOf((req.params as Record<string, string | undefined>).versionNumber);
  return at && n !== undefined ? { ...at, n } : undefined;
}
