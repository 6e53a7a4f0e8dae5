// Every SQL statement a test API's pools run (pass `onStatement` to startTestApi), for the tests
// that count what an operation costs the database.
export function statementRecorder(): { readonly statements: string[]; readonly onStatement: (sql: string) => void } {
  const statements: string[] = [];
  return { statements, onStatement: (sql) => statements.push(sql) };
}
