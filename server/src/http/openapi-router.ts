// Binds handlers to the contract's operationIds through openapi-backend, strictly: the document is
// validated as OpenAPI 3.1, requests are validated with Ajv's 2020-12 dialect (formats on, every
// error reported), and start-up fails unless operations and handlers match one to one.
//
// The order every request goes through (handle(), below), each step before the next can cost
// anything or say anything about the request (steps 6–7 of a bodiless GET without
// openapi-backend's handleRequest: parameter-validation.ts):
//   1. routing — 404 for no path, 405 (with Allow) for no method; HEAD is routed as the path's
//      GET (RFC 9110 §9.3.2: the same status and headers, no body), so it is never listed
//      per operation (the contract says so once, in its description);
//   2. authentication — 401 on an operation that is not public;
//   3. the operation's access rule (x-verso-access) — 404 for a workspace not visible, 403;
//   4. the body, read only now and only as the contract declares it — 415, 413, 400 (a
//      multipart body is not read at all: its handler gets the stream, see operation.ts);
//   5. the string rule over path, query, declared headers and body — 400;
//   6. contract validation of parameters and body — 400;
//   7. If-Match present on every operation that declares it — 412;
//   8. the handler.
// So an anonymous or under-privileged caller never gets validation details and never makes the
// server parse a body.
import type { Request, Response } from 'express';
import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ApiError, badRequest, type ValidationErrors } from '../errors.js';
import { MESSAGES_KEYWORD, type ValidatorError } from './validation-messages.js';
import {
  contractViolation,
  createDirectValidator,
  deepObjectParameters,
  foldDeepObjectQuery,
  isDirectlyValidated,
  type ValidatedParameters,
} from './parameter-validation.js';
import type { AuthenticationResult } from '../access/authentication.js';
import { parseAccessRule, type AccessRule } from './access-rule.js';
import { authorize } from './authorize.js';
import type { Dependencies } from '../dependencies.js';
import {
  reply,
  type HandlerMap,
  type HandlerResult,
  type OperationContext,
  type OperationRequest,
  type StreamedRequestBody,
} from './operation.js';
import { writeResult } from './respond.js';
import { currentRequestContext } from '../context/request-context.js';
import { logUnauthorized } from './unauthorized-log.js';
import { pathParameters, precompileRoutes } from './route-matcher.js';
import { bodyRuleOf, createBodyReader, takeStreamedBodies, type BodyRule } from './request-body.js';
import { checkHeaderStrings, checkJsonStrings, checkPathStrings, checkQueryStrings } from './string-rule.js';
import { requireIfMatchPresent, takeIfMatchOperations } from './if-match.js';
import { takeEdgeAuthentication } from './edge/edge.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** openapi-backend checks documents against the OpenAPI 3.0 meta-schema; ours is 3.1 and is
 * validated by a 3.1-aware validator in `make check` and at start-up (see contract.ts). */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition() {
    return this.document;
  }
}

/** The method a request is routed and handled as: HEAD is its path's GET (respond.ts leaves the body out). */
function routedMethod(req: Request): string {
  return req.method === 'HEAD' ? 'GET' : req.method;
}

function rawQueryOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/** A header parameter an operation declares: its name as declared, and as Node's lower-case key. */
interface HeaderParameter {
  readonly name: string;
  readonly key: string;
}

function headerParametersOf(parameters: unknown): HeaderParameter[] {
  return ((parameters ?? []) as { in?: string; name?: string }[])
    .filter((p) => p.in === 'header' && p.name)
    .map((p) => ({ name: p.name!, key: p.name!.toLowerCase() }));
}

/** The declared header parameters this request carries, each with its value (repeated ones joined). */
function declaredHeaderValues(declared: readonly HeaderParameter[], req: Request): [HeaderParameter, string][] {
  return declared.flatMap((p): [HeaderParameter, string][] => {
    const value = req.headers[p.key];
    return value === undefined ? [] : [[p, Array.isArray(value) ? value.join(', ') : value]];
  });
}

/** Compiles the request validator of every operation; throws on a schema Ajv cannot compile. */
export function precompileRequestValidators(api: OpenAPIBackend): void {
  api.validator.preCompileRequestValidators();
}

