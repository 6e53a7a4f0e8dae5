// VersoClient: the generated per-operation methods (VersoOperations) on top of one resilient
// transport. Each instance owns its options, token source, ETags and session expiry, so two clients
// (two users, two tokens) never share them. The circuit breaker is the one exception, on purpose:
// clients made by one createVersoClientFactory report to one breaker, because the circuit describes
// the API's health, not a user's.
import { resolveClientOptions, type ResolvedClientOptions, type VersoClientOptions } from './client-options.js';
import { ETagStore } from './etag-store.js';
import { operationSpecs, VersoOperations, type PagedOperationId } from './generated/operations.js';
import { buildOperationRequest, type OperationInputShape } from './operations/build-request.js';
import type { OperationSpec } from './operations/operation-spec.js';
import type { CallOptions, OperationId, OperationInput, OperationResult } from './operations/operation-types.js';
import { listAllItems, paginate, startPageOf, withPage, type PagedEnvelope, type PageItem, type PagedInput, type PageOf } from './pagination.js';
import { SessionExpiryTracker } from './session-expiry.js';
import { CallScope } from './transport/call-scope.js';
import { NO_CIRCUIT } from './transport/circuit-breaker.js';
import type { CircuitState } from './transport/circuit-state.js';
import { readSuccessBody, toApiError } from './transport/read-response.js';
import type { ObservedResponse } from './transport/response-observer.js';
import { isReplayable, reportDeadline, sendWithRetries, type OutgoingRequest, type ReceivedResponse, type RequestBody, type TransportContext } from './transport/send-with-retries.js';
import { assertWebhookUrlInput } from './webhook-url.js';

export interface VersoResponse<T> {
  readonly data: T;
  readonly status: number;
  readonly headers: Headers;
  readonly etag: string | undefined;
  /** The response's X-Correlation-Id, else the one the final attempt sent. */
  readonly correlationId: string;
  readonly attempts: number;
}

/** A request to a route by path, through the same transport (for routes newer than this SDK). */
export interface RawRequest {
  method: string;
  /** A path under the base URL (`/api/v1/...`), or an absolute URL on the base URL's origin. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Sent as is; a ReadableStream or FormData body is never replayed. */
  body?: RequestBody;
  /** Media types for Accept (default `application/json`). */
  accept?: string;
}

/** Transport access for the SDK's own modules (media); not part of the package's exports. */
export let clientInternals: {
  execute(client: VersoClient, request: OutgoingRequest, options: CallOptions | undefined): Promise<VersoResponse<unknown>>;
  open(client: VersoClient, request: OutgoingRequest, options: OpenOptions | undefined): Promise<OpenedExchange>;
};

export class VersoClient extends VersoOperations {
  /** The frozen options captured at construction. */
  readonly options: ResolvedClientOptions;
  readonly etags = new ETagStore();
  readonly #sessions = new SessionExpiryTracker();
  readonly #transport: TransportContext;

  static {
    // The media functions (media/*.ts) reach the transport through these; index.ts does not export them.
    clientInternals = {
      execute: (client, request, options) => client.#execute(request, options),
      open: (client, request, options) => client.#open(request, options, options?.passStatuses),
    };
  }

