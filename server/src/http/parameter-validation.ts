// Contract validation of a request's parameters, and the direct path for bodiless GETs.
//
// openapi-backend's handleRequest parses each request four times (before routing, after routing,
// inside validation, and again from the coerced values: each a lodash cloneDeep of the query, a
// cookie parse, header key mapping and a path-template match), then runs the operation's compiled
// Ajv validator once. On a by-slug read without the cache that was ~6 % of the server's CPU, more
// than the validation itself. A GET whose parameters are all plain (a path, scalar query values,
// headers; no cookie, no body, no JSON-encoded or non-exploded query parameter) is read the same
// way by every one of those parses, so for such an operation the router validates directly: the
// same compiled validator (getRequestValidatorsForOperation), given what parseRequest would give
// it, with the same coercion and the same 400 — only the repeated parsing is gone. Any other
// operation goes through handleRequest as before.
//
// A deepObject query parameter (listContent's `filter[<fieldKey>][<op>]=<value>`) arrives from
// express's simple query parser as literal keys `filter[a][b]`; foldDeepObjectQuery turns them into
// the object `filter: { a: { b } }` the contract's schema describes, before either path validates,
// so such an operation stays on the direct path (its parameter is then a plain object of strings).
import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { badRequest, type ValidationErrors } from '../errors.js';
import { toValidationErrors, type ValidatorError } from './validation-messages.js';
import { routedPathParameters } from './route-matcher.js';

/** The 400 of a request the contract's validator refused (the router's validationFail, too): one
 * plain sentence per input, worded by validation-messages.ts. */
export function contractViolation(errors: readonly ValidatorError[]): Error {
  return badRequest('One or more values are invalid.', bracketDeepObjectKeys(toValidationErrors(errors)));
}

/** `query.filter/price/gte` → `query.filter[price][gte]`: a deepObject finding named as the client spelled it. */
function bracketDeepObjectKeys(errors: ValidationErrors): ValidationErrors {
  const out: ValidationErrors = {};
  for (const [key, messages] of Object.entries(errors)) {
    const [head = '', ...rest] = key.startsWith('query.') ? key.split('/') : [key];
    const named = head + rest.map((part) => `[${part.replace(/~1/g, '/').replace(/~0/g, '~')}]`).join('');
    (out[named] ??= []).push(...messages);
  }
  return out;
}

interface DeepObjectParameterLike {
  in?: string;
  name?: string;
  style?: string;
  schema?: { type?: unknown };
}

/** The names of `op`'s deepObject query parameters (lower-cased, as query names are matched). */
export function deepObjectParameters(op: Operation): ReadonlySet<string> {
  return new Set(
    ((op.parameters ?? []) as DeepObjectParameterLike[])
      .filter((p) => p.in === 'query' && p.style === 'deepObject' && p.name)
      .map((p) => p.name!.toLowerCase()),
  );
}

// `name[a][b]`: the two levels a deepObject of objects has (a field key, then an op).
const DEEP_KEY = /^([^[\]]+)\[([^[\]]*)\]\[([^[\]]*)\]$/;

/**
 * Folds `query`'s keys `name[a][b]` of the deepObject parameters `names` into `query[name] =
 * { a: { b: value } }` (in place). A key of such a parameter in any other shape (`filter`,
 * `filter[a]`, `filter[a][b][c]`, an empty part), or given twice, is a 400 naming the key as sent.
 */
export function foldDeepObjectQuery(query: Record<string, unknown>, names: ReadonlySet<string>): void {
  if (names.size === 0) return;
  const refused: ValidationErrors = {};
  for (const key of Object.keys(query)) {
    const bracket = key.indexOf('[');
    const name = (bracket < 0 ? key : key.slice(0, bracket)).toLowerCase();
    if (!names.has(name)) continue;
    const value = query[key];
    delete query[key];
    const match = DEEP_KEY.exec(key);
    if (!match || match[2] === '' || match[3] === '') {
      refused[`query.${key}`] = [`Write this filter as ${name}[<fieldKey>][<op>]=<value>, such as ${name}[price][gte]=10.`];
      continue;
    }
    if (typeof value !== 'string') {
      refused[`query.${key}`] = ['Give this parameter once.'];
      continue;
    }
    const [, , outer, inner] = match as unknown as [string, string, string, string];
    const folded = (query[name] ??= {}) as Record<string, Record<string, string>>;
    (folded[outer] ??= {})[inner] = value;
  }
  if (Object.keys(refused).length > 0) throw badRequest('One or more values are invalid.', refused);
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

interface ParameterLike {
  in?: string;
  style?: string;
  content?: unknown;
  explode?: boolean;
  schema?: { type?: unknown };
}

/** True when parseRequest reads every parameter of `op` as it arrives (see the top of this file). */
export function isDirectlyValidated(op: Operation): boolean {
  if (op.method !== 'get' || op.requestBody) return false;
  return ((op.parameters ?? []) as ParameterLike[]).every((p) => {
    if (p.in === 'cookie' || p.content !== undefined || p.explode === false) return false;
    // A deepObject is folded into its object before validation (foldDeepObjectQuery).
    if (p.in === 'query' && p.style === 'deepObject') return p.schema?.type === 'object';
    return p.in !== 'query' || (typeof p.schema?.type === 'string' && SCALAR_TYPES.has(p.schema.type));
  });
}

/** The coerced parameters a handler gets, as handleRequest would hand them over. */
export interface ValidatedParameters {
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
}

type CompiledValidator = ((data: unknown) => boolean) & { errors?: ValidatorError[] | null };

/**
 * Validates a directly validated operation's request: the path parameters parsed as openapi-backend
 * does, the (case-folded) query, the headers. Throws the contract's 400.
 */
export function createDirectValidator(api: OpenAPIBackend, op: Operation) {
  let validators: readonly CompiledValidator[] | undefined;
  return (path: string, query: Record<string, unknown>, headers: IncomingHttpHeaders): ValidatedParameters => {
    // Compiled on first use, like handleRequest's (test servers do not precompile; see the router).
    validators ??= (api.validator.getRequestValidatorsForOperation(op.operationId!) ?? []) as unknown as CompiledValidator[];
    // Copies: Ajv coerces in place, and the request's own objects stay as they arrived.
    const parameters = { path: routedPathParameters(api.router, op.path, path), query: { ...query }, header: { ...headers }, cookie: {} };
    const errors: ValidatorError[] = [];
    for (const validate of validators) {
      validate(parameters);
      if (validate.errors) errors.push(...validate.errors);
    }
    if (errors.length > 0) throw contractViolation(errors);
    return { params: parameters.path, query: parameters.query };
  };
}
