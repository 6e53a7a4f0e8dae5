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
import type { IncomingHttpHeaders } from 'node:http';
import type { OpenAPIBackend, Operation } from 'openapi-backend';
import { badRequest } from '../errors.js';
import { toValidationErrors, type ValidatorError } from './validation-messages.js';
import { routedPathParameters } from './route-matcher.js';

/** The 400 of a request the contract's validator refused (the router's validationFail, too): one
 * plain sentence per input, worded by validation-messages.ts. */
export function contractViolation(errors: readonly ValidatorError[]): Error {
  return badRequest('One or more values are invalid.', toValidationErrors(errors));
}

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

interface ParameterLike {
  in?: string;
  content?: unknown;
  explode?: boolean;
  schema?: { type?: unknown };
}

/** True when parseRequest reads every parameter of `op` as it arrives (see the top of this file). */
export function isDirectlyValidated(op: Operation): boolean {
  if (op.method !== 'get' || op.requestBody) return false;
  return ((op.parameters ?? []) as ParameterLike[]).every((p) => {
    if (p.in === 'cookie' || p.content !== undefined || p.explode === false) return false;
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
