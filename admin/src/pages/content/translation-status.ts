// The item page's Translations panel: every configured locale with the state of the item's member in
// it (getContentTranslationStatus: Missing, Draft, In review, Approved, Published, Archived, and
// whether it is outdated against the source, the default-locale member), members in locales the
// workspace does not configure marked "unconfigured", links to each member, and "Translate to …"
// for each missing configured locale (translation-create.ts makes the member and opens its editor).
import type { components } from '@verso/sdk';
import type { Permission } from '../workspace-scope.js';
import { contentLinks } from './content-links.js';

type Status = components['schemas']['ContentTranslationStatusResponse'];
type LocaleState = components['schemas']['ContentTranslationLocaleResponse'];

/** The states in words: the API's `Review` is "In review" everywhere else in the admin. */
const STATE_WORDS: Record<LocaleState['state'], string> = { Missing: 'Missing', Draft: 'Draft', Review: 'In review', Approved: 'Approved', Published: 'Published', Archived: 'Archived' };

export interface TranslationRow {
  localeCode: string | null;
  /** `Deutsch (de)`, the bare code for an unconfigured locale, or "No locale". */
  label: string;
  state: LocaleState['state'];
  stateLabel: string;
  outdated: boolean;
  configured: boolean;
  isSource: boolean;
  /** The row of the item this page shows. */
  isSelf: boolean;
  title: string | null;
  /** The member's page and the editor of its newest version (null when missing). */
  href: string | null;
  editHref: string | null;
  /** "Translate to …" (missing, configured locales only). */
  translate: Permission | null;
}

export interface TranslationPanel {
  defaultLocale: string | null;
  rows: TranslationRow[];
  /** The group's member in the default locale, which "Translate to …" copies from (else this item). */
  sourceId: string | null;
}

export const stateWords = (state: LocaleState['state']): string => STATE_WORDS[state];

export function labelOf(l: Pick<LocaleState, 'localeCode' | 'name'>): string {
  if (l.localeCode === null) return 'No locale';
  return l.name ? `${l.name} (${l.localeCode})` : l.localeCode;
}

export function translationPanel(status: Status, workspaceId: string, itemId: string, mayEdit: Permission): TranslationPanel {
  const links = contentLinks(workspaceId);
  const rows = status.locales.map((l): TranslationRow => ({
    localeCode: l.localeCode,
    label: labelOf(l),
    state: l.state,
    stateLabel: stateWords(l.state),
    outdated: l.outdated,
    configured: l.configured,
    isSource: l.isSource,
    isSelf: l.contentItemId === itemId,
    title: l.title,
    href: l.contentItemId ? links.item(l.contentItemId) : null,
    editHref: l.contentItemId && l.versionNumber !== null ? links.editor(l.contentItemId, l.versionNumber) : null,
    translate: l.state === 'Missing' && l.configured && l.localeCode !== null ? mayEdit : null,
  }));
  const source = status.locales.find((l) => l.isSource && l.contentItemId);
  return { defaultLocale: status.defaultLocale, rows, sourceId: source?.contentItemId ?? null };
}
