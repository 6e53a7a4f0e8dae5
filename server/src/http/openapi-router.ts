// Binds handlers to the contract's operationIds through openapi-backend, strictly: the document is
// validated as OpenAPI 3.1, requests are validated with Ajv's 2020-12 dialect (formats on, every
// error reported), and start-up fails unless operations and handlers match one to one.
import type { Request, Response } from 'express';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ApiError, badRequest, type ValidationErrors } from '../errors.js';
import { parseAccessRule, type AccessRule } from './access-rule.js';
import { authorize } from './authorize.js';
import type { Dependencies } from '../dependencies.js';
import type { OperationHandler, OperationRequest } from './operation.js';
import { writeResult } from './respond.js';
import { currentRequestContext } from '../context/request-context.js';
import { logUnauthorized } from './unauthorized-log.js';
import { precompileRoutes } from './route-matcher.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** openapi-backend checks documents against the OpenAPI 3.0 meta-schema; ours is 3.1 and is
 * validated by a 3.1-aware validator in `make check` and at start-up (see contract.ts). */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

interface ErrorObjectLike {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Ajv errors → `{ "/title": ["must be string"], "query.page": [...] }`. */
export function toValidationErrors(errors: readonly ErrorObjectLike[]): ValidationErrors {
  const out: ValidationErrors = {};
  for (const e of errors) {
    let at = e.instancePath;
    if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') at += `/${e.params.missingProperty}`;
    if (e.keyword === 'additionalProperties' && typeof e.params.additionalProperty === 'string') {
      at += `/${e.params.additionalProperty}`;
    }
    const [, section = '', ...rest] = at.split('/');
    const key =
      section === 'requestBody'
        ? '/' + rest.join('/')
        : ['path', 'query', 'header', 'cookie'].includes(section)
          ? `${section}.${rest.join('/')}`
          : at || '/';
    const message = e.keyword === 'parse' ? 'is not valid JSON' : (e.message ?? 'is invalid');
    const list = (out[key] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

const JSON_ALIASES = /^(application\/([a-z0-9.+-]+\+)?json|text\/json)$/;

function hasBody(req: Request): boolean {
  return Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
}

function assertAcceptedMediaType(req: Request, accepted: readonly string[] | undefined): void {
  if (!hasBody(req)) return;
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (!accepted) return; // an operation without a body ignores one, as HTTP allows
  const ok = accepted.some((a) => a === type || (a === 'application/json' && JSON_ALIASES.test(type)) || a === '*/*');
  if (!ok) {
    throw new ApiError('unsupported-media-type', `This operation accepts ${accepted.join(', ')}, not ${type || 'a body without a Content-Type'}.`);
  }
}

/** Compiles the request validator of every operation; throws on a schema Ajv cannot compile. */
export function precompileRequestValidators(api: OpenAPIBackend): void {
  api.validator.preCompileRequestValidators();
}

export interface OpenApiRouter {
  handle(req: Request, res: Response): Promise<void>;
  readonly operationIds: readonly string[];
}

export async function createOpenApiRouter(
  document: Document,
  handlers: Readonly<Record<string, OperationHandler>>,
  deps: Dependencies,
): Promise<OpenApiRouter> {
  const api = new OpenApi31Backend({
    definition: structuredClone(document),
    // Quick mode compiles validators lazily; we then precompile the request validators ourselves
    // (below) and never the response validators, which the server does not use at run time and
    // which cost more than half of a full compile.
    quick: true,
    strict: true,
    validate: true,
    coerceTypes: true,
    ajvOpts: { allErrors: true },
    customizeAjv: (_ajv: unknown, opts: object) => {
      const ajv = new Ajv2020({ ...opts, strict: false, allErrors: true });
      addFormats(ajv);
      return ajv as never;
    },
  });
  await api.init();
  // Outside the test suite every request validator is compiled now, so a schema Ajv cannot compile
  // stops start-up. Test servers (dozens per run) compile on first use instead; the contract test
  // compiles them all once, so the suite still catches such a schema.
  if (deps.config.environment !== 'test') precompileRequestValidators(api);
  precompileRoutes(api.router);

  const operations = api.getOperations();
  const rules = new Map<string, AccessRule>();
  // Query parameter names are matched case-insensitively (upstream clients send `Page` and `page`).
  const queryNames = new Map<string, Map<string, string>>();
  for (const op of operations) {
    if (!op.operationId) throw new Error(`${op.method.toUpperCase()} ${op.path} has no operationId`);
    rules.set(op.operationId, parseAccessRule(op.operationId, (op as unknown as Record<string, unknown>)['x-verso-access']));
    const names = new Map<string, string>();
    for (const p of (op.parameters ?? []) as { in?: string; name?: string }[]) {
      if (p.in === 'query' && p.name) names.set(p.name.toLowerCase(), p.name);
    }
    queryNames.set(op.operationId, names);
  }
  // Media types each operation's request body accepts; a body of any other type is 415.
  const bodyTypes = new Map<string, string[]>();
  for (const op of operations) {
    const content = (op.requestBody as { content?: Record<string, unknown> } | undefined)?.content;
    if (content) bodyTypes.set(op.operationId!, Object.keys(content));
  }
  const ids = operations.map((o) => o.operationId!);
  const missing = ids.filter((id) => !handlers[id]);
  const extra = Object.keys(handlers).filter((id) => !ids.includes(id));
  if (missing.length || extra.length) {
    throw new Error(
      `handlers and contract disagree: ${missing.length ? `no handler for ${missing.join(', ')}` : ''}` +
        `${missing.length && extra.length ? '; ' : ''}${extra.length ? `no operation for handler ${extra.join(', ')}` : ''}`,
    );
  }

  api.registerSecurityHandler('bearer', () => true); // credentials are checked by the access step below
  api.register({
    validationFail: (c: Context) => {
      throw badRequest('The request does not match the API contract.', toValidationErrors((c.validation.errors ?? []) as ErrorObjectLike[]));
    },
    notFound: () => {
      throw new ApiError('not-found', 'No route matches this path.');
    },
    methodNotAllowed: (c: Context) => {
      const allowed = operations.filter((o) => api.router.matchOperation({ ...c.request, method: o.method } as never)?.path === o.path);
      const allow = [...new Set(allowed.map((o) => o.method.toUpperCase()))].join(', ');
      throw new ApiError('method-not-allowed', `This route does not support ${c.request.method.toUpperCase()}.`, {}, allow ? { Allow: allow } : {});
    },
    notImplemented: (c: Context) => {
      throw new Error(`no handler for ${c.operation.operationId}`);
    },
  });
  for (const id of ids) {
    const handler = handlers[id]!;
    const rule = rules.get(id)!;
    api.register(id, async (c: Context, req: Request, res: Response) => {
      const auth = await deps.authenticator.authenticate(req.headers.authorization, req.ip ?? '');
      const ctx = currentRequestContext();
      if (ctx && auth.actor) ctx.actor = `${auth.actor.kind}:${auth.actor.id}`;
      if (auth.actor?.sessionExpiresAt) res.setHeader('X-Session-Expires-At', auth.actor.sessionExpiresAt);
      const request: OperationRequest = {
        operationId: id,
        method: req.method,
        path: req.path,
        params: c.request.params ?? {},
        query: c.request.query ?? {},
        headers: req.headers,
        body: c.request.requestBody,
        ip: req.ip ?? '',
      };
      try {
        await authorize(rule, auth.actor, request.params, deps.workspaces);
      } catch (err) {
        if (err instanceof ApiError) {
          if (err.status === 401) logUnauthorized(deps.logger, req, auth);
          // Which decisions the access step made (as opposed to a handler) is what the access-matrix
          // test checks, and what an operator debugging a refusal wants to see.
          deps.logger.debug('access denied', { event: 'access_denied', operationId: id, status: err.status });
        }
        throw err;
      }
      let result;
      try {
        result = await handler({ request, actor: auth.actor, deps, log: deps.logger });
      } catch (err) {
        // Every 401 is logged, also when a credential check (login, change-password) refused it.
        if (err instanceof ApiError && err.status === 401) logUnauthorized(deps.logger, req, auth);
        throw err;
      }
      // A write under a workspace has committed by now: this replica's delivery cache forgets the
      // workspace before the writer can read again (other replicas hear of it through NOTIFY).
      if (req.method !== 'GET' && req.method !== 'HEAD' && typeof request.params.workspaceId === 'string') {
        deps.deliveryCache.invalidate(request.params.workspaceId);
      }
      writeResult(res, result);
    });
  }

  return {
    operationIds: ids,
    async handle(req, res) {
      const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      let matched: string | undefined;
      try {
        matched = api.router.matchOperation({ method: req.method, path: req.path, headers: {} } as never)?.operationId;
      } catch {
        matched = undefined;
      }
      if (matched) assertAcceptedMediaType(req, bodyTypes.get(matched));
      const names = matched ? queryNames.get(matched) : undefined;
      if (names) {
        for (const key of Object.keys(query)) {
          const canonical = names.get(key.toLowerCase());
          if (canonical && canonical !== key && !(canonical in query)) {
            query[canonical] = query[key];
            delete query[key];
          }
        }
      }
      await api.handleRequest(
        { method: req.method, path: req.path, query: query as never, body: req.body, headers: req.headers as never },
        req,
        res,
      );
    },
  };
}
