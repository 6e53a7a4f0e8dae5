// Rules shared by the content services: finding what a route names (404 otherwise), tags, the
// effective window, and validating values against a template version (spec rule 4 decides which).
import type { CommonQueryMethods } from 'slonik';
import { ApiError, notFound, validationFailed } from '../../errors.js';
import { findItem, type ItemRow } from '../../db/content/content-items.js';
import { findChildItems, loadTemplateVersionFields } from '../../db/content/content-schema.js';
import { findVersion, type VersionRow } from '../../db/content/content-versions.js';
import { loadValues, valueAsInput, type NormalizedValue } from '../../db/content/content-values.js';
import type { ContentFieldValueRequest, CreateContentVersionRequest } from '../../generated/schemas.js';
import { visibleAssetIds } from '../../db/media/media-assets.js';
import { findSharedFieldIds } from '../../db/content/translation-shared-fields.js';
import { assertComplete, missingRequiredFields, namedAssetIds, validateFieldValues } from './content-validation.js';
import type { ValidationErrors } from '../../errors.js';

export async function requireItem(db: CommonQueryMethods, workspaceId: string, itemId: string, forUpdate = false): Promise<ItemRow> {
  return foundItem(await findItem(db, workspaceId, itemId, { forUpdate }));
}

/** A live item read by any of the item reads, or the 404 every route naming an item answers without one. */
export function foundItem<T>(item: T | null): T {
  if (!item) throw notFound('The content item');
  return item;
}

/** A version as a route names it: workspace, item and version number. */
export interface VersionAddress {
  readonly workspaceId: string;
  readonly itemId: string;
  readonly versionNumber: number;
}

export async function requireVersion(db: CommonQueryMethods, itemId: string, versionNumber: number, forUpdate = false): Promise<VersionRow> {
  const version = await findVersion(db, itemId, versionNumber, { forUpdate });
  if (!version) throw notFound('The content version');
  return version;
}

/** Trimmed, lower-cased, de-duplicated (upstream's tag normalisation). */
export function normalizeTags(tags: readonly string[] | undefined): string[] {
  const out: string[] = [];
  (tags ?? []).forEach((raw, index) => {
    const name = raw.trim().toLowerCase();
    if (name.length === 0) throw validationFailed({ [`/tags/${index}`]: ['must not be blank'] }, 'A tag must not be blank.');
    if (!out.includes(name)) out.push(name);
  });
  return out;
}

/** The effective window: both ends or neither, start before end. */
export function effectiveWindow(body: Pick<CreateContentVersionRequest, 'effectiveStartAt' | 'effectiveEndAt'>): {
  effectiveStartAt: string | null;
  effectiveEndAt: string | null;
} {
  const start = body.effectiveStartAt ?? null;
  const end = body.effectiveEndAt ?? null;
  if ((start === null) !== (end === null)) {
    throw validationFailed(
      { [start === null ? '/effectiveStartAt' : '/effectiveEndAt']: ['is required when the other end of the window is given'] },
      'An effective window needs both effectiveStartAt and effectiveEndAt, or neither.',
    );
  }
  if (start !== null && end !== null) {
    const s = new Date(start);
    const e = new Date(end);
    if (!(s.getTime() < e.getTime())) {
      throw validationFailed({ '/effectiveEndAt': ['must be later than effectiveStartAt'] }, 'effectiveStartAt must be before effectiveEndAt.');
    }
    return { effectiveStartAt: s.toISOString(), effectiveEndAt: e.toISOString() };
  }
  return { effectiveStartAt: null, effectiveEndAt: null };
}

/** Validates values against one template version (422 naming the field) and normalises them. */
export async function validateForTemplateVersion(
  db: CommonQueryMethods,
  workspaceId: string,
  templateVersionId: string,
  values: readonly ContentFieldValueRequest[],
): Promise<NormalizedValue[]> {
  const fields = (await loadTemplateVersionFields(db, [templateVersionId])).get(templateVersionId) ?? [];
  const childIds = [...new Set(values.map((v) => v.childContentItemId).filter((id): id is string => typeof id === 'string'))];
  const children = await findChildItems(db, workspaceId, childIds);
  const assets = await visibleAssetIds(db, workspaceId, namedAssetIds(values));
  return validateFieldValues(fields, values, children, assets);
}

/**
 * The fields a version must fill: its template version's, less those shared across translations
 * that this item takes from its group's default-locale member (db/content/translation-shared-fields.ts).
 */
async function fieldsToFill(db: CommonQueryMethods, version: Pick<VersionRow, 'content_item_id' | 'template_version_id'>) {
  // One after the other: `db` is often a transaction's single connection.
  const fields = (await loadTemplateVersionFields(db, [version.template_version_id])).get(version.template_version_id) ?? [];
  const shared = await findSharedFieldIds(db, version.content_item_id, version.template_version_id);
  return shared.size === 0 ? fields : fields.filter((f) => !shared.has(f.id));
}

/** The stored version's missing required fields (`/fields/<key>` → messages); empty when complete. */
export async function incompleteFields(db: CommonQueryMethods, version: Pick<VersionRow, 'id' | 'content_item_id' | 'template_version_id'>): Promise<ValidationErrors> {
  const fields = await fieldsToFill(db, version);
  const values = await loadValues(db, [version.id]);
  return missingRequiredFields(fields, (values.get(version.id) ?? []).map(valueAsInput));
}

/**
 * A version leaving Draft (submit) or being published must be complete (issue #25: Drafts may be
 * saved incomplete): 422 `validation-failed` naming every missing field, nothing changed.
 */
export async function assertVersionComplete(
  db: CommonQueryMethods,
  version: Pick<VersionRow, 'id' | 'content_item_id' | 'template_version_id' | 'version_number'>,
): Promise<void> {
  const fields = await fieldsToFill(db, version);
  const values = await loadValues(db, [version.id]);
  assertComplete(fields, (values.get(version.id) ?? []).map(valueAsInput), version.version_number);
}

export const referencedByOthers = (referencedBy: readonly string[]) =>
  new ApiError(
    'referenced-by-other-entity',
    `The content item is referenced by ${referencedBy.length} other content ${referencedBy.length === 1 ? 'item' : 'items'}; remove those references first.`,
    { referencedBy },
  );

export function nowIso(): string {
  return new Date().toISOString();
}

/** True when a read's `asOf` names no instant (absent or empty): it reads at "now". */
export function readsAtNow(asOf: string | undefined): asOf is undefined | '' {
  return asOf === undefined || asOf.length === 0;
}

/** `asOf` from a query (already validated as a date-time) or now. */
export function asOfParam(value: string | undefined): string {
  return readsAtNow(value) ? nowIso() : new Date(value).toISOString();
}
