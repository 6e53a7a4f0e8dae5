// `make run`: the API (with its workers and, unless DATABASE_URL is set, the embedded PostgreSQL)
// and the admin app, as two processes. Ctrl-C stops both; the API stops PostgreSQL on its way out.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './checks.mjs';

const env = { ...process.env, INIT_CWD: root };
const apiPort = env.Api__Port || '5000';
const adminPort = env.Admin__Port || '5001';
const children = [
  spawn(process.execPath, [path.join(root, 'server/dist/main.js')], { env, stdio: 'inherit' }),
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
