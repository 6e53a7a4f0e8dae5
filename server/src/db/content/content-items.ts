// Named queries for content items (the identity headers) and their tags.
import { sql, type CommonQueryMethods, type FragmentSqlToken } from 'slonik';
import { z } from 'zod';
import { prepared } from '../prepared.js';

export const itemRow = z.object({
  id: z.string(),
  workspace_id: z.string(),
  template_id: z.string(),
  template_version_id: z.string(),
  slug: z.string().nullable(),
  locale_code: z.string().nullable(),
  translation_group_id: z.string().nullable(),
  row_version: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  template_name: z.string(),
  template_slug: z.string(),
  tags: z.array(z.string()),
});
export type ItemRow = z.infer<typeof itemRow>;

/**
 * The live tags of the item `itemId` names, sorted by name: the item's tags, and the copy every one
 * of its versions holds (mirrorItemTags), so that every read answers the one list.
 */
export const liveTagsOf = (itemId: FragmentSqlToken) =>
  sql.fragment`coalesce((SELECT array_agg(tg.name ORDER BY tg.name) FROM content_item_tags cit JOIN tags tg ON tg.id = cit.tag_id
             WHERE cit.content_item_id = ${itemId} AND NOT tg.is_deleted), '{}')`;

/** Item columns plus its template's name and slug and its live tags; needs `ci` and `t` in scope. */
export const ITEM_COLUMNS = sql.fragment`ci.id, ci.workspace_id, ci.template_id, ci.template_version_id, ci.slug, ci.locale_code,
  ci.translation_group_id, ci.row_version, ci.created_at, ci.updated_at, t.name AS template_name, t.slug AS template_slug,
  ${liveTagsOf(sql.fragment`ci.id`)} AS tags`;

export async function findItem(
  db: CommonQueryMethods,
  workspaceId: string,
  itemId: string,
  options: { forUpdate?: boolean } = {},
): Promise<ItemRow | null> {
  // FOR UPDATE OF ci: the publish and version-numbering paths serialise on the item row only.
  // Named (db/prepared.ts): every read of an item or of one of its versions starts here.
  return db.maybeOne(prepared('content_item', itemRow, sql.fragment`
    SELECT ${ITEM_COLUMNS} ${liveItemSource(workspaceId, itemId)}
    ${options.forUpdate ? sql.fragment`FOR UPDATE OF ci` : sql.fragment``}`));
}

/** The FROM and WHERE of a read of live item `itemId` of `workspaceId`, as `ci` with its template `t` (what ITEM_COLUMNS selects from). */
export function liveItemSource(workspaceId: string, itemId: string) {
  return sql.fragment`FROM content_items ci JOIN templates t ON t.id = ci.template_id
    WHERE ci.id = ${itemId} AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`;
}

export async function findItemsByIds(db: CommonQueryMethods, workspaceId: string, ids: readonly string[]): Promise<readonly ItemRow[]> {
  if (ids.length === 0) return [];
  return db.any(sql.type(itemRow)`
    SELECT ${ITEM_COLUMNS} FROM content_items ci JOIN templates t ON t.id = ci.template_id
    WHERE ci.id = ANY(${sql.array(ids, 'uuid')}) AND ci.workspace_id = ${workspaceId} AND NOT ci.is_deleted`);
}

export async function slugTaken(db: CommonQueryMethods, workspaceId: string, slug: string, exceptItemId: string | null): Promise<boolean> {
  return db.exists(sql.unsafe`
    SELECT 1 FROM content_items WHERE workspace_id = ${workspaceId} AND slug = ${slug} AND NOT is_deleted
      AND id IS DISTINCT FROM ${exceptItemId}::uuid`);
}

/** The live items' slugs that are `base` or start with `base-` (the candidates a copy's slug must avoid). */
export async function slugsLike(db: CommonQueryMethods, workspaceId: string, base: string): Promise<readonly string[]> {
  const prefix = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  return db.anyFirst(sql.type(z.object({ slug: z.string() }))`
    SELECT slug FROM content_items WHERE workspace_id = ${workspaceId} AND NOT is_deleted AND slug IS NOT NULL
      AND (slug = ${base} OR slug LIKE ${prefix})`);
}

export interface NewItem {
  readonly id: string;
  readonly workspaceId: string;
  readonly templateId: string;
  readonly templateVersionId: string;
  readonly slug: string | null;
  readonly localeCode: string | null;
  readonly translationGroupId: string | null;
}

export async function insertItem(tx: CommonQueryMethods, i: NewItem): Promise<void> {
  await tx.query(sql.unsafe`
    INSERT INTO content_items (id, workspace_id, template_id, template_version_id, slug, locale_code, translation_group_id)
    VALUES (${i.id}, ${i.workspaceId}, ${i.templateId}, ${i.templateVersionId}, ${i.slug}, ${i.localeCode}, ${i.translationGroupId})`);
}

