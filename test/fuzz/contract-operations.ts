// The operations the fuzzer drives, read from the bundled contract at run time: parameters (path
// level merged under operation level), request body media types and schema, the response keys the
// oracle accepts, and the access rule. Nothing here is hard-coded per operation, so a contract
// change (a new operation, a newly declared status) reaches the fuzzer without editing it.
import fs from 'node:fs';
import { CONTRACT_PATH } from '../../server/src/contract.js';

export type Json = Record<string, any>;

export interface ParameterSpec {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required: boolean;
  readonly schema: Json;
  /** `deepObject` for an object sent as `name[key][…]=value` pairs (listContent's field filters). */
  readonly style?: string;
}

export interface BodySpec {
  readonly required: boolean;
  readonly mediaTypes: readonly string[];
  readonly schema: Json;
}

export interface AccessSpec {
  readonly public?: boolean;
  readonly role?: 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin';
  readonly workspace?: 'None' | 'Read' | 'Write';
  readonly superadmin?: boolean;
}

export interface OperationSpec {
  readonly operationId: string;
  readonly method: string;
  /** The path template as the contract writes it (`/api/v1/users/{id}`). */
  readonly path: string;
  readonly parameters: readonly ParameterSpec[];
  readonly body?: BodySpec;
  /** Response keys exactly as declared: `200`, `4XX`, `default`, … */
  readonly responses: readonly string[];
  readonly access: AccessSpec;
}

export function readContract(file = CONTRACT_PATH): Json {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Json;
}

/** Follows `$ref`s into the document (`#/components/...`) until a node without one. */
export function deref(document: Json, node: Json): Json {
  let seen = 0;
  while (node && typeof node.$ref === 'string') {
    if (++seen > 64) throw new Error(`$ref cycle at ${node.$ref}`);
    const ref: string = node.$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, not ${ref}`);
    node = ref
      .slice(2)
      .split('/')
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((n, k) => n?.[k], document);
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
  }
  return node;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export function loadOperations(document: Json): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [path, rawItem] of Object.entries(document.paths as Json)) {
    const item = deref(document, rawItem as Json);
    const shared = ((item.parameters ?? []) as Json[]).map((p) => deref(document, p));
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const own = ((op.parameters ?? []) as Json[]).map((p) => deref(document, p));
      // Operation-level parameters override path-level ones with the same name and location.
      const merged = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const requestBody = op.requestBody ? deref(document, op.requestBody as Json) : undefined;
      let body: BodySpec | undefined;
      if (requestBody?.content) {
        const mediaTypes = Object.keys(requestBody.content as Json);
        const first = (requestBody.content as Json)[mediaTypes[0]!] as Json;
        body = { required: requestBody.required === true, mediaTypes, schema: (first.schema ?? {}) as Json };
      }
      operations.push({
        operationId: String(op.operationId),
        method: method.toUpperCase(),
        path,
        parameters: merged.map((p) => ({
          name: String(p.name),
          in: p.in,
          required: p.required === true,
          schema: (p.schema ?? {}) as Json,
          ...(typeof p.style === 'string' ? { style: p.style } : {}),
        })),
        body,
        responses: Object.keys((op.responses ?? {}) as Json),
        access: (op['x-verso-access'] ?? {}) as AccessSpec,
      });
    }
  }
  return operations;
}

/** True when `status` is one the operation declares: exactly, by range (`4XX`) or through `default`. */
export function declaresStatus(op: OperationSpec, status: number): boolean {
  const key = String(status);
  return op.responses.includes(key) || op.responses.includes(`${key[0]}XX`) || op.responses.includes('default');
}

/**
 * Which operation a request reaches, decided as the server's router decides it (openapi-backend:
 * trailing slashes ignored, an exact path before templates, templates with more literal text
 * first, then the method; HEAD as GET). A mutation that empties a path parameter can address another route,
 * whose declared statuses then apply; a path no route matches may only be 404, a route without
 * that method only 405 — neither belongs to any operation.
 */
export class RouteTable {
  private readonly templates: { op: OperationSpec; literal: number; pattern: RegExp }[];

  constructor(private readonly operations: readonly OperationSpec[]) {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    this.templates = operations
      .map((op) => ({ op, literal: op.path.replace(/\{.*?\}/g, '').length, pattern: new RegExp(`^${op.path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`) }))
      .sort((a, b) => b.literal - a.literal);
  }

  match(method: string, target: string): OperationSpec {
    let path = target.split('?')[0]!.trim();
    while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const exact = this.operations.filter((o) => o.path === path);
    const candidates = exact.length ? exact : this.templates.filter((t) => t.pattern.test(path)).map((t) => t.op);
    // A HEAD is its path's GET (the contract's blanket rule), as the server routes it.
    const routed = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const hit = candidates.find((o) => o.method === routed);
    if (hit) return hit;
    return candidates.length
      ? { operationId: '(method not allowed)', method, path, parameters: [], responses: ['405'], access: { public: true } }
      : { operationId: '(no route)', method, path, parameters: [], responses: ['404'], access: { public: true } };
  }
}
