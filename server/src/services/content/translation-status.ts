// Where an item's translations stand (GET …/content/{id}/translation-status) and which are missing
// or outdated across the workspace (GET …/content/missing-translations). A translation is outdated
// when its group's source — the member in the workspace's default locale — serves now a version
// published after the translation's newest version was last changed: the source moved on since the
// translation was last worked on. Both reads cost a fixed number of statements, never one per row.
import type { DatabasePool } from 'slonik';
import { findTranslationGroup, type MemberRow } from '../../db/delivery/translation-members.js';
import { findItemListRows, findMissingTranslations } from '../../db/delivery/translation-missing.js';
import { listLocales, type LocaleRow } from '../../db/localization/workspace-locales.js';
import type {
  ContentTranslationLocaleResponse,
  ContentTranslationStatusResponse,
  MissingTranslationResponse,
  MissingTranslationResponsePagedResponse,
} from '../../generated/schemas.js';
import { canonicalTag, tagKey } from '../localization/language-tags.js';
import { listItemSummary } from './content-presenter.js';
import { foundItem, nowIso } from './content-rules.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';

function memberEntry(m: MemberRow, locale: LocaleRow | undefined): ContentTranslationLocaleResponse {
  return {
    localeCode: m.locale_code,
    name: locale?.name ?? null,
    configured: locale !== undefined,
    // Every item is made with its version 1; a member without one would be mid-deletion.
    state: m.latest_status ?? 'Draft',
    outdated: m.outdated,
    isSource: m.is_source,
    contentItemId: m.id,
    slug: m.slug,
    versionNumber: m.latest_version_number,
    servedVersionNumber: m.served_version_number,
    title: m.latest_title,
  };
}

const missingEntry = (locale: LocaleRow): ContentTranslationLocaleResponse => ({
  localeCode: locale.code,
  name: locale.name,
  configured: true,
  state: 'Missing',
  outdated: false,
  isSource: false,
  contentItemId: null,
  slug: null,
  versionNumber: null,
  servedVersionNumber: null,
  title: null,
});

/**
 * Every configured locale (default first, then the workspace's order) with its member — the
 * lowest-id one when a locale has several — or Missing; then every other member (another in a
 * configured locale, one in a locale no longer configured, one without a locale), locale order.
 */
export async function getTranslationStatus(db: DatabasePool, workspaceId: string, itemId: string): Promise<ContentTranslationStatusResponse> {
  const [group, locales] = await Promise.all([findTranslationGroup(db, workspaceId, itemId, nowIso()), listLocales(db, workspaceId)]);
  const { translation_group_id, default_locale, members } = foundItem(group);
  const configured = new Map(locales.map((l) => [tagKey(l.code), l]));
  const localeOf = (m: MemberRow) => (m.locale_code === null ? undefined : configured.get(tagKey(m.locale_code)));
  const shown = new Set<string>();
  const entries: ContentTranslationLocaleResponse[] = [];
  for (const locale of locales) {
    const member = members.find((m) => m.locale_code !== null && tagKey(m.locale_code) === tagKey(locale.code));
    if (member) shown.add(member.id);
    entries.push(member ? memberEntry(member, locale) : missingEntry(locale));
  }
  for (const m of members) if (!shown.has(m.id)) entries.push(memberEntry(m, localeOf(m)));
  return { contentItemId: itemId, translationGroupId: translation_group_id, defaultLocale: default_locale, locales: entries };
}

export interface MissingTranslationsQuery extends PagingQuery {
  readonly locale?: string;
  readonly templateId?: string;
}

export async function listMissingTranslations(
  db: DatabasePool,
  workspaceId: string,
  query: MissingTranslationsQuery,
): Promise<MissingTranslationResponsePagedResponse> {
  const page = pageRequest(query);
  const now = nowIso();
  // A tag no workspace can configure (well-formed by the pattern, refused by BCP 47) matches nothing.
  const canonical = query.locale === undefined ? null : canonicalTag(query.locale);
  if (query.locale !== undefined && canonical === null) return toPage([], 0, page);
  const { rows, total } = await findMissingTranslations(db, {
    workspaceId,
    localeKey: canonical === null ? null : tagKey(canonical),
    templateId: query.templateId ?? null,
    now,
    limit: page.pageSize,
    offset: page.offset,
  });
  const sources = new Map((await findItemListRows(db, workspaceId, [...new Set(rows.map((r) => r.source_id))], now)).map((r) => [r.id, r]));
  const items: MissingTranslationResponse[] = [];
  for (const r of rows) {
    const source = sources.get(r.source_id);
    // Deleted between the two statements: gone from the view, as it would be a moment later.
    if (!source) continue;
    items.push({ source: listItemSummary(source, false), localeCode: r.locale_code, state: r.state, translationItemId: r.translation_item_id });
  }
  return toPage(items, total, page);
}
