// Debian's nginx in front of the API and the admin for tests, running docs/deploy/nginx.conf itself:
// the placeholders (host names, ports, certificate paths) are swapped for a test run's, and the file
// is included by a small main configuration that keeps everything nginx writes (pid file, error and
// access logs, temporary files) in a directory of its own. So it runs unprivileged on loopback high
// ports, as root or as any user, next to (never touching) an nginx the machine may run itself.
// The certificate comes from a test CA made at test time (test-ca.ts): nothing checked in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../server/src/contract.js';
import { freePort } from './database.js';
import { createTestCa } from './test-ca.js';
import { within } from './wait.js';

export const API_HOST = 'api.verso.test';
export const ADMIN_HOST = 'admin.verso.test';
export const SITE_CONFIG = path.join(REPO_ROOT, 'docs/deploy/nginx.conf');

/** The nginx binary: VERSO_NGINX, Debian's /usr/sbin/nginx, or nginx on PATH (`make test` installs it). */
export function findNginx(): string {
  const candidates = [process.env.VERSO_NGINX, '/usr/sbin/nginx', ...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((d) => path.join(d, 'nginx'))];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  throw new Error('nginx not found (looked for /usr/sbin/nginx and nginx on PATH): install it: apt-get install -y nginx (make test does, as root)');
}

export interface NginxOptions {
  /** Where the API and the admin listen (the site's `127.0.0.1:5000` and `:5001`). */
  apiPort: number;
  adminPort: number;
}

export interface RunningNginx {
  /** The https port (the site's 443) and the plain http port (its 80), both on 127.0.0.1. */
  readonly httpsPort: number;
  readonly httpPort: number;
  /** The test CA's certificate: what a client must trust to reach either host. */
  readonly ca: string;
  readonly dir: string;
  readonly configFile: string;
  /** The site file as rendered for this run. */
  readonly site: string;
  /** `nginx -t` on this configuration: exit status and what nginx printed. */
  test(): { status: number | null; output: string };
  errorLog(): string;
  close(): Promise<void>;
}

/**
 * The site file with its placeholders swapped. Each one must be found: a placeholder renamed in the
 * shipped file fails the tests instead of leaving production values in the test configuration.
 */
export function renderSite(text: string, o: { httpsPort: number; httpPort: number; apiPort: number; adminPort: number; certs: Record<'api' | 'admin', { cert: string; key: string }> }): string {
  const swaps: Array<[string | RegExp, string]> = [
    // IPv6 listens go: loopback IPv6 may be off on a test machine.
    [/^\s*listen \[::\]:\d+[^;]*;\n/gm, ''],
    [/listen 443 ssl/g, `listen 127.0.0.1:${o.httpsPort} ssl`],
    [/listen 80;/g, `listen 127.0.0.1:${o.httpPort};`],
    ['127.0.0.1:5000', `127.0.0.1:${o.apiPort}`],
    ['127.0.0.1:5001', `127.0.0.1:${o.adminPort}`],
    ['/etc/ssl/verso/api.example.org.crt', o.certs.api.cert],
    ['/etc/ssl/verso/api.example.org.key', o.certs.api.key],
    ['/etc/ssl/verso/admin.example.org.crt', o.certs.admin.cert],
    ['/etc/ssl/verso/admin.example.org.key', o.certs.admin.key],
    [/api\.example\.org/g, API_HOST],
    [/admin\.example\.org/g, ADMIN_HOST],
  ];
  let out = text;
  for (const [from, to] of swaps) {
    const found = typeof from === 'string' ? out.includes(from) : new RegExp(from.source, from.flags.replace('g', '')).test(out);
    if (!found) throw new Error(`docs/deploy/nginx.conf no longer contains ${String(from)}: update test/helpers/nginx.ts with it`);
    out = typeof from === 'string' ? out.split(from).join(to) : out.replace(from, to);
  }
  return out;
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const nginx = findNginx();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-nginx-'));
  const root = process.getuid?.() === 0;
  // As root the master drops its workers to nobody (below), which must reach the temporary paths.
  if (root) fs.chmodSync(dir, 0o755);
  const ca = await createTestCa('Verso reverse-proxy test CA');
  const certs = {} as Record<'api' | 'admin', { cert: string; key: string }>;
  for (const [name, host] of [['api', API_HOST], ['admin', ADMIN_HOST]] as const) {
    const issued = await ca.issue({ dns: [host] });
    const cert = path.join(dir, `${name}.crt`);
    const key = path.join(dir, `${name}.key`);
    fs.writeFileSync(cert, issued.cert);
    fs.writeFileSync(key, issued.key, { mode: 0o600 });
    certs[name] = { cert, key };
  }
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  const site = renderSite(fs.readFileSync(SITE_CONFIG, 'utf8'), { httpsPort, httpPort, apiPort: options.apiPort, adminPort: options.adminPort, certs });
  fs.writeFileSync(path.join(dir, 'verso.conf'), site);
  const errorLog = path.join(dir, 'error.log');
  const pidFile = path.join(dir, 'nginx.pid');
  const configFile = path.join(dir, 'nginx.conf');
  // Debian's /etc/nginx/nginx.conf, reduced to what the site needs, with every path nginx writes
  // (including the compiled-in temporary paths under /var/lib/nginx) moved into `dir`.
  fs.writeFileSync(
    configFile,
    [
      'daemon off;',
      'master_process on;',
      'worker_processes 1;',
      ...(root ? ['user nobody nogroup;'] : []),
      `pid ${pidFile};`,
      `error_log ${errorLog} info;`,
      'events { worker_connections 128; }',
      'http {',
      `  access_log ${path.join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${path.join(dir, `${t}_temp`)};`),
      `  include ${path.join(dir, 'verso.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  // -e: the error log nginx opens before reading the configuration (Debian compiles stderr in).
  const args = ['-p', dir + '/', '-c', configFile, '-e', errorLog];
  const test = () => {
    const r = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
    return { status: r.status, output: `${r.stdout}${r.stderr}` };
  };
  const checked = test();
  if (checked.status !== 0) throw new Error(`nginx -t failed:\n${checked.output}`);

  const child: ChildProcess = spawn(nginx, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const readError = () => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : '');
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    // nginx writes its pid file after it has bound every listening socket; then one request on
    // each port shows the workers answer.
    await within(15_000, async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}\n${readError()}`);
      return fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').trim() === String(child.pid);
    });
    await proxiedRequest({ port: httpPort, host: API_HOST, path: '/', tls: false });
  } catch (err) {
    await close();
    throw err;
  }
  return { httpsPort, httpPort, ca: ca.cert, dir, configFile, site, test, errorLog: readError, close };
}

export interface ProxiedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request on a fresh connection: to nginx over TLS (SNI and Host = `host`, the certificate checked
 * against `ca`), or plain http (`tls: false`, also for calling the API directly). `localAddress` is the
 * client's own address (127.0.0.2, 127.0.0.3 …: every 127/8 address is this machine's), so a test can
 * be several browsers.
 */
export function proxiedRequest(o: {
  port: number;
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  localAddress?: string;
  ca?: string;
  tls?: boolean;
}): Promise<ProxiedResponse> {
  const tls = o.tls ?? true;
  return new Promise((resolve, reject) => {
    const options: https.RequestOptions = {
      host: '127.0.0.1',
      port: o.port,
      path: o.path,
      method: o.method ?? 'GET',
      headers: { host: o.host, ...o.headers, ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}) },
      localAddress: o.localAddress,
      agent: false,
      ...(tls ? { servername: o.host, ca: o.ca } : {}),
    };
    const req = (tls ? https : http).request(options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(o.body);
  });
}
