// Times in the signed-in user's time zone (the account preference, cached in the session cookie).
// The API speaks UTC instants; editors think in their own wall clock. Formatting uses Intl; reading a
// datetime-local value back finds the zone's offset at that wall-clock time (twice, so that a time
// next to a daylight-saving change lands on the right side), and a wall-clock time that does not
// exist (skipped by a spring-forward) is refused rather than silently moved.
import type express from 'express';

export const UTC = 'UTC';

/** The zone pages show times in: the user's preference when it is a zone Intl knows, else UTC. */
export function zoneOf(res: express.Response): string {
  const zone = res.locals.session?.timeZone;
  return zone && isKnownZone(zone) ? zone : UTC;
}

/** How a zone is named next to a time input: `UTC`, `America/New York`. */
export const zoneLabel = (zone: string): string => zone.replace(/_/g, ' ');

const known = new Map<string, boolean>();
export function isKnownZone(zone: string): boolean {
  let ok = known.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(zone, ok);
  }
  return ok;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' });
    partsFormatters.set(zone, f);
  }
  return f;
}

interface WallClock {
  date: string;
  time: string;
  seconds: string;
  zoneName: string;
}

function wallClock(t: number, zone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const p of partsFormatter(zone).formatToParts(new Date(t))) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, seconds: parts.second ?? '00', zoneName: parts.timeZoneName ?? zone };
}

/** Milliseconds the zone is ahead of UTC at instant `t`. */
function offsetAt(t: number, zone: string): number {
  const w = wallClock(t, zone);
  const asUtc = Date.parse(`${w.date}T${w.time}:${w.seconds}Z`);
  return asUtc - Math.floor(t / 1000) * 1000;
}

/** A timestamp for a table cell in `zone`: `2026-01-31 10:30 CET` ('' for none; the raw text if unparsable). */
export function formatWhen(iso: string | null | undefined, zone: string = UTC): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  if (zone === UTC) return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const w = wallClock(t, zone);
  return `${w.date} ${w.time} ${w.zoneName}`;
}

/** An instant as a datetime-local value (`2026-01-31T10:30`) on `zone`'s wall clock. */
export function inputFromInstant(iso: string | null | undefined, zone: string = UTC): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const w = wallClock(t, zone);
  return `${w.date}T${w.time}`;
}

/**
 * A datetime-local value (`2026-01-31T10:30`, seconds optional) read on `zone`'s wall clock → an ISO
 * instant; undefined when blank; null when it is not a date-time or names a wall-clock time the zone
 * skips. A value with its own offset or `Z` is taken as written.
 */
export function instantFromInput(value: string, zone: string = UTC): string | undefined | null {
  const v = value.trim();
  if (v === '') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:\d{2})?$/.exec(v);
  if (!m) return null;
  const [, y, mo, d, hh = '00', mi = '00', ss = '00', explicit] = m;
  const local = `${y}-${mo}-${d}T${hh}:${mi}:${ss}`;
  if (explicit) {
    const t = Date.parse(local + explicit);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  const asUtc = Date.parse(local + 'Z');
  if (Number.isNaN(asUtc) || new Date(asUtc).toISOString().slice(0, 19) !== local) return null;
  if (zone === UTC) return new Date(asUtc).toISOString();
  let t = asUtc - offsetAt(asUtc, zone);
  t = asUtc - offsetAt(t, zone);
  const back = wallClock(t, zone);
  if (`${back.date}T${back.time}:${back.seconds}` !== local) return null;
  return new Date(t).toISOString();
}

/**
 * An instant as a datetime-local value on `zone`'s wall clock, keeping its seconds when it has any
 * (`2026-01-31T10:30`, `2026-01-31T10:30:15`): a stored value is shown back without losing them.
 */
export function inputWithSecondsFromInstant(iso: string | null | undefined, zone: string = UTC): string {
  if (!iso) return '';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  const w = wallClock(t, zone);
  return `${w.date}T${w.time}${w.seconds === '00' ? '' : `:${w.seconds}`}`;
}

/** An instant written on `zone`'s wall clock with that zone's offset then: `2026-12-24T18:00:00+01:00` (UTC: `…Z`). */
export function rfc3339InZone(iso: string, zone: string = UTC): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  if (zone === UTC) return new Date(t).toISOString().replace('.000Z', 'Z');
  const w = wallClock(t, zone);
  const minutes = Math.round(offsetAt(t, zone) / 60_000);
  const abs = Math.abs(minutes);
  const offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${w.date}T${w.time}:${w.seconds}${offset}`;
}
