// How a request reached the API when it was not a plain HTTP call: the MCP server (server/src/mcp/)
// dispatches each tool call through the API's own request handling inside `runAsCall`, and the
// audit writer records the origin it finds here. It lives in the process's async context, never in
// anything a request carries, so no HTTP client can claim to be an agent (or hide that it is one).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CallOrigin {
  readonly channel: 'Mcp';
  /** The MCP client's name and version from its `initialize` request. */
  readonly clientName: string;
  readonly clientVersion: string | null;
}

const storage = new AsyncLocalStorage<CallOrigin>();

export function runAsCall<T>(origin: CallOrigin, fn: () => T): T {
  return storage.run(origin, fn);
}

export function currentCallOrigin(): CallOrigin | undefined {
  return storage.getStore();
}
