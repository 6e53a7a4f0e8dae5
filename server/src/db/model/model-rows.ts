// Row shapes the content model's tables share. Templates, components and picklists are created by
// the same migration pattern (identity, then what is current, then package provenance and
// bookkeeping), and template and component fields carry the same basic columns; parsing them with
// one definition keeps a column change from landing in one aggregate and not the others.
import { z } from 'zod';

/**
 * A templates, components or picklists row. `current` is what differs per aggregate (the current
 * version or revision); it sits where the tables put it, so parsed rows keep the column order.
 */
export function modelEntityRow<S extends z.ZodRawShape>(current: S) {
  return z.object({
    id: z.string(),
    workspace_id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    ...current,
    package_namespace: z.string().nullable(),
    package_id: z.string().nullable(),
    package_version: z.string().nullable(),
    row_version: z.number(),
    created_at: z.string(),
    updated_at: z.string(),
  });
}

/** The columns template_fields and component_fields both have (services/field-basics.ts reads them). */
export const fieldBasicsColumns = {
  key: z.string(),
  label: z.string(),
  help_text: z.string().nullable(),
  sort_order: z.number(),
  is_required: z.boolean(),
  min_occurrences: z.number(),
  max_occurrences: z.number().nullable(),
};
