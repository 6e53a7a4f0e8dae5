// Every SQL statement a test API's pool runs (pass `interceptor` in startTestApi's
// databaseInterceptors), for the tests that count what an operation costs the database.
import type { Interceptor } from 'slonik';

export function statementRecorder(): { readonly statements: string[]; readonly interceptor: Interceptor } {
  const statements: string[] = [];
  return {
    statements,
    interceptor: {
      name: 'statement-counter',
      beforeQueryExecution: (_ctx, query) => {
        statements.push(query.sql);
        return null;
      },
    },
  };
}
