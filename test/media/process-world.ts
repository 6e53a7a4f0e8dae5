// A media world around a server child process (server-process.ts): a test database with a
// workspace and an Editor, the provider's settings (an s3rver of its own for S3), and the data
// directory kept across restarts so a restarted server finds the same local store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createActor, createWorkspace } from '../helpers/actors.js';
import type { TestApi } from '../helpers/api.js';
import { createTestDatabase } from '../helpers/database.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import type { ProviderName } from './media-world.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

export interface ProcessWorld {
  readonly provider: ProviderName;
  readonly databaseUrl: string;
  readonly dataDirectory: string;
  readonly env: Record<string, string>;
  readonly s3: S3TestServer | null;
  readonly base: string;
  readonly editor: string;
  server: ServerProcess;
  /** Runs SQL on the server's database. */
  query<T extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<T[]>;
  /** Starts the server again on the same database, data directory and store. */
  restart(extraEnv?: Record<string, string>): Promise<ServerProcess>;
  close(): Promise<void>;
}

export async function startProcessWorld(provider: ProviderName, env: Record<string, string> = {}): Promise<ProcessWorld> {
  const databaseUrl = await createTestDatabase();
  const dataDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-media-proc-'));
  const s3 = provider === 's3' ? await startS3Server() : null;
  const fixtures = { databaseUrl } as TestApi; // the identity fixtures only use the database
  const ws = await createWorkspace(fixtures);
  const editor = await createActor(fixtures, { role: 'Editor', grants: { [ws.id]: 'Write' } });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  pool.on('error', () => {});
  const allEnv = { DATABASE_URL: databaseUrl, Workers__Enabled: 'false', ...(s3 ? s3.env() : {}), ...env };
  let server: ServerProcess;
  try {
    server = await startServerProcess(allEnv, dataDirectory);
  } catch (err) {
    await s3?.stop();
    await pool.end();
    throw err;
  }
  const world: ProcessWorld = {
    provider,
    databaseUrl,
    dataDirectory,
    env: allEnv,
    s3,
    base: `/api/v1/workspaces/${ws.id}`,
    editor: editor.token,
    server,
    async query(text, values = []) {
      return (await pool.query(text, values)).rows;
    },
    async restart(extraEnv = {}) {
      world.server = await startServerProcess({ ...allEnv, ...extraEnv }, dataDirectory);
      return world.server;
    },
    async close() {
      await world.server.stop();
      await pool.end();
      await s3?.stop();
      fs.rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
  return world;
}
