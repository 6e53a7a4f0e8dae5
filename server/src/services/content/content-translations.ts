// Making an item's translation (POST …/content/{id}/translations): a new member of the item's
// translation group in another locale, whose version 1 is a Draft holding the source's served
// values (else its newest version's), on the same template version and with the same tags. The
// source joins a new group when it has none (as link-translation does: the item and its versions,
// with a content.updated event). Fields shared across translations are not copied to a member that
// takes them from the group's default-locale member: they would be values nobody serves.
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import type { Actor } from '../../access/actor.js';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { setTranslationGroup, type ItemRow } from '../../db/content/content-items.js';
import { loadValues, valueAsInput } from '../../db/content/content-values.js';
import { findTranslationSourceVersion, groupLocales, lockTranslationGroup } from '../../db/delivery/translation-members.js';
import { listFields } from '../../db/model/template-structure.js';
import type { ContentFieldValueRequest, ContentItemDetailResponse, CreateContentTranslationRequest } from '../../generated/schemas.js';
import { assertConfiguredLocale } from '../localization/item-locales.js';
import { canonicalTag, tagKey } from '../localization/language-tags.js';
import { recordContentChange } from './content-events.js';
import { assertSlugFree, insertItemWithDraft, readItemDetail, slugRace } from './content-items.js';
import type { Tagged } from './content-presenter.js';
import { nowIso, requireItem, validateForTemplateVersion } from './content-rules.js';
import { translationSlug } from './translation-slugs.js';

/** The contract's LanguageTag (and an item's localeCode) maxLength. */
const TAG_MAX = 20;

const refusedLocale = (message: string) => validationFailed({ '/localeCode': [message] }, message);

/** The locale as stored: canonical, and the workspace's own spelling when it configures locales (else 422). */
async function translationLocale(tx: CommonQueryMethods, workspaceId: string, requested: string): Promise<string> {
  const canonical = canonicalTag(requested);
  if (canonical === null) throw refusedLocale(`${requested} is not a language tag such as en, de or de-CH.`);
  // Canonicalising replaces aliases, which can lengthen a tag (`sh` is `sr-Latn`) past what an item stores.
  if (canonical.length > TAG_MAX) {
    throw refusedLocale(`${requested} is written ${canonical} in its standard form, longer than the ${TAG_MAX} characters a language tag may have.`);
  }
  return (await assertConfiguredLocale(tx, workspaceId, canonical))!;
}

/** The source's group, made (with the content.updated event link-translation writes) when it has none. */
async function groupOf(tx: CommonQueryMethods, actor: Actor, workspaceId: string, source: ItemRow): Promise<string> {
  if (source.translation_group_id !== null) return source.translation_group_id;
  const group = uuidv7();
  await setTranslationGroup(tx, [source.id], group);
  await recordContentChange(tx, actor, {
    event: 'content.updated',
    workspaceId,
    itemId: source.id,
    templateVersionId: source.template_version_id,
    before: { translationGroupId: null },
    after: { translationGroupId: group },
  });
  return group;
}

/** The source version's values, less those of fields the new member will take from the default-locale member. */
async function startingValues(tx: CommonQueryMethods, versionId: string, templateVersionId: string, dropShared: boolean): Promise<ContentFieldValueRequest[]> {
  const stored = ((await loadValues(tx, [versionId])).get(versionId) ?? []).map(valueAsInput);
  if (!dropShared) return stored;
  const shared = new Set((await listFields(tx, [templateVersionId])).filter((f) => !f.localized).map((f) => f.id));
  return shared.size === 0 ? stored : stored.filter((v) => !shared.has(v.fieldId));
}

export async function createContentTranslation(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  sourceId: string,
  body: CreateContentTranslationRequest,
): Promise<Tagged<ContentItemDetailResponse>> {
  const itemId = uuidv7();
  let slug: string | null = body.slug ?? null;
  await db
    .transaction(async (tx) => {
      const source = await requireItem(tx, workspaceId, sourceId, true);
      const localeCode = await translationLocale(tx, workspaceId, body.localeCode);
      // A group that does not exist yet is keyed by the source's id (its group key) until it is made.
      await lockTranslationGroup(tx, source.translation_group_id ?? source.id);
      const { taken, hasDefaultMember } = await groupLocales(tx, workspaceId, source.translation_group_id ?? source.id, tagKey(localeCode));
      if (taken) throw conflict(`The item already has a translation in ${localeCode}.`);
      const version = await findTranslationSourceVersion(tx, source.id, nowIso());
      if (!version) throw notFound('The content version to translate');
      if (slug !== null) await assertSlugFree(tx, workspaceId, slug, null);
      else slug = await translationSlug(tx, workspaceId, version.title, source.slug, tagKey(localeCode));
      // A group with a default-locale member: the new member is in another locale (else it was
      // taken) and takes the shared fields from that member. Without one, it keeps them.
      const stored = await startingValues(tx, version.id, version.template_version_id, hasDefaultMember);
      // Validated as any save is (a Draft may be incomplete): a value naming an asset deleted since
      // is refused here rather than copied as a broken reference.
      const values = await validateForTemplateVersion(tx, workspaceId, version.template_version_id, stored);
      const translationGroupId = await groupOf(tx, actor, workspaceId, source);
      await insertItemWithDraft(
        tx,
        actor,
        {
          id: itemId,
          workspaceId,
          templateId: version.template_id,
          templateVersionId: version.template_version_id,
          slug,
          localeCode,
          translationGroupId,
          tags: source.tags,
          values,
        },
        { translatedFromContentItemId: source.id, translatedFromVersionNumber: version.version_number },
      );
    })
    .catch((err: unknown) => slugRace(err, slug));
  return readItemDetail(db, workspaceId, itemId);
}
