// The serving rule (upstream's "currently serving" resolution): at an instant `asOf`, the candidates
// are an item's Published versions with no effective window or whose half-open window
// [start, end) contains `asOf`; the most specific wins — bounded windows before unbounded, the
// shorter window first, then the latest publish, then the highest version number.
//
// The list and by-slug queries apply the same rule in SQL (db/content-serving.ts,
// SERVING_ORDER); this pure form is the reference the tests hold the SQL to.
export interface ServingCandidate {
  readonly status: string;
  readonly versionNumber: number;
  readonly effectiveStartAt: string | null;
  readonly effectiveEndAt: string | null;
  readonly publishedAt: string | null;
}

export function isServedAt(v: ServingCandidate, asOf: Date): boolean {
  if (v.status !== 'Published') return false;
  if (v.effectiveStartAt === null || v.effectiveEndAt === null) return true;
  const t = asOf.getTime();
  return Date.parse(v.effectiveStartAt) <= t && t < Date.parse(v.effectiveEndAt);
}

function windowLength(v: ServingCandidate): number {
  return v.effectiveStartAt === null || v.effectiveEndAt === null
    ? Number.POSITIVE_INFINITY
    : Date.parse(v.effectiveEndAt) - Date.parse(v.effectiveStartAt);
}

/** Negative when `a` is served in preference to `b`. */
export function compareServingPreference(a: ServingCandidate, b: ServingCandidate): number {
  const aBounded = a.effectiveStartAt !== null;
  const bBounded = b.effectiveStartAt !== null;
  if (aBounded !== bBounded) return aBounded ? -1 : 1;
  const byLength = windowLength(a) - windowLength(b);
  if (aBounded && byLength !== 0) return byLength;
  const aPublished = a.publishedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(a.publishedAt);
  const bPublished = b.publishedAt === null ? Number.NEGATIVE_INFINITY : Date.parse(b.publishedAt);
  if (aPublished !== bPublished) return bPublished - aPublished;
  return b.versionNumber - a.versionNumber;
}

export function pickServingVersion<T extends ServingCandidate>(versions: readonly T[], asOf: Date): T | null {
  let best: T | null = null;
  for (const v of versions) {
    if (!isServedAt(v, asOf)) continue;
    if (best === null || compareServingPreference(v, best) < 0) best = v;
  }
  return best;
}
