// The fields a list's field filters and field sort name: read from the template's current version
// (the one Published version: template_versions_one_published) before the list runs, so a filter
// is checked against the field's type and a value parsed as that type before any list query. On
// the hot pool (db/hot-pool.ts): the delivery list's tag and stored-page paths run it too.
import type { HotPool } from '../hot-pool.js';

/** One field of a template's current version, as a list filter or sort sees it. */
export interface ListField {
  /** The key lower-cased (keys are unique per version case-insensitively). */
  readonly key: string;
  /** The primitive type, 'ChildContent' for a composition field, 'Component', or null (several primitive types). */
  readonly type: string | null;
  /** More than one value may be stored (max occurrences above 1 or unbounded, a multiple-choice PickList). */
  readonly repeated: boolean;
  /** A PickList's option values (its bound revision's); empty otherwise. */
  readonly options: readonly string[];
}

type FieldTextRow = { key: string; type: string | null; repeated: string; options: string };

const FIELDS_SQL = `
  SELECT lower(f.key) AS key,
    CASE WHEN f.component_id IS NOT NULL THEN 'Component'
         WHEN f.target_template_id IS NOT NULL OR f.is_open
           OR EXISTS (SELECT 1 FROM template_field_allowed_types a WHERE a.field_id = f.id AND a.allowed_template_id IS NOT NULL)
           THEN 'ChildContent'
         ELSE f.primitive_type END AS type,
    (CASE WHEN f.primitive_type = 'PickList' THEN coalesce(f.field_config -> 'multiple' = 'true'::jsonb, false) ELSE true END
      AND (f.max_occurrences IS NULL OR f.max_occurrences > 1)) AS repeated,
    (SELECT coalesce(json_agg(o.value ORDER BY o.sort_order), '[]') FROM picklist_options o WHERE o.revision_id = f.picklist_revision_id)::text
      AS options
  FROM templates t
  JOIN template_versions tv ON tv.template_id = t.id AND tv.status = 'Published'
  JOIN template_fields f ON f.template_version_id = tv.id AND lower(f.key) = ANY($3::text[])
  WHERE t.id = $1::uuid AND t.workspace_id = $2::uuid AND NOT t.is_deleted`;

/**
 * The fields `keys` (lower-cased) of template `templateId`'s current version, when the template is
 * one of workspace `workspaceId`'s; a key the version does not have is absent from the map.
 */
export async function findListFields(
  hot: HotPool,
  workspaceId: string,
  templateId: string,
  keys: readonly string[],
): Promise<ReadonlyMap<string, ListField>> {
  const rows = await hot.rows<FieldTextRow>('content_list_fields', FIELDS_SQL, [templateId, workspaceId, `{${keys.map((k) => JSON.stringify(k)).join(',')}}`]);
  return new Map(
    rows.map((r) => [r.key, { key: r.key, type: r.type, repeated: r.repeated === 't', options: JSON.parse(r.options) as string[] }]),
  );
}
