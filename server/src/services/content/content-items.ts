// Content items: create (with version 1 as a Draft), read, change identity, soft delete, and
// translation groups. Writes run in one transaction with their outbox event and audit entry.
import { UniqueIntegrityConstraintViolationError, type CommonQueryMethods, type DatabasePool } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import { conflict, notFound, validationFailed } from '../../errors.js';
import { userIdOf, type Actor } from '../../access/actor.js';
import {
  insertItem,
  itemsReferencing,
  setItemTags,
  setTranslationGroup,
  slugTaken,
  softDeleteItem,
  updateItemIdentity,
  type ItemRow,
} from '../../db/content/content-items.js';
import { findWorkspaceTemplateVersion } from '../../db/content/content-schema.js';
import { insertValues, type NormalizedValue } from '../../db/content/content-values.js';
import { insertDraftVersion, listAllVersions, type VersionRow } from '../../db/content/content-versions.js';
import { countContent, listContentPage, type ContentListQuery } from '../../db/delivery/content-list.js';
import { recordContentChange } from './content-events.js';
import type {
  ContentItemDetailResponse,
  ContentItemSummaryResponse,
  ContentItemSummaryResponsePagedResponse,
  CreateContentItemRequest,
  LinkTranslationRequest,
  UpdateContentItemRequest,
} from '../../generated/schemas.js';
import { findItemWithLatestTitle } from '../../db/content/content-titles.js';
import { itemDetail, itemEtag, listItemSummary, type Tagged } from './content-presenter.js';
import { foundItem, normalizeTags, nowIso, referencedByOthers, requireItem, validateForTemplateVersion } from './content-rules.js';
import { requireIfMatch } from '../platform/etag.js';
import { assertConfiguredLocale } from '../localization/item-locales.js';
import { pageRequest, toPage, type PagingQuery } from '../platform/paging.js';

function identityOf(item: Pick<ItemRow, 'slug' | 'locale_code' | 'translation_group_id' | 'tags'>) {
  return { slug: item.slug, localeCode: item.locale_code, translationGroupId: item.translation_group_id, tags: item.tags };
}

// `…/content/by-slug/{slug}` shares its shape with `…/content/{id}/translations` and
// `…/content/{id}/versions`, and the router prefers the longer literal path, so those two words
// could never be read back by slug; they are reserved.
const RESERVED_SLUGS = new Set(['translations', 'versions', 'link-translation']);

export async function assertSlugFree(db: CommonQueryMethods, workspaceId: string, slug: string | null, itemId: string | null): Promise<void> {
  if (slug !== null && RESERVED_SLUGS.has(slug)) {
    throw validationFailed({ '/slug': [`"${slug}" is reserved`] }, `The slug "${slug}" is reserved by the content routes.`);
  }
  if (slug !== null && (await slugTaken(db, workspaceId, slug, itemId))) {
    throw conflict(`A content item with slug "${slug}" already exists in this workspace.`);
  }
}

/** A unique-index race on the slug (two creates at once) is the same 409 as the check above. */
export function slugRace(err: unknown, slug: string | null | undefined): never {
  if (err instanceof UniqueIntegrityConstraintViolationError && slug) {
    throw conflict(`A content item with slug "${slug}" already exists in this workspace.`);
  }
  throw err;
}

export async function readItemDetail(db: CommonQueryMethods, workspaceId: string, itemId: string): Promise<Tagged<ContentItemDetailResponse>> {
  const { body, etag } = await readItemWithVersions(db, workspaceId, itemId);
  return { body, etag };
}

/** The item's detail and the version rows it lists (version compare picks its two sides from them). */
export async function readItemWithVersions(
  db: CommonQueryMethods,
  workspaceId: string,
  itemId: string,
): Promise<Tagged<ContentItemDetailResponse> & { readonly versions: readonly VersionRow[] }> {
  const item = foundItem(await findItemWithLatestTitle(db, workspaceId, itemId));
  const versions = await listAllVersions(db, item.id);
  return { body: itemDetail(item, versions, new Date(), item.latest_title), etag: itemEtag(item), versions };
}

