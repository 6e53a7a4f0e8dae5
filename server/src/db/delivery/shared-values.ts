// Fields shared across translations (template_fields.localized = false, migration 0041), as delivery
// reads serve them (services/delivery/shared-fields.ts): the field layout of template versions, and
// for members of translation groups the values their group's member in the default locale serves.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';
import { VALUES_JSON, valueRow } from '../content/content-values.js';
import { prepared } from '../prepared.js';
import { servedVersionOf } from './content-serving.js';

export const fieldLayoutRow = z.object({
  id: z.string(),
  status: z.string(),
  /** Every field of the version in the order values are read (loadValues: sort order, then id). */
  fields: z.array(z.object({ id: z.string(), key: z.string(), label: z.string(), localized: z.boolean() })),
});
export type FieldLayoutRow = z.infer<typeof fieldLayoutRow>;

/** The fields of these template versions, in value order, with their `localized` flag and the version's status. */
export async function findFieldLayouts(db: CommonQueryMethods, templateVersionIds: readonly string[]): Promise<readonly FieldLayoutRow[]> {
  if (templateVersionIds.length === 0) return [];
  return db.any(prepared('template_field_layouts', fieldLayoutRow, sql.fragment`
    SELECT tv.id, tv.status,
      COALESCE(json_agg(json_build_object('id', f.id, 'key', f.key, 'label', f.label, 'localized', f.localized)
        ORDER BY f.sort_order, f.id) FILTER (WHERE f.id IS NOT NULL), '[]'::json) AS fields
    FROM template_versions tv LEFT JOIN template_fields f ON f.template_version_id = tv.id
    WHERE tv.id = ANY(${sql.array(templateVersionIds, 'uuid')})
    GROUP BY tv.id`));
}

export const sharedSourceRow = z.object({
  member_id: z.string(),
  /** Whether the member was asked for as previewed (see SharedMember). */
  preview: z.boolean(),
  source_item_id: z.string(),
  source_version_id: z.string(),
  /** That version's number: where a preview's source map says a shared value is edited. */
  source_version_number: z.number(),
  /** Every value of the source's version (loadValues' order); the caller keeps the shared keys'. */
  field_values: z.array(valueRow),
});
export type SharedSourceRow = z.infer<typeof sharedSourceRow>;

/** A member whose shared values are wanted, and how its tree reads versions. */
export interface SharedMember {
  readonly itemId: string;
  /** Read as a preview token reads (the source's previewed version), else as the site reads (served). */
  readonly preview: boolean;
}

/**
 * For each member among `members` whose locale is not the workspace's default: the live member of
 * its translation group in the default locale (the lowest id among several) that serves at
 * `servedAt` — or, for a preview member, that has a previewed version (newest not Archived, in its
 * window at `previewAt` when given; the rule of db/delivery/content-preview.ts) — with that version's
 * values. A member without such a source is absent. One statement for the whole tree.
 */
export async function findSharedSources(
  db: CommonQueryMethods,
  workspaceId: string,
  members: readonly SharedMember[],
  servedAt: string,
  previewAt: string | null,
): Promise<readonly SharedSourceRow[]> {
  if (members.length === 0) return [];
  const group = (alias: 'mi' | 's') => sql.fragment`coalesce(${sql.identifier([alias, 'translation_group_id'])}, ${sql.identifier([alias, 'id'])})`;
  const previewWindow =
    previewAt === null
      ? sql.fragment`TRUE`
      : sql.fragment`(cv.effective_start_at IS NULL OR (cv.effective_start_at <= ${previewAt}::timestamptz AND ${previewAt}::timestamptz < cv.effective_end_at))`;
  return db.any(prepared('content_shared_sources', sharedSourceRow, sql.fragment`
    SELECT m.item_id AS member_id, m.preview, src.item_id AS source_item_id, src.version_id AS source_version_id,
      (SELECT cv.version_number FROM content_versions cv WHERE cv.id = src.version_id) AS source_version_number,
      (SELECT ${VALUES_JSON} FROM content_versions cv WHERE cv.id = src.version_id) AS field_values
    FROM unnest(${sql.array(members.map((m) => m.itemId), 'uuid')}::uuid[], ${sql.array(members.map((m) => m.preview), 'bool')}::boolean[]) AS m(item_id, preview)
    JOIN content_items mi ON mi.id = m.item_id AND mi.workspace_id = ${workspaceId}
    JOIN workspaces w ON w.id = mi.workspace_id AND w.default_locale IS NOT NULL
    CROSS JOIN LATERAL (
      SELECT s.id AS item_id, sv.id AS version_id
      FROM content_items s
      CROSS JOIN LATERAL (
        SELECT sv0.id FROM (${servedVersionOf(sql.fragment`s.id`, servedAt, sql.fragment`cv.id`)}) sv0 WHERE NOT m.preview
        UNION ALL
        SELECT sv1.id FROM (SELECT cv.id FROM content_versions cv
          WHERE cv.content_item_id = s.id AND cv.status <> 'Archived' AND ${previewWindow}
          ORDER BY cv.version_number DESC LIMIT 1) sv1 WHERE m.preview
      ) sv
      -- The group key is coalesce(translation_group_id, id); the OR lets each half use an index.
      WHERE s.workspace_id = mi.workspace_id AND NOT s.is_deleted
        AND (s.translation_group_id = ${group('mi')} OR s.id = ${group('mi')}) AND ${group('s')} = ${group('mi')}
        AND lower(s.locale_code) = lower(w.default_locale)
      ORDER BY s.id LIMIT 1
    ) src
    WHERE lower(mi.locale_code) IS DISTINCT FROM lower(w.default_locale)`));
}
