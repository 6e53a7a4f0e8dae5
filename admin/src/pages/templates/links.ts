// The URLs of the modelling screens (templates and components) inside one workspace, and the
// version numbers they carry. Every page and view builds its links here, so the scheme lives once.
import { workspacePaths } from '../../nav.js';

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
