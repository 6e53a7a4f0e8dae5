// The lease a replica holds on claimed rows (see workers/lease.ts for how leases are taken and
// renewed). Query modules write completion only where owner and token still match.
export interface Lease {
  readonly owner: string;
  readonly token: string;
  readonly durationMs: number;
}
