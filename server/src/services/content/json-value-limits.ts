// Limits on a field value's `jsonValue` (Link, Quote and Component values; issue #12 §5), so that
// every response the API can build stays readable by JSON readers with default settings — the .NET
// SDK's System.Text.Json among them — and one value cannot cost unbounded work or memory.
//
// Depth counts nested arrays and objects as System.Text.Json does: a scalar is 0, `{}` and `[]` are
// 1, `{"a":[1]}` is 2. The deepest bodies the API writes are version details with children expanded
// to MAX_EXPANSION_DEPTH (8) levels (by-slug, version read/create/update, upgrade, workflow routes):
//   detail object + `fields` array + value object           = 3 to reach a top-level jsonValue,
//   each level of children: `child` object + `fields` + value = 3,
//   so a detail is 3 + 3 × 8 + d = 27 + d, and the publish response (`{version: detail}`) 28 + d.
// System.Text.Json (and Newtonsoft.Json) refuse more than 64 levels by default, so d ≤ 36.
// MAX_JSON_VALUE_DEPTH = 32 keeps the deepest response at 59 (publish: 60), leaving 4 levels for a
// future envelope (a page of details, `{items: [detail]}`, adds 2), and no client has to raise its
// reader's limit. 32 still holds the deepest Component value component-values.ts accepts: 16 nested
// components (MAX_COMPONENT_DEPTH) each repeated as a list are 1 + 2 × 15 = 31 levels, plus one for a
// Link/Quote object or a list of primitives in the innermost component.
//
// Bytes count the value as compact JSON in UTF-8. Component, Link and Quote values are structured
// data, not documents (long text goes in textValue, up to 1,000,000 characters); 256 KiB is far
// above any such value yet bounds what one value costs to validate, store as jsonb, serve and keep in
// the delivery cache (the 64 MiB default holds 256 values at the limit), well under the 4 MiB body
// cap so the 422 names the value instead of a bare 413.
//
// The depth walk is iterative and stops one level past the limit, so a value nested 10,000 levels
// (which JSON.parse accepts) is refused without recursion; only a value within the depth limit is
// serialised to count its bytes.

export const MAX_JSON_VALUE_DEPTH = 32;
export const MAX_JSON_VALUE_BYTES = 256 * 1024;

/**
 * The nesting depth of a parsed JSON value (arrays and objects; a scalar is 0), counted no further
 * than `stopAbove + 1`: a deeper value reports `stopAbove + 1` without being walked to its bottom.
 */
export function jsonDepth(value: unknown, stopAbove = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const pending: { readonly node: object; readonly depth: number }[] = [];
  if (typeof value === 'object' && value !== null) pending.push({ node: value, depth: 1 });
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    if (depth > deepest) deepest = depth;
    if (depth > stopAbove) return depth;
    for (const member of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof member === 'object' && member !== null) pending.push({ node: member, depth: depth + 1 });
    }
  }
  return deepest;
}

/** Why `jsonValue` is over a limit (a phrase completing "…'s jsonValue "), or null when it is within both. */
export function jsonValueLimitProblem(jsonValue: unknown): string | null {
  if (jsonValue === undefined || jsonValue === null) return null;
  if (jsonDepth(jsonValue, MAX_JSON_VALUE_DEPTH) > MAX_JSON_VALUE_DEPTH) {
    return `nests arrays and objects more than ${MAX_JSON_VALUE_DEPTH} levels deep`;
  }
  const bytes = Buffer.byteLength(JSON.stringify(jsonValue), 'utf8');
  if (bytes > MAX_JSON_VALUE_BYTES) {
    return `is ${bytes.toLocaleString('en')} bytes as JSON, more than the ${MAX_JSON_VALUE_BYTES.toLocaleString('en')} (256 KiB) allowed`;
  }
  return null;
}
