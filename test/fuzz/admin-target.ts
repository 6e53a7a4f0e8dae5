// The admin app as a fuzz target (issue #23): the real admin (admin/src/app.ts) on a free port in
// front of the fuzzed API, with its log captured, and four browser-like callers (anonymous with a
// pre-session CSRF cookie; Reader, Editor and superadmin Admin signed in through the real login form,
// each with its session's CSRF token). Its routes are read from the admin's own router (the page
// modules and the sign-in routes, plus the app-level /healthz and /assets), so a new screen is fuzzed
// without being listed here.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { createAdminApp } from '../../admin/src/app.js';
import { registerAuthRoutes } from '../../admin/src/auth/routes.js';
import { loadAdminConfig } from '../../admin/src/config.js';
import { createAdminLogger } from '../../admin/src/log.js';
import { pageModules } from '../../admin/src/pages/index.js';
import { csrfOf, HttpSession } from '../../admin/test/helpers/http.js';
import { ensureSdkBuilt, listen } from '../../admin/test/helpers/stack.js';
import { createActor, FIXTURE_PASSWORD } from '../helpers/actors.js';
import type { TestApi } from '../helpers/api.js';
import { MemoryLog } from '../helpers/memory-log.js';
import type { CallerName } from './fuzz-request.js';
import type { RawResponse } from './raw-http.js';
import type { FuzzWorld } from './world.js';

export interface AdminRoute {
  readonly method: 'GET' | 'POST';
  /** Express's path (`/workspaces/:workspaceId/webhooks/:id`). */
  readonly path: string;
  readonly params: readonly string[];
}

/** Every route the admin serves, read from its router. */
export function adminRoutes(): AdminRoute[] {
  const router = express.Router();
  registerAuthRoutes(router);
  for (const page of pageModules) page.register(router);
  const routes: AdminRoute[] = [
    { method: 'GET', path: '/healthz', params: [] },
    { method: 'GET', path: '/assets/:file', params: ['file'] },
  ];
  for (const layer of (router as unknown as { stack: { route?: { path: string; methods: Record<string, boolean> } }[] }).stack) {
    if (!layer.route) continue;
    const params = [...layer.route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    for (const method of Object.keys(layer.route.methods)) {
      if (method === 'get' || method === 'post') routes.push({ method: method.toUpperCase() as 'GET' | 'POST', path: layer.route.path, params });
    }
  }
  return routes;
}

class AdminCaller {
  readonly http: HttpSession;
  csrf = '';

  constructor(
    baseUrl: string,
    readonly name: CallerName,
    private readonly email?: string,
  ) {
    this.http = new HttpSession(baseUrl);
  }

  /** Signs in (or, anonymous, takes the login form's pre-session token) when the session is gone. */
  async ready(): Promise<void> {
    if (this.csrf && (!this.email || this.http.cookies.has('verso.admin.auth'))) return;
    this.http.cookies.clear();
    if (this.email) {
      await this.http.signIn(this.email, FIXTURE_PASSWORD);
      this.csrf = csrfOf((await this.http.get('/account')).text);
    } else {
      this.csrf = csrfOf((await this.http.get('/login')).text);
    }
  }

  /** Keeps the cookies a fuzzed answer set (a sliding session is re-issued; a sign-out clears it). */
  remember(res: RawResponse): void {
    const headers = new Headers();
    for (const line of res.headers['set-cookie'] ?? []) headers.append('set-cookie', line);
    this.http.remember(headers);
    if (this.email && !this.http.cookies.has('verso.admin.auth')) this.csrf = '';
  }
}

export interface AdminTarget {
  readonly url: string;
  readonly log: MemoryLog;
  readonly routes: readonly AdminRoute[];
  caller(name: CallerName): Promise<AdminCaller>;
  close(): Promise<void>;
}

export async function startAdminTarget(api: TestApi, world: FuzzWorld): Promise<AdminTarget> {
  ensureSdkBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-fuzz-admin-'));
  const log = new MemoryLog();
  const config = loadAdminConfig({ NODE_ENV: 'test', Admin__ApiBaseUrl: api.url, Data__Directory: dataDir }, { version: '0.0.0-fuzz', cwd: dataDir });
  const running = await listen(createAdminApp(config, { logger: createAdminLogger({ level: 'info', stream: log }) }));
  const callers = new Map<CallerName, AdminCaller>([['anonymous', new AdminCaller(running.url, 'anonymous')]]);
  // Users of their own, so that what the admin does to its sessions never touches the API callers'.
  for (const role of ['Reader', 'Editor', 'Admin'] as const) {
    const user = await createActor(api, { role, superadmin: role === 'Admin', grants: { [world.ws]: role === 'Reader' ? 'Read' : 'Write' } });
    callers.set(role, new AdminCaller(running.url, role, user.email));
  }
  return {
    url: running.url,
    log,
    routes: adminRoutes(),
    async caller(name) {
      const c = callers.get(name)!;
      await c.ready();
      return c;
    },
    async close() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type { AdminCaller };
