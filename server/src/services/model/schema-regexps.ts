// The regular expressions of Json field schemas (`pattern`, `patternProperties`) run on RE2 (the
// pure-JS port re2js), never on JavaScript's RegExp: a schema is written by a template admin, and a
// pattern such as ^(a+)+$ makes a backtracking engine take minutes on one value, blocking the API for
// everyone. RE2 matches in time linear in the value, at the price of the features that need
// backtracking (lookaround, backreferences); a pattern using one is refused when the schema is
// saved, by name, rather than run slowly or differently.
import { RE2JS } from 're2js';

/** Thrown while a schema compiles; jsonSchemaProblem turns it into the refusal of the schema. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    /** A phrase ending in a comma ("a lookbehind, (?<=…) or (?<!…),"), so "in the pattern …" may follow. */
    readonly feature: string,
    /** True when JavaScript itself refuses the pattern (with Ajv's flags): it is not a regular expression at all. */
    readonly invalid = false,
  ) {
    super(`the pattern ${JSON.stringify(pattern)} uses ${feature}`);
    this.name = 'UnsupportedPatternError';
  }
}

/** The first feature of `pattern` that needs backtracking, as a phrase, or null. */
function backtrackingFeature(pattern: string): string | null {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      // In a pattern JavaScript accepts with the u flag, \k and \1–\9 outside a class are backreferences.
      if (!inClass && (next === 'k' || (next >= '1' && next <= '9'))) return 'a backreference, \\1 or \\k<name>,';
      i++;
    } else if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest.startsWith('=') || rest.startsWith('!')) return 'a lookahead, (?=…) or (?!…),';
      if (rest === '<=' || rest === '<!') return 'a lookbehind, (?<=…) or (?<!…),';
    }
  }
  return null;
}

/** JavaScript's \s: RE2's is ASCII only ([\t\n\f\r ]), JavaScript's adds \v and Unicode's spaces. */
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';

/**
 * `pattern` with the classes whose meaning differs between the engines spelled out as JavaScript
 * means them: `.` (which in JavaScript stops at \r, \u2028 and \u2029 too, not only at \n), \s
 * and \S. (Inside a class only \s can be spelled out; a \S there keeps RE2's ASCII meaning.)
 */
function withJavaScriptClasses(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else out += ch + next;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '.') {
      out += '[^\\n\\r\\u2028\\u2029]';
      continue;
    }
    out += ch;
  }
  return out;
}

/** A compiled pattern as Ajv uses it: `test`, and `toString` as the key Ajv shares it under. */
class LinearRegExp {
  constructor(
    private readonly source: string,
    private readonly flags: string,
    private readonly re2: RE2JS,
  ) {}

  test(value: string): boolean {
    return this.re2.test(value);
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * Ajv's `code.regExp`: compiles a schema's pattern on RE2. The pattern must first be one JavaScript
 * accepts with Ajv's flags (so the schema means what JSON Schema says it means); then it must need
 * no backtracking; then RE2 must read it once translated from JavaScript's syntax (\u{…}, (?<name>…),
 * the classes withJavaScriptClasses spells out).
 */
function linearRegExp(pattern: string, flags: string): LinearRegExp {
  try {
    new RegExp(pattern, flags); // compiled only, never run: this is where JavaScript's syntax is checked
  } catch {
    throw new UnsupportedPatternError(pattern, 'syntax that is not a valid regular expression', true);
  }
  const feature = backtrackingFeature(pattern);
  if (feature !== null) throw new UnsupportedPatternError(pattern, feature);
  try {
    return new LinearRegExp(pattern, flags, RE2JS.compile(RE2JS.translateRegExp(withJavaScriptClasses(pattern))));
  } catch (e) {
    const why = (e instanceof Error ? e.message : String(e)).replace(/^error parsing regexp: /, '').replace(/`/g, '"');
    throw new UnsupportedPatternError(pattern, `syntax the linear-time engine cannot read (${why.slice(0, 200)}),`);
  }
}

/** The name Ajv would write into standalone code; Verso never generates standalone validators. */
linearRegExp.code = 'linearRegExp';

export const schemaRegExp: typeof linearRegExp & { code: string } = linearRegExp;
