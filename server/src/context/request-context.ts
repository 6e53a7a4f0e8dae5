// Per-request state that must reach every log line and error body without being threaded through
// every call: the correlation id, the trace id and (once authenticated) the actor.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  readonly correlationId: string;
  readonly traceId: string;
  actor?: string;
  /**
   * A write's delivery-cache barrier (services/delivery/delivery-cache.ts), opened by the HTTP layer
   * before the handler: a write that sends it inside its own transaction marks it `sent`, and the
   * HTTP layer then only waits for it instead of sending it in a round trip of its own. Only a
   * request's last write may send it (the publish route writes once): notices sent after it
   * would arrive after the barrier.
   */
  deliveryBarrier?: { readonly token: string; sent: boolean };
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
