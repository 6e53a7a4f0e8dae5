// Duplicate an item (spec, Resources: "Duplication creates a fresh slug and translation group and
// keeps locale and tags"): a new item on the source's latest version's template version whose
// version 1 is a Draft holding that version's values. The copy is a new piece of content, not a
// translation of the source, so it starts its own translation group.
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import type { Actor } from '../../access/actor.js';
import { slugsLike } from '../../db/content/content-items.js';
import { loadValues, valueAsInput } from '../../db/content/content-values.js';
import { findLatestVersion } from '../../db/content/content-versions.js';
import type { ContentItemDetailResponse, DuplicateContentItemRequest } from '../../generated/schemas.js';
import { assertSlugFree, insertItemWithDraft, readItemDetail, slugRace } from './content-items.js';
import type { Tagged } from './content-presenter.js';
import { requireItem, validateForTemplateVersion } from './content-rules.js';
import { assertConfiguredLocale } from '../localization/item-locales.js';

/** The contract's ContentSlug maxLength. */
const SLUG_MAX = 100;

/**
 * The `n`th copy's slug of `slug`: `<slug>-copy`, then `<slug>-copy-2`, `-copy-3`… The base is cut
 * so the result fits the slug's maximum length, and never ends in a separator (the slug pattern);
 * a longer suffix cuts a long slug further, so the copies of a long slug need not share one base.
 */
function copyCandidate(slug: string, n: number): { readonly base: string; readonly slug: string } {
  const suffix = n === 1 ? '-copy' : `-copy-${n}`;
  const base = slug.slice(0, SLUG_MAX - suffix.length).replace(/[-_]+$/, '');
  return { base, slug: `${base}${suffix}` };
}

async function freshSlug(tx: CommonQueryMethods, workspaceId: string, slug: string): Promise<string> {
  // The live slugs starting like a candidate, read once per base: a slug short enough keeps its
  // whole self as every candidate's base (one query); a long one (94+ characters) is cut shorter
  // as the suffix grows (-copy, -copy-2…, -copy-10…), and each cut's candidates are looked up under
  // their own base: looked up under the first one's, `-copy-2` was never seen taken, and the third
  // copy collided with the second (409).
  const takenByBase = new Map<string, ReadonlySet<string>>();
  for (let n = 1; ; n += 1) {
    const candidate = copyCandidate(slug, n);
    let taken = takenByBase.get(candidate.base);
    if (!taken) {
      taken = new Set(await slugsLike(tx, workspaceId, candidate.base));
      takenByBase.set(candidate.base, taken);
    }
    if (!taken.has(candidate.slug)) return candidate.slug;
  }
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
      const templateId = latest?.template_id ?? source.template_id;
      // The copy is a new item: once the workspace configures locales, its (kept) locale must be one.
      const localeCode = await assertConfiguredLocale(tx, workspaceId, source.locale_code);
      await insertItemWithDraft(
        tx,
        actor,
        { id: itemId, workspaceId, templateId, templateVersionId, slug, localeCode, translationGroupId: uuidv7(), tags: source.tags, values },
        { duplicatedFromContentItemId: source.id, duplicatedFromVersionNumber: latest?.version_number ?? null },
      );
    })
    .catch((err: unknown) => slugRace(err, slug));
  return readItemDetail(db, workspaceId, itemId);
}
