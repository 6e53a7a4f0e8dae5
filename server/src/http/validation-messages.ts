// Turns the contract validator's findings into the `errors` map of a 400: one plain sentence per
// finding, keyed by the JSON pointer of the input (`/slug`, `/fields/2/mediaAssetId`) or by the
// parameter (`query.page`).
//
// The sentence for a constraint lives next to it in the contract, as
// `x-verso-messages: { pattern: "Use lower-case letters…" }` (keyword → sentence), so the API, both
// SDKs and the admin say the same thing. A keyword without one gets a generic sentence below, with
// its limit in words; JSON Schema's own wording ("must match pattern …") never reaches a client.
// Ajv runs with `verbose`, so each finding carries the schema object it came from (`parentSchema`).
//
// A nullable value is written `anyOf: [<schema>, {type: null}]` in the contract; a wrong value then
// fails both branches. What the caller needs is the reason of the branch that fits the value's type,
// not "must be null" and "must match a schema in anyOf" (see reduceAlternatives).
import type { ValidationErrors } from '../errors.js';

/** The vendor keyword that carries the sentences, on any schema object of the contract. */
export const MESSAGES_KEYWORD = 'x-verso-messages';

export interface ValidatorError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The schema object holding the failing keyword (Ajv's `verbose` option). */
  parentSchema?: unknown;
  /** The value that failed (Ajv's `verbose` option). */
  data?: unknown;
  /** Set by Ajv on the findings about a property's name (`propertyNames`): that name. */
  propertyName?: string;
}

/** Sentences for the formats the contract uses; the contract test requires one for each format. */
export const FORMAT_SENTENCES: Readonly<Record<string, string>> = {
  uuid: 'Must be an id such as 0192f5a0-7c3e-7a1b-9f00-3c5e8d2a4b10.',
  'date-time': 'Must be a date and time with its offset, such as 2026-11-27T10:42:00Z.',
  date: 'Must be a date such as 2026-11-27.',
  uri: 'Must be a full address such as https://example.com/path.',
  email: 'Must be an e-mail address such as name@example.com.',
  int32: 'Must be a whole number between -2147483648 and 2147483647.',
  int64: 'Must be a whole number between -9223372036854775808 and 9223372036854775807.',
  binary: 'Must be a file.',
};

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object with named values',
  null: 'empty (null)',
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function orList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function typeSentence(types: readonly string[]): string {
  const words = [...new Set(types.map((t) => TYPE_WORDS[t] ?? t))];
  return `Must be ${orList(words)}.`;
}

function typesOf(e: ValidatorError): string[] {
  const t = e.params.type;
  return typeof t === 'string' ? t.split(',') : Array.isArray(t) ? t.map(String) : [];
}

/** The contract's own sentence for this finding, if its schema object carries one. */
function contractSentence(e: ValidatorError): string | undefined {
  const schema = e.parentSchema;
  if (!schema || typeof schema !== 'object') return undefined;
  const messages = (schema as Record<string, unknown>)[MESSAGES_KEYWORD];
  if (!messages || typeof messages !== 'object') return undefined;
  const sentence = (messages as Record<string, unknown>)[e.keyword];
  return typeof sentence === 'string' && sentence.trim() !== '' ? sentence : undefined;
}

/** The generic sentence of a keyword, with its limit in words. */
export function genericSentence(e: ValidatorError): string {
  const limit = Number(e.params.limit);
  switch (e.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return typeSentence(typesOf(e));
    case 'minLength':
      return limit <= 1 ? 'Must not be empty.' : `Must be at least ${plural(limit, 'character')} long.`;
    case 'maxLength':
      return `Must be at most ${plural(limit, 'character')} long.`;
    case 'minimum':
      return `Must be ${limit} or more.`;
    case 'maximum':
      return `Must be ${limit} or less.`;
    case 'exclusiveMinimum':
      return `Must be more than ${limit}.`;
    case 'exclusiveMaximum':
      return `Must be less than ${limit}.`;
    case 'multipleOf':
      return `Must be a multiple of ${String(e.params.multipleOf)}.`;
    case 'minItems':
      return limit <= 1 ? 'Must list at least one value.' : `Must list at least ${plural(limit, 'value')}.`;
    case 'maxItems':
      return `Must list at most ${plural(limit, 'value')}.`;
    case 'uniqueItems':
      return 'Must not list the same value twice.';
    case 'minProperties':
      return `Must have at least ${plural(limit, 'value')}.`;
    case 'maxProperties':
      return `Must have at most ${plural(limit, 'value')}.`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'This field is not part of the request; remove it.';
    case 'enum': {
      const allowed = Array.isArray(e.params.allowedValues) ? e.params.allowedValues.map(String) : [];
      return allowed.length > 0 ? `Must be ${orList(allowed)}.` : 'Is not one of the allowed values.';
    }
    case 'const':
      return `Must be ${JSON.stringify(e.params.allowedValue)}.`;
    case 'format':
      return FORMAT_SENTENCES[String(e.params.format)] ?? 'Is not in the expected form.';
    case 'pattern':
      return 'Is not in the expected form.';
    case 'parse':
      return 'Must be valid JSON.';
    default:
      return 'Is not an allowed value here.';
  }
}

