// Route matching without per-request rebuilding. openapi-backend's router (5.x) rebuilds its list
// of operations from the document (lodash chains) and compiles one regular expression per path
// template on every matchOperation call, and each request matches twice (our media-type check,
// then handleRequest): measured at ~1 ms of CPU per request, a quarter of a 100-row content list.
// The document never changes after init, so the list and the patterns are built once here; the
// matching order is the library's: exact path first, then templates by literal length (longest
// first, stable), then method — 404 when no path matches, 405 when no method does.
//
// Templates are bucketed by their number of segments: a parameter matches one non-empty segment
// (`[^/]+`), so a path can only match templates with as many segments as it has, and each request
// tests a handful of patterns instead of every one (the order within a bucket is the global one).
//
// openapi-backend also parses path parameters with bath-es5 four times per request (twice when it
// handles it, twice when it validates it), compiling the operation's path template into regular
// expressions every time. bath(template) is a pure function of the template, so precompileRoutes
// memoizes the one openapi-backend calls (per template; the set of templates is the document's).
import { createRequire } from 'node:module';
import type { OpenAPIRouter } from 'openapi-backend';

type Bath = (template: string, patterns?: unknown) => unknown;
let bathMemoized = false;
let bathOfBackend: Bath | undefined;

/** Memoizes the bath-es5 instance openapi-backend's router calls (router.js reads `.default` at each call). */
function memoizeBath(): void {
  if (bathMemoized) return;
  const fromBackend = createRequire(createRequire(import.meta.url).resolve('openapi-backend'));
  const mod = fromBackend('bath-es5') as { default: Bath };
  const original = mod.default;
  const compiled = new Map<string, unknown>();
  mod.default = (template, patterns) => {
    if (patterns !== undefined) return original(template, patterns);
    let parsed = compiled.get(template);
    if (parsed === undefined) {
      parsed = original(template);
      compiled.set(template, parsed);
    }
    return parsed;
  };
  bathMemoized = true;
  bathOfBackend = mod.default;
}

interface RouterInternals {
  normalizeRequest(req: { method: string; path: string }): { method: string; path: string };
  isUnderApiRoot(path: string): boolean;
  normalizePath(path: string): string;
}

export function precompileRoutes(router: OpenAPIRouter): void {
  const operations = router.getOperations();
  const byPath = new Map<string, (typeof operations)[number][]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const escape = (literal: string) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const templates = operations
    .map((op) => ({ op, literal: op.path.replace(/\{.*?\}/g, '').length, pattern: new RegExp(`^${op.path.split(/\{[^}]+\}/).map(escape).join('[^/]+')}$`) }))
    .sort((a, b) => b.literal - a.literal); // Array.prototype.sort is stable, like lodash orderBy
  const segmentsOf = (path: string) => path.split('/').length;
  const bySegments = new Map<number, typeof templates>();
  for (const t of templates) {
    const n = segmentsOf(t.op.path);
    bySegments.set(n, [...(bySegments.get(n) ?? []), t]);
  }
  const internals = router as unknown as RouterInternals;
  memoizeBath();

  router.getOperations = () => operations;
  router.matchOperation = ((request: { method: string; path: string }, strict?: boolean) => {
    const req = internals.normalizeRequest(request);
    const fail = (message: string) => {
      if (strict) throw Error(message);
      return undefined;
    };
    if (!internals.isUnderApiRoot(req.path)) return fail('404-notFound: no route matches request');
    const path = internals.normalizePath(req.path);
    const exact = byPath.get(path)?.find((op) => op.method === req.method);
    if (exact) return exact;
    const matches = (bySegments.get(segmentsOf(path)) ?? []).filter((t) => t.pattern.test(path));
    if (matches.length === 0) return fail('404-notFound: no route matches request');
    return matches.find((t) => t.op.method === req.method)?.op ?? fail('405-methodNotAllowed: this method is not registered for the route');
  }) as OpenAPIRouter['matchOperation'];
}

/**
 * The path parameters of a routed request exactly as openapi-backend's parseRequest reads them
 * (its bath-es5, memoized; percent-decoded, a malformed escape throws), for the validator.
 */
export function routedPathParameters(router: OpenAPIRouter, template: string, path: string): Record<string, string> {
  memoizeBath();
  const internals = router as unknown as RouterInternals;
  const parse = (bathOfBackend!(template) as { params(path: string): Record<string, string> | null }).params;
  return parse(internals.normalizePath(path)) ?? {};
}

/**
 * The path parameters of a matched route, read from the raw path before validation (the access
 * step needs `workspaceId` before anything else is looked at). Percent-decoding is lenient here:
 * a segment that does not decode is kept as sent, and the string rule refuses it later.
 */
export function pathParameters(template: string, rawPath: string): Record<string, string> {
  const names = template.split('/');
  const segments = rawPath.trim().split('/');
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    const key = /^\{(.+)\}$/.exec(name)?.[1];
    if (!key || segments[i] === undefined) return;
    try {
      params[key] = decodeURIComponent(segments[i]!);
    } catch {
      params[key] = segments[i]!;
    }
  });
  return params;
}
