// The routes the contract marks `x-verso-rate-limit: exempt` (health, the API docs, the 1.0
// package schema): an orchestrator's probe or an operator's docs stay reachable under a flood.
// Read from the contract, so the list and the declared 429s cannot drift apart.

interface PathItem {
  readonly [method: string]: unknown;
}

export function exemptRouteMatcher(document: { readonly paths?: Readonly<Record<string, PathItem>> }): (path: string) => boolean {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    const exempt = Object.values(item).some((op) => typeof op === 'object' && op !== null && (op as Record<string, unknown>)['x-verso-rate-limit'] === 'exempt');
    if (!exempt) continue;
    if (!template.includes('{')) exact.add(template);
    else patterns.push(new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`));
  }
  return (path) => exact.has(path) || patterns.some((p) => p.test(path));
}
