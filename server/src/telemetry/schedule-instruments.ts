// The scheduling instruments of the spec's operational telemetry (svc.schedule.* there), recorded
// by the scheduled-publishing worker. No labels at all: the spec keeps these free of workspace,
// event and endpoint labels, and nothing else about a schedule is low-cardinality.
import type { Counter, Meter } from '@opentelemetry/api';
import type { DatabasePool } from 'slonik';
import { countDueSchedules } from '../db/content/content-schedules.js';
import type { Logger } from '../logging/logger.js';

export interface ScheduleInstruments {
  /** Versions a pass claimed under its lease, reclaimed ones included. */
  readonly claimed: Counter;
  /** Claimed versions that still carried an expired lease of an earlier pass (a worker died or stalled). */
  readonly reclaimed: Counter;
  /** Versions the worker published. */
  readonly published: Counter;
  /** Publications that failed; their claims were given back for a later pass. */
  readonly failures: Counter;
}

export function createScheduleInstruments(meter: Meter, db: DatabasePool, logger: Logger): ScheduleInstruments {
  // A gauge read from the database at collection time, not a per-pass counter: "due" is the backlog
  // (Approved versions whose publish time has come and that are not published yet), a state. A
  // counter would add the same waiting version again on every pass. Being a database fact, every
  // replica reports the same value: aggregate it with max, not sum.
  meter
    .createObservableGauge('verso.schedule.due', { description: 'Approved versions whose scheduled publish time has come and that are not published yet.' })
    .addCallback(async (result) => {
      try {
        result.observe(await countDueSchedules(db));
      } catch (err) {
        // Leave the series out of this scrape rather than fail the other instruments with it.
        logger.warn('verso.schedule.due could not be read', { err });
      }
    });
  const instruments: ScheduleInstruments = {
    claimed: meter.createCounter('verso.schedule.claimed', { description: 'Scheduled versions claimed by the publishing worker, reclaimed ones included.' }),
    reclaimed: meter.createCounter('verso.schedule.reclaimed', { description: 'Scheduled versions claimed after the lease of an earlier claim expired.' }),
    published: meter.createCounter('verso.schedule.published', { description: 'Scheduled versions published by the worker.' }),
    failures: meter.createCounter('verso.schedule.failures', { description: 'Scheduled publications that failed and were released for a later pass.' }),
  };
  // A counter appears only after its first add; starting each at 0 lets a rate or an alert on it
  // work before the first event.
  for (const counter of Object.values(instruments)) counter.add(0);
  return instruments;
}
