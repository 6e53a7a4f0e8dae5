// Generates sdk-ts/src/generated/operations.ts from openapi/dist/openapi.json: one typed method per
// operationId plus a runtime catalogue (method, path, parameters, body, paging, If-Match) that the
// hand-written transport uses to build requests. Run by scripts/generate.mjs (`make generate`);
// with --check it writes nothing and exits 1 when the committed file would change.
//
// The output depends only on the bundled contract (operations sorted by operationId, keys in a
// fixed order), so regenerating an unchanged contract is a no-op and drift is detectable.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(sdkRoot, '..');
// --contract/--out exist for trying the generator on another document; `make generate` uses neither.
const argValue = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? path.resolve(process.argv[i + 1]) : undefined;
};
const CONTRACT = argValue('--contract') ?? path.join(repoRoot, 'openapi/dist/openapi.json');
const OUTPUT = argValue('--out') ?? path.join(sdkRoot, 'src/generated/operations.ts');
const RELATIVE_OUTPUT = path.relative(repoRoot, OUTPUT);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const PAGE_ENVELOPE = ['items', 'totalCount', 'page', 'pageSize', 'totalPages'];
// Members of VersoClient itself; an operationId with one of these names would shadow it.
const RESERVED = new Set(['constructor', 'call', 'send', 'invoke', 'paginate', 'listAll', 'options', 'sessionExpiresAt', 'circuitState', 'etags']);

const check = process.argv.includes('--check');
const doc = JSON.parse(fs.readFileSync(CONTRACT, 'utf8'));

function resolve(node) {
  const seen = new Set();
  while (node && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`circular $ref ${node.$ref}`);
    seen.add(node.$ref);
    if (!node.$ref.startsWith('#/')) throw new Error(`only local refs are supported, got ${node.$ref}`);
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((n, k) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    if (node === undefined) throw new Error(`unresolved $ref in contract`);
  }
  return node;
}

/** Path-item parameters apply to every operation unless the operation redefines name + location. */
function parametersOf(pathItem, op) {
  const byKey = new Map();
  for (const p of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])].map(resolve)) byKey.set(`${p.in}:${p.name}`, p);
  return [...byKey.values()];
}

function isUuidSchema(schema) {
  const s = resolve(schema ?? {});
  return s?.format === 'uuid';
}

/** A 2xx JSON response whose schema has the paging envelope makes a list operation paged. */
function pagedInfo(op, params) {
  const page = params.find((p) => p.in === 'query' && p.name === 'page');
  const pageSize = params.find((p) => p.in === 'query' && p.name === 'pageSize');
  if (!page || !pageSize) return null;
  const ok = resolve(op.responses?.['200'] ?? {});
  const schema = resolve(ok?.content?.['application/json']?.schema ?? {});
  const props = resolve(schema)?.properties ?? {};
  if (!PAGE_ENVELOPE.every((k) => k in props)) return null;
  const sizeSchema = resolve(pageSize.schema ?? {});
  return { maxPageSize: typeof sizeSchema.maximum === 'number' ? sizeSchema.maximum : null };
}

function successMediaTypes(op) {
  const types = new Set();
  for (const [code, response] of Object.entries(op.responses ?? {})) {
    if (!/^2(\d\d|XX)$/.test(code)) continue;
    for (const type of Object.keys(resolve(response).content ?? {})) types.add(type);
  }
  return [...types].sort();
}

