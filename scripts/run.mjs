// `make run`: the API (with its workers and, unless DATABASE_URL is set, the embedded PostgreSQL)
// and the admin app, as two processes. Ctrl-C stops both; the API stops PostgreSQL on its way out.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './checks.mjs';

const env = { ...process.env, INIT_CWD: root };
const apiPort = env.Api__Port || '5000';
const adminPort = env.Admin__Port || '5001';
// The admin calls the API from this machine and forwards each browser's address in X-Forwarded-For,
// so the API's per-IP limits and bans see editors, not one admin process. That header is believed
// only from a trusted proxy: the API trusts the admin's loopback addresses here, unless the
// operator configured trusted proxies of their own (README: Edge).
const apiEnv = Object.keys(env).some((k) => /^TrustedProxy__Trusted(Proxies|Networks)__\d+$/.test(k))
  ? env
  : { ...env, TrustedProxy__TrustedProxies__0: '127.0.0.1', TrustedProxy__TrustedProxies__1: '::1' };
const children = [
  spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { env: apiEnv, stdio: 'inherit' }),
  spawn(process.execPath, [path.join(root, 'admin/dist/main.js')], { env, stdio: 'inherit' }),
];
console.log(`Verso is starting:
  API      http://127.0.0.1:${apiPort}          (health: /health/ready, docs: /swagger)
  admin    http://127.0.0.1:${adminPort}
  data     ${path.resolve(root, env.Data__Directory || '.data')}${env.DATABASE_URL ? '' : ' (embedded PostgreSQL, media)'}
Press Ctrl-C to stop.`);

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
let exitCode = 0;
await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) =>
        child.once('exit', (code) => {
          if (code) exitCode = code;
          stop('SIGTERM'); // one process gone means the stack is down: stop the other too
          resolve();
        }),
      ),
  ),
);
process.exit(exitCode);
