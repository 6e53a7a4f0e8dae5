// The statements the API sends while a bench records, each with its wall time seen from the client
// (round trip, queueing and PostgreSQL's work, triggers included): a slonik interceptor to hand to
// startTestApi's databaseInterceptors, switched on around the part being measured.
import type { Interceptor } from 'slonik';

export interface StatementTiming {
  readonly interceptor: Interceptor;
  /** What was recorded so far, in order of completion. */
  readonly statements: { sql: string; ms: number }[];
  /** Records from now on (`false` stops); `onlyInTransactions` keeps only statements inside one. */
  recording: boolean;
  /** When (Date.now()) the last recorded statement completed: for a transaction, just before its commit. */
  lastCompletedAt: number;
}

export function statementTiming(name: string, o: { onlyInTransactions?: boolean } = {}): StatementTiming {
  const started = new Map<string, number>();
  const timing: StatementTiming = {
    statements: [],
    recording: false,
    lastCompletedAt: 0,
    interceptor: {
      name,
      beforeQueryExecution: (context) => {
        if (timing.recording && (!o.onlyInTransactions || context.transactionId)) started.set(context.queryId, performance.now());
        return null;
      },
      afterQueryExecution: (context, query) => {
        const t = started.get(context.queryId);
        if (t !== undefined) {
          started.delete(context.queryId);
          timing.statements.push({ sql: query.sql, ms: performance.now() - t });
          timing.lastCompletedAt = Date.now();
        }
        return null;
      },
    },
  };
  return timing;
}
