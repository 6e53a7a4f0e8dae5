// The block `make run` prints once the API and the admin answer (scripts/run.mjs).

/** The email and one-time password in the seed's line (server/src/services/identity/seed.ts), or undefined. */
export function seedPasswordOf(line) {
  const m = /^Verso seeded the administrator (\S+) with the one-time password: (\S+)\s*$/.exec(line);
  return m ? { email: m[1], password: m[2] } : undefined;
}

/**
 * The API's docs viewer, when it is served: asked of the API itself, since production (and
 * Api__SwaggerEnabled=false) answers /swagger with 404, and the block names only what answers.
 */
export async function docsUrlOf(apiUrl) {
  const url = `${apiUrl}/swagger`;
  try {
    // The API has already answered its readiness probe; the bound only keeps a wedged API from
    // holding the banner back, and is generous because a busy machine answers slowly.
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    await res.arrayBuffer();
    return res.ok ? url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ready block: addresses (the docs viewer only when it is served, `docsUrl`), and the first
 * sign-in when the seed printed a password on this start.
 */
export function readyBanner({ adminUrl, apiUrl, docsUrl, seeded, dataDirectory, embedded }) {
  const rule = '─'.repeat(72);
  const lines = [
    '',
    rule,
    '  Verso is ready.',
    '',
    `  Admin    ${adminUrl}`,
    `  API      ${apiUrl}`,
    ...(docsUrl ? [`  Swagger  ${docsUrl}`] : []),
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
