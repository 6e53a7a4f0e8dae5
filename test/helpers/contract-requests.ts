// Every operation of the bundled contract, and a request each would accept: the smallest valid
// value of every required parameter and of the body, built from the schemas (examples and defaults
// first). Tests that walk the whole contract (the access matrix, If-Match, declared statuses) use
// these, so an operation added later joins them without touching the tests.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { CONTRACT_FILE } from './prism.js';

export type Json = Record<string, any>;

export const document = JSON.parse(fs.readFileSync(CONTRACT_FILE, 'utf8')) as Json;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(document, 'contract');

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export interface ContractOperation {
  id: string;
  method: string;
  path: string;
  pointer: string;
  rule: Json;
  op: Json;
  parameters: Json[];
}

export const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export const resolve = (node: Json): Json => {
  while (node && typeof node.$ref === 'string') {
    node = (node.$ref as string).slice(2).split('/').reduce((n: Json, k: string) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return node;
};

export const operations: ContractOperation[] = [];
for (const [p, item] of Object.entries(document.paths as Json)) {
  for (const method of METHODS) {
    const op = (item as Json)[method];
    if (!op) continue;
    const parameters = [...((item as Json).parameters ?? []), ...(op.parameters ?? [])].map(resolve);
    operations.push({ id: op.operationId, method: method.toUpperCase(), path: p, pointer: `#/paths/${escapePointer(p)}/${method}`, rule: op['x-verso-access'], op, parameters });
  }
}

/** The operation declares an If-Match header parameter. */
export const declaresIfMatch = (op: ContractOperation) => op.parameters.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'if-match');
/** The operation's request body, resolved, or undefined. */
export const requestBodyOf = (op: ContractOperation): Json | undefined => (op.op.requestBody ? resolve(op.op.requestBody) : undefined);

const STRING_CANDIDATES = ['x', 'a1', 'abc', 'a-b', 'A', '1', '1.0.0', 'a.b', 'x@example.test', 'https://example.test/'];

/** The smallest value the schema accepts (examples and defaults first, then required parts only). */
export function sample(raw: Json, depth = 0): unknown {
  const schema = resolve(raw);
  if (depth > 12) return null;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if ('example' in schema) return schema.example;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum.find((v: unknown) => v !== null) ?? schema.enum[0];
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(schema[key])) return sample(schema[key].find((s: Json) => resolve(s).type !== 'null') ?? schema[key][0], depth + 1);
  }
  if (Array.isArray(schema.allOf)) return Object.assign({}, ...schema.allOf.map((s: Json) => sample(s, depth + 1)));
  const type = Array.isArray(schema.type) ? (schema.type.find((t: string) => t !== 'null') ?? 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (type === undefined && !schema.properties) return {};
      const out: Json = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name] ?? {}, depth + 1);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      switch (schema.format) {
        case 'uuid':
          return crypto.randomUUID();
        case 'date-time':
          return new Date(Date.now() + 86_400_000).toISOString();
        case 'date':
          return '2030-01-01';
        case 'email':
          return 'x@example.test';
        case 'uri':
          return 'https://example.test/';
      }
      const min = Math.max(schema.minLength ?? 1, 1);
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : null;
      const found = STRING_CANDIDATES.map((c) => c.padEnd(min, c.at(-1))).find((c) => !pattern || pattern.test(c));
      return found ?? 'x'.repeat(min);
    }
  }
  return null;
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function validatorFor(schemaPointer: string): ReturnType<typeof ajv.compile> {
  let validate = validators.get(schemaPointer);
  if (!validate) validators.set(schemaPointer, (validate = ajv.compile({ $ref: `contract${schemaPointer}` })));
  return validate;
}

function checked(op: ContractOperation, where: string, schemaPointer: string, value: unknown): unknown {
  const validate = validatorFor(schemaPointer);
  if (!validate(value)) {
    throw new Error(`${op.id}: cannot build a valid ${where} (${ajv.errorsText(validate.errors)}); add \`examples\` to its schema`);
  }
  return value;
}

/** A multipart/form-data body for `fields`: text parts for its members, a one-pixel PNG as `file`. */
function multipartForm(fields: Record<string, unknown>): { bytes: Buffer; contentType: string } {
  const boundary = '----verso-contract-request';
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const parts = Object.entries(fields)
    .filter(([k]) => k !== 'file')
    .map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pixel.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface BuiltRequest {
  url: string;
  /** JSON to send, or the bytes of a multipart form (its Content-Type, with the boundary, in `headers`). */
  body?: unknown;
  headers: Record<string, string>;
}

/**
 * A request the contract accepts for `op`: path parameters sampled (`workspaceId` as given),
 * required query and header parameters, a stale `If-Match` where the operation declares one,
 * and a valid body.
 */
export function buildRequest(op: ContractOperation, workspaceId: string): BuiltRequest {
  let url = op.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  op.parameters.forEach((p) => {
    if (p.in === 'path') {
      const value = p.name === 'workspaceId' ? workspaceId : sample(p.schema);
      url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    } else if (p.in === 'query' && p.required) {
      query.set(p.name, String(sample(p.schema)));
    } else if (p.in === 'header' && p.name.toLowerCase() === 'if-match') {
      headers['if-match'] = '"matrix-stale"';
    } else if (p.in === 'header' && p.required) {
      headers[p.name] = String(sample(p.schema));
    }
  });
  const content = requestBodyOf(op)?.content as Json | undefined;
  if (!content) return { url: url + (query.size ? `?${query}` : ''), headers };
  const mediaType = 'application/json' in content ? 'application/json' : Object.keys(content)[0]!;
  const pointer = `${op.pointer}/requestBody/content/${escapePointer(mediaType)}/schema`;
  const schema = resolve(content[mediaType].schema ?? {});
  // A body that is one of several shapes: the first alternative whose sample the contract accepts.
  const alternatives: Json[] = schema.anyOf ?? schema.oneOf ?? [schema];
  const candidates = alternatives.map((alt) => sample(alt));
  const validate = validatorFor(pointer);
  const body = checked(op, 'request body', pointer, candidates.find((c) => validate(c)) ?? candidates[0]);
  if (mediaType === 'multipart/form-data') {
    // A real form (the sample's text members as fields, a small PNG as the file): the server parses
    // multipart bodies itself, after the pipeline's steps, and needs a boundary to do so.
    const form = multipartForm(body as Record<string, unknown>);
    return { url: url + (query.size ? `?${query}` : ''), headers: { ...headers, 'content-type': form.contentType }, body: form.bytes };
  }
  if (mediaType !== 'application/json') headers['content-type'] = mediaType;
  return { url: url + (query.size ? `?${query}` : ''), headers, body };
}
