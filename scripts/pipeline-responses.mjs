// The answers the server's shared request pipeline (server/src/http/openapi-router.ts) can give an
// operation whatever its handler does, declared on every operation when the contract is bundled,
// so that no operation can forget one and the paths stay about what each operation does itself:
//
//   304 NotModified           every GET whose 200 declares an ETag header: the response writer
//                             (express's send) answers If-None-Match naming that tag, or `*`,
//                             with 304 and no body, whatever the handler
//   400 BadRequest            every operation: parameters and bodies are validated, an undeclared
//                             query parameter is refused, and the string rule covers every query
//   401 Unauthorized          every operation that is not public
//   403 Forbidden             every operation that is not public: the access rule can refuse a
//                             role or grant, and a preview token (issue #27) may call only the
//                             operations marked `preview: true` in their rule
//   404 NotFound              the rule checks workspace access and the path names `{workspaceId}`
//   412 PreconditionFailed    the operation declares `If-Match` (missing or stale → 412)
//   413 PayloadTooLarge       the operation takes a body
//   415 UnsupportedMediaType  the operation takes a body
//   429 TooManyRequests       every operation not marked `x-verso-rate-limit: exempt` (health,
//                             the API docs, the 1.0 package schema)
//   500 InternalServerError   every operation: an unexpected failure can always happen
//
// A status the source already declares is kept as written (its description may say more).
// Statuses a handler sends (404 for an unknown id, 409, 422, …) are declared in the paths.
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const responseRef = (name) => ({ $ref: `#/components/responses/${name}` });

function resolve(doc, node) {
  let current = node;
  while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((n, k) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/** A GET whose 200 declares an ETag header (the answers express's conditional GET applies to). */
function sendsETag(doc, pathItem, operation) {
  if (pathItem.get !== operation) return false;
  const ok = resolve(doc, operation.responses?.['200']);
  return Object.keys(ok?.headers ?? {}).some((name) => name.toLowerCase() === 'etag');
}

/** Status → shared response name, for the statuses the pipeline can send this operation. */
export function pipelineResponses(doc, route, pathItem, operation) {
  const access = operation['x-verso-access'] ?? {};
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(doc, p));
  const out = {};
  if (sendsETag(doc, pathItem, operation)) out[304] = 'NotModified';
  out[400] = 'BadRequest';
  if (access.public !== true) {
    out[401] = 'Unauthorized';
    out[403] = 'Forbidden';
    if ((access.workspace === 'Read' || access.workspace === 'Write') && route.includes('{workspaceId}')) out[404] = 'NotFound';
  }
  if (parameters.some((p) => p?.in === 'header' && String(p.name).toLowerCase() === 'if-match')) out[412] = 'PreconditionFailed';
  if (operation.requestBody) {
    out[413] = 'PayloadTooLarge';
    out[415] = 'UnsupportedMediaType';
  }
  if (operation['x-verso-rate-limit'] !== 'exempt') out[429] = 'TooManyRequests';
  out[500] = 'InternalServerError';
  return out;
}

/** Adds the pipeline's responses to every operation of a bundled document, in status order. */
export function declarePipelineResponses(doc) {
  for (const [route, pathItem] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const responses = { ...(operation.responses ?? {}) };
      for (const [status, name] of Object.entries(pipelineResponses(doc, route, pathItem, operation))) {
        responses[status] ??= responseRef(name);
      }
      operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
  return doc;
}
