// A content world for the translation suites: a "Page" template whose `code` field is shared
// across translations (localized: false, required) beside localized `title` (required) and
// `summary`, and the workspace's locales written straight into their tables (what the writes under
// test read), so these suites do not lean on the locales resource's own checks.
import { buildTemplate, dbQuery, expectStatus, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

export interface PageTemplate {
  readonly templateId: string;
  readonly versionId: string;
  readonly fields: { readonly title: string; readonly summary: string; readonly code: string };
}

export async function buildPageTemplate(w: ContentWorld): Promise<PageTemplate> {
  const t = await buildTemplate(w.api, w.base, w.reviewer, 'Page', () => [
    { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    { key: 'summary', label: 'Summary', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1 },
    { key: 'code', label: 'Product code', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1, localized: false },
  ]);
  return { templateId: t.templateId, versionId: t.versionId, fields: t.fields as PageTemplate['fields'] };
}

/**
 * The workspace's locales: `codes[0]` is the default, each other one falls back to it; saved as
 * the locales resource saves them (chain_keys: the locale, then the default).
 */
export async function setLocales(w: ContentWorld, codes: readonly string[]): Promise<void> {
  await dbQuery(w.api, `DELETE FROM workspace_locales WHERE workspace_id = $1`, [w.ws]);
  for (const [position, code] of codes.entries()) {
    const chain = position === 0 ? [code.toLowerCase()] : [code.toLowerCase(), codes[0]!.toLowerCase()];
    await dbQuery(
      w.api,
      `INSERT INTO workspace_locales (workspace_id, code, name, fallback, chain_keys, position) VALUES ($1, $2, $3, $4, $5, $6)`,
      [w.ws, code, `Language ${code}`, position === 0 ? [] : [codes[0]], chain, position],
    );
  }
  await dbQuery(w.api, `UPDATE workspaces SET default_locale = $2, locales_version = locales_version + 1 WHERE id = $1`, [w.ws, codes[0] ?? null]);
}

export interface PageValues {
  readonly title: string;
  readonly summary?: string;
  readonly code?: string;
}

export function pageFields(page: PageTemplate, v: PageValues): unknown[] {
  return [
    text(page.fields.title, v.title),
    ...(v.summary === undefined ? [] : [text(page.fields.summary, v.summary)]),
    ...(v.code === undefined ? [] : [text(page.fields.code, v.code)]),
  ];
}

/** A page item (version 1, a Draft) in `localeCode`, optionally in a translation group. */
export async function createPage(
  w: ContentWorld,
  page: PageTemplate,
  values: PageValues,
  extra: { localeCode?: string | null; translationGroupId?: string | null; slug?: string | null; tags?: string[] } = {},
) {
  const res = await w.api.post(
    `${w.base}/content`,
    {
      templateVersionId: page.versionId,
      slug: extra.slug === undefined ? uniqueSlug('page') : extra.slug,
      localeCode: extra.localeCode === undefined ? 'en' : extra.localeCode,
      translationGroupId: extra.translationGroupId ?? null,
      tags: extra.tags ?? [],
      fields: pageFields(page, values),
    },
    { token: w.editor },
  );
  expectStatus(res, 201);
  return res.body as { id: string; slug: string | null } & Record<string, any>;
}

/** The values of version `n` of an item, as key → text values in order. */
export async function valuesOf(w: ContentWorld, itemId: string, n = 1): Promise<Record<string, string[]>> {
  const res = await w.api.get(`${w.base}/content/${itemId}/versions/${n}`, { token: w.reader });
  expectStatus(res, 200);
  const out: Record<string, string[]> = {};
  for (const f of res.body.fields as { key: string; textValue: string | null }[]) (out[f.key] ??= []).push(f.textValue ?? '');
  return out;
}
