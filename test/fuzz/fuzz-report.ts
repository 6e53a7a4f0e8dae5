// What a fuzz run answers, and its printed form: the totals line, findings by class, the findings
// table by class × operation × status, one reproducible example per group, and (on request) the
// coverage table per operation.
import { classTable, coverageTable, examplesText, findingsTable, type Findings } from './findings.js';

export interface FuzzReport {
  readonly seed: number;
  readonly requested: number;
  readonly sent: number;
  readonly durationMs: number;
  /** `time` when the time budget ended the run before the count did. */
  readonly stoppedBy: 'count' | 'time';
  readonly operations: number;
  readonly findings: Findings;
  /** How many reads and rows the canary snapshot compared. */
  readonly canaryKeys: number;
  /** Rows in the target workspace at the end. */
  readonly census: Record<string, number>;
}

/** Records a changed canary as a finding of its own. */
export function canaryChanged(findings: Findings, seed: number, diffs: readonly string[]): void {
  findings.add('canary', '(canary workspace)', 0, ['canary-changed'], {
    seed,
    index: -1,
    request: `${diffs.length} reads or rows differ after the run, first ones:\n${diffs.slice(0, 5).join('\n')}`,
    response: 'compare the canary snapshot taken before the run with the one after it',
  });
}

/** Records a caller whose session stopped working although the run never aimed at it. */
export function callerLost(findings: Findings, seed: number, caller: string, status: number, body: string): void {
  findings.add('callers', '(caller sessions)', status, ['caller-lost'], {
    seed,
    index: -1,
    request: `GET /api/v1/auth/me as the ${caller} caller after the run`,
    response: `${status} ${body.slice(0, 300)}`,
  });
}

export function summaryLine(r: FuzzReport): string {
  const rate = r.sent / Math.max(0.001, r.durationMs / 1000);
  return (
    `fuzz: seed ${r.seed}, ${r.sent} requests to ${r.operations} operations in ${(r.durationMs / 1000).toFixed(1)} s ` +
    `(${rate.toFixed(0)}/s${r.stoppedBy === 'time' ? `; time budget ended it before ${r.requested}` : ''}), ` +
    `${r.findings.total} findings in ${r.findings.list().length} groups; canary: ${r.canaryKeys} reads and rows compared; ` +
    `target at the end: ${Object.entries(r.census).map(([k, v]) => `${v} ${k}`).join(', ')}`
  );
}

export function formatReport(r: FuzzReport, o: { coverage?: boolean; examplesPerGroup?: number } = {}): string {
  const parts = [summaryLine(r), '', 'Requests and findings by class:', classTable(r.findings)];
  if (r.findings.total > 0) {
    parts.push('', 'Findings by class × operation × status:', findingsTable(r.findings));
    parts.push('', `Examples (replay: FUZZ_SEED=${r.seed} FUZZ_REQUESTS=<index + 1> make fuzz):`, examplesText(r.findings, o.examplesPerGroup ?? 1));
  }
  if (o.coverage) parts.push('', 'Answers by operation:', coverageTable(r.findings));
  return parts.join('\n');
}
