// Duplicate an item (spec, Resources: "Duplication creates a fresh slug and translation group and
// keeps locale and tags"): a new item on the source's latest version's template version whose
// version 1 is a Draft holding that version's values. The copy is a new piece of content, not a
// translation of the source, so it starts its own translation group.
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import type { Actor } from '../../access/actor.js';
import { insertItem, setItemTags, slugsLike } from '../../db/content/content-items.js';
import { insertValues, loadValues, valueAsInput } from '../../db/content/content-values.js';
import { findLatestVersion, insertDraftVersion } from '../../db/content/content-versions.js';
import type { ContentItemDetailResponse, DuplicateContentItemRequest } from '../../generated/schemas.js';
import { recordContentChange } from './content-events.js';
import { assertSlugFree, readItemDetail, slugRace } from './content-items.js';
import type { Tagged } from './content-presenter.js';
import { requireItem, validateForTemplateVersion } from './content-rules.js';

/** The contract's ContentSlug maxLength. */
const SLUG_MAX = 100;

/**
 * `<slug>-copy`, then `<slug>-copy-2`, `-copy-3`… — the first not in `taken`. The base is cut so the
 * result fits the slug's maximum length, and never ends in a separator (the slug pattern).
 */
export function copySlug(slug: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? '-copy' : `-copy-${n}`;
    const base = slug.slice(0, SLUG_MAX - suffix.length).replace(/[-_]+$/, '');
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

async function freshSlug(tx: CommonQueryMethods, workspaceId: string, slug: string): Promise<string> {
  // One query for every candidate: the live slugs that start like the copy's (`-copy…` included).
  const base = slug.slice(0, SLUG_MAX - '-copy'.length).replace(/[-_]+$/, '');
  return copySlug(slug, new Set(await slugsLike(tx, workspaceId, base)));
}

export async function duplicateContentItem(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  sourceId: string,
  body: DuplicateContentItemRequest | null | undefined,
): Promise<Tagged<ContentItemDetailResponse>> {
  const itemId = uuidv7();
  let slug: string | null = null;
  await db
    .transaction(async (tx) => {
      const source = await requireItem(tx, workspaceId, sourceId, true);
      const latest = await findLatestVersion(tx, source.id);
      const templateVersionId = latest?.template_version_id ?? source.template_version_id;
      const templateId = latest?.template_id ?? source.template_id;
      if (body?.slug) {
        slug = body.slug;
        await assertSlugFree(tx, workspaceId, slug, null);
      } else if (source.slug !== null) {
        slug = await freshSlug(tx, workspaceId, source.slug);
      }
      const stored = latest ? ((await loadValues(tx, [latest.id])).get(latest.id) ?? []).map(valueAsInput) : [];
      // Validated as any save is (a Draft may be incomplete): a value naming an asset deleted since
      // is refused here rather than copied as a broken reference.
      const values = await validateForTemplateVersion(tx, workspaceId, templateVersionId, stored);
      const identity = { slug, localeCode: source.locale_code, translationGroupId: uuidv7() };
      await insertItem(tx, { id: itemId, workspaceId, templateId, templateVersionId, ...identity });
      await setItemTags(tx, workspaceId, itemId, source.tags);
      const versionId = uuidv7();
      await insertDraftVersion(tx, {
        id: versionId,
        itemId,
        templateVersionId,
        ...identity,
        tags: source.tags,
        effectiveStartAt: null,
        effectiveEndAt: null,
        rolledBackFromVersionNumber: null,
        createdByUserId: actor.kind === 'User' ? actor.id : null,
      });
      await insertValues(tx, versionId, values);
      await recordContentChange(tx, actor, {
        event: 'content.created',
        workspaceId,
        itemId,
        templateVersionId,
        after: {
          ...identity,
          tags: source.tags,
          templateVersionId,
          versionNumber: 1,
          fieldValueCount: values.length,
          duplicatedFromContentItemId: source.id,
          duplicatedFromVersionNumber: latest?.version_number ?? null,
        },
      });
    })
    .catch((err: unknown) => slugRace(err, slug));
  return readItemDetail(db, workspaceId, itemId);
}