export interface NewItem {
  readonly id: string;
  readonly workspaceId: string;
  readonly templateId: string;
  readonly templateVersionId: string;
  readonly slug: string | null;
  readonly localeCode: string | null;
  readonly translationGroupId: string | null;
  readonly tags: readonly string[];
  /** Version 1's values, validated for the template version. */
  readonly values: readonly NormalizedValue[];
}

/**
 * A new item and its Draft version 1, in the caller's transaction: the rows, the tags, the values and
 * the `content.created` event with its audit entry (`audit` adds members to the entry's `after`).
 */
export async function insertItemWithDraft(tx: CommonQueryMethods, actor: Actor, item: NewItem, audit: Readonly<Record<string, unknown>> = {}): Promise<void> {
  const { id: itemId, workspaceId, templateId, templateVersionId, tags, values } = item;
  const identity = { slug: item.slug, localeCode: item.localeCode, translationGroupId: item.translationGroupId };
  await insertItem(tx, { id: itemId, workspaceId, templateId, templateVersionId, ...identity });
  await setItemTags(tx, workspaceId, itemId, tags);
  const versionId = uuidv7();
  await insertDraftVersion(tx, {
    id: versionId,
    itemId,
    templateVersionId,
    ...identity,
    effectiveStartAt: null,
    effectiveEndAt: null,
    rolledBackFromVersionNumber: null,
    createdByUserId: userIdOf(actor),
  });
  await insertValues(tx, versionId, values);
  await recordContentChange(tx, actor, {
    event: 'content.created',
    workspaceId,
    itemId,
    templateVersionId,
    after: { ...identity, tags, templateVersionId, versionNumber: 1, fieldValueCount: values.length, ...audit },
  });
}

export async function createContentItem(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  body: CreateContentItemRequest,
): Promise<Tagged<ContentItemDetailResponse>> {
  const tags = normalizeTags(body.tags);
  const slug = body.slug ?? null;
  const itemId = uuidv7();
  await db
    .transaction(async (tx) => {
      const templateVersion = await findWorkspaceTemplateVersion(tx, workspaceId, body.templateVersionId);
      if (!templateVersion) throw notFound('The template version');
      await assertSlugFree(tx, workspaceId, slug, null);
      const localeCode = await assertConfiguredLocale(tx, workspaceId, body.localeCode ?? null);
      const values = await validateForTemplateVersion(tx, workspaceId, templateVersion.id, body.fields ?? []);
      await insertItemWithDraft(tx, actor, {
        id: itemId,
        workspaceId,
        templateId: templateVersion.template_id,
        templateVersionId: templateVersion.id,
        slug,
        localeCode,
        translationGroupId: body.translationGroupId ?? null,
        tags,
        values,
      });
    })
    .catch((err: unknown) => slugRace(err, slug));
  return readItemDetail(db, workspaceId, itemId);
}

export async function updateContentItem(
  db: CommonQueryMethods,
  actor: Actor,
  workspaceId: string,
  itemId: string,
  ifMatch: string | undefined,
  body: UpdateContentItemRequest,
): Promise<Tagged<ContentItemDetailResponse>> {
  const tags = normalizeTags(body.tags);
  await db
    .transaction(async (tx) => {
      const item = await requireItem(tx, workspaceId, itemId, true);
      requireIfMatch(ifMatch, itemEtag(item));
      // A changed locale must be configured; the item's old one, kept, may be from before the locales.
      const localeCode = await assertConfiguredLocale(tx, workspaceId, body.localeCode ?? null, { unchanged: item.locale_code });
      const identity = { slug: body.slug ?? null, localeCode, translationGroupId: body.translationGroupId ?? null };
      await assertSlugFree(tx, workspaceId, identity.slug, item.id);
      await updateItemIdentity(tx, item.id, identity);
      await setItemTags(tx, workspaceId, item.id, tags);
      await recordContentChange(tx, actor, {
        event: 'content.updated',
        workspaceId,
        itemId: item.id,
        templateVersionId: item.template_version_id,
        before: identityOf(item),
        after: { ...identity, tags },
      });
    })
    .catch((err: unknown) => slugRace(err, body.slug));
  return readItemDetail(db, workspaceId, itemId);
}

