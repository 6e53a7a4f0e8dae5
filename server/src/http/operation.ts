// What a handler receives and returns. Handlers never touch express's req/res: one place writes
// every response (http/respond.ts), so headers, content types and problem bodies stay uniform.
import type { Logger } from '../logging/logger.js';
import type { Dependencies } from '../dependencies.js';
import type { Actor } from '../access/actor.js';

export interface OperationRequest {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  readonly ip: string;
}

export interface OperationContext {
  readonly request: OperationRequest;
  /** Null only on public operations called without credentials. */
  readonly actor: Actor | null;
  readonly deps: Dependencies;
  readonly log: Logger;
}

export interface HandlerResult {
  readonly status: number;
  readonly body?: unknown;
  /** Defaults to application/json for objects; set it for HTML, text and files. */
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export type OperationHandler = (ctx: OperationContext) => Promise<HandlerResult> | HandlerResult;