/** The sentence a client sees for one finding. */
export function sentenceFor(e: ValidatorError): string {
  return contractSentence(e) ?? genericSentence(e);
}

/** Where a finding points: a missing or unknown property is reported at that property. */
function instancePointer(e: ValidatorError): string {
  let at = e.instancePath;
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') at += `/${escapePointer(e.params.missingProperty)}`;
  if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
    at += `/${escapePointer(e.params.additionalProperty)}`;
  }
  if (typeof e.propertyName === 'string') at += `/${escapePointer(e.propertyName)}`;
  return at;
}

const escapePointer = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

const isUnder = (path: string, root: string) => path === root || path.startsWith(root + '/');

/**
 * Keeps, for each failed anyOf/oneOf, the reasons of the alternatives the value's type fits: a type
 * finding exactly at the alternatives' value is dropped when another alternative found something
 * more specific at or below it, and the anyOf/oneOf finding itself always is. When every alternative
 * refused the type, their types make one sentence ("Must be text or empty (null).").
 */
function reduceAlternatives(errors: readonly ValidatorError[]): ValidatorError[] {
  const roots = new Set(errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath));
  if (roots.size === 0) return [...errors];
  const out: ValidatorError[] = [];
  const mergedTypes = new Map<string, string[]>();
  for (const e of errors) {
    if ((e.keyword === 'anyOf' || e.keyword === 'oneOf') && roots.has(e.instancePath)) continue;
    if (e.keyword === 'type' && roots.has(e.instancePath)) {
      const specific = errors.some(
        (o) => o.keyword !== 'type' && o.keyword !== 'anyOf' && o.keyword !== 'oneOf' && isUnder(o.instancePath, e.instancePath),
      );
      if (!specific) (mergedTypes.get(e.instancePath) ?? mergedTypes.set(e.instancePath, []).get(e.instancePath)!).push(...typesOf(e));
      continue;
    }
    out.push(e);
  }
  for (const [at, types] of mergedTypes) out.push({ instancePath: at, keyword: 'type', params: { type: types.join(',') } });
  // A failed anyOf/oneOf with no finding left at or below it (alternatives that failed for a reason
  // not reported at the value) still gets one sentence.
  for (const root of roots) {
    if (!out.some((e) => isUnder(instancePointer(e), root))) out.push({ instancePath: root, keyword: 'anyOf', params: {} });
  }
  return out;
}

/** The key of the `errors` map: a body pointer (`/slug`), or `query.page`, `path.id`, `header.X`. */
function keyOf(pointer: string): string {
  const [, section = '', ...rest] = pointer.split('/');
  if (section === 'requestBody') return '/' + rest.join('/');
  if (['path', 'query', 'header', 'cookie'].includes(section)) return `${section}.${rest.join('/')}`;
  return pointer || '/';
}

/** An empty string is told it is empty, not also that it breaks the pattern or format it never reached. */
function dropMootFindings(errors: readonly ValidatorError[]): ValidatorError[] {
  // A bad property name is told why by the finding about the name itself (its pattern's sentence);
  // Ajv's summary finding (`propertyNames`) would only add "Is not an allowed value here.".
  const named = errors.filter((e) => e.keyword !== 'propertyNames');
  const empty = new Set(named.filter((e) => e.keyword === 'minLength' && e.data === '').map((e) => e.instancePath));
  return empty.size === 0 ? named : named.filter((e) => !(empty.has(e.instancePath) && (e.keyword === 'pattern' || e.keyword === 'format')));
}

/** Validator findings → `{ "/slug": ["Use lower-case letters…"], "query.page": ["Must be 1 or more."] }`. */
export function toValidationErrors(errors: readonly ValidatorError[]): ValidationErrors {
  const out: ValidationErrors = {};
  for (const e of reduceAlternatives(dropMootFindings(errors))) {
    const list = (out[keyOf(instancePointer(e))] ??= []);
    const sentence = sentenceFor(e);
    if (!list.includes(sentence)) list.push(sentence);
  }
  return out;
}
