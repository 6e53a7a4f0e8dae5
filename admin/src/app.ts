// The admin web app: server-rendered pages that call the API. For now one status page; sign-in and
// the editing screens arrive with the identity and content issues.
import express from 'express';
import type { AdminConfig } from './config.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Readiness {
  status: string;
  metadata?: { version?: string };
}

async function apiReadiness(apiBaseUrl: string): Promise<Readiness | null> {
  try {
    const res = await fetch(`${apiBaseUrl}/health/ready`, { signal: AbortSignal.timeout(3000) });
    return (await res.json()) as Readiness;
  } catch {
    return null;
  }
}

export function createAdminApp(config: AdminConfig): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    next();
  });
  app.get('/', async (_req, res) => {
    const ready = await apiReadiness(config.apiBaseUrl);
    const status = ready ? `${ready.status} (API ${ready.metadata?.version ?? 'unknown version'})` : 'unreachable';
    res.type('html').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Verso admin</title><style>body{font:16px system-ui,sans-serif;margin:3rem auto;max-width:40rem;color:#1d1d1f}
.status{padding:.2rem .5rem;border-radius:.3rem;background:#eef}</style></head>
<body><main><h1>Verso admin</h1>
<p>API at <code>${escapeHtml(config.apiBaseUrl)}</code>: <span class="status" id="api-status">${escapeHtml(status)}</span></p>
</main></body></html>`);
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'Healthy' });
  });
  return app;
}
