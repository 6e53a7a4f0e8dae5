// `/mcp`: the MCP server (server/src/mcp/) over Streamable HTTP (MCP 2025-06-18 and later). It sits after the edge
// (http/app.ts), so the ban check and the rate limits count every MCP request like any other, and
// answers only a valid bearer token (401 otherwise, as the API does). Each POST is served by a
// fresh server and transport (mcp-server.ts) in the SDK's stateless mode, with the session carried
// by its id (mcp-sessions.ts): any API process can serve any request of a session. There is no
// stream the server starts on its own, so GET and DELETE are 405 (the spec allows both).
import type { NextFunction, Request, Response } from 'express';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Dependencies } from '../dependencies.js';
import { ApiError } from '../errors.js';
import { takeEdgeAuthentication } from './edge/edge.js';
import { currentRequestContext } from '../context/request-context.js';
import type { RequestListener } from '../mcp/in-process-dispatch.js';
import { createVersoMcpServer } from '../mcp/mcp-server.js';
import { clientOf, newSessionId, readSessionId, type McpSession } from '../mcp/mcp-sessions.js';

/** The JSON-RPC envelope around the largest body the API takes. */
const ENVELOPE_BYTES = 64 * 1024;

function jsonRpcError(res: Response, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ 'Content-Type': 'application/json', ...headers }).send(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

async function readJson(req: Request, limit: number): Promise<{ ok: true; value: unknown } | { ok: false; status: number; message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return { ok: false, status: 413, message: `The request is larger than ${limit} bytes.` };
    chunks.push(chunk);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) };
  } catch {
    return { ok: false, status: 400, message: 'Parse error: the request body is not JSON.' };
  }
}

const isInitialize = (m: unknown) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'initialize';

export function mcpEndpoint(deps: Dependencies, app: RequestListener) {
  const limit = deps.config.api.maxRequestBodyBytes + ENVELOPE_BYTES;

  async function serve(req: Request, res: Response): Promise<void> {
    if (req.method !== 'POST') {
      res.status(405).set('Allow', 'POST').end();
      return;
    }
    const auth = takeEdgeAuthentication(res) ?? (await deps.authenticator.authenticate(req.headers.authorization, req.ip ?? ''));
    if (!auth.actor) throw new ApiError('unauthenticated', 'The MCP server needs a bearer token: an API client token or a signed-in session.', {}, { 'WWW-Authenticate': 'Bearer' });
    const actorKey = `${auth.actor.kind}:${auth.actor.id}`;
    const ctx = currentRequestContext();
    if (ctx) ctx.actor = actorKey;
    const parsed = await readJson(req, limit);
    if (!parsed.ok) return jsonRpcError(res, parsed.status, -32700, parsed.message);
    const messages = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
    const init = messages.find(isInitialize) as { params?: { clientInfo?: unknown } } | undefined;
    let session: McpSession;
    if (init) {
      session = { ...clientOf(init.params?.clientInfo), actorKey };
      res.setHeader('Mcp-Session-Id', newSessionId(session));
    } else {
      const sessionId = req.headers['mcp-session-id'];
      if (sessionId === undefined) return jsonRpcError(res, 400, -32000, 'Bad Request: send the Mcp-Session-Id the initialize answer gave, or initialize first.');
      const known = readSessionId(sessionId);
      // Another actor's session is not one this caller has.
      if (known === null || known.actorKey !== actorKey) return jsonRpcError(res, 404, -32001, 'Session not found: initialize a new session.');
      session = known;
    }
    const server = createVersoMcpServer(
      app,
      {
        authorization: req.headers.authorization!,
        remoteAddress: req.socket.remoteAddress,
        forwardedFor: typeof req.headers['x-forwarded-for'] === 'string' ? req.headers['x-forwarded-for'] : undefined,
        correlationId: ctx?.correlationId,
        origin: { channel: 'Mcp', clientName: session.clientName, clientVersion: session.clientVersion },
      },
      deps.config.version,
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed.value);
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    serve(req, res).catch(next);
  };
}
