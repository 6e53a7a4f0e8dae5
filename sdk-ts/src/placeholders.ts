// Placeholder rendering for text held in content (sdk-requirements item 38): `${{name}}` tokens
// replaced by caller-supplied values. The .NET SDK's VersoPlaceholders.Render follows the same rules,
// and both SDKs' tests run the same vectors (test/fixtures/placeholders.json).

/** A value for one placeholder. `null` and `undefined` render as the empty string. */
export type PlaceholderValue = string | number | boolean | bigint | null | undefined;

/** The values by name: a plain object (own properties only) or a Map. */
export type PlaceholderValues =
  | Readonly<Record<string, PlaceholderValue>>
  | ReadonlyMap<string, PlaceholderValue>;

// "${{", optional spaces/tabs/CR/LF, a name, optional spaces/tabs/CR/LF, "}}". ASCII-only on purpose:
// JavaScript's \s and .NET's \s differ, so both SDKs spell the same classes out.
const TOKEN = /\$\{\{[ \t\r\n]*([A-Za-z_][A-Za-z0-9_]*)[ \t\r\n]*\}\}/g;

/**
 * Replaces every `${{name}}` token in `text` whose name is in `values`.
 *
 * - A name is an ASCII letter or `_`, then letters, digits or `_`; names are case-sensitive.
 * - Spaces, tabs and line breaks are allowed between the braces and the name (`${{ name }}`).
 * - A name that is not in `values` leaves its token as written. For a plain object only its own
 *   properties count, so `${{toString}}` or `${{constructor}}` are unknown unless given.
 * - `null` or `undefined` (given explicitly) renders as the empty string; numbers, booleans and
 *   bigints as `String(value)`.
 * - Malformed tokens (`${{}}`, `${{123abc}}`, `${{first name}}`, `${{a.b}}`, `${{name}`) are left alone.
 * - One pass: substituted values are inserted literally and never expanded again, so content can
 *   not smuggle in further tokens, and `$&`-style replacement patterns in values mean nothing.
 * - There is no escape syntax: to keep a token literal, do not give its name a value.
 *
 * Throws a TypeError when `text` is not a string, `values` is not an object or Map, or a value given
 * for a name used in the text is not one of the {@link PlaceholderValue} types.
 */
export function renderPlaceholders(text: string, values: PlaceholderValues): string {
  if (typeof text !== 'string') throw new TypeError('renderPlaceholders: text must be a string');
  if (values === null || typeof values !== 'object') {
    throw new TypeError('renderPlaceholders: values must be an object or a Map');
  }
  if (!text.includes('${{')) return text;
  const lookup: (name: string) => { found: boolean; value?: unknown } =
    values instanceof Map
      ? (name) => (values.has(name) ? { found: true, value: values.get(name) } : { found: false })
      : (name) =>
          Object.prototype.hasOwnProperty.call(values, name)
            ? { found: true, value: (values as Record<string, unknown>)[name] }
            : { found: false };
  return text.replace(TOKEN, (token: string, name: string) => {
    const { found, value } = lookup(name);
    if (!found) return token;
    return format(name, value);
  });
}

function format(name: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    default:
      throw new TypeError(
        `renderPlaceholders: the value for "${name}" must be a string, number, boolean, bigint, null or undefined (got ${typeof value})`,
      );
  }
}
