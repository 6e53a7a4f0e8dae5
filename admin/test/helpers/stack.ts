// The admin's end-to-end stack for tests: the real API in-process on a database of its own (embedded
// PostgreSQL from the mocha global setup) and the admin app on a free port in front of it, each with a
// captured log. The seeded superadmin (admin@localhost) has already changed its password, so it signs
// in straight to Home; `createUser` makes any other kind of user (Reader…Admin, superadmin or not,
// grants, a pending forced password change) in milliseconds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createAdminApp, type AdminAppOptions } from '../../src/app.js';
import { loadAdminConfig, type AdminConfig } from '../../src/config.js';
import { createAdminLogger } from '../../src/log.js';
import { createActor, createWorkspace, dbQuery, FIXTURE_PASSWORD, type Role } from '../../../test/helpers/actors.js';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { MemoryLog } from '../../../test/helpers/memory-log.js';
import type { StartApiOptions } from '../../../server/src/server.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** @verso/sdk resolves to sdk-ts/dist: build it once when a fresh checkout has none. */
export function ensureSdkBuilt(): void {
  if (fs.existsSync(path.join(root, 'sdk-ts/dist/index.js'))) return;
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const r = spawnSync(tsc, ['-b', 'sdk-ts'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('building sdk-ts (tsc -b sdk-ts) failed; @verso/sdk cannot be loaded');
}

export const ADMIN_EMAIL = 'admin@localhost';
export const ADMIN_PASSWORD = 'Stack-Admin-Password-7';
const SEED_PASSWORD = 'Seeded-Admin-Password-1';

export interface StackUser {
  id: string;
  email: string;
  password: string;
  /** A live API session token for seeding through the API (not the admin's). */
  token: string;
}

export interface RunningAdmin {
  readonly url: string;
  readonly config: AdminConfig;
  readonly log: MemoryLog;
  close(): Promise<void>;
}

export interface AdminStack {
  readonly adminUrl: string;
  readonly apiUrl: string;
  readonly adminEmail: string;
  readonly adminPassword: string;
  /** The API test helper (contract-checked requests, its log, its database). */
  readonly api: TestApi;
  /** An API session token of the seeded superadmin, for seeding through `api.post(..., { token })`. */
  readonly adminToken: string;
  /** The admin app's log lines. */
  readonly adminLog: MemoryLog;
  readonly admin: RunningAdmin;
  readonly keyFile: string;
  /** A user with the fixture password; `mustChangePassword` makes sign-in land on the forced change. */
  createUser(opts: { role: Role; superadmin?: boolean; grants?: Record<string, 'Read' | 'Write'>; mustChangePassword?: boolean; displayName?: string }): Promise<StackUser>;
  createWorkspace(opts?: { name?: string; slug?: string }): Promise<{ id: string; slug: string }>;
  /** Another admin app on the same API (e.g. with a different key file or clock). */
  startAdmin(opts?: { env?: Record<string, string>; options?: AdminAppOptions; version?: string }): Promise<RunningAdmin>;
  /** Content in a workspace through the API: `drafts` Draft items and `inReview` items submitted for review. */
  seedContent(workspaceId: string, counts: { drafts?: number; inReview?: number }): Promise<void>;
  close(): Promise<void>;
}

export async function listen(app: http.RequestListener): Promise<{ url: string; server: http.Server; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

export interface AdminStackOptions {
  apiEnv?: Record<string, string>;
  /** The API's test-only dependencies (e.g. a webhook sender that reaches a receiver on loopback). */
  apiOverrides?: StartApiOptions['overrides'];
  adminEnv?: Record<string, string>;
  adminOptions?: AdminAppOptions;
}

export async function startAdminStack(opts: AdminStackOptions = {}): Promise<AdminStack> {
  ensureSdkBuilt();
  const api = await startTestApi({ env: { Seed__Admin__Password: SEED_PASSWORD, ...opts.apiEnv }, overrides: opts.apiOverrides });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-admin-test-'));
  const admins: RunningAdmin[] = [];
  try {
    // The seeded admin must change its password at first sign-in: do it once here, through the API.
    const login = await api.post('/api/v1/auth/login', { email: ADMIN_EMAIL, password: SEED_PASSWORD });
    if (login.status !== 200) throw new Error(`seeded admin could not sign in: ${login.status} ${login.text}`);
    const seededToken: string = login.body.token;
    const changed = await api.post('/api/v1/auth/change-password', { currentPassword: SEED_PASSWORD, newPassword: ADMIN_PASSWORD }, { token: seededToken });
    if (changed.status !== 204) throw new Error(`seeded admin could not change its password: ${changed.status} ${changed.text}`);

    async function startAdmin(o: { env?: Record<string, string>; options?: AdminAppOptions; version?: string } = {}): Promise<RunningAdmin> {
      const log = new MemoryLog();
      const config = loadAdminConfig(
        { NODE_ENV: 'test', Admin__ApiBaseUrl: api.url, Data__Directory: dataDir, ...o.env },
        { version: o.version ?? '0.0.0-test', cwd: dataDir },
      );
      const app = createAdminApp(config, { logger: createAdminLogger({ level: 'debug', stream: log }), ...o.options });
      const running = await listen(app);
      const admin: RunningAdmin = { url: running.url, config, log, close: running.close };
      admins.push(admin);
      return admin;
    }

    const templateVersions = new Map<string, string>();
    const admin = await startAdmin({ options: opts.adminOptions, env: opts.adminEnv });
    return {
      adminUrl: admin.url,
      apiUrl: api.url,
      adminEmail: ADMIN_EMAIL,
      adminPassword: ADMIN_PASSWORD,
      api,
      adminToken: seededToken,
      adminLog: admin.log,
      admin,
      keyFile: admin.config.auth.cookieKeyFile,
      async createUser(u) {
        const actor = await createActor(api, { role: u.role, superadmin: u.superadmin, grants: u.grants });
        if (u.mustChangePassword) await dbQuery(api, 'UPDATE users SET must_change_password = true WHERE id = $1', [actor.id]);
        if (u.displayName) await dbQuery(api, 'UPDATE users SET display_name = $1 WHERE id = $2', [u.displayName, actor.id]);
        return { id: actor.id, email: actor.email, password: FIXTURE_PASSWORD, token: actor.token };
      },
      createWorkspace: (w) => createWorkspace(api, w),
      startAdmin,
      async seedContent(workspaceId, counts) {
        const token = seededToken;
        const base = `/api/v1/workspaces/${workspaceId}`;
        const expectOk = (r: { status: number; text: string }, what: string) => {
          if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
        };
        let versionId = templateVersions.get(workspaceId);
        if (!versionId) {
          const slug = `note-${Math.random().toString(36).slice(2, 8)}`;
          const t = await api.post(`${base}/templates`, { name: 'Note', slug }, { token });
          expectOk(t, 'create template');
          const tv = `${base}/templates/${t.body.id}/versions/1`;
          expectOk(await api.post(`${tv}/fields`, { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isRequired: false, minOccurrences: 0, primitiveType: 'Text' }, { token, headers: await api.ifMatch(tv, token) }), 'add field');
          const published = await api.put(`${tv}/publish`, undefined, { token, headers: await api.ifMatch(tv, token) });
          expectOk(published, 'publish template');
          versionId = published.body.id as string;
          templateVersions.set(workspaceId, versionId);
        }
        const total = (counts.drafts ?? 0) + (counts.inReview ?? 0);
        for (let i = 0; i < total; i++) {
          const item = await api.post(`${base}/content`, { templateVersionId: versionId, slug: `item-${Math.random().toString(36).slice(2, 10)}`, tags: [], fields: [] }, { token });
          expectOk(item, 'create content');
          if (i >= (counts.drafts ?? 0)) expectOk(await api.post(`${base}/content/${item.body.id}/versions/1/submit`, undefined, { token }), 'submit');
        }
      },
      async close() {
        for (const a of admins) await a.close();
        await api.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    for (const a of admins) await a.close();
    await api.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}
