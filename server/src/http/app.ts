// The express application: correlation → request log → contract router → problem details. Bodies
// are read by the router, after the access step (http/request-body.ts), never before.
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Document } from 'openapi-backend';
import type { Dependencies } from '../dependencies.js';
import { handlers } from '../handlers/index.js';
import type { HandlerMap } from './operation.js';
import { correlation } from './correlation.js';
import { createEdge } from './edge/edge.js';
import { cors, corsPolicy } from './cors.js';
import { securityHeaders } from './security-headers.js';
import { createOpenApiRouter } from './openapi-router.js';
import { warmPublicMedia } from './warm-public-media.js';
import { isServerError, sendProblem, toApiError } from './problem.js';
import { mcpEndpoint } from './mcp-endpoint.js';

/** `handlerMap` is the server's own; pipeline tests bind fixture handlers to the same contract. */
export async function createApp(deps: Dependencies, handlerMap: HandlerMap = handlers): Promise<express.Express> {
  const router = await createOpenApiRouter(deps.document as unknown as Document, handlerMap, deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Client IP and ban check first (a banned address gets a bare 403, not even logged); the rate
  // limit after correlation and the request log, before routing (README: Edge).
  const edge = createEdge(deps);
  app.use(edge.screen);
  // After the ban check and before the rate limiter (cors.ts says why); headers before any answer.
  app.use(securityHeaders(deps.config.environment), cors(corsPolicy(deps.config.cors, deps.document)));
  app.use(correlation);
  app.use((req, res, next) => {
    // Below info (production load) the line would be built and then dropped by winston: skip it.
    if (!deps.logger.isInfoEnabled()) return next();
    const started = performance.now();
    res.on('finish', () => {
      deps.logger.info('request finished', {
        method: req.method,
        path: req.path,
        status: res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    });
    next();
  });
  app.use(edge.limit);
  // The MCP server (docs/mcp.md) after the edge, so its requests are banned and counted like any
  // other; its tool calls come back into this same app, in-process (mcp/in-process-dispatch.ts).
  app.all('/mcp', mcpEndpoint(deps, (req, res) => app(req as Request, res as Response)));
  // A public media URL answered from memory before skips the router (warm-public-media.ts says when).
  app.use(warmPublicMedia(deps));
  app.use((req, res) => router.handle(req, res));
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const error = toApiError(err);
    if (isServerError(error)) deps.logger.error('unhandled error', { err, method: req.method, path: req.path });
    sendProblem(res, error, req.originalUrl.split('?')[0] ?? req.path);
  });
  return app;
}
