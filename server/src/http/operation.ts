// What a handler receives and returns, derived per operationId from the contract's generated types
// (generated/openapi.ts). `Handler<'createContent'>` gets params, query, headers and body typed as
// the contract declares them (after the validator's coercion) and must return one of the
// operation's documented responses: its status, a body of that status's schema and the headers
// that status requires. A renamed field in openapi/ therefore fails `tsc`, not a request.
//
// Handlers never touch express's req/res: one place writes every response (http/respond.ts), so
// headers, content types and problem bodies stay uniform.
//
// Streams, the two extension points for bodies too large to hold in memory (media):
//   - a request body the contract declares as `multipart/form-data` is not read by the pipeline. The
//     caller is authenticated and authorised first, the parameters pass the string rule and
//     validation, and the handler then gets a StreamedRequestBody (below): the raw request stream,
//     untouched, with its Content-Type (boundary included) and declared length. Parsing it (busboy)
//     and enforcing its size limit is the handler's service's job.
//   - a response body the contract declares as `type: string` (binary, `*/*`) may be a `Readable`:
//     respond.ts pipes it with backpressure and destroys it when the client goes away. The headers
//     the contract declares for the status (Content-Length, Content-Range, ETag, …) are required by
//     `reply` as for any other answer; a status without content (304) takes no body at all.
import type { Readable } from 'node:stream';
import type { Actor } from '../access/actor.js';
import type { Dependencies } from '../dependencies.js';
import type { operations } from '../generated/openapi.js';
import type { OperationId, PublicOperationId } from '../generated/operations.js';
import type { Logger } from '../logging/logger.js';

type Operation<K extends OperationId> = operations[K];

/** `never`/`undefined` (the contract declares none) → an empty object, so `params.x` fails to compile. */
type Declared<T> = [Exclude<T, undefined>] extends [never] ? Record<never, never> : Exclude<T, undefined>;

export type PathParams<K extends OperationId> = Readonly<Declared<Operation<K>['parameters']['path']>>;
export type QueryParams<K extends OperationId> = Readonly<Declared<Operation<K>['parameters']['query']>>;
/** Declared header parameters, under the lower-case names Node gives them. */
export type HeaderParams<K extends OperationId> = {
  readonly [P in keyof Declared<Operation<K>['parameters']['header']> as Lowercase<P & string>]?: string;
};

type BodyOf<R> = R extends { content: infer C } ? C[keyof C] : undefined;

/**
 * A `multipart/form-data` request body, handed over unread. Nothing has consumed `stream`; the
 * handler (its service) must read it to the end or answer, and the pipeline's JSON size limit does
 * not apply: the service enforces its own (a declared `contentLength` over it may be refused before
 * reading anything).
 */
export interface StreamedRequestBody {
  /** The request's bytes as they arrive. Errors (`aborted`) when the client goes away mid-body. */
  readonly stream: Readable;
  /** The whole Content-Type header, parameters included (the parser needs the boundary). */
  readonly contentType: string;
  /** The declared Content-Length; null for a chunked body. */
  readonly contentLength: number | null;
  /** Aborted when the client disconnects before the response has been sent. */
  readonly signal: AbortSignal;
}

/** The media types whose bodies the pipeline streams instead of reading (request-body.ts). */
export type StreamedMediaType = 'multipart/form-data';
type RequestBodyOf<R> = R extends { content: infer C } ? (StreamedMediaType extends keyof C ? StreamedRequestBody : C[keyof C]) : undefined;
/** The request body as declared: `T`, `T | undefined` when optional, `undefined` when none. */
export type RequestBody<K extends OperationId> = RequestBodyOf<Operation<K>['requestBody']>;

export interface OperationRequest<K extends OperationId = OperationId> {
  readonly operationId: K;
  readonly method: string;
  readonly path: string;
  readonly params: PathParams<K>;
  readonly query: QueryParams<K>;
  readonly headers: HeaderParams<K>;
  readonly body: RequestBody<K>;
  readonly ip: string;
  /** The request's Accept-Encoding as sent (handlers/content-coding.ts reads it for the operations it codes). */
  readonly acceptEncoding: string | undefined;
}