export async function updateItemIdentity(
  tx: CommonQueryMethods,
  itemId: string,
  identity: { slug: string | null; localeCode: string | null; translationGroupId: string | null },
): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_items SET slug = ${identity.slug}, locale_code = ${identity.localeCode},
      translation_group_id = ${identity.translationGroupId}, row_version = row_version + 1, updated_at = now()
    WHERE id = ${itemId}`);
  // Versions keep copies of the identity (upstream): a served version carries its item's slug.
  await tx.query(sql.unsafe`
    UPDATE content_versions SET slug = ${identity.slug}, locale_code = ${identity.localeCode},
      translation_group_id = ${identity.translationGroupId}
    WHERE content_item_id = ${itemId}`);
}

/** Records that a version of the item was written: the item's updatedAt and ETag move (spec). */
export async function touchItem(tx: CommonQueryMethods, itemId: string, templateVersion?: { id: string; templateId: string }): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_items SET row_version = row_version + 1, updated_at = now(),
      template_version_id = coalesce(${templateVersion?.id ?? null}::uuid, template_version_id),
      template_id = coalesce(${templateVersion?.templateId ?? null}::uuid, template_id)
    WHERE id = ${itemId}`);
}

export async function softDeleteItem(tx: CommonQueryMethods, itemId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_items SET is_deleted = true, deleted_at = now(), row_version = row_version + 1, updated_at = now()
    WHERE id = ${itemId}`);
  // Tag usage counts only live content.
  await tx.query(sql.unsafe`DELETE FROM content_item_tags WHERE content_item_id = ${itemId}`);
}

/** Live items whose versions point at `itemId` through a Reference-mode field. */
export async function itemsReferencing(db: CommonQueryMethods, itemId: string): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ id: z.string() }))`
    SELECT DISTINCT ci.id FROM content_field_values fv
    JOIN template_fields f ON f.id = fv.field_id AND f.composition_mode = 'Reference'
    JOIN content_versions cv ON cv.id = fv.content_version_id
    JOIN content_items ci ON ci.id = cv.content_item_id AND NOT ci.is_deleted
    WHERE fv.child_content_item_id = ${itemId} AND ci.id <> ${itemId}
    ORDER BY ci.id LIMIT 100`);
}

/** Replaces the item's tags, creating unknown tags (names already normalised). */
export async function setItemTags(tx: CommonQueryMethods, workspaceId: string, itemId: string, names: readonly string[]): Promise<void> {
  await tx.query(sql.unsafe`DELETE FROM content_item_tags WHERE content_item_id = ${itemId}`);
  if (names.length === 0) return;
  await tx.query(sql.unsafe`
    INSERT INTO tags (workspace_id, name)
    SELECT ${workspaceId}, n FROM unnest(${sql.array(names, 'text')}) AS n
    ON CONFLICT (workspace_id, name) WHERE NOT is_deleted DO NOTHING`);
  await tx.query(sql.unsafe`
    INSERT INTO content_item_tags (content_item_id, tag_id)
    SELECT ${itemId}, id FROM tags WHERE workspace_id = ${workspaceId} AND NOT is_deleted AND name = ANY(${sql.array(names, 'text')})`);
  await mirrorItemTags(tx, [itemId]);
}

/**
 * Takes the tag off every item carrying it (the tag's deletion) as a save of their tags would: each
 * item's ETag moves, and its versions' copies follow (mirrorItemTags). The items are locked before
 * their tag rows, in the order a save takes them, so a concurrent save cannot deadlock with this.
 * Returns the items.
 */
export async function untagItems(tx: CommonQueryMethods, tagId: string): Promise<readonly string[]> {
  const itemIds = await tx.anyFirst(sql.type(z.object({ id: z.string() }))`
    UPDATE content_items SET row_version = row_version + 1
    WHERE id IN (SELECT content_item_id FROM content_item_tags WHERE tag_id = ${tagId}) RETURNING id`);
  await tx.query(sql.unsafe`DELETE FROM content_item_tags WHERE tag_id = ${tagId}`);
  await mirrorItemTags(tx, itemIds);
  return itemIds;
}

/**
 * Copies each item's live tags onto those of its versions that hold another list, moving their
 * row version (their ETag, and the by-slug tag made from it). Tags are the item's (spec, Content
 * item): a version has no tags of its own, and its column is the copy it is read and served with —
 * by-slug, the lists' served and latest versions, previews, the admin — so every read answers the
 * item's list without another join. Every change of an item's tags ends here (setItemTags, a tag's
 * deletion); the version rows' update announces the delivery change (migration 0028) as the
 * content_item_tags rows' does.
 */
export async function mirrorItemTags(tx: CommonQueryMethods, itemIds: readonly string[]): Promise<void> {
  if (itemIds.length === 0) return;
  await tx.query(sql.unsafe`
    UPDATE content_versions cv SET tags = item.tags, row_version = cv.row_version + 1
    FROM (SELECT ci.id, ${liveTagsOf(sql.fragment`ci.id`)} AS tags FROM content_items ci
          WHERE ci.id = ANY(${sql.array(itemIds, 'uuid')})) item
    WHERE cv.content_item_id = item.id AND cv.tags IS DISTINCT FROM item.tags`);
}

export async function setTranslationGroup(tx: CommonQueryMethods, itemIds: readonly string[], groupId: string): Promise<void> {
  await tx.query(sql.unsafe`
    UPDATE content_items SET translation_group_id = ${groupId}, row_version = row_version + 1, updated_at = now()
    WHERE id = ANY(${sql.array(itemIds, 'uuid')}) AND translation_group_id IS DISTINCT FROM ${groupId}::uuid`);
  await tx.query(sql.unsafe`
    UPDATE content_versions SET translation_group_id = ${groupId}
    WHERE content_item_id = ANY(${sql.array(itemIds, 'uuid')}) AND translation_group_id IS DISTINCT FROM ${groupId}::uuid`);
}
