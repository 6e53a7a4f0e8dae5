// What the editor of one content version reads before it renders or saves: the version with its
// ETag, the user's abilities in the workspace, the fields' schema (editor-schema.ts), and the latest
// version of every inline child (each distinct child once, in parallel), with its own ETag — those
// are edited in place and saved before the parent.
import type express from 'express';
import type { components } from '@verso/sdk';
import { apiFor, apiStatus } from '../../api.js';
import { abilitiesIn, type WorkspaceAbilities } from '../workspace-scope.js';
import { loadEditorSchema, type EditorSchema } from './editor-schema.js';
import type { ChildVersion } from './value-form.js';

export type ContentVersion = components['schemas']['ContentVersionDetailResponse'];

export interface LoadedVersion {
  abilities: WorkspaceAbilities;
  version: ContentVersion;
  etag: string;
  schema: EditorSchema;
  children: Map<string, ChildVersion>;
}

/** The latest version of each of `itemIds` with its ETag; a child that is gone is left out. */
export async function loadChildren(res: express.Response, workspaceId: string, itemIds: readonly string[]): Promise<Map<string, ChildVersion>> {
  const api = apiFor(res);
  const out = new Map<string, ChildVersion>();
  await Promise.all(
    [...new Set(itemIds)].map(async (id) => {
      try {
        const item = await api.getContent({ path: { workspaceId, id } });
        const latest = item.versions[0];
        if (!latest) return;
        const { data, etag } = await api.call('getContentVersion', { path: { workspaceId, id, versionNumber: latest.versionNumber }, query: { expandChildren: false } });
        out.set(id, { itemId: id, version: data, etag: etag ?? '' });
      } catch (err) {
        // A child deleted behind the parent's back (the API has no cascade) is shown by its id only.
        if (apiStatus(err) !== 404) throw err;
      }
    }),
  );
  return out;
}

export async function loadVersion(res: express.Response, workspaceId: string, itemId: string, versionNumber: number): Promise<LoadedVersion> {
  const [abilities, read] = await Promise.all([abilitiesIn(res, workspaceId), apiFor(res).call('getContentVersion', { path: { workspaceId, id: itemId, versionNumber }, query: { expandChildren: true } })]);
  const version = read.data;
  let schema = await loadEditorSchema(res, workspaceId, [version.templateVersionId]);
  const inline = new Set(schema.fields(version.templateVersionId).filter((f) => f.kind === 'Inline').map((f) => f.id));
  const childIds = version.fields.filter((v) => inline.has(v.fieldId) && v.childContentItemId).map((v) => v.childContentItemId!);
  const children = await loadChildren(res, workspaceId, childIds);
  // A child on another template version than its target's current one: load that version's fields too.
  const missing = [...children.values()].map((c) => c.version.templateVersionId).filter((id) => !schema.version(id));
  if (missing.length > 0) schema = await loadEditorSchema(res, workspaceId, [version.templateVersionId, ...missing]);
  return { abilities, version, etag: read.etag ?? '', schema, children };
}
