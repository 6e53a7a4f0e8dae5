// The `search` filter of the model's list operations: a case-insensitive substring of the name or
// the slug. LIKE's own wildcards in the user's text are escaped so `50%` finds "50%", not "50…".
import { sql } from 'slonik';

/** The tables' aliases in the list queries; an allow-list, as identifiers never come from input. */
type ModelAlias = 't' | 'c' | 'p';

export function matchesNameOrSlug(alias: ModelAlias, search: string | null) {
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
  const name = sql.identifier([alias, 'name']);
  const slug = sql.identifier([alias, 'slug']);
  return sql.fragment`(${pattern}::text IS NULL OR ${name} ILIKE ${pattern} OR ${slug} ILIKE ${pattern})`;
}
