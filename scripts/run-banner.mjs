// The block `make run` prints once the API and the admin answer (scripts/run.mjs).

/** The email and one-time password in the seed's line (server/src/services/platform/seed.ts), or undefined. */
export function seedPasswordOf(line) {
  const m = /^Verso seeded the administrator (\S+) with the one-time password: (\S+)\s*$/.exec(line);
  return m ? { email: m[1], password: m[2] } : undefined;
}

/** The ready block: addresses, and the first sign-in when the seed printed a password on this start. */
export function readyBanner({ adminUrl, apiUrl, seeded, dataDirectory, embedded }) {
  const rule = '─'.repeat(72);
  const lines = [
    '',
    rule,
    '  Verso is ready.',
    '',
    `  Admin    ${adminUrl}`,
    `  API      ${apiUrl}`,
    `  Swagger  ${apiUrl}/swagger`,
    `  Data     ${dataDirectory}${embedded ? ' (embedded PostgreSQL, media)' : ''}`,
    '',
  ];
  if (seeded) {
    lines.push(
      `  First sign-in: ${seeded.email}`,
      `  One-time password: ${seeded.password}`,
      '  (shown once; the admin asks for a password of your own at the first sign-in)',
      '',
    );
  }
  lines.push(`  Forgot the password?  make admin-password EMAIL=${seeded?.email ?? 'admin@localhost'}`, '  Ctrl-C stops Verso.', rule, '');
  return lines.join('\n');
}
