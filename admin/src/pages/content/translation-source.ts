// The translation editor's source: when the version edited belongs to a member that is not in the
// workspace's default locale and its translation group has a member in the default locale, that
// member (the source) is read — its served version, else its newest — and the editor shows the
// source's values beside each field (compact, read-only, matched by field key), and each field the
// template shares across translations (`localized: false`) read-only with a link to where it is
// edited: the source. Saving keeps the member's own stored values of those fields (their inputs are
// not in the form), so a translator can neither change nor lose them.
import type express from 'express';
import { apiFor } from '../../api.js';
import { zoneOf } from '../../time.js';
import type { EditorSchema, EditorField } from './editor-schema.js';
import type { ContentVersion } from './editor-load.js';
import { contentLinks } from './content-links.js';
import { labelOf } from './translation-status.js';
import { shownVersion, type Shown } from './viewer-values.js';

export interface TranslationSource {
  /** `English (en)`. */
  label: string;
  itemHref: string;
  /** The editor of the source's newest version (where shared fields are edited). */
  editorHref: string | null;
  versionNumber: number;
  served: boolean;
  /** The source's values by lower-cased field key. */
  values: Map<string, Shown[]>;
}

/** The keys (lower-cased) of the fields `templateVersionId` shares across translations. */
export function sharedKeys(schema: EditorSchema, templateVersionId: string): Set<string> {
  return new Set((schema.version(templateVersionId)?.fields ?? []).filter((f) => f.localized === false).map((f) => f.key.toLowerCase()));
}

/** The fields of `fields` that are shared, for a member that has a source. */
export const sharedFieldsOf = (fields: readonly EditorField[], shared: ReadonlySet<string>): EditorField[] => fields.filter((f) => shared.has(f.key.toLowerCase()));

/** The source of the member `version` belongs to, or null (no locales, this is the source, no source). */
export async function loadTranslationSource(res: express.Response, workspaceId: string, version: ContentVersion): Promise<TranslationSource | null> {
  const api = apiFor(res);
  const status = await api.getContentTranslationStatus({ path: { workspaceId, id: version.contentItemId } });
  const source = status.locales.find((l) => l.isSource && l.contentItemId && l.contentItemId !== version.contentItemId);
  if (!source?.contentItemId || status.defaultLocale === null) return null;
  // A member in the default locale is a source itself (a second one: it is edited on its own).
  if (version.localeCode?.toLowerCase() === status.defaultLocale.toLowerCase()) return null;
  // The status names the source's served and newest versions: one more read, of the version shown.
  const n = source.servedVersionNumber ?? source.versionNumber;
  if (n === null) return null;
  const read = await api.getContentVersion({ path: { workspaceId, id: source.contentItemId, versionNumber: n }, query: { expandChildren: false } });
  const values = new Map<string, Shown[]>();
  for (const f of shownVersion(workspaceId, read, 0, undefined, zoneOf(res)).fields) {
    // Children are not expanded here: the value names the child, and its page has the rest.
    const compact = f.values.map((v): Shown => (v.kind === 'child' ? { ...v, version: undefined, note: '' } : v));
    values.set(f.key.toLowerCase(), compact);
  }
  const links = contentLinks(workspaceId);
  return {
    label: labelOf(source),
    itemHref: links.item(source.contentItemId),
    editorHref: source.versionNumber === null ? null : links.editor(source.contentItemId, source.versionNumber),
    versionNumber: n,
    served: source.servedVersionNumber !== null,
    values,
  };
}
