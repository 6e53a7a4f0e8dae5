// Reads an API's operational instruments from memory, the way a scrape does, without the endpoint.
import type { Metrics } from '../../server/src/telemetry/metrics.js';

/** The value of each named instrument (its data points summed); a name with no data point is left out. */
export async function readInstruments(metrics: Metrics): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const scope of (await metrics.collect()).scopeMetrics) {
    for (const metric of scope.metrics) {
      if (metric.dataPoints.length === 0) continue;
      values[metric.descriptor.name] = metric.dataPoints.reduce((sum, point) => sum + (point.value as number), 0);
    }
  }
  return values;
}

export const SCHEDULE_INSTRUMENTS = ['verso.schedule.due', 'verso.schedule.claimed', 'verso.schedule.reclaimed', 'verso.schedule.published', 'verso.schedule.failures'] as const;

/** What changed in the scheduling instruments between two readings (a missing name throws). */
export function scheduleDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const delta: Record<string, number> = {};
  for (const name of SCHEDULE_INSTRUMENTS) {
    if (before[name] === undefined || after[name] === undefined) throw new Error(`${name} was not recorded`);
    delta[name.slice('verso.schedule.'.length)] = after[name] - before[name];
  }
  return delta;
}
