// Starts a Prism mock server of the contract for SDK contract tests (TypeScript here; the .NET SDK
// runs the same command from its xunit tests, see sdk-ts/README.md "Testing").
//
// Prism is started as `node_modules/.bin/prism mock openapi/dist/openapi.json -h 127.0.0.1 -p <port>`
// directly, never through npx: killing an npx wrapper leaves the prism child running. The process
// is stopped by its PID (SIGTERM, then SIGKILL) and also killed if the test process exits first.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './database.js';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PRISM_BIN = path.join(REPO_ROOT, 'node_modules/.bin/prism');
export const CONTRACT_FILE = path.join(REPO_ROOT, 'openapi/dist/openapi.json');

/** The exact command line (run from the repository root) that starts the mock on `port`. */
export function prismCommand(port: number, document: string = CONTRACT_FILE): { command: string; args: string[] } {
  return { command: PRISM_BIN, args: ['mock', document, '-h', '127.0.0.1', '-p', String(port)] };
}

/** Re-exported for callers that only import this helper. */
export { freePort };

export interface RunningPrism {
  readonly url: string;
  readonly pid: number;
  /** Everything Prism printed so far (its request log explains a rejected request). */
  output(): string;
  stop(): Promise<void>;
}

export interface PrismViolation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

/**
 * Violations Prism reports in the sl-violations header. Request violations (location starts with
 * "request") mean Prism rejected what the client sent; response violations mean Prism's own
 * generated mock body breaks the schema (a schema without `examples` whose pattern Prism cannot
 * satisfy), which says nothing about the client.
 */
export function prismViolations(headers: Headers, where: 'request' | 'response' = 'request'): PrismViolation[] {
  const raw = headers.get('sl-violations');
  if (!raw) return [];
  let all: PrismViolation[];
  try {
    all = JSON.parse(raw) as PrismViolation[];
  } catch {
    return [{ location: [where], severity: 'Error', message: raw }];
  }
  return all.filter((v) => v.location?.[0] === where);
}

async function answers(url: string): Promise<boolean> {
  try {
    // Any HTTP answer (Prism says 404 for `/`) means it is listening.
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function startPrism(options: { port?: number; document?: string; startTimeoutMs?: number } = {}): Promise<RunningPrism> {
  if (!fs.existsSync(PRISM_BIN)) throw new Error(`${PRISM_BIN} is missing: run npm install (devDependency @stoplight/prism-cli)`);
  const port = options.port ?? (await freePort());
  const { command, args } = prismCommand(port, options.document);
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The bin's `#!/usr/bin/env node` must find the Node running the tests (24), not the machine's.
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  let log = '';
  child.stdout!.on('data', (c: Buffer) => (log += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (log += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 30_000);
  while (!(await answers(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`prism exited before answering (code ${child.exitCode}):\n${log}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prism did not answer on ${url} in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, output: () => log, stop };
}
