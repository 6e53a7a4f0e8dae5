// Every response a test receives is checked against the contract: the status must be documented
// for the matched operation (every status, the pipeline's included), the content type offered, and
// a JSON body must match its schema. A binary answer (a file) and the bodiless answers of the same
// operation (304) must carry every header their response documents, each matching its schema.
// A HEAD is checked as its path's GET (the contract's blanket rule): the same statuses, content
// types and documented headers, and never a body.
// A mismatch throws, failing the test, so the document cannot drift from what the server does.
import fs from 'node:fs';
import { OpenAPIRouter, type Document } from 'openapi-backend';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { CONTRACT_PATH } from '../../server/src/contract.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, unknown>;

const document = JSON.parse(fs.readFileSync(CONTRACT_PATH, 'utf8')) as Json;
const router = new OpenAPIRouter({ definition: document as unknown as Document });
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema(document, 'contract');
const compiled = new Map<string, ValidateFunction>();

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function resolveRef(node: Json): { node: Json; pointer: string | null } {
  let pointer: string | null = null;
  while (typeof node.$ref === 'string') {
    pointer = node.$ref.slice(1);
    node = pointer.split('/').filter(Boolean).reduce<Json>((n, k) => n[k.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, document);
  }
  return { node, pointer };
}

function validatorFor(schemaPointer: string): ValidateFunction {
  let v = compiled.get(schemaPointer);
  if (!v) {
    v = ajv.compile({ $ref: `contract#${schemaPointer}` });
    compiled.set(schemaPointer, v);
  }
  return v;
}

export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

export interface ObservedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
  headers: Headers;
}

export function assertMatchesContract(r: ObservedResponse): void {
  const where = `${r.method} ${r.path} → ${r.status}`;
  if (!r.headers.get('x-correlation-id')) throw new ContractViolation(`${where}: no X-Correlation-Id header`);
  const head = r.method.toUpperCase() === 'HEAD';
  if (head && r.body !== undefined && r.body !== '') throw new ContractViolation(`${where}: a HEAD answer carried a body`);
  let operation: Json | undefined;
  try {
    operation = router.matchOperation({ method: head ? 'GET' : r.method, path: r.path, headers: {} } as never, true) as unknown as Json;
  } catch {
    operation = undefined;
  }
  const mediaType = r.contentType?.split(';')[0]?.trim() ?? null;
  if (!operation) {
    // Unknown route or method: the pipeline must still answer with a problem.
    if (mediaType !== 'application/problem+json') throw new ContractViolation(`${where}: unmatched route did not answer with a problem`);
    if (!head) checkBody(where, '/components/schemas/ProblemDetails', r.body);
    return;
  }
  const responses = operation.responses as Json;
  const statusKey = String(r.status);
  let responseKey: string | undefined = statusKey in responses ? statusKey : undefined;
  if (!responseKey && `${statusKey[0]}XX` in responses) responseKey = `${statusKey[0]}XX`;
  // No exceptions: the pipeline's own answers (400, 413, 415, 500, …) are declared on every
  // operation they apply to (scripts/pipeline-responses.mjs), so an undeclared one is a defect.
  if (!responseKey) {
    throw new ContractViolation(`${where}: status not documented for ${String(operation.operationId)} (documented: ${Object.keys(responses).join(', ')})`);
  }
  const opPath = `/paths/${escapePointer(operation.path as string)}/${String(operation.method).toLowerCase()}/responses/${responseKey}`;
  const { node: response, pointer } = resolveRef(responses[responseKey] as Json);
  const base = pointer ?? opPath;
  const content = response.content as Json | undefined;
  if (!content) {
    if (r.body !== undefined && r.body !== '') throw new ContractViolation(`${where}: documented without a body but one was sent`);
    if (r.status < 400 && isBinaryOperation(operation)) checkHeaders(where, response, r.headers);
    return;
  }
  const documented = mediaType ? documentedMediaType(mediaType, Object.keys(content)) : undefined;
  if (!documented) {
    throw new ContractViolation(`${where}: content type ${mediaType} not documented (documented: ${Object.keys(content).join(', ')})`);
  }
  if (isBinary(content[documented] as Json)) checkHeaders(where, response, r.headers);
  if (mediaType!.endsWith('json') && !head) checkBody(where, `${base}/content/${escapePointer(documented)}/schema`, r.body);
}

/** The content key a media type falls under: itself, else `type/*`, else `*\/*` (RFC 9110 ranges). */
function documentedMediaType(mediaType: string, keys: readonly string[]): string | undefined {
  const [type] = mediaType.split('/');
  return [mediaType, `${type}/*`, '*/*'].find((k) => keys.includes(k));
}

function isBinary(mediaTypeObject: Json | undefined): boolean {
  const schema = mediaTypeObject?.schema as Json | undefined;
  return schema?.type === 'string' && (schema.format === 'binary' || typeof schema.contentMediaType === 'string');
}

/** A binary operation's answer (a file, its 304): no JSON body to check, so its headers are checked. */
function isBinaryOperation(operation: Json): boolean {
  return Object.values(operation.responses as Json).some((r) =>
    Object.values((resolveRef(r as Json).node.content ?? {}) as Json).some((m) => isBinary(m as Json)),
  );
}

/**
 * Every header the response documents must be present and match its schema. Checked for binary
 * answers (and the bodiless answers of the same operations), where the headers are the contract:
 * Content-Length, Content-Range, ETag, Cache-Control, …
 */
function checkHeaders(where: string, response: Json, headers: Headers): void {
  for (const [name, raw] of Object.entries((response.headers ?? {}) as Json)) {
    const { node, pointer } = resolveRef(raw as Json);
    const value = headers.get(name);
    if (value === null) throw new ContractViolation(`${where}: documented header ${name} missing`);
    const schema = node.schema as Json | undefined;
    if (!schema || !pointer) continue;
    const typed = schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;
    const validate = validatorFor(`${pointer}/schema`);
    if (!validate(typed)) throw new ContractViolation(`${where}: header ${name}: ${JSON.stringify(value)} does not match the contract`);
  }
}

function checkBody(where: string, schemaPointer: string, body: unknown): void {
  const validate = validatorFor(schemaPointer);
  if (!validate(body)) {
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new ContractViolation(`${where}: body does not match the contract: ${errors}\nbody: ${JSON.stringify(body).slice(0, 500)}`);
  }
}
