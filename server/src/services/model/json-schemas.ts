// The JSON Schemas a Json field may carry (fieldConfig.schema): compiled with Ajv's draft 2020-12
// build when the field is written — a schema that does not compile, or that refers outside itself,
// is refused there — and again, from a cache keyed by the schema's text, when a value is checked.
// A value's failures come back as plain sentences naming the path inside the value, so an editor
// reads "at /weight must be a number", never Ajv's wording.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemaRegExp, UnsupportedPatternError } from './schema-regexps.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * One instance for every schema. `addUsedSchema: false` keeps a schema's `$id` from being
 * registered, so two fields may carry schemas with the same `$id`; strict mode is off because
 * draft 2020-12 allows keywords it does not define (annotations such as `x-unit`), and the logger
 * is off so such a schema does not write to the console. Patterns run on RE2, in linear time
 * (schema-regexps.ts says why).
 */
const ajv = new Ajv2020({ allErrors: true, strict: false, addUsedSchema: false, logger: false, code: { regExp: schemaRegExp } });
addFormats(ajv);

/** Compiled schemas by their text; bounded, oldest first out (Map keeps insertion order). */
const compiled = new Map<string, ValidateFunction>();
const MAX_CACHED = 500;

/** At most this many of a value's failures are reported: enough to fix it, not enough to swell the body. */
const MAX_REPORTED = 10;

/** A schema's bounds: a schema is a description, far smaller than the values it checks. */
const MAX_SCHEMA_BYTES = 64 * 1024;
const MAX_SCHEMA_DEPTH = 64;

/**
 * The first `$ref` or `$dynamicRef` that does not start with `#` (it names a document outside the
 * schema), or null; walked with a stack, never recursion, and no deeper than MAX_SCHEMA_DEPTH.
 */
function outsideReference(schema: unknown): string | null {
  const stack: { node: unknown; depth: number }[] = [{ node: schema, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_SCHEMA_DEPTH) return null;
    if (!Array.isArray(node)) {
      for (const keyword of ['$ref', '$dynamicRef']) {
        const ref = (node as Record<string, unknown>)[keyword];
        if (typeof ref === 'string' && !ref.startsWith('#')) return ref;
      }
    }
    // Data inside a schema (`const`, `enum`, `default`, `examples`) is not schema: a `$ref` there is a value.
    const members = Array.isArray(node) ? node : Object.entries(node).filter(([k]) => !DATA_KEYWORDS.has(k)).map(([, v]) => v as unknown);
    for (const member of members) stack.push({ node: member, depth: depth + 1 });
  }
  return null;
}

const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);

function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_SCHEMA_DEPTH) return deepest;
    for (const member of Array.isArray(node) ? node : Object.values(node)) stack.push({ node: member, depth: depth + 1 });
  }
  return deepest;
}

function compile(schema: unknown): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (validate === undefined) {
    validate = ajv.compile(schema as object);
    if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value!);
    compiled.set(text, validate);
  }
  return validate;
}

/**
 * Why `schema` cannot be a Json field's schema (a phrase completing "the schema …"), or null. It
 * must be an object or a boolean (both are JSON Schemas), within the limits of a field value, refer
 * to nothing outside itself, and compile.
 */
export function jsonSchemaProblem(schema: unknown): string | null {
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    return 'must be a JSON Schema: an object (or true or false)';
  }
  if (depthOf(schema) > MAX_SCHEMA_DEPTH) return `nests more than ${MAX_SCHEMA_DEPTH} levels deep`;
  if (Buffer.byteLength(JSON.stringify(schema), 'utf8') > MAX_SCHEMA_BYTES) return `is larger than ${MAX_SCHEMA_BYTES / 1024} KiB as JSON`;
  const outside = outsideReference(schema);
  if (outside !== null) return `refers to "${outside.slice(0, 200)}", outside itself; a schema may refer only to its own parts (#/$defs/…)`;
  // Against the draft's meta-schema first, so the refusal names the place in the schema in plain words.
  if (!ajv.validateSchema(schema as object)) {
    const errors = (ajv.errors ?? []).filter((e) => !COMBINATORS.has(e.keyword));
    const first = errors[0];
    const where = first && first.instancePath !== '' ? ` at ${first.instancePath}` : '';
    return `is not a valid JSON Schema (draft 2020-12)${first ? `:${where} ${phraseOf(first)}` : ''}`;
  }
  try {
    compile(schema);
    return null;
  } catch (e) {
    if (e instanceof UnsupportedPatternError) {
      if (e.invalid) return `has the pattern ${JSON.stringify(e.pattern.slice(0, 200))}, which is not a valid regular expression (with the u flag)`;
      return `uses a regular expression feature Verso does not run: ${e.feature} in the pattern ${JSON.stringify(e.pattern.slice(0, 200))} (patterns run in linear time, so without lookahead, lookbehind or backreferences)`;
    }
    const missing = (e as { missingRef?: unknown }).missingRef;
    if (typeof missing === 'string') return `refers to "${missing.slice(0, 200)}", which it does not define`;
    return `cannot be compiled: ${(e instanceof Error ? e.message : String(e)).slice(0, 300)}`;
  }
}

