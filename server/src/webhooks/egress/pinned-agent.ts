// Connection pools that never reach an address the current attempt did not approve.
//
// Each request carries the addresses approved for it (`pinned`) and a `lookup` that answers only
// with those. node's agents pool sockets by a name made of host, port, TLS options and so on;
// these add the approved address set to that name, so a kept-alive socket is reused only by an
// attempt whose own resolution approved exactly the same addresses. After a DNS change the old
// sockets are simply not chosen (they close when idle).
//
// The agents are created here, never taken from http(s).globalAgent: node (24) gives the global
// agents proxy support when NODE_USE_ENV_PROXY / --use-env-proxy is set, and libraries replace
// them; an agent of our own has neither, so HTTP(S)_PROXY and friends cannot route a delivery.
import http from 'node:http';
import https from 'node:https';
import type { ResolvedAddress } from './resolver.js';

export interface PinnedRequestOptions {
  readonly pinned: readonly ResolvedAddress[];
}

// How long an idle kept-alive socket is kept (a receiver's own Keep-Alive: timeout=… shortens it).
const IDLE_SOCKET_MS = 30_000;

const pinKey = (options: object) =>
  ((options as Partial<PinnedRequestOptions>).pinned ?? []).map((a) => a.address).join(',');

class PinnedHttpsAgent extends https.Agent {
  override getName(options?: https.AgentOptions & http.ClientRequestArgs): string {
    return `${super.getName(options)}|pinned:${pinKey(options ?? {})}`;
  }
}

class PinnedHttpAgent extends http.Agent {
  override getName(options?: http.ClientRequestArgs): string {
    return `${super.getName(options)}|pinned:${pinKey(options ?? {})}`;
  }
}

export interface PinnedAgents {
  readonly https: https.Agent;
  readonly http: http.Agent;
  destroy(): void;
}

export function createPinnedAgents(o: { readonly ca?: string | Buffer }): PinnedAgents {
  const common = { keepAlive: true, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' as const };
  const httpsAgent = new PinnedHttpsAgent({ ...common, ...(o.ca ? { ca: o.ca } : {}), rejectUnauthorized: true });
  const httpAgent = new PinnedHttpAgent(common);
  return {
    https: httpsAgent,
    http: httpAgent,
    destroy() {
      httpsAgent.destroy();
      httpAgent.destroy();
    },
  };
}
