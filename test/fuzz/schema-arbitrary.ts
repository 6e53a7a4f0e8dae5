// Turns a JSON schema of the contract (OpenAPI 3.1, i.e. JSON Schema 2020-12) into a fast-check
// arbitrary of values the schema accepts: the "valid-shaped" half of every fuzz request, which the
// mutations then break. Covered: type (and type arrays), enum, const, the formats the contract uses
// (uuid, date-time, email, uri, int32), pattern, min/maxLength, minimum/maximum (and exclusive),
// items, min/maxItems, uniqueItems, properties, required, additionalProperties, min/maxProperties,
// oneOf/anyOf/allOf and `$ref` into `#/components`. Keywords that only narrow further (not, if/then)
// are ignored: the value may then be refused, which is still a request the server must answer well.
import fc from 'fast-check';
import { deref, type Json } from './contract-operations.js';

export interface SchemaArbitraryOptions {
  /**
   * Supplies the value of a named property or parameter (the world's real ids for `templateId`,
   * `fieldId`, …), usually mixed with `fromSchema`, the value the schema alone would give;
   * `undefined` keeps the schema's.
   */
  readonly override?: (name: string, schema: Json, fromSchema: () => fc.Arbitrary<unknown>) => fc.Arbitrary<unknown> | undefined;
  /** Beyond this many nested `$ref`s only required properties and minimal arrays are generated. */
  readonly maxDepth?: number;
}

const INT32 = { min: -2147483648, max: 2147483647 };
// Valid values stay short (but for an occasional edge value): long and hostile values are the
// mutations' job.
const SPAN = 24;

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

export function schemaArbitrary(document: Json, schema: Json, options: SchemaArbitraryOptions = {}, name = ''): fc.Arbitrary<unknown> {
  return build(document, schema, { override: options.override, maxDepth: options.maxDepth ?? 6 }, name, 0);
}

interface Ctx {
  readonly override?: SchemaArbitraryOptions['override'];
  readonly maxDepth: number;
}

function build(document: Json, raw: Json, ctx: Ctx, name: string, depth: number): fc.Arbitrary<unknown> {
  const isRef = typeof raw?.$ref === 'string';
  const schema = mergeAllOf(document, deref(document, raw ?? {}));
  const d = isRef ? depth + 1 : depth;
  const custom = name ? ctx.override?.(name, schema, () => build(document, schema, ctx, '', d)) : undefined;
  if (custom) return custom;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) {
    // Siblings of anyOf (description, format) apply to every branch.
    const { anyOf: _a, oneOf: _o, ...rest } = schema;
    return fc.oneof(...alternatives.map((alt) => build(document, { ...rest, ...deref(document, alt) }, ctx, name, d)));
  }
  const types = typesOf(schema);
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  // Null is one choice among the others, never the likely one: the non-null shapes matter more.
  const arbs = types.map((t) => ({ weight: t === 'null' && types.length > 1 ? 1 : 4, arbitrary: forType(document, schema, t, ctx, d) }));
  return arbs.length === 1 ? arbs[0]!.arbitrary : fc.oneof(...arbs);
}

function typesOf(schema: Json): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties || schema.required) return ['object'];
  if (schema.items) return ['array'];
  if (schema.pattern || schema.format || schema.minLength !== undefined || schema.maxLength !== undefined) return ['string'];
  return [];
}

function mergeAllOf(document: Json, schema: Json): Json {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  let merged: Json = rest;
  for (const part of allOf as Json[]) {
    const p = mergeAllOf(document, deref(document, part));
    merged = {
      ...merged,
      ...p,
      properties: { ...(merged.properties ?? {}), ...(p.properties ?? {}) },
      required: [...new Set([...((merged.required as string[]) ?? []), ...((p.required as string[]) ?? [])])],
    };
  }
  return merged;
}

