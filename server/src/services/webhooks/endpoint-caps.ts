// How many endpoints a workspace may have (issue #23, amplification): every event is POSTed once per
// subscribed endpoint, so a workspace has at most Webhook__MaxEndpointsPerWorkspace live endpoints
// (active or not: an inactive one can be switched back on without a check) and at most
// Webhook__MaxEndpointsPerHost of them whose URL names the same host, so that one workspace cannot
// aim its whole allowance at one receiver. Both are 422 `validation-failed`.
//
// The count runs under a per-workspace advisory lock held to the end of the caller's transaction,
// so two creates at once take turns: the second counts the first's endpoint, and both cannot pass.
import type { CommonQueryMethods } from 'slonik';
import { listEndpointUrls, lockWorkspaceEndpoints } from '../../db/webhooks/endpoints.js';
import { validationFailed } from '../../errors.js';

export interface EndpointCaps {
  readonly perWorkspace: number;
  readonly perHost: number;
}

/**
 * The host a URL delivers to, as the caps compare it: WHATWG's spelling (lower case, IDNA names in
 * punycode, IPv4 in dotted quads) without IPv6 brackets or a trailing dot. Null for a URL that does
 * not parse (the URL rule has refused it already).
 */
export function destinationHost(url: string): string | null {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host.endsWith('.') ? host.slice(0, -1) : host;
  } catch {
    return null;
  }
}

/**
 * Checks that a new endpoint (no `endpointId`), or an existing one moving to `url`'s host, stays
 * within both caps. Call it inside the transaction that then writes the endpoint.
 */
export async function checkEndpointCaps(
  tx: CommonQueryMethods,
  caps: EndpointCaps,
  workspaceId: string,
  url: string,
  endpointId?: string,
): Promise<void> {
  await lockWorkspaceEndpoints(tx, workspaceId);
  const others = (await listEndpointUrls(tx, workspaceId)).filter((e) => e.id !== endpointId);
  if (endpointId === undefined && others.length >= caps.perWorkspace) {
    throw validationFailed(
      {},
      `This workspace already has ${others.length} webhook endpoints, the most it may have (${caps.perWorkspace}); delete one before adding another.`,
    );
  }
  const host = destinationHost(url);
  if (host === null) return;
  const sameHost = others.filter((e) => destinationHost(e.url) === host).length;
  if (sameHost >= caps.perHost) {
    throw validationFailed(
      { '/url': [`This workspace already has ${sameHost} endpoints sending to ${host}, the most one host may have (${caps.perHost}).`] },
      'The endpoint breaks one or more rules.',
    );
  }
}