/** Findings that only say an alternative failed; the finding beside them says why. */
const COMBINATORS = new Set(['anyOf', 'oneOf', 'if']);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function orList(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** Ajv's finding as a phrase ("must be a number"), its limit in words. */
function phraseOf(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const limit = Number(p.limit);
  switch (e.keyword) {
    case 'type': {
      const types = String(p.type).split(',');
      return `must be ${orList(types.map((t) => TYPE_WORDS[t] ?? t))}`;
    }
    case 'required':
      return `is missing the required member "${String(p.missingProperty)}"`;
    case 'dependentRequired':
      return `is missing the member "${String(p.missingProperty)}", required when "${String(p.property)}" is present`;
    case 'additionalProperties':
      return `has the member "${String(p.additionalProperty)}", which the schema does not allow`;
    case 'unevaluatedProperties':
      return `has the member "${String(p.unevaluatedProperty)}", which the schema does not allow`;
    case 'minimum':
      return `must be ${limit} or more`;
    case 'maximum':
      return `must be ${limit} or less`;
    case 'exclusiveMinimum':
      return `must be more than ${limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${limit}`;
    case 'multipleOf':
      return `must be a multiple of ${String(p.multipleOf)}`;
    case 'minLength':
      return `must be at least ${plural(limit, 'character')} long`;
    case 'maxLength':
      return `must be at most ${plural(limit, 'character')} long`;
    case 'pattern':
      return `must match the pattern ${String(p.pattern)}`;
    case 'format':
      return `must be in the format ${String(p.format)}`;
    case 'minItems':
      return `must list at least ${plural(limit, 'item')}`;
    case 'maxItems':
      return `must list at most ${plural(limit, 'item')}`;
    case 'uniqueItems':
      return `must not list the same item twice (items ${String(p.j)} and ${String(p.i)} are equal)`;
    case 'minProperties':
      return `must have at least ${plural(limit, 'member')}`;
    case 'maxProperties':
      return `must have at most ${plural(limit, 'member')}`;
    case 'enum': {
      const allowed = Array.isArray(p.allowedValues) ? p.allowedValues.map((v) => JSON.stringify(v)) : [];
      return `must be ${orList(allowed)}`;
    }
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'contains':
      return 'must contain an item that matches the schema';
    case 'propertyNames':
      return `has a member name, "${String(p.propertyName)}", that the schema does not allow`;
    case 'anyOf':
      return 'must match at least one of the alternatives the schema gives';
    case 'oneOf':
      return 'must match exactly one of the alternatives the schema gives';
    case 'not':
      return 'must not match what the schema excludes';
    case 'false schema':
      return 'is not allowed by the schema';
    default:
      return `does not meet the schema's "${e.keyword}" rule`;
  }
}

/** Findings that only repeat a more precise one (an `if` that failed because its `then` did). */
const MOOT = new Set(['if']);

/**
 * The ways `value` fails `schema` (a schema jsonSchemaProblem accepted), each a phrase naming the
 * path inside the value — "at /weight must be a number", or for the value itself "must be an
 * object" — or none. A schema stored before it could be checked and that does not compile fails
 * every value with one phrase saying so.
 */
export function jsonSchemaFailures(schema: unknown, value: unknown): string[] {
  let validate: ValidateFunction;
  try {
    validate = compile(schema);
  } catch {
    return ["cannot be checked: the field's schema does not compile"];
  }
  if (validate(value)) return [];
  const errors = (validate.errors ?? []).filter((e) => !MOOT.has(e.keyword));
  const phrases = [...new Set(errors.map((e) => (e.instancePath === '' ? phraseOf(e) : `at ${e.instancePath} ${phraseOf(e)}`)))];
  if (phrases.length > MAX_REPORTED) return [...phrases.slice(0, MAX_REPORTED), `fails the field's schema in ${phrases.length - MAX_REPORTED} more ways`];
  return phrases.length > 0 ? phrases : ["does not meet the field's schema"];
}
