// The real API entry point (server/src/main.ts) in a child process, for what an in-process server
// cannot show: its own memory (RSS, read from /proc) while a file streams through it, and a SIGKILL
// in the middle of an upload. Started on a test database and stopped by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO_ROOT } from '../../server/src/contract.js';
import { freePort } from '../helpers/database.js';

export interface ServerProcess {
  readonly url: string;
  readonly pid: number;
  /** Resident set size now, in bytes (VmRSS). */
  rss(): number;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), and wait for the exit. */
  stop(): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>, dataDirectory: string): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      Api__Host: '127.0.0.1',
      Api__Port: String(port),
      Data__Directory: dataDirectory,
      Logging__Level: 'warn',
      ...env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}: ${stderr}`);
    if ((await status(`${url}/health/ready`)) === 200) break;
    if (Date.now() > until) {
      process.kill(child.pid!, 'SIGKILL');
      throw new Error(`the API did not become ready: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) process.kill(child.pid!, name);
    await exited;
  };
  return {
    url,
    pid: child.pid!,
    rss: () => {
      const line = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
      return Number(/(\d+)/.exec(line)![1]) * 1024;
    },
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}

function status(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
}

/** Samples `read` every 10 ms while `work` runs; returns the work's result and the largest sample. */
export async function peakDuring<T>(read: () => number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = read();
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, read());
    } catch {
      // The process is gone (a test that kills it); the samples so far stand.
    }
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, read());
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