function forType(document: Json, schema: Json, type: string, ctx: Ctx, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integerArbitrary(schema);
    case 'number':
      return numberArbitrary(schema);
    case 'string':
      return stringArbitrary(schema);
    case 'array':
      return arrayArbitrary(document, schema, ctx, depth);
    case 'object':
      return objectArbitrary(document, schema, ctx, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function bounds(schema: Json, limits: { min: number; max: number }): { min: number; max: number } {
  let min = typeof schema.minimum === 'number' ? schema.minimum : limits.min;
  let max = typeof schema.maximum === 'number' ? schema.maximum : limits.max;
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, schema.exclusiveMinimum + 1);
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, schema.exclusiveMaximum - 1);
  return { min, max };
}

function integerArbitrary(schema: Json): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, INT32);
  // Mostly small values near the lower bound (page numbers, orders, version numbers), sometimes any.
  const low = Math.max(min, Math.min(max, typeof schema.minimum === 'number' ? schema.minimum : 0));
  return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: low, max: Math.min(max, low + 10) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
}

function numberArbitrary(schema: Json): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, { min: -1e9, max: 1e9 });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function stringArbitrary(schema: Json): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : minLength + SPAN;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return isoDate;
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern as string, 'u');
    // An email-shaped pattern gets real-looking addresses rather than arbitrary characters around an @.
    if (/@/.test(schema.pattern as string)) return fc.emailAddress().filter((s) => fits(s) && pattern.test(s));
    // The bound is generous: a pattern's own minimum (36 characters a uuid, 24 a signature) may lie far
    // above minLength + SPAN, and fast-check refuses a bound below what the pattern needs.
    return fc.stringMatching(pattern, { maxLength: Math.min(maxLength, minLength + SPAN + 4000), size: 'xsmall' }).filter(fits);
  }
  // Now and then a value at an edge the schema allows but a rule below it may not: only blanks,
  // padding, the longest allowed, characters outside ASCII, a surrogate pair.
  const edges = [' '.repeat(Math.max(1, minLength)), '\t', ` ${'x'.repeat(Math.max(0, minLength - 2))} `, 'x'.repeat(Math.min(maxLength, 10_000)), '\u00e9\u00df\u4e2d', '\u{1F600}'].filter(fits);
  const plain = fc.string({ minLength, maxLength: Math.min(maxLength, minLength + SPAN) });
  return edges.length ? fc.oneof({ weight: 6, arbitrary: plain }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : plain;
}

function arrayArbitrary(document: Json, schema: Json, ctx: Ctx, depth: number): fc.Arbitrary<unknown[]> {
  const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const cap = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  const maxLength = depth > ctx.maxDepth ? minLength : Math.min(cap, minLength + 4);
  const items = schema.items ? build(document, schema.items as Json, ctx, '', depth) : fc.jsonValue({ maxDepth: 1 });
  if (schema.uniqueItems) return fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
  return fc.array(items, { minLength, maxLength });
}

function objectArbitrary(document: Json, schema: Json, ctx: Ctx, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const shallow = depth > ctx.maxDepth;
  const props: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries((schema.properties ?? {}) as Json)) {
    const resolved = deref(document, sub as Json);
    if (resolved.readOnly === true) continue;
    if (shallow && !required.has(key)) continue;
    props[key] = build(document, sub as Json, ctx, key, depth);
  }
  const requiredKeys = Object.keys(props).filter((k) => required.has(k));
  // A required property the schema does not describe still has to be present.
  for (const key of required) {
    if (!(key in props)) {
      props[key] = fc.jsonValue({ maxDepth: 1 });
      requiredKeys.push(key);
    }
  }
  const record = fc.record(props, { requiredKeys });
  const extra = schema.additionalProperties;
  if (!extra || extra === true || shallow) return record;
  // A map type (`{slug: PackageResolution}`): a few entries, within maxProperties.
  const maxKeys = Math.min(3, typeof schema.maxProperties === 'number' ? schema.maxProperties : 3);
  const entries = fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), build(document, extra as Json, ctx, '', depth), { maxKeys });
  return fc.tuple(record, entries).map(([r, e]) => ({ ...e, ...r }));
}
