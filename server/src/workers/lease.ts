// Leases for work claimed by one replica at a time. A claim (in the worker's own query module)
// takes rows `FOR UPDATE SKIP LOCKED` and stamps them with this replica's owner id, a fresh token
// and an expiry; while the work runs, the lease is renewed at half its length; completion is
// written only `WHERE lease_owner = $owner AND lease_token = $token`, so a worker whose lease
// expired and was taken over can never complete (or undo) someone else's claim.
import crypto from 'node:crypto';
import os from 'node:os';
import type { Lease } from '../db/lease.js';

export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  constructor(what: string) {
    super(`lease lost: ${what}`);
  }
}

export type { Lease };

/** One id per process: host name, pid and a random suffix (pids repeat across containers). */
export const REPLICA_ID = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

export function newLease(durationMs: number): Lease {
  return { owner: REPLICA_ID, token: crypto.randomUUID(), durationMs };
}

/**
 * Runs `work` while renewing the lease at half its duration. `renew` extends the lease in the
 * database and returns false when the row is no longer ours; the work's signal is then aborted
 * and the call rejects with LeaseLostError.
 */
export async function withLeaseRenewal<T>(
  lease: Lease,
  renew: () => Promise<boolean>,
  work: (signal: AbortSignal) => Promise<T>,
  what: string,
): Promise<T> {
  const controller = new AbortController();
  let lost = false;
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      if (lost) return;
      try {
        if (!(await renew())) {
          lost = true;
          controller.abort(new LeaseLostError(what));
        }
      } catch {
        // A failed renewal is not yet a lost lease: the next tick tries again before expiry.
      }
    });
  }, Math.max(10, Math.floor(lease.durationMs / 2)));
  try {
    const result = await work(controller.signal);
    if (lost) throw new LeaseLostError(what);
    return result;
  } finally {
    clearInterval(timer);
    await renewing;
  }
}
