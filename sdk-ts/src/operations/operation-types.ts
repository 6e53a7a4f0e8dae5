// Type-level mapping from the generated openapi-typescript `operations` to what an SDK method takes
// and returns. Kept apart from the generator so the rules are readable and type-checked once.
import type { operations } from '../generated/openapi.js';

export type OperationId = keyof operations & string;

/** Per-call options; everything about resilience is fixed on the client at construction. */
export interface CallOptions {
  /** The caller's cancellation. Aborting is never retried and never counts against the circuit. */
  signal?: AbortSignal;
  /** Overall budget for this call (all attempts and waits); defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Explicit `If-Match`; wins over a tracked ETag and over an `If-Match` header parameter. */
  ifMatch?: string;
  /** Extra request headers (Authorization, X-Correlation-Id and Accept are set by the SDK). */
  headers?: Record<string, string>;
}

type Op<Id extends OperationId> = operations[Id];

/**
 * The contract requires `If-Match` on guarded writes, but callers never have to pass it as a
 * parameter: the transport sends `CallOptions.ifMatch`, else the ETag tracked for the URL.
 */
type IfMatchFromTransport<P> = P extends { header: infer H }
  ? 'If-Match' extends keyof H
    ? Omit<P, 'header'> &
        (keyof Omit<H, 'If-Match'> extends never
          ? { header?: Partial<H> }
          : { header: Omit<H, 'If-Match'> & Partial<Pick<H, 'If-Match' & keyof H>> })
    : P
  : P;

type ParametersOf<O> = O extends { parameters: infer P } ? IfMatchFromTransport<Omit<P, 'cookie'>> : object;

/** Binary payloads the transport passes through to fetch unchanged. */
export type BinaryBody = Blob | ArrayBuffer | Uint8Array | ReadableStream<Uint8Array> | string;

type MultipartFields<T> = { [K in keyof T]: T[K] | Blob };

// openapi-typescript types `format: binary` as string; multipart parts may be Blobs (files) as well,
// and a ready FormData is accepted as is.
type BodyForMediaType<K, V> = K extends `multipart/${string}`
  ? FormData | MultipartFields<V>
  : K extends `${string}json`
    ? V
    : K extends 'application/x-www-form-urlencoded'
      ? URLSearchParams | V
      : BinaryBody;

type RequestContent<R> = R extends { content: infer C } ? { [K in keyof C]: BodyForMediaType<K, C[K]> }[keyof C] : never;

type RequestBodyOf<O> = O extends { requestBody?: infer R } ? R : undefined;

type BodyInput<O> = [Exclude<RequestBodyOf<O>, undefined>] extends [never]
  ? { body?: never }
  : undefined extends RequestBodyOf<O>
    ? { body?: RequestContent<Exclude<RequestBodyOf<O>, undefined>> }
    : { body: RequestContent<RequestBodyOf<O>> };

/** `{ path, query, header, body }` exactly as the contract declares them for this operation. */
export type OperationInput<Id extends OperationId> = ParametersOf<Op<Id>> & BodyInput<Op<Id>>;

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226 | '2XX';

type ResponsesOf<O> = O extends { responses: infer R } ? R : never;

type SuccessResponses<O> = ResponsesOf<O>[Extract<keyof ResponsesOf<O>, SuccessStatus>];

// The runtime reads JSON media types as parsed JSON, text-like ones as a string and anything else
// as a Blob (see read-response.ts); the types say the same.
type ResponseForMediaType<K, V> = K extends `${string}json`
  ? V
  : K extends `text/${string}` | `${string}javascript` | `${string}xml`
    ? string
    : Blob;

type ResponseContent<R> = R extends { content: infer C }
  ? { [K in keyof C]: ResponseForMediaType<K, C[K]> }[keyof C]
  : undefined;

/** The parsed body of any 2xx response of the operation; `undefined` for bodiless ones (204). */
export type OperationResult<Id extends OperationId> = ResponseContent<SuccessResponses<Op<Id>>>;
