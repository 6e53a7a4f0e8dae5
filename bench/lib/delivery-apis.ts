// The harness the delivery benchmarks share: one embedded PostgreSQL, an API with the delivery cache
// on and a second one on the same database with it off (the cold path: by-slug through the stored
// documents unless the bench turns them off), then the bench's summary;
// the exit code is 1 when the bench reported problems or failed.
import type { Interceptor } from 'slonik';
import { startTestApi, type TestApi } from '../../test/helpers/api.js';
import { startTestPostgres, stopTestPostgres } from '../../test/helpers/database.js';

export interface DeliveryBench {
  /** Database__PoolSize of both APIs. */
  readonly pool: string;
  /** Interceptors of the cold API's database (e.g. a statement counter). */
  readonly coldInterceptors?: readonly Interceptor[];
  /** Delivery__StoredDocuments of the cold API (default true, as deployed). */
  readonly coldDocuments?: boolean;
  run(api: TestApi, cold: TestApi): Promise<void>;
  printSummary(): void;
  /** What went wrong, read after printSummary. */
  readonly problems: readonly string[];
}

export async function runDeliveryBench(bench: DeliveryBench): Promise<never> {
  await startTestPostgres();
  let exitCode = 0;
  try {
    // Logging at warn, as in production load: per-request info logs would be part of the measure.
    const env = { Workers__Enabled: 'false', Logging__Level: 'warn', Database__PoolSize: bench.pool };
    const api = await startTestApi({ env });
    const cold = await startTestApi({
      env: { ...env, Delivery__CacheSeconds: '0', Delivery__StoredDocuments: String(bench.coldDocuments ?? true) },
      databaseUrl: api.databaseUrl,
      ...(bench.coldInterceptors ? { databaseInterceptors: [...bench.coldInterceptors] } : {}),
    });
    try {
      await bench.run(api, cold);
    } finally {
      await cold.close();
      await api.close();
    }
    bench.printSummary();
    exitCode = bench.problems.length ? 1 : 0;
  } catch (err) {
    console.error(err);
    exitCode = 1;
  } finally {
    await stopTestPostgres();
  }
  process.exit(exitCode);
}
