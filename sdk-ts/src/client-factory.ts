// One configuration, many clients: apps that build a VersoClient per request or per user (each with
// its own token, ETags and session expiry) still need ONE circuit breaker for the API they all call,
// or no single client ever sees enough failures to open it. The factory resolves the shared options
// once (so later changes to the caller's object change nothing), owns the breaker, and hands it to
// every client it creates; per-client options are limited to who is calling, never how resiliently.
import { VersoClient } from './client.js';
import { resolveClientOptions, type ResolvedClientOptions, type VersoClientOptions } from './client-options.js';
import type { VersoCircuitBreaker } from './transport/circuit-breaker.js';
import type { ResponseObserver } from './transport/response-observer.js';
import type { TokenSource } from './transport/token-provider.js';

/** Everything a client is made of except who is calling. */
export type VersoClientFactoryOptions = Omit<VersoClientOptions, 'token' | 'onResponse'>;

/** What may differ between the clients of one factory. */
export interface PerClientOptions {
  token?: TokenSource;
  /** Merged over the factory's headers (for example a per-request X-Forwarded-For). */
  headers?: Record<string, string>;
  onResponse?: ResponseObserver;
  trackETags?: boolean;
}

export interface VersoClientFactory {
  /** The breaker every client of this factory reports to (null when disabled). */
  readonly circuit: VersoCircuitBreaker | null;
  /** The shared options as resolved once at creation. */
  readonly options: ResolvedClientOptions;
  create(perClient?: PerClientOptions): VersoClient;
}

export function createVersoClientFactory(shared: VersoClientFactoryOptions): VersoClientFactory {
  const captured: VersoClientFactoryOptions = Object.freeze({
    ...shared,
    retry: shared.retry ? Object.freeze({ ...shared.retry, retryableStatuses: shared.retry.retryableStatuses && [...shared.retry.retryableStatuses] }) : shared.retry,
    headers: Object.freeze({ ...shared.headers }),
  });
  const options = resolveClientOptions(captured);
  const circuitBreaker = options.circuit ?? false;
  return Object.freeze({
    circuit: options.circuit,
    options,
    create(perClient: PerClientOptions = {}): VersoClient {
      return new VersoClient({
        ...captured,
        circuitBreaker,
        token: perClient.token,
        onResponse: perClient.onResponse,
        trackETags: perClient.trackETags ?? captured.trackETags,
        headers: { ...captured.headers, ...perClient.headers },
      });
    },
  });
}
