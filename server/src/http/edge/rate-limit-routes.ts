// The routes the contract gives an `x-verso-rate-limit` class, read from the contract so that the
// edge and the declared 429s cannot drift apart:
// - `exempt` (health, the API docs, the 1.0 package schema): an orchestrator's probe or an
//   operator's docs stay reachable under a flood;
// - `credential` (login, refresh, change-password): counted in the client's window whatever
//   `Authorization` says (rate-limiter.ts).

interface PathItem {
  readonly [method: string]: unknown;
}

export type RateLimitClass = 'exempt' | 'credential';

export function rateLimitRouteMatcher(document: { readonly paths?: Readonly<Record<string, PathItem>> }, kind: RateLimitClass): (path: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const marked = Object.values(item).some((op) => typeof op === 'object' && op !== null && (op as Record<string, unknown>)['x-verso-rate-limit'] === kind);
    if (!marked) continue;
    if (!template.includes('{')) exact.add(template);
    else patterns.push(new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`));
  }
  return (requested) => {
    // The router ignores trailing slashes (openapi-backend's ignoreTrailingSlashes): so must this,
    // or `/auth/login/` would be a login outside its class.
    const path = requested.length > 1 ? requested.replace(/\/+$/, '') || '/' : requested;
    return exact.has(path) || patterns.some((p) => p.test(path));
  };
}
