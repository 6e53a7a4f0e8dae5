// Schema-valid example values for any operation of the contract, so the Prism test can call every
// operation generically (new operations join without test changes). The contract's own `examples`,
// `example`, `default`, `const` and `enum` win; otherwise a value is built from the type, format,
// bounds and pattern. Every value is then checked with Ajv (2020-12 + formats) against its schema,
// so a generator shortcoming fails loudly instead of sending Prism a request it would reject.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, any>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CONTRACT_FILE = path.join(repoRoot, 'openapi/dist/openapi.json');
export const contract: Json = JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8'));

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(contract, 'contract');

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows $refs; returns the node and the JSON pointer it lives at (for Ajv). */
export function resolve(node: Json, pointer: string): { node: Json; pointer: string } {
  while (node && typeof node.$ref === 'string') {
    pointer = node.$ref.slice(1);
    node = pointer.split('/').filter(Boolean).reduce<Json>((n, k) => n[unescape(k)], contract);
  }
  return { node, pointer };
}

const FORMAT_EXAMPLES: Record<string, unknown> = {
  uuid: '0190f3a1-7c2b-7d4e-9a10-1234567890ab',
  'date-time': '2026-11-23T08:00:00Z',
  date: '2026-11-23',
  time: '08:00:00Z',
  email: 'editor@example.com',
  uri: 'https://example.com/resource',
  'uri-reference': '/resource',
  url: 'https://example.com/resource',
  hostname: 'example.com',
  ipv4: '203.0.113.7',
  ipv6: '2001:db8::7',
  byte: 'ZXhhbXBsZQ==',
  binary: 'example',
  password: 'Correct-Horse-Battery-9',
};
const PATTERN_CANDIDATES = ['example', 'example-1', 'a', 'A1', 'en', 'en-US', 'x.y', '1', '1.0.0', 'v1', 'abc_def', 'example.namespace', '#336699', 'Example Value', 'editor@example.com'];

function stringValue(schema: Json): string {
  if (typeof schema.format === 'string' && typeof FORMAT_EXAMPLES[schema.format] === 'string') return FORMAT_EXAMPLES[schema.format] as string;
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
  const fits = (s: string) => s.length >= min && s.length <= max && (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
  for (const candidate of PATTERN_CANDIDATES) {
    if (fits(candidate)) return candidate;
    const padded = candidate.padEnd(min, candidate.slice(-1));
    if (fits(padded)) return padded;
  }
  return 'example'.padEnd(min, 'e').slice(0, Math.max(min, Math.min(7, max)));
}

function numberValue(schema: Json, integer: boolean): number {
  let value = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined) ?? 1;
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  if (schema.multipleOf) value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  return integer ? Math.ceil(value) : value;
}

/** An example value for the schema at `pointer` (a JSON pointer into the contract). */
export function exampleFor(raw: Json, pointer: string, depth = 0): unknown {
  const { node: schema, pointer: at } = resolve(raw, pointer);
  if (depth > 12) return null;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s: Json, i: number) => exampleFor(s, `${at}/allOf/${i}`, depth + 1)), objectValue(schema, at, depth));
  }
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) {
      // Non-null branches first; the first whose example validates wins.
      const branches = schema[key].map((branch: Json, i: number) => ({ branch, pointer: `${at}/${key}/${i}` }));
      branches.sort((a: { branch: Json }, b: { branch: Json }) => Number(resolve(a.branch, '').node.type === 'null') - Number(resolve(b.branch, '').node.type === 'null'));
      const candidates = branches.map(({ branch, pointer: p }: { branch: Json; pointer: string }) => ({ value: exampleFor(branch, p, depth + 1), pointer: p }));
      return (candidates.find((c: { value: unknown; pointer: string }) => schemaErrors(c.value, c.pointer) === null) ?? candidates[0])?.value;
    }
  }
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : ['string'];
  const type = types.find((t) => t !== 'null') ?? 'null';
  switch (type) {
    case 'object':
      return objectValue(schema, at, depth);
    case 'array': {
      const prefix: Json[] = schema.prefixItems ?? [];
      const items = prefix.map((s, i) => exampleFor(s, `${at}/prefixItems/${i}`, depth + 1));
      const count = Math.max(schema.minItems ?? 1, items.length);
      while (items.length < count && schema.items && schema.items !== false) items.push(exampleFor(schema.items, `${at}/items`, depth + 1));
      return items;
    }
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringValue(schema);
  }
}

function objectValue(schema: Json, at: string, depth: number): Json {
  const value: Json = {};
  for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
    // Request bodies must not carry server-owned members.
    if (resolve(property, '').node.readOnly) continue;
    value[name] = exampleFor(property, `${at}/properties/${escape(name)}`, depth + 1);
  }
  return value;
}

/** Ajv's verdict on a value for the schema at `pointer`; null when valid. */
export function schemaErrors(value: unknown, pointer: string): string | null {
  const validate = ajv.compile({ $ref: `contract#${pointer}` });
  return validate(value) ? null : ajv.errorsText(validate.errors);
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  pointer: string;
  operation: Json;
  parameters: { node: Json; pointer: string }[];
}

export function contractOperations(): ContractOperation[] {
  const result: ContractOperation[] = [];
  for (const [route, item] of Object.entries<Json>(contract.paths ?? {})) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']) {
      const operation = item[method];
      if (!operation) continue;
      const pointer = `/paths/${escape(route)}/${method}`;
      const parameters = [
        ...(item.parameters ?? []).map((p: Json, i: number) => resolve(p, `/paths/${escape(route)}/parameters/${i}`)),
        ...(operation.parameters ?? []).map((p: Json, i: number) => resolve(p, `${pointer}/parameters/${i}`)),
      ];
      result.push({ operationId: operation.operationId, method: method.toUpperCase(), path: route, pointer, operation, parameters });
    }
  }
  return result;
}

/** `{path, query, header, body}` for an operation, every value checked against its schema. */
export function exampleInput(op: ContractOperation): { input: Json; problems: string[] } {
  const input: Json = {};
  const problems: string[] = [];
  for (const { node: parameter, pointer } of op.parameters) {
    if (parameter.in === 'cookie') continue;
    const value = exampleFor(parameter.schema ?? {}, `${pointer}/schema`);
    const error = schemaErrors(value, `${pointer}/schema`);
    if (error) problems.push(`${parameter.in} parameter ${parameter.name}: ${JSON.stringify(value)} ${error}`);
    (input[parameter.in] ??= {})[parameter.name] = value;
  }
  if (op.operation.requestBody) {
    const { node: body, pointer } = resolve(op.operation.requestBody, `${op.pointer}/requestBody`);
    const types = Object.keys(body.content ?? {}).filter((t) => !t.includes('*'));
    const mediaType = types.find((t) => t === 'application/json') ?? types.find((t) => /json$/.test(t)) ?? types[0];
    if (mediaType) {
      const schemaPointer = `${pointer}/content/${escape(mediaType)}/schema`;
      const value = exampleFor(body.content[mediaType].schema ?? {}, schemaPointer);
      if (/json$/.test(mediaType)) {
        const error = schemaErrors(value, schemaPointer);
        if (error) problems.push(`body: ${error}`);
      }
      input.body = value;
    }
  }
  return { input, problems };
}
