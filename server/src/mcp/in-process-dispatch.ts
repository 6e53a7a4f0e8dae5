// A tool call is an HTTP request that never touches a socket: it is injected into the API's own
// express application (light-my-request), so it meets every step a network request meets — the ban
// check, correlation and request log, routing, authentication, the operation's access rule, the
// contract's validation, the handler, the audit — with the caller's own bearer token. Only the rate
// limiter lets it through uncounted: the `/mcp` request that carried the call was counted already
// (http/edge/edge.ts).
//
// The call runs inside runAsCall, so the audit writer records the MCP origin; that context exists
// only in this process, so no request from outside can claim it.
import inject from 'light-my-request';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runAsCall, type CallOrigin } from '../context/call-origin.js';

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface InProcessRequest {
  readonly method: string;
  /** Path and query string. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The MCP request's peer, so the ban check and the logs see the same client. */
  readonly remoteAddress: string | undefined;
}

export interface InProcessResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | number | undefined>>;
  readonly text: string;
}

/**
 * Express replaces a request's and a response's prototypes with its own (app.handle), which would
 * drop light-my-request's overrides (the response's write/end that capture the answer, the
 * request's destroy). They are copied onto the objects themselves first, where a prototype swap
 * cannot reach them. Passing the express app itself to light-my-request would instead make it
 * re-parent express's shared prototypes, under every real request too.
 */
function keepOwnMethods(target: object): void {
  const proto = Object.getPrototypeOf(target) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name !== 'constructor' && typeof proto[name] === 'function') (target as Record<string, unknown>)[name] = proto[name];
  }
}

export function dispatchInProcess(app: RequestListener, request: InProcessRequest, origin: CallOrigin): Promise<InProcessResponse> {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    keepOwnMethods(req);
    keepOwnMethods(res);
    app(req, res);
  };
  // The callback form, started inside runAsCall: the promise form starts when awaited, which would
  // be outside the call's context.
  return runAsCall(
    origin,
    () =>
      new Promise<InProcessResponse>((resolve, reject) => {
        inject(
          listener,
          {
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            ...(request.body !== undefined ? { payload: request.body } : {}),
            ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
          },
          (err, res) => {
            if (err || !res) reject(err ?? new Error('in-process request failed'));
            else resolve({ status: res.statusCode, headers: res.headers, text: res.payload });
          },
        );
      }),
  );
}