  constructor(options: VersoClientOptions) {
    super();
    this.options = resolveClientOptions(options);
    const observer = this.options.onResponse;
    this.#transport = {
      options: this.options,
      circuit: this.options.circuit ?? NO_CIRCUIT,
      observe: async (response: ObservedResponse) => {
        this.#sessions.record(response.headers.get('x-session-expires-at'));
        if (observer) await observer(response);
      },
    };
  }

  /** The newest X-Session-Expires-At this client has seen (compared as timestamps). */
  get sessionExpiresAt(): Date | undefined {
    return this.#sessions.expiresAt;
  }

  /** The state of the circuit this client reports to (shared with its factory's other clients). */
  get circuitState(): CircuitState {
    return this.#transport.circuit.state;
  }

  /** Calls an operation by operationId and returns the parsed body with status, headers and ETag. */
  call<Id extends OperationId>(operationId: Id, input?: OperationInput<Id>, options?: CallOptions): Promise<VersoResponse<OperationResult<Id>>> {
    const spec: OperationSpec | undefined = (operationSpecs as Record<string, OperationSpec>)[operationId];
    if (!spec) return Promise.reject(new TypeError(`Unknown Verso operation ${operationId}.`));
    let request: OutgoingRequest;
    try {
      if (this.options.validateWebhookUrls) assertWebhookUrlInput(operationId, input);
      request = buildOperationRequest(operationId, spec, input as OperationInputShape | undefined, {
        baseUrl: this.options.baseUrl,
        ifMatch: options?.ifMatch,
        extraHeaders: options?.headers,
        trackedETag: (url) => (this.options.trackETags ? this.etags.get(url) : undefined),
      });
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#execute(request, options) as Promise<VersoResponse<OperationResult<Id>>>;
  }

  /** Sends a request to any route of the API through the same transport. */
  send<T = unknown>(request: RawRequest, options?: CallOptions): Promise<VersoResponse<T>> {
    let outgoing: OutgoingRequest;
    try {
      outgoing = this.#rawRequest(request, options);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#execute(outgoing, options) as Promise<VersoResponse<T>>;
  }

  /** Every page of a paged list operation, in order (see pagination.ts for the stop rules). */
  paginate<Id extends PagedOperationId>(operationId: Id, input?: PagedInput<Id>, options?: CallOptions): AsyncGenerator<PageOf<Id>> {
    const load = async (page: number) => (await this.call(operationId, withPage(input, page), options)).data as PageOf<Id> & PagedEnvelope<unknown>;
    return paginate(load, { startPage: startPageOf(input), signal: options?.signal });
  }

  /** Every item of every page of a paged list operation. */
  listAll<Id extends PagedOperationId>(operationId: Id, input?: PagedInput<Id>, options?: CallOptions): AsyncGenerator<PageItem<Id>> {
    return listAllItems(this.paginate(operationId, input, options) as AsyncIterable<{ items: PageItem<Id>[] }>);
  }

  protected async invoke<Id extends OperationId>(operationId: Id, input: OperationInput<Id> | undefined, options: CallOptions | undefined): Promise<OperationResult<Id>> {
    return (await this.call(operationId, input, options)).data;
  }

  #rawRequest(request: RawRequest, options: CallOptions | undefined): OutgoingRequest {
    const base = new URL(this.options.baseUrl);
    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(request.path) || request.path.startsWith('//')) {
      url = new URL(request.path);
      // The bearer token must never travel to another origin.
      if (url.origin !== base.origin) throw new TypeError(`VersoClient.send only targets ${base.origin}.`);
    } else {
      if (!request.path.startsWith('/')) throw new TypeError('VersoClient.send needs a path starting with "/".');
      url = new URL(this.options.baseUrl + request.path);
    }
    for (const [k, v] of Object.entries(request.query ?? {})) if (v !== undefined) url.searchParams.append(k, String(v));
    const method = request.method.toUpperCase();
    const headers: Record<string, string> = { ...request.headers, ...options?.headers };
    let body = request.body;
    if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers['Content-Type'] = 'application/json';
    }
    if (options?.ifMatch !== undefined) headers['If-Match'] = options.ifMatch;
    return { method, url: url.toString(), headers, accept: request.accept ?? 'application/json, application/problem+json', body, replayable: isReplayable(method, body), operationId: undefined };
  }

  async #execute(request: OutgoingRequest, options: CallOptions | undefined): Promise<VersoResponse<unknown>> {
    const opened = await this.#open(request, options, undefined);
    try {
      const { response } = opened;
      let data: unknown;
      try {
        data = await readSuccessBody(request.method, response);
      } catch (error) {
        throw opened.endedError(error);
      }
      const etag = response.headers.get('etag') ?? undefined;
      if (this.options.trackETags) this.etags.set(request.url, etag ?? null);
      return { data, status: response.status, headers: response.headers, etag, correlationId: response.headers.get('x-correlation-id') ?? opened.correlationId, attempts: opened.attempt };
    } finally {
      opened.scope.dispose();
    }
  }

  /**
   * Sends through the retry loop and hands back the response with its body unread, for callers that
   * stream it. The retries end when the response head arrives, so a body is never re-requested.
   * Statuses in `passStatuses` (besides 2xx) come back as answers; any other final status becomes
   * the VersoApiError. The caller owns the returned scope and must dispose it.
   */
  async #open(request: OutgoingRequest, options: CallOptions | undefined, passStatuses: readonly number[] | undefined): Promise<OpenedExchange> {
    const scope = new CallScope(options?.timeoutMs ?? this.options.timeoutMs, options?.signal);
    try {
      const received = await sendWithRetries(request, scope, this.#transport);
      const { response } = received;
      if (!response.ok && !passStatuses?.includes(response.status)) throw await toApiError(request.method, request.url, request.operationId, received);
      return { ...received, scope, endedError: (error: unknown) => this.#endedDuringBody(scope, received, error) };
    } catch (error) {
      scope.dispose();
      throw error;
    }
  }

  /** The error a failed body read ends the call with: the caller's abort or the deadline if either ended it. */
  #endedDuringBody(scope: CallScope, received: ReceivedResponse, error: unknown): unknown {
    const ended = scope.endedError(error);
    if (ended && !scope.callerAborted) reportDeadline(this.options, received.attempt);
    return ended ?? error;
  }
}

export interface OpenOptions extends CallOptions {
  /** Non-2xx statuses returned as answers instead of errors (304 for a conditional download). */
  passStatuses?: readonly number[];
}

export interface OpenedExchange extends ReceivedResponse {
  /** The call's deadline and the caller's signal; dispose it once the body no longer needs the deadline. */
  readonly scope: CallScope;
  /** Maps a body-read failure to the caller's abort or the deadline's timeout when one of them caused it. */
  readonly endedError: (error: unknown) => unknown;
}

