// `make run`: the API (with its workers and, unless DATABASE_URL is set, the embedded PostgreSQL)
// and the admin app, as two processes. Ctrl-C stops both; the API stops PostgreSQL on its way out.
// Once both answer (the API's /health/ready, the admin's /healthz) it prints one block with the
// addresses and, on a first start, the administrator's one-time password — which the API prints
// once among its start-up lines and is repeated here, where it cannot scroll by unseen.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './checks.mjs';
import { docsUrlOf, readyBanner, seedPasswordOf } from './run-banner.mjs';
import { allocatorDefaults } from '../server/dist/cluster/allocator-env.js';

const env = { ...process.env, INIT_CWD: root };
const apiPort = env.Api__Port || '5000';
const adminPort = env.Admin__Port || '5001';
const apiUrl = `http://127.0.0.1:${apiPort}`;
const adminUrl = `http://127.0.0.1:${adminPort}`;
// The admin calls the API from this machine and forwards each browser's address in X-Forwarded-For,
// so the API's per-IP limits and bans see editors, not one admin process. That header is believed
// only from a trusted proxy: the API trusts the admin's loopback addresses here, unless the
// operator configured trusted proxies of their own (docs/security.md: Edge).
// glibc's arena limit for the API (image transforms), unless the operator chose one
// (server/src/cluster/allocator-env.ts says why).
const apiEnv = Object.keys(env).some((k) => /^TrustedProxy__Trusted(Proxies|Networks)__\d+$/.test(k))
  ? { ...env, ...allocatorDefaults(env) }
  : { ...env, ...allocatorDefaults(env), TrustedProxy__TrustedProxies__0: '127.0.0.1', TrustedProxy__TrustedProxies__1: '::1' };
const api = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { env: apiEnv, stdio: ['inherit', 'inherit', 'pipe'] });
const admin = spawn(process.execPath, [path.join(root, 'admin/dist/main.js')], { env, stdio: 'inherit' });
const children = [api, admin];

// The API's stderr passes through line by line; the seed's one-time password is kept for the block.
let seeded;
let pending = '';
api.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  pending += chunk.toString('utf8');
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) seeded ??= seedPasswordOf(line);
});

console.log(`Verso is starting: the API on ${apiUrl}, the admin on ${adminUrl}. The addresses follow once both answer.`);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

// Polls until both answer (or the stack goes down). Embedded PostgreSQL's first initdb and the
// migrations take a while on a fresh clone; there is no deadline but Ctrl-C.
(async () => {
  while (!stopping) {
    if ((await answers(`${apiUrl}/health/ready`)) && (await answers(`${adminUrl}/healthz`))) {
      const docsUrl = await docsUrlOf(apiUrl);
      console.log(readyBanner({ adminUrl, apiUrl, docsUrl, seeded, dataDirectory: path.resolve(root, env.Data__Directory || '.data'), embedded: !env.DATABASE_URL }));
      return;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
})();

let exitCode = 0;
await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) =>
        child.once('close', (code) => {
          if (code) exitCode = code;
          stop('SIGTERM'); // one process gone means the stack is down: stop the other too ('close': after its output is all through)
          resolve();
        }),
      ),
  ),
);
process.exit(exitCode);
