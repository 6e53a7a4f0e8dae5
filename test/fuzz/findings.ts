// Findings grouped by (attack class, operation, status) with the checks that failed, a count and a
// few reproducible examples each (seed, index and the request as sent), plus the run's tallies of
// requests by class and by operation, and the text tables the CLI and the mocha test print.

export interface FindingExample {
  readonly seed: number;
  readonly index: number;
  readonly request: string;
  readonly response: string;
  /** The server's own log line for the request (unhandled errors), when there is one. */
  readonly serverLog?: string;
}

export interface FindingGroup {
  readonly attack: string;
  /** The operationId, or `(http parser)` when Node's HTTP layer answered before routing. */
  readonly operation: string;
  readonly status: number;
  /** The oracle's checks that failed (oracle.ts, admin-requests.ts), `canary-changed` or `caller-lost`. */
  readonly checks: Set<string>;
  count: number;
  readonly examples: FindingExample[];
}

const EXAMPLES_PER_GROUP = 3;

export class Findings {
  private readonly groups = new Map<string, FindingGroup>();
  readonly requestsByAttack = new Map<string, number>();
  /** Per operation: requests sent and answers by status class (how deep the run got). */
  readonly operations = new Map<string, { requests: number; ok: number; clientError: number; serverError: number; none: number; ms: number }>();

  count(attack: string, operation: string, status: number, durationMs: number): void {
    this.requestsByAttack.set(attack, (this.requestsByAttack.get(attack) ?? 0) + 1);
    const o = this.operations.get(operation) ?? { requests: 0, ok: 0, clientError: 0, serverError: 0, none: 0, ms: 0 };
    o.requests += 1;
    o.ms += durationMs;
    if (status === 0) o.none += 1;
    else if (status < 400) o.ok += 1;
    else if (status < 500) o.clientError += 1;
    else o.serverError += 1;
    this.operations.set(operation, o);
  }

  add(attack: string, operation: string, status: number, checks: readonly string[], example: FindingExample): void {
    const key = `${attack}\u0000${operation}\u0000${status}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { attack, operation, status, checks: new Set(), count: 0, examples: [] }));
    for (const c of checks) group.checks.add(c);
    group.count += 1;
    if (group.examples.length < EXAMPLES_PER_GROUP) group.examples.push(example);
  }

  list(): FindingGroup[] {
    return [...this.groups.values()].sort(
      (a, b) => a.attack.localeCompare(b.attack) || a.operation.localeCompare(b.operation) || a.status - b.status,
    );
  }

  get total(): number {
    return [...this.groups.values()].reduce((n, g) => n + g.count, 0);
  }
}

/** A fixed-width text table (header row first). */
export function table(rows: readonly (readonly (string | number)[])[]): string {
  if (rows.length === 0) return '';
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  const line = (r: readonly (string | number)[]) =>
    r.map((cell, c) => (typeof cell === 'number' ? String(cell).padStart(widths[c]!) : String(cell).padEnd(widths[c]!))).join('  ').trimEnd();
  return [line(rows[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function findingsTable(findings: Findings): string {
  const rows = findings.list().map((g) => [g.attack, g.operation, g.status, g.count, [...g.checks].sort().join(','), `#${g.examples[0]?.index ?? '-'}`]);
  return table([['class', 'operation', 'status', 'count', 'checks', 'example'], ...rows]);
}

/** Findings by class with the number of operations they touch: the short form of the table. */
export function classTable(findings: Findings): string {
  const byClass = new Map<string, { findings: number; operations: Set<string>; requests: number }>();
  for (const [attack, requests] of findings.requestsByAttack) byClass.set(attack, { findings: 0, operations: new Set(), requests });
  for (const g of findings.list()) {
    const entry = byClass.get(g.attack) ?? { findings: 0, operations: new Set<string>(), requests: 0 };
    entry.findings += g.count;
    entry.operations.add(g.operation);
    byClass.set(g.attack, entry);
  }
  const rows = [...byClass.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([attack, e]) => [attack, e.requests, e.findings, e.operations.size]);
  return table([['class', 'requests', 'findings', 'operations'], ...rows]);
}

/** Requests and answers per operation: which ones the run only ever saw refused. */
export function coverageTable(findings: Findings): string {
  const rows = [...findings.operations.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([op, o]) => [op, o.requests, o.ok, o.clientError, o.serverError, o.none, Math.round(o.ms / o.requests)]);
  return table([['operation', 'requests', '2xx/3xx', '4xx', '5xx', 'none', 'mean ms'], ...rows]);
}

export function examplesText(findings: Findings, perGroup = 1): string {
  return findings
    .list()
    .map((g) => {
      const head = `[${g.attack} × ${g.operation} → ${g.status || 'no response'}] ${g.count}× ${[...g.checks].sort().join(', ')}`;
      const examples = g.examples.slice(0, perGroup).map((e) => {
        const lines = [`  seed ${e.seed} index ${e.index}:`, indent(e.request, 4), `    ← ${e.response}`];
        if (e.serverLog) lines.push(`    server log: ${e.serverLog}`);
        return lines.join('\n');
      });
      return [head, ...examples].join('\n');
    })
    .join('\n\n');
}

const indent = (s: string, n: number) => s.replace(/^/gm, ' '.repeat(n));