function collect() {
  const operations = [];
  for (const [route, rawItem] of Object.entries(doc.paths ?? {})) {
    const pathItem = resolve(rawItem);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!op) continue;
      const id = op.operationId;
      if (typeof id !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(id)) throw new Error(`${method.toUpperCase()} ${route}: operationId must be camelCase, got ${id}`);
      if (RESERVED.has(id)) throw new Error(`operationId ${id} collides with a VersoClient member`);
      const params = parametersOf(pathItem, op);
      const body = op.requestBody ? resolve(op.requestBody) : null;
      operations.push({
        id,
        method: method.toUpperCase(),
        path: route,
        summary: op.summary ?? '',
        deprecated: op.deprecated === true,
        access: op['x-verso-access'] ?? null,
        anonymous: Array.isArray(op.security) && op.security.length === 0,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        uuidPathParams: params.filter((p) => p.in === 'path' && isUuidSchema(p.schema)).map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        headerParams: params.filter((p) => p.in === 'header').map((p) => p.name),
        requiresInput:
          params.some((p) => p.required === true && p.in !== 'cookie') || body?.required === true,
        body: body ? { required: body.required === true, mediaTypes: Object.keys(body.content ?? {}).sort() } : null,
        accept: successMediaTypes(op),
        paged: pagedInfo(op, params),
        ifMatch: params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'if-match'),
      });
    }
  }
  return operations.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function describeAccess(access, anonymous) {
  if (!access || access.public || anonymous) return 'public';
  const parts = [];
  if (access.role) parts.push(`role ${access.role}`);
  if (access.workspace) parts.push(`workspace ${access.workspace}`);
  if (access.superadmin) parts.push('host superadmin');
  return parts.join(', ') || 'authenticated';
}

function specLiteral(op) {
  const spec = {
    method: op.method,
    path: op.path,
    pathParams: op.pathParams,
    uuidPathParams: op.uuidPathParams,
    queryParams: op.queryParams,
    headerParams: op.headerParams,
    body: op.body,
    accept: op.accept,
    paged: op.paged,
    ifMatch: op.ifMatch,
    anonymous: op.anonymous,
  };
  return JSON.stringify(spec);
}

function render(operations) {
  const out = [];
  out.push('// DO NOT EDIT: generated from openapi/dist/openapi.json by sdk-ts/scripts/generate-operations.mjs (`make generate`).');
  out.push('/* eslint-disable */');
  out.push("import type { CallOptions, OperationId, OperationInput, OperationResult } from '../operations/operation-types.js';");
  out.push("import type { OperationSpec } from '../operations/operation-spec.js';");
  out.push('');
  out.push('/** What the transport needs to know about each operation, taken from the contract. */');
  out.push('export const operationSpecs = {');
  for (const op of operations) out.push(`  ${op.id}: ${specLiteral(op)},`);
  out.push('} as const satisfies { readonly [Id in OperationId]: OperationSpec };');
  out.push('');
  out.push('/** Operations whose response is the `{items,totalCount,page,pageSize,totalPages}` envelope with `page`/`pageSize` query parameters. */');
  const paged = operations.filter((o) => o.paged).map((o) => `'${o.id}'`);
  out.push(`export type PagedOperationId = ${paged.length ? paged.join(' | ') : 'never'};`);
  out.push('');
  out.push('/** One method per operation in the contract; VersoClient supplies `invoke` (the resilient transport). */');
  out.push('export abstract class VersoOperations {');
  out.push('  protected abstract invoke<Id extends OperationId>(operationId: Id, input: OperationInput<Id> | undefined, options: CallOptions | undefined): Promise<OperationResult<Id>>;');
  for (const op of operations) {
    out.push('');
    out.push('  /**');
    if (op.summary) out.push(`   * ${op.summary.replace(/\*\//g, '*\\/')}`);
    if (op.summary) out.push('   *');
    out.push(`   * \`${op.method} ${op.path}\` — access: ${describeAccess(op.access, op.anonymous)}.${op.paged ? ' Paged: see `paginate`/`listAll`.' : ''}`);
    if (op.deprecated) out.push('   * @deprecated');
    out.push('   */');
    const optional = op.requiresInput ? '' : '?';
    out.push(`  ${op.id}(input${optional}: OperationInput<'${op.id}'>, options?: CallOptions): Promise<OperationResult<'${op.id}'>> {`);
    out.push(`    return this.invoke('${op.id}', input, options);`);
    out.push('  }');
  }
  out.push('}');
  out.push('');
  return out.join('\n');
}

const content = render(collect());
const current = fs.existsSync(OUTPUT) ? fs.readFileSync(OUTPUT, 'utf8') : null;
if (current === content) process.exit(0);
if (check) {
  console.error(`${RELATIVE_OUTPUT} is stale`);
  process.exit(1);
}
fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
fs.writeFileSync(OUTPUT, content);
console.log(`wrote ${RELATIVE_OUTPUT}`);
