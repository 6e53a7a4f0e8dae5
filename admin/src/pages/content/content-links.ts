// The paths of the content pages (list, item, a version's editor and workflow form): a module of its
// own because every content page links to the others, and importing them from the editor made the
// translation pages and the editor import each other.
import { workspacePaths } from '../../nav.js';

const enc = encodeURIComponent;

export function contentLinks(workspaceId: string) {
  const list = workspacePaths(workspaceId).content;
  const item = (itemId: string) => `${list}/${enc(itemId)}`;
  return { list, item, editor: (itemId: string, n: number) => `${item(itemId)}/versions/${n}/edit`, workflow: (itemId: string, n: number) => `${item(itemId)}/versions/${n}/workflow` };
}
