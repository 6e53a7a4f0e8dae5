// Readiness: is the database reachable, and the storage provider? Each check is bounded in time so
// a hung dependency turns into an Unhealthy report instead of a hung probe.
import { sql } from 'slonik';
import type { Db } from '../../db/pool.js';
import type { HealthCheck, HealthProcess, HealthReport, HealthStatus } from '../../generated/schemas.js';
import type { StorageProvider } from '../../storage/provider.js';

const CHECK_TIMEOUT_MS = 5_000;

/** `hh:mm:ss.fffffff`, the shape upstream's health reports use. */
export function formatDuration(ms: number): string {
  const totalTicks = Math.round(ms * 10_000);
  const ticks = totalTicks % 10_000_000;
  const totalSeconds = Math.floor(totalTicks / 10_000_000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}.${pad(ticks, 7)}`;
}

async function runCheck(name: string, healthyText: string, probe: () => Promise<void>): Promise<HealthCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { name, status: 'Healthy', duration: formatDuration(performance.now() - started), description: healthyText };
  } catch (err) {
    const reason = err instanceof Error && err.message ? err.message : 'unreachable';
    return { name, status: 'Unhealthy', duration: formatDuration(performance.now() - started), description: `${name} check failed: ${reason}` };
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(deps: { db: Db; storage: StorageProvider; version: string; process: HealthProcess }): Promise<HealthReport> {
  const checks = await Promise.all([
    runCheck('database', 'PostgreSQL is reachable.', async () => {
      await deps.db.oneFirst(sql.unsafe`SELECT 1`);
    }),
    runCheck('storage', `Storage provider "${deps.storage.name}" is reachable.`, () => deps.storage.checkHealth()),
  ]);
  const status: HealthStatus = checks.every((c) => c.status === 'Healthy') ? 'Healthy' : 'Unhealthy';
  return { status, checks, metadata: { version: deps.version, generatedAt: new Date().toISOString(), process: { ...deps.process } } };
}
