// mocha global fixtures: the run's PostgreSQL starts before the first file and stops after the last.
import { startTestPostgres, stopTestPostgres } from './database.js';

export async function mochaGlobalSetup(): Promise<void> {
  await startTestPostgres();
}

export async function mochaGlobalTeardown(): Promise<void> {
  await stopTestPostgres();
}
