// A content world with locales (en the default, de falling back to en, fr) and a "Page" template
// with fields shared across translations: title and body are localized, tagline (up to three Text
// values) and hero (Media) are not. A "Holder" template embeds pages through an open field. Pages
// are made in a locale and joined into translation groups through link-translation.
import { expect } from 'chai';
import type { TestApi } from '../helpers/api.js';
import { buildTemplate, dbQuery, expectStatus, publishNow, startContentWorld, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

export interface Template {
  readonly templateVersionId: string;
  readonly fields: Record<string, string>;
}

export interface GroupWorld {
  readonly w: ContentWorld;
  readonly page: Template;
  readonly holder: Template;
}

/**
 * The workspace's locales, written as saving them does (chain_keys: the locale, its fallback, the
 * default), straight into the tables: the reads under test only look there.
 */
export async function configureLocales(api: TestApi, workspaceId: string): Promise<void> {
  await dbQuery(
    api,
    `INSERT INTO workspace_locales (workspace_id, code, name, fallback, chain_keys, position) VALUES
       ($1, 'en', 'English', '{}', '{en}', 0),
       ($1, 'de', 'Deutsch', '{en}', '{de,en}', 1),
       ($1, 'fr', 'Français', '{}', '{fr,en}', 2)
     ON CONFLICT DO NOTHING`,
    [workspaceId],
  );
  await dbQuery(api, `UPDATE workspaces SET default_locale = 'en', locales_version = locales_version + 1 WHERE id = $1`, [workspaceId]);
}

export async function startGroupWorld(api: TestApi): Promise<GroupWorld> {
  const w = await startContentWorld(api);
  const page = await buildTemplate(api, w.base, w.reviewer, 'Page', () => [
    { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    { key: 'tagline', label: 'Tagline', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 3, localized: false },
    { key: 'hero', label: 'Hero', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1, localized: false },
    { key: 'body', label: 'Body', primitiveType: 'Text', minOccurrences: 0 },
  ]);
  // Shared whether or not the field writes keep the flag yet: the delivery reads under test read it here.
  await dbQuery(api, `UPDATE template_fields SET localized = false WHERE id = ANY($1::uuid[]) AND localized`, [[page.fields.tagline, page.fields.hero]]);
  const holder = await buildTemplate(api, w.base, w.reviewer, 'Holder', () => [
    { key: 'heading', label: 'Heading', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1 },
    { key: 'inner', label: 'Inner', isOpen: true, minOccurrences: 0 },
  ]);
  await configureLocales(api, w.ws);
  return { w, page: { templateVersionId: page.versionId, fields: page.fields }, holder: { templateVersionId: holder.versionId, fields: holder.fields } };
}

export interface PageValues {
  readonly title: string;
  readonly taglines?: readonly string[];
  readonly hero?: string;
  readonly body?: string;
}

export function pageFields(g: GroupWorld, v: PageValues): unknown[] {
  const f = g.page.fields;
  return [
    { fieldId: f.title, order: 0, valueKind: 'Text', textValue: v.title },
    ...(v.taglines ?? []).map((t, i) => ({ fieldId: f.tagline, order: i, valueKind: 'Text', textValue: t })),
    ...(v.hero ? [{ fieldId: f.hero, order: 0, valueKind: 'Media', mediaAssetId: v.hero }] : []),
    ...(v.body ? [{ fieldId: f.body, order: 0, valueKind: 'Text', textValue: v.body }] : []),
  ];
}

/** A page in `locale` (version 1 Draft). */
export async function createPage(g: GroupWorld, locale: string | null, v: PageValues): Promise<{ id: string; slug: string }> {
  const res = await g.w.api.post(
    `${g.w.base}/content`,
    { templateVersionId: g.page.templateVersionId, slug: uniqueSlug(`page-${locale ?? 'none'}`), localeCode: locale, tags: [], fields: pageFields(g, v) },
    { token: g.w.editor },
  );
  expectStatus(res, 201);
  return { id: res.body.id, slug: res.body.slug };
}

/** A new Draft of a page with these values; its number. */
export async function newPageVersion(g: GroupWorld, itemId: string, v: PageValues): Promise<number> {
  const res = await g.w.api.post(`${g.w.base}/content/${itemId}/versions`, { fields: pageFields(g, v) }, { token: g.w.editor });
  expectStatus(res, 201);
  return res.body.versionNumber;
}

/** A page made and published at once. */
export async function publishedPage(g: GroupWorld, locale: string | null, v: PageValues): Promise<{ id: string; slug: string }> {
  const item = await createPage(g, locale, v);
  await publishNow(g.w, item.id, 1);
  return item;
}

/** A holder embedding `innerIds`, published. */
export async function publishedHolder(g: GroupWorld, heading: string, innerIds: readonly string[]): Promise<{ id: string; slug: string }> {
  const res = await g.w.api.post(
    `${g.w.base}/content`,
    {
      templateVersionId: g.holder.templateVersionId,
      slug: uniqueSlug('holder'),
      localeCode: 'de',
      tags: [],
      fields: [
        { fieldId: g.holder.fields.heading, order: 0, valueKind: 'Text', textValue: heading },
        ...innerIds.map((id, i) => ({ fieldId: g.holder.fields.inner, order: i, valueKind: 'ChildContent', childContentItemId: id })),
      ],
    },
    { token: g.w.editor },
  );
  expectStatus(res, 201);
  await publishNow(g.w, res.body.id, 1);
  return { id: res.body.id, slug: res.body.slug };
}

/** Puts `itemId` into the translation group of `targetId` (link-translation). */
export async function linkTranslation(g: GroupWorld, itemId: string, targetId: string): Promise<void> {
  const res = await g.w.api.post(`${g.w.base}/content/${itemId}/link-translation`, { targetContentItemId: targetId }, { token: g.w.editor });
  expectStatus(res, 200);
}

/** Sets an item's translation group (null: none) through the item's identity update. */
export async function setTranslationGroup(g: GroupWorld, itemId: string, groupId: string | null): Promise<void> {
  const current = await g.w.api.get(`${g.w.base}/content/${itemId}`, { token: g.w.editor });
  expectStatus(current, 200);
  const res = await g.w.api.put(
    `${g.w.base}/content/${itemId}`,
    { slug: current.body.slug, localeCode: current.body.localeCode, translationGroupId: groupId, tags: current.body.tags },
    { token: g.w.editor, headers: { 'if-match': current.headers.get('etag')! } },
  );
  expectStatus(res, 200);
}

/** The values of `key` in a delivered body, as [textValue or mediaAssetId, fieldId]. */
export function valuesOf(body: any, key: string): { value: string | null; fieldId: string; label: string; asset?: any }[] {
  return (body.fields as any[])
    .filter((f) => f.key === key)
    .map((f) => ({ value: f.valueKind === 'Media' ? f.mediaAssetId : f.textValue, fieldId: f.fieldId, label: f.label, ...(f.valueKind === 'Media' ? { asset: f.asset } : {}) }));
}

/** The keys of a delivered body's values, in order. */
export const keysOf = (body: any): string[] => (body.fields as any[]).map((f) => f.key as string);

export function texts(body: any, key: string): (string | null)[] {
  const values = valuesOf(body, key);
  for (const v of values) expect(v.asset).to.equal(undefined);
  return values.map((v) => v.value);
}
