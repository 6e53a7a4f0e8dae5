// The SDK as its users get it: `npm pack` (whose prepack script builds: tsc -b, then tsup), the
// tarball installed into a throwaway project in os.tmpdir() with --offline (the package has no
// runtime dependencies, so nothing is fetched), then used from Node ESM, from CommonJS and from
// TypeScript under `module: nodenext` and `moduleResolution: bundler`. A file with a wrong field
// name must fail to compile under both.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sdkRoot = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(sdkRoot, '..');
const tscBin = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
const manifest = JSON.parse(fs.readFileSync(path.join(sdkRoot, 'package.json'), 'utf8')) as { name: string; version: string };

// Children get this node (and its npm) first on PATH and none of the npm_* variables of a parent
// `npm run`, which could point npm at the repository's workspace or cache.
const childEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
childEnv.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;

async function sh(file: string, args: string[], cwd: string): Promise<{ ok: boolean; out: string }> {
  try {
    const r = await run(file, args, { cwd, env: childEnv, maxBuffer: 16 << 20 });
    return { ok: true, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    return { ok: false, out: `${err.stdout ?? ''}${err.stderr ?? ''}` || err.message };
  }
}

function write(dir: string, files: Record<string, unknown>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
}

const compilerBase = { target: 'es2022', lib: ['es2022', 'dom'], types: [], strict: true, noEmit: true, skipLibCheck: false };
const nodenext = { module: 'nodenext', moduleResolution: 'nodenext' };
const bundler = { module: 'esnext', moduleResolution: 'bundler' };

const consumerFiles: Record<string, unknown> = {
  'package.json': { name: 'verso-consumer', version: '1.0.0', private: true, type: 'module' },
  'esm.mjs': `import { VersoClient, VersoApiError, operationSpecs, renderPlaceholders } from '${manifest.name}';
const verso = new VersoClient({ baseUrl: process.argv[2], retry: false });
const live = await verso.getHealthLive();
console.log(JSON.stringify({ resolved: import.meta.resolve('${manifest.name}'), client: typeof VersoClient, error: typeof VersoApiError, spec: operationSpecs.getHealthLive.path, status: live.status, rendered: renderPlaceholders('Hi \${{name}}', { name: 'Ada' }) }));
`,
  'cjs.cjs': `const { VersoClient, VersoApiError, operationSpecs, renderPlaceholders } = require('${manifest.name}');
const verso = new VersoClient({ baseUrl: process.argv[2], retry: false });
verso.getHealthLive().then((live) => {
  console.log(JSON.stringify({ resolved: require.resolve('${manifest.name}'), client: typeof VersoClient, error: typeof VersoApiError, spec: operationSpecs.getHealthLive.path, status: live.status, rendered: renderPlaceholders('Hi \${{name}}', { name: 'Ada' }) }));
}, (e) => { console.error(e); process.exit(1); });
`,
  // Uses the types: options, an operation's result, the error class, a typed input.
  'use.ts': `import { VersoClient, VersoApiError, type OperationInput, type OperationResult, type VersoClientOptions } from '${manifest.name}';
const options: VersoClientOptions = { baseUrl: 'https://cms.example.com', token: () => 'verso_id_secret', retry: false, timeoutMs: 5000 };
const verso = new VersoClient(options);
export async function liveStatus(): Promise<string> {
  const live: OperationResult<'getHealthLive'> = await verso.getHealthLive();
  return live.status;
}
export const mediaInput: OperationInput<'getMedia'> = { path: { workspaceId: '00000000-0000-0000-0000-000000000001', id: '00000000-0000-0000-0000-000000000002' } };
export function describe(e: unknown): string {
  return e instanceof VersoApiError ? \`\${e.status}\` : 'other';
}
`,
  // The same under CommonJS (nodenext resolves the package's "require" condition: index.d.cts).
  'use.cts': `import { VersoClient, type VersoClientOptions } from '${manifest.name}';
const options: VersoClientOptions = { baseUrl: 'https://cms.example.com' };
export const client: VersoClient = new VersoClient(options);
`,
  // Wrong field names: one in the client options, one in an operation's path parameters.
  'wrong.ts': `import { VersoClient } from '${manifest.name}';
const verso = new VersoClient({ baseUrl: 'https://cms.example.com', tokenn: 'verso_id_secret' });
export const media = verso.getMedia({ path: { workspaceId: '00000000-0000-0000-0000-000000000001', mediaId: 'x' } });
`,
  'tsconfig.nodenext.json': { compilerOptions: { ...compilerBase, ...nodenext }, files: ['use.ts', 'use.cts'] },
  'tsconfig.bundler.json': { compilerOptions: { ...compilerBase, ...bundler }, files: ['use.ts'] },
  'tsconfig.nodenext-wrong.json': { compilerOptions: { ...compilerBase, ...nodenext }, files: ['wrong.ts'] },
  'tsconfig.bundler-wrong.json': { compilerOptions: { ...compilerBase, ...bundler }, files: ['wrong.ts'] },
};

describe('SDK consumer: the packed tarball installed into a fresh project', function () {
  this.timeout(120_000);
  let tmp: string;
  let tarball: string;
  let app: string;
  let server: http.Server;
  let baseUrl: string;

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-sdk-consumer-'));
    const packs = path.join(tmp, 'packs');
    fs.mkdirSync(packs);
    const pack = await sh('npm', ['pack', '--pack-destination', packs, '--cache', path.join(tmp, 'npm-cache')], sdkRoot);
    expect(pack.ok, pack.out).to.equal(true);
    const tgz = fs.readdirSync(packs).filter((f) => f.endsWith('.tgz'));
    expect(tgz).to.deep.equal([`verso-sdk-${manifest.version}.tgz`]);
    tarball = path.join(packs, tgz[0]!);

    app = path.join(tmp, 'app');
    fs.mkdirSync(app);
    write(app, consumerFiles);
    const install = await sh('npm', ['install', tarball, '--offline', '--no-audit', '--no-fund', '--cache', path.join(tmp, 'npm-cache')], app);
    expect(install.ok, install.out).to.equal(true);

    server = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/health/live') {
        res.writeHead(200, { 'content-type': 'application/json', 'x-correlation-id': 'consumer-test' });
        res.end(JSON.stringify({ status: 'ok' }));
      } else {
        res.writeHead(404, { 'content-type': 'application/problem+json' });
        res.end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404 }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('the tarball holds only what consumers load: the bundles, their declarations and maps, README, package.json', async () => {
    const list = await sh('tar', ['-tzf', tarball], tmp);
    expect(list.ok, list.out).to.equal(true);
    const files = list.out.trim().split('\n').map((f) => f.replace(/^package\//, '')).filter((f) => !/^LICEN[CS]E/i.test(f)).sort();
    expect(files).to.deep.equal(['README.md', 'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'dist/index.js.map', 'package.json']);
  });

  it('has no runtime dependencies (it installs offline, nothing is fetched)', () => {
    const installed = JSON.parse(fs.readFileSync(path.join(app, 'node_modules', manifest.name, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed.version).to.equal(manifest.version);
    for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
      expect(Object.keys((installed[key] as object | undefined) ?? {}), key).to.deep.equal([]);
    }
    expect(installed.scripts, 'no install scripts in the published manifest').to.not.have.any.keys('preinstall', 'install', 'postinstall');
  });

  it("Node ESM: import { VersoClient } from '@verso/sdk' loads dist/index.js and calls the API", async () => {
    const r = await sh(process.execPath, ['esm.mjs', baseUrl], app);
    expect(r.ok, r.out).to.equal(true);
    const out = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(out).to.include({ client: 'function', error: 'function', spec: '/health/live', status: 'ok', rendered: 'Hi Ada' });
    expect(out.resolved).to.match(/\/node_modules\/@verso\/sdk\/dist\/index\.js$/);
  });

  it("CommonJS: require('@verso/sdk') loads dist/index.cjs and calls the API", async () => {
    const r = await sh(process.execPath, ['cjs.cjs', baseUrl], app);
    expect(r.ok, r.out).to.equal(true);
    const out = JSON.parse(r.out.trim().split('\n').pop()!);
    expect(out).to.include({ client: 'function', error: 'function', spec: '/health/live', status: 'ok', rendered: 'Hi Ada' });
    expect(out.resolved).to.match(/\/node_modules\/@verso\/sdk\/dist\/index\.cjs$/);
  });

  for (const mode of ['nodenext', 'bundler'] as const) {
    it(`tsc (${mode === 'nodenext' ? 'module: nodenext, ESM and CommonJS files' : 'moduleResolution: bundler'}) compiles a file that uses the types`, async () => {
      const r = await sh(process.execPath, [tscBin, '-p', `tsconfig.${mode}.json`], app);
      expect(r.ok, r.out).to.equal(true);
    });

    it(`tsc (${mode}) rejects a wrong field name in the options and in an operation's input`, async () => {
      const r = await sh(process.execPath, [tscBin, '-p', `tsconfig.${mode}-wrong.json`], app);
      expect(r.ok, 'a wrong field name must not compile').to.equal(false);
      expect(r.out).to.match(/wrong\.ts\(2,\d+\): error TS\d+: .*'tokenn'/);
      expect(r.out).to.match(/wrong\.ts\(3,\d+\): error TS\d+: .*'mediaId'/);
      expect(r.out).to.not.match(/error TS2307/); // "cannot find module": the failure is the field, not the resolution
    });
  }
});
