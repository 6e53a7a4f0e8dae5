// About: the admin's version and the API's (from /health/ready metadata) side by side, with a
// warning when they differ.
import type express from 'express';
import { VersoApiError } from '@verso/sdk';
import { anonymousApi } from '../api.js';
import { contextOf } from '../context.js';
import { PATHS } from '../nav.js';
import { render } from '../views/render.js';

interface ApiInfo {
  version: string | null;
  status: string;
  generatedAt: string | null;
}

async function apiInfo(res: express.Response): Promise<ApiInfo> {
  try {
    const ready = await anonymousApi(res).getHealthReady(undefined, { timeoutMs: 5000 });
    return { version: ready.metadata.version, status: ready.status, generatedAt: ready.metadata.generatedAt };
  } catch (err) {
    // 503 (Unhealthy) still carries the report.
    if (err instanceof VersoApiError) {
      const meta = (err.problem as { metadata?: { version?: string; generatedAt?: string }; status?: unknown }).metadata;
      return { version: meta?.version ?? null, status: 'Unhealthy', generatedAt: meta?.generatedAt ?? null };
    }
    return { version: null, status: 'Unreachable', generatedAt: null };
  }
}

export function register(router: express.Router): void {
  router.get(PATHS.about, async (_req, res) => {
    const { config } = contextOf(res);
    const api = await apiInfo(res);
    await render(res, 'about', {
      title: 'About',
      adminVersionShown: config.version,
      api,
      apiBaseUrl: config.apiBaseUrl,
      mismatch: api.version !== null && api.version !== config.version,
    });
  });
}