export async function deleteContentItem(db: CommonQueryMethods, actor: Actor, workspaceId: string, itemId: string, ifMatch: string | undefined) {
  await db.transaction(async (tx) => {
    const item = await requireItem(tx, workspaceId, itemId, true);
    requireIfMatch(ifMatch, itemEtag(item));
    const referencedBy = await itemsReferencing(tx, item.id);
    if (referencedBy.length > 0) throw referencedByOthers(referencedBy);
    // Soft delete only; Inline children stay (the spec: no cascade delete for inline children).
    await softDeleteItem(tx, item.id);
    await recordContentChange(tx, actor, {
      event: 'content.deleted',
      workspaceId,
      itemId: item.id,
      templateVersionId: item.template_version_id,
      before: identityOf(item),
    });
  });
}

function groupQuery(workspaceId: string, groupId: string, limit: number, offset: number): ContentListQuery {
  return {
    workspaceId,
    q: null,
    templateVersionId: null,
    templateId: null,
    status: null,
    localeCode: null,
    translationGroupId: groupId,
    slug: null,
    tags: [],
    createdAfter: null,
    createdBefore: null,
    publishedAfter: null,
    publishedBefore: null,
    resolve: false,
    asOf: nowIso(),
    sortBy: 'localeCode',
    sortDesc: false,
    limit,
    offset,
  };
}

/** Puts both items in one group: the item's, else the target's, else a new one. Returns every member. */
export async function linkTranslation(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  itemId: string,
  body: LinkTranslationRequest,
): Promise<ContentItemSummaryResponse[]> {
  const targetId = body.targetContentItemId;
  if (itemId === targetId) {
    throw validationFailed({ '/targetContentItemId': ['must name another content item'] }, 'An item cannot be linked to itself.');
  }
  const groupId = await db.transaction(async (tx) => {
    // Lock both rows in id order so two opposite links cannot deadlock.
    const [first, second] = [itemId, targetId].sort();
    const locked = new Map<string, ItemRow>();
    for (const id of [first!, second!]) locked.set(id, await requireItem(tx, workspaceId, id, true));
    const item = locked.get(itemId)!;
    const target = locked.get(targetId)!;
    const group = item.translation_group_id ?? target.translation_group_id ?? uuidv7();
    const changed = [item, target].filter((i) => i.translation_group_id !== group);
    await setTranslationGroup(tx, changed.map((i) => i.id), group);
    for (const i of changed) {
      await recordContentChange(tx, actor, {
        event: 'content.updated',
        workspaceId,
        itemId: i.id,
        templateVersionId: i.template_version_id,
        before: { translationGroupId: i.translation_group_id },
        after: { translationGroupId: group },
      });
    }
    return group;
  });
  const rows = await listContentPage(db, groupQuery(workspaceId, groupId, 1000, 0));
  return rows.map((r) => listItemSummary(r, false));
}

export async function listTranslations(
  db: DatabasePool,
  workspaceId: string,
  itemId: string,
  pageQuery: PagingQuery,
): Promise<ContentItemSummaryResponsePagedResponse> {
  const page = pageRequest(pageQuery);
  const item = await requireItem(db, workspaceId, itemId);
  if (item.translation_group_id === null) return toPage([], 0, page);
  const query = groupQuery(workspaceId, item.translation_group_id, page.pageSize, page.offset);
  const [rows, total] = await Promise.all([listContentPage(db, query), countContent(db, query)]);
  return toPage(rows.map((r) => listItemSummary(r, false)), total, page);
}
