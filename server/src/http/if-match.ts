// Optimistic concurrency, the presence half: every operation whose contract declares a required
// `If-Match` header parameter is a guarded write, and a guarded write without the tag is answered 412
// `concurrency-mismatch` before its handler runs — upstream's rule (a missing tag counts as stale),
// enforced here once, from the contract, rather than remembered by each service. Whether the tag
// is *current* is the services' half: only they know the resource's ETag.
//
// The contract marks the header `required: true` (it is), but a missing required parameter would
// otherwise be the validator's 400. The router's own copy of the document therefore leaves its
// presence to this step, so the answer is 412 and comes after request validation, as upstream's
// (its model validation answers 400 before an action compares tags).
import { concurrencyMismatch } from '../errors.js';

const IF_MATCH = 'if-match';

interface ParameterLike {
  in?: string;
  name?: string;
  required?: boolean;
  $ref?: string;
}

function resolve(document: Record<string, unknown>, node: ParameterLike): ParameterLike {
  let current = node;
  while (typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], document) as ParameterLike;
  }
  return current;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * The operationIds whose If-Match is required. Mutates `document` (the router's private copy): the
 * If-Match parameters it finds are no longer `required` for the validator. An If-Match the contract
 * declares optional (the draft-structure operations of templates and components, issue #25) is
 * compared by the service when sent and never demanded here (RFC 9110: absent means proceed).
 * Parameters are shared through `$ref`, so every operation is classified before any is mutated.
 */
export function takeIfMatchOperations(document: Record<string, unknown>): ReadonlySet<string> {
  const guarded = new Set<string>();
  const found: ParameterLike[] = [];
  for (const item of Object.values((document.paths ?? {}) as Record<string, Record<string, unknown>>)) {
    const shared = (item.parameters ?? []) as ParameterLike[];
    for (const method of METHODS) {
      const op = item[method] as { operationId?: string; parameters?: ParameterLike[] } | undefined;
      if (!op?.operationId) continue;
      for (const raw of [...shared, ...(op.parameters ?? [])]) {
        const parameter = resolve(document, raw);
        if (parameter.in !== 'header' || parameter.name?.toLowerCase() !== IF_MATCH) continue;
        if (parameter.required === true) guarded.add(op.operationId);
        found.push(parameter);
      }
    }
  }
  for (const parameter of found) parameter.required = false;
  return guarded;
}

/** A guarded write must carry a tag; an empty one is no tag. */
export function requireIfMatchPresent(value: string | string[] | undefined): void {
  const tag = Array.isArray(value) ? value.join(', ') : value;
  if (tag === undefined || tag.trim() === '') throw concurrencyMismatch();
}
