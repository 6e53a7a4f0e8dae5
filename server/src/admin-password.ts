// `make admin-password EMAIL=…`: a forgotten password reset from the command line. Prints a new
// one-time password for the user (services/identity/password-recovery.ts) that must be changed at
// the next sign-in. Uses the database Verso uses: DATABASE_URL, or the embedded cluster under
// Data__Directory — the running one when `make run` is up (never a second postmaster on the same
// files), else started for the moment and stopped again.
import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { REPO_ROOT, readVersion } from './contract.js';
import { embeddedClusterExists, runningEmbeddedUrl, startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded.js';
import { createDatabasePool } from './db/pool.js';
import { issueOneTimePassword } from './services/identity/password-recovery.js';

function fail(message: string, code = 1): never {
  console.error(`verso: ${message}`);
  process.exit(code);
}

async function main(): Promise<void> {
  const email = (process.argv[2] ?? '').trim();
  if (!email) fail('name the user: make admin-password EMAIL=admin@localhost', 64);
  let config;
  try {
    config = loadConfig(process.env, { version: readVersion(), cwd: process.env.INIT_CWD ?? REPO_ROOT });
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 78);
    throw err;
  }
  const quiet = () => {};
  let url = config.database.url ?? undefined;
  let embedded: EmbeddedDatabase | undefined;
  if (!url) {
    const dataDir = path.join(config.data.directory, 'postgres');
    url = runningEmbeddedUrl(dataDir, 'verso', quiet);
    if (!url) {
      if (!embeddedClusterExists(dataDir, quiet)) fail(`Verso has not been started with the data directory ${config.data.directory} yet: run make run first (it creates the administrator).`);
      embedded = await startEmbeddedDatabase({ dataDir, port: config.database.embeddedPort, persistent: true, log: quiet });
      url = embedded.urlFor('verso');
    }
  }
  const db = await createDatabasePool(url, { size: 2, statementTimeoutMs: 30_000 });
  let outcome;
  try {
    outcome = await issueOneTimePassword(db, email, config.auth.password);
  } catch (err) {
    fail(`the password could not be reset: ${(err as Error).message}`);
  } finally {
    await db.end();
    await embedded?.stop();
  }
  if (!outcome.ok) fail(`${outcome.reason}; nothing was changed.`);
  console.log(`A new one-time password for ${outcome.email}:

    ${outcome.password}

Sign in with it; the admin then asks for a password of your own. Sessions of ${outcome.email} were signed out.`);
  if (!outcome.active) console.log(`Note: ${outcome.email} is deactivated; another administrator must activate the account before it can sign in.`);
}

await main();
