// The one rule for the text of every request: no string may hold U+0000 or an unpaired UTF-16
// surrogate. PostgreSQL can store neither (text refuses NUL with SQLSTATE 22021, jsonb refuses
// both as "unsupported Unicode escape"), and silently replacing them would change the caller's
// text without a word. So a request carrying one is refused with 400 before any handler runs,
// naming where it was: `path.slug`, `query.q`, `header.If-Match` or a JSON pointer into the body
// (`/fields/0/textValue`); property names of body objects are checked as well.
//
// Percent-encoding that does not decode to UTF-8 (`%FF`) is refused the same way: the query
// parser would otherwise turn it into U+FFFD and the path parser would throw.
//
// The rule itself is services/platform/string-rule.ts, shared with the multipart upload, which
// holds its text parts to it (services/media/form-text.ts).
import type { ValidationErrors } from '../errors.js';
import { stringRuleViolation } from '../services/platform/string-rule.js';

export { stringRuleViolation };

const NOT_UTF8 = 'is not valid percent-encoded UTF-8';
const KEY = 'has a property name that contains U+0000 or an unpaired UTF-16 surrogate';

function add(out: ValidationErrors, at: string, message: string): void {
  const list = (out[at] ??= []);
  if (!list.includes(message)) list.push(message);
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

interface Frame {
  readonly value: unknown;
  readonly parent: Frame | null;
  readonly key: string;
}

/** The frame's JSON pointer, built only for a value that is refused (a deep value costs no strings). */
function pointerOf(frame: Frame): string {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f?.parent; f = f.parent) keys.push(escapePointer(f.key));
  return keys.length ? '/' + keys.reverse().join('/') : '/';
}

/**
 * Every string of a parsed JSON value (and every property name), reported by JSON pointer. Walked
 * with an explicit stack: a body may nest as deep as JSON.parse allows, deeper than the call stack.
 */
export function checkJsonStrings(value: unknown, out: ValidationErrors): void {
  const stack: Frame[] = [{ value, parent: null, key: '' }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === 'string') {
      const why = stringRuleViolation(current);
      if (why) add(out, pointerOf(frame), why);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], parent: frame, key: String(i) });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        // A refused key cannot be written into a pointer that is safe to echo: its object is named.
        if (stringRuleViolation(key)) add(out, pointerOf(frame), KEY);
        else stack.push({ value: item, parent: frame, key });
      }
    }
  }
}

function decodes(component: string): boolean {
  try {
    decodeURIComponent(component);
    return true;
  } catch {
    return false;
  }
}

function leniently(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}

/**
 * The raw query string (`a=1&b=%00`, without `?`): each name and value must percent-decode to
 * UTF-8 and must not contain what the rule forbids. Names and values are checked as sent, so a
 * parameter the operation does not declare is held to the rule too.
 */
export function checkQueryStrings(rawQuery: string, out: ValidationErrors): void {
  if (!rawQuery) return;
  for (const pair of rawQuery.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawName = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const rawValue = (eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' ');
    const name = leniently(rawName);
    const nameProblem = decodes(rawName) ? stringRuleViolation(name) : NOT_UTF8;
    if (nameProblem) {
      add(out, 'query', `a parameter name ${nameProblem}`);
      continue; // a name that breaks the rule cannot be echoed as the location
    }
    const valueProblem = decodes(rawValue) ? stringRuleViolation(decodeURIComponent(rawValue)) : NOT_UTF8;
    if (valueProblem) add(out, `query.${name}`, valueProblem);
  }
}

/**
 * The raw path (`/api/v1/workspaces/…/content/by-slug/a%00b`) against the operation's template
 * (`/api/v1/workspaces/{workspaceId}/content/by-slug/{slug}`): each segment must percent-decode
 * to UTF-8 and obey the rule; a segment that is a parameter is reported under its name.
 */
export function checkPathStrings(rawPath: string, template: string, out: ValidationErrors): void {
  const segments = rawPath.split('/');
  const names = template.split('/');
  segments.forEach((segment, i) => {
    if (!segment.includes('%')) return; // a literal segment of a matched route is plain ASCII
    const name = /^\{(.+)\}$/.exec(names[i] ?? '')?.[1];
    const problem = decodes(segment) ? stringRuleViolation(decodeURIComponent(segment)) : NOT_UTF8;
    if (problem) add(out, name ? `path.${name}` : 'path', problem);
  });
}

/** Declared header parameters (If-Match, …) as Node decoded them. */
export function checkHeaderStrings(headers: Readonly<Record<string, string>>, out: ValidationErrors): void {
  for (const [name, value] of Object.entries(headers)) {
    const why = stringRuleViolation(value);
    if (why) add(out, `header.${name}`, why);
  }
}