/**
 * openapi-backend over the contract as the router uses it (`definition` as createOpenApiRouter
 * prepares it): strict, validating with Ajv's 2020-12 dialect, coercing, every error reported.
 */
export async function createContractBackend(definition: Document): Promise<OpenAPIBackend> {
  const api = new OpenApi31Backend({
    definition,
    // Quick mode compiles validators lazily; we then precompile the request validators ourselves
    // (below) and never the response validators, which the server does not use at run time and
    // which cost more than half of a full compile.
    quick: true,
    strict: true,
    validate: true,
    coerceTypes: true,
    ajvOpts: { allErrors: true },
    customizeAjv: (_ajv: unknown, opts: object) => {
      // `verbose` gives each finding the schema object it came from, where the contract keeps the
      // finding's sentence (x-verso-messages, an annotation: it validates nothing).
      const ajv = new Ajv2020({ ...opts, strict: false, allErrors: true, verbose: true });
      addFormats(ajv);
      ajv.addKeyword({ keyword: MESSAGES_KEYWORD, schemaType: 'object' });
      return ajv as never;
    },
  });
  await api.init();
  return api;
}

export interface OpenApiRouter {
  handle(req: Request, res: Response): Promise<void>;
  readonly operationIds: readonly string[];
}

export async function createOpenApiRouter(
  document: Document,
  handlers: HandlerMap,
  deps: Dependencies,
): Promise<OpenApiRouter> {
  const definition = structuredClone(document) as unknown as Record<string, unknown>;
  // If-Match presence is step 7's, not the validator's (see if-match.ts).
  const guarded = takeIfMatchOperations(definition);
  // Streamed bodies are the handler's to read; the validator sees only their parameters.
  const streamedBodies = takeStreamedBodies(definition);
  const api = await createContractBackend(definition as unknown as Document);
  // Outside the test suite every request validator is compiled now, so a schema Ajv cannot compile
  // stops start-up. Test servers (dozens per run) compile on first use instead; the contract test
  // compiles them all once, so the suite still catches such a schema.
  if (deps.config.environment !== 'test') precompileRequestValidators(api);
  precompileRoutes(api.router);

  const operations = api.getOperations();
  const rules = new Map<string, AccessRule>();
  // Query parameter names are matched case-insensitively (upstream clients send `Page` and `page`).
  const queryNames = new Map<string, Map<string, string>>();
  // The deepObject query parameters of each operation, whose `name[a][b]` keys are folded into one object.
  const deepObjects = new Map<string, ReadonlySet<string>>();
  for (const op of operations) {
    if (!op.operationId) throw new Error(`${op.method.toUpperCase()} ${op.path} has no operationId`);
    rules.set(op.operationId, parseAccessRule(op.operationId, (op as unknown as Record<string, unknown>)['x-verso-access']));
    const names = new Map<string, string>();
    for (const p of (op.parameters ?? []) as { in?: string; name?: string }[]) {
      if (p.in === 'query' && p.name) names.set(p.name.toLowerCase(), p.name);
    }
    queryNames.set(op.operationId, names);
    deepObjects.set(op.operationId, deepObjectParameters(op));
  }
  // What each operation's request body may be; start-up fails on a media type the server cannot read.
  const bodyRules = new Map<string, BodyRule | undefined>();
  for (const op of operations) bodyRules.set(op.operationId!, streamedBodies.get(op.operationId!) ?? bodyRuleOf(op.operationId!, op.requestBody));
  const readBody = createBodyReader(deps.config.api.maxRequestBodyBytes);
  // Declared header parameters: a handler sees those (under Node's lower-case keys) and no others.
  const headerParameters = new Map<string, HeaderParameter[]>();
  for (const op of operations) headerParameters.set(op.operationId!, headerParametersOf(op.parameters));
  // The one untyped boundary: each handler is typed by its own operation (HandlerMap), and the
  // request handed to it below is what the contract's validator has just accepted for that operation.
  const byId = handlers as unknown as Readonly<Record<string, (ctx: OperationContext) => Promise<HandlerResult> | HandlerResult>>;
  const ids = operations.map((o) => o.operationId!);
  const missing = ids.filter((id) => !byId[id]);
  const extra = Object.keys(byId).filter((id) => !ids.includes(id));
  if (missing.length || extra.length) {
    throw new Error(
      `handlers and contract disagree: ${missing.length ? `no handler for ${missing.join(', ')}` : ''}` +
        `${missing.length && extra.length ? '; ' : ''}${extra.length ? `no operation for handler ${extra.join(', ')}` : ''}`,
    );
  }

  const noRoute = () => new ApiError('not-found', 'No route matches this path.');
  const methodNotAllowed = (method: string, path: string) => {
    const allowed = operations.filter((o) => api.router.matchOperation({ method: o.method, path, headers: {} } as never)?.path === o.path);
    // HEAD is allowed wherever GET is (routedMethod).
    const methods = allowed.flatMap((o) => (o.method === 'get' ? ['GET', 'HEAD'] : [o.method.toUpperCase()]));
    const allow = [...new Set(methods)].join(', ');
    return new ApiError('method-not-allowed', `This route does not support ${method.toUpperCase()}.`, {}, allow ? { Allow: allow } : {});
  };
  const route = (req: Request) => {
    try {
      return api.router.matchOperation({ method: routedMethod(req), path: req.path, headers: {} } as never, true);
    } catch (err) {
      throw (err as Error).message.startsWith('405') ? methodNotAllowed(req.method, req.path) : noRoute();
    }
  };

  api.registerSecurityHandler('bearer', () => true); // credentials are checked by handle(), steps 2–3
  api.register({
    validationFail: (c: Context) => {
      throw contractViolation((c.validation.errors ?? []) as ValidatorError[]);
    },
    // handle() has routed the request already; these two only keep openapi-backend's strict mode whole.
    notFound: () => {
      throw noRoute();
    },
    methodNotAllowed: (c: Context) => {
      throw methodNotAllowed(c.request.method, c.request.path);
    },
    preOperationHandler: (c: Context) => {
      if (guarded.has(c.operation.operationId!)) requireIfMatchPresent(c.request.headers['if-match']);
    },
    notImplemented: (c: Context) => {
      throw new Error(`no handler for ${c.operation.operationId}`);
    },
  });
  /** Step 8 for one request: the handler, then the response (both paths below end here). */
  async function runHandler(
    id: string,
    validated: ValidatedParameters,
    body: unknown,
    req: Request,
    res: Response,
    auth: AuthenticationResult,
    headers: Readonly<Record<string, string>>,
  ): Promise<void> {
    const handler = byId[id]!;
    const { params } = validated;
    const request = {
      operationId: id,
      method: routedMethod(req),
      path: req.path,
      params,
      query: validated.query,
      headers,
      body,
      ip: req.ip ?? '',
      acceptEncoding: req.headers['accept-encoding'],
    } as OperationRequest;
    // A write under a workspace: its delivery-cache barrier is open before it runs (a write may send
    // it in its own transaction, one round trip less: the publish does).
    const write = req.method !== 'GET' && req.method !== 'HEAD' && typeof params.workspaceId === 'string';
    const barrier = write ? deps.deliveryCache.openBarrier() : null;
    const ctx = currentRequestContext();
    if (ctx && barrier) ctx.deliveryBarrier = barrier;
    let result;
    try {
      result = await handler({ request, actor: auth.actor as never, deps, log: deps.logger, reply: reply as never });
    } catch (err) {
      deps.deliveryCache.closeBarrier(barrier);
      // Every 401 is logged, also when a credential check (login, change-password) refused it.
      if (err instanceof ApiError && err.status === 401) logUnauthorized(deps.logger, req, auth);
      throw err;
    }
    // The write has committed by now: this replica's delivery cache applies its change notices
    // (what changed, by item) before the writer can read again.
    if (write) await deps.deliveryCache.catchUp(params.workspaceId as string, barrier);
    writeResult(res, result, (err) => {
      // The client going away mid-download is routine; a source failing mid-stream is not.
      const gone = (err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE';
      deps.logger[gone ? 'debug' : 'warn']('response stream ended early', { operationId: id, status: result.status, err: gone ? undefined : err });
    });
  }
  for (const id of ids) {
    // `auth` and `headers` are what steps 2–3 and 5 of handle() established for this request.
    api.register(
      id,
      (
        c: Context,
        req: Request,
        res: Response,
        auth: AuthenticationResult,
        headers: Readonly<Record<string, string>>,
        streamed: StreamedRequestBody | undefined,
      ) =>
        runHandler(
          id,
          {
            // The validator's coerced path parameters (`versionNumber` a number): openapi-backend
            // re-reads c.request.params from the URL after validating, as strings.
            params: (c.validation?.coerced?.params ?? c.request.params ?? {}) as Record<string, unknown>,
            query: (c.request.query ?? {}) as Record<string, unknown>,
          },
          // A streamed body went around openapi-backend (which would parse or copy what it is given).
          streamed ?? c.request.requestBody,
          req,
          res,
          auth,
          headers,
        ),
    );
  }
  // Bodiless GETs with plain parameters skip handleRequest (parameter-validation.ts says why).
  const direct = new Map(operations.filter(isDirectlyValidated).map((op) => [op.operationId!, createDirectValidator(api, op)]));

  return {
    operationIds: ids,
    async handle(req, res) {
      // 1. Routing.
      const operation = route(req);
      const id = operation.operationId!;

      // 2–3. Authentication and the operation's access rule.
      // The rate limit (http/edge) may have checked the credential already, to know the actor.
      const auth = takeEdgeAuthentication(res) ?? (await deps.authenticator.authenticate(req.headers.authorization, req.ip ?? ''));
      const ctx = currentRequestContext();
      if (ctx && auth.actor) ctx.actor = `${auth.actor.kind}:${auth.actor.id}`;
      if (auth.actor?.sessionExpiresAt) res.setHeader('X-Session-Expires-At', auth.actor.sessionExpiresAt);
      try {
        await authorize(rules.get(id)!, auth.actor, pathParameters(operation.path, req.path), deps.workspaces);
      } catch (err) {
        if (err instanceof ApiError) {
          if (err.status === 401) logUnauthorized(deps.logger, req, auth);
          // Which decisions the access step made (as opposed to a handler) is what the access-matrix
          // test checks, and what an operator debugging a refusal wants to see.
          deps.logger.debug('access denied', { event: 'access_denied', operationId: id, status: err.status });
        }
        throw err;
      }

      // 4. The body.
      const body = await readBody(req, res, bodyRules.get(id));

      // 5. The string rule, over everything the request says in text.
      const refused: ValidationErrors = {};
      checkPathStrings(req.path, operation.path, refused);
      checkQueryStrings(rawQueryOf(req.originalUrl), refused);
      const headerValues = declaredHeaderValues(headerParameters.get(id) ?? [], req);
      checkHeaderStrings(Object.fromEntries(headerValues.map(([p, value]) => [p.name, value])), refused);
      const streamed = bodyRules.get(id)?.streamed ? (body as StreamedRequestBody | undefined) : undefined;
      if (!streamed) checkJsonStrings(body, refused);
      if (Object.keys(refused).length > 0) throw badRequest('The request contains text that cannot be stored.', refused);

      // 6–8. Validation, If-Match and the handler, through openapi-backend (query names first
      // matched case-insensitively: upstream clients send `Page` and `page`).
      const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
      const names = queryNames.get(id);
      if (names) {
        for (const key of Object.keys(query)) {
          const canonical = names.get(key.toLowerCase());
          if (canonical && canonical !== key && !Object.hasOwn(query, canonical)) {
            query[canonical] = query[key];
            delete query[key];
          }
        }
      }
      foldDeepObjectQuery(query, deepObjects.get(id) ?? new Set());
      const declaredHeaders = Object.fromEntries(headerValues.map(([p, value]) => [p.key, value]));
      const validateDirectly = direct.get(id);
      if (validateDirectly) {
        const validated = validateDirectly(req.path, query, req.headers);
        if (guarded.has(id)) requireIfMatchPresent(req.headers['if-match']);
        await runHandler(id, validated, body, req, res, auth, declaredHeaders);
        return;
      }
      await api.handleRequest(
        { method: routedMethod(req), path: req.path, query: query as never, body: streamed ? undefined : body, headers: req.headers as never },
        req,
        res,
        auth,
        declaredHeaders,
        streamed,
      );
    },
  };
}