export interface OperationContext<K extends OperationId = OperationId> {
  readonly request: OperationRequest<K>;
  /** Null only on public operations called without credentials; the access step guarantees the rest. */
  readonly actor: K extends PublicOperationId ? Actor | null : Actor;
  readonly deps: Dependencies;
  readonly log: Logger;
  /** Makes the answer: one of this operation's documented responses (see HandlerResponse). */
  readonly reply: Reply<K>;
}

/**
 * A JSON body already serialised (the delivery cache keeps finished bodies), as JSON or in the
 * content coding the answer's Content-Encoding header names (handlers/content-coding.ts). Branded with
 * the schema it was serialised from, so a cached answer is still checked against the contract.
 */
declare const serializedFrom: unique symbol;
export type SerializedJson<T> = Buffer & { readonly [serializedFrom]: T };

export function serializeJson<T>(value: T): SerializedJson<T> {
  return Buffer.from(JSON.stringify(value)) as SerializedJson<T>;
}

/** Bytes that serializeJson made of a `T` earlier (a stored delivery document), typed as such again. */
export function alreadySerialized<T>(json: Buffer): SerializedJson<T> {
  return json as SerializedJson<T>;
}

/** Headers every response gets from the pipeline (correlation, session expiry), not from handlers. */
type PipelineHeader = 'X-Correlation-Id' | 'X-Session-Expires-At';
/** Any other header a handler adds (Cache-Control, Content-Type for a non-JSON body, …). */
type ExtraHeaders = Readonly<Record<string, string>>;
type RequiredHeaders<H> = {
  readonly [P in keyof H as string extends P ? never : P extends PipelineHeader ? never : undefined extends H[P] ? never : P]: string;
};
type HeadersOf<R> = R extends { headers: infer H } ? RequiredHeaders<H> : Record<never, string>;
type HeaderArgs<R> = keyof HeadersOf<R> extends never ? [headers?: ExtraHeaders] : [headers: HeadersOf<R> & ExtraHeaders];
/**
 * A body the contract declares as text or binary (`type: string`: HTML, CSS, an image) may be sent
 * as bytes, or streamed from a `Readable` (respond.ts pipes it; Content-Length comes from the
 * contract's headers where it declares them).
 */
type BinaryOf<B> = [B] extends [string] ? Buffer | Readable : never;
/** After the status: the body of that status's schema (absent when it has none), then its headers. */
type ReplyArgs<R> = R extends { content: unknown }
  ? [body: BodyOf<R> | SerializedJson<BodyOf<R>> | BinaryOf<BodyOf<R>>, ...HeaderArgs<R>]
  : keyof HeadersOf<R> extends never
    ? [body?: undefined, headers?: ExtraHeaders]
    : [body: undefined, ...HeaderArgs<R>];

type Responses<K extends OperationId> = Operation<K>['responses'];

declare const repliedTo: unique symbol;
/**
 * One of the operation's documented responses, made by the context's `reply`: only `reply` makes
 * one, because TypeScript checks an argument for fields its type lacks but not an object literal
 * returned from an arrow function — so a body with a field the contract does not have, a status
 * the operation does not document or a missing required header fails to compile.
 */
export interface HandlerResponse<K extends OperationId> {
  readonly [repliedTo]: K;
}

/** `reply(201, body, { ETag, Location })`: status → that status's body schema and required headers. */
export type Reply<K extends OperationId> = <S extends keyof Responses<K> & number>(status: S, ...args: ReplyArgs<Responses<K>[S]>) => HandlerResponse<K>;

export type Handler<K extends OperationId> = (ctx: OperationContext<K>) => Promise<HandlerResponse<K>> | HandlerResponse<K>;

/** Every operation of the contract, each bound to a handler of its own type. */
export type HandlerMap = { readonly [K in OperationId]: Handler<K> };

/** The one implementation of every operation's `reply`; what it makes is what the router writes. */
export function reply(status: number, body?: unknown, headers?: Readonly<Record<string, string>>): HandlerResult {
  return { status, body, headers };
}

/** What the router writes; every HandlerResponse is one. */
export interface HandlerResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}
