// The SDK as its users get it: `npm pack` (whose prepack script builds: tsc -b, then tsup), the
// tarball installed into a throwaway project in os.tmpdir() with --offline (the package has no
// runtime dependencies, so nothing is fetched), then used from Node ESM, from CommonJS and from
// TypeScript under `module: nodenext` and `moduleResolution: bundler`. A file with a wrong field
// name must fail to compile under both.
//
// Then the paths a site developer takes, on the same installed package against the REAL API (started
// in this process, delivering webhooks over TLS to the site): `npx verso-typegen` from the installed
// bin, a site compiled by tsc against the installed types (a wrong content field fails), which makes
// its client with the factory, reads typed content through the cache, is invalidated by a verified
// webhook delivery its own HTTPS route receives, and uploads media with progress.
import { expect } from 'chai';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import net from 'node:net';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { createTestCa } from '../../../test/helpers/test-ca.js';
import { loopbackSender } from '../../../test/webhooks/webhook-fixture.js';
import { articleValues, buildTypedWorld, publishArticle, type TypedWorld } from '../content/typed-world.js';

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
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
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

/** A port nothing listens on yet (bound, then closed). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A site as a developer writes it, compiled by tsc against the installed package: a client from the
 * factory, a content cache, typed content, an HTTPS webhook route that invalidates the cache, and a
 * media upload with progress. It prints one JSON line per step.
 */
function siteFiles(articleSlug: string): Record<string, unknown> {
  const site = `import fs from 'node:fs';
import https from 'node:https';
import { createContentCache, createVersoClientFactory, toContent, uploadMediaFile, VersoWebhookError } from '@verso/sdk';
import { versoContentModel, type VersoContentTypes } from './verso-content.js';

type Article = VersoContentTypes['${articleSlug}'];
const [baseUrl, token, workspaceId, slug, secret, port] = process.argv.slice(2) as [string, string, string, string, string, string];
const print = (line: object) => console.log(JSON.stringify(line));

const factory = createVersoClientFactory({ baseUrl, retry: { maxAttempts: 2 } });
let requests = 0;
const client = factory.create({ token, onResponse: (r) => void (r.operationId === 'getContentBySlug' && (requests += 1)) });
const cache = createContentCache(client, { partition: () => 'public', defaultTtlMs: 60_000 });

async function readArticle(): Promise<Article> {
  const version = await cache.getContentBySlug({ path: { workspaceId, slug } });
  return toContent(version, versoContentModel, '${articleSlug}');
}

let invalidated!: () => void;
const invalidation = new Promise<void>((resolve) => (invalidated = resolve));
const server = https.createServer({ cert: fs.readFileSync('hook-cert.pem'), key: fs.readFileSync('hook-key.pem') }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    const forged = Buffer.from(body);
    forged[0] = forged[0]! ^ 1;
    try {
      await cache.invalidateFromWebhook(forged, req.headers, secret);
      print({ step: 'forged', error: 'none' });
    } catch (error) {
      await readArticle();
      print({ step: 'forged', error: (error as Error).name, reason: error instanceof VersoWebhookError ? error.reason : undefined, requests });
    }
    try {
      const done = await cache.invalidateFromWebhook(body, req.headers, secret);
      print({ step: 'invalidated', scope: done.scope, contentItemId: done.contentItemId, event: done.event.type });
      res.writeHead(204).end();
      invalidated();
    } catch (error) {
      res.writeHead(error instanceof VersoWebhookError ? 401 : 500).end();
    }
  });
});
await new Promise<void>((resolve) => server.listen(Number(port), '127.0.0.1', resolve));

const first = await readArticle();
await readArticle();
print({ step: 'warm', content: first, requests });
await invalidation;
const fresh = await readArticle();
print({ step: 'fresh', title: fresh.title, requests });

const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const progress: [number, number | undefined][] = [];
const asset = await uploadMediaFile(client, { workspaceId, file: new Blob([png], { type: 'image/png' }), fileName: 'pixel.png', onProgress: (p) => progress.push([p.sentBytes, p.totalBytes]) });
print({ step: 'upload', id: asset.id, size: png.length, progress });
server.close();
`;
  const wrong = `import { toContent } from '@verso/sdk';
import { versoContentModel } from './verso-content.js';
declare const version: Parameters<typeof toContent>[0];
export const title: string = toContent(version, versoContentModel, '${articleSlug}').titel;
`;
  // skipLibCheck: the package's declarations were checked above; this compile is about the site's code.
  const siteCompiler = { ...compilerBase, ...nodenext, skipLibCheck: true, noEmit: false, outDir: 'out', rootDir: 'src', types: ['node'], typeRoots: [path.join(repoRoot, 'node_modules/@types')] };
  return {
    'src/site.ts': site,
    'src/site-wrong.ts': wrong,
    'tsconfig.site.json': { compilerOptions: siteCompiler, files: ['src/verso-content.ts', 'src/site.ts'] },
    'tsconfig.site-wrong.json': { compilerOptions: { ...siteCompiler, noEmit: true }, files: ['src/verso-content.ts', 'src/site-wrong.ts'] },
  };
}

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
    expect(files).to.deep.equal(['README.md', 'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'dist/index.js.map', 'dist/live-preview.d.ts', 'dist/live-preview.js', 'dist/live-preview.js.map', 'dist/verso-mcp.js', 'dist/verso-typegen.js', 'package.json']);
  });

  it('has no runtime dependencies (it installs offline, nothing is fetched)', () => {
    const installed = JSON.parse(fs.readFileSync(path.join(app, 'node_modules', manifest.name, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(installed.version).to.equal(manifest.version);
    for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies']) {
      expect(Object.keys((installed[key] as object | undefined) ?? {}), key).to.deep.equal([]);
    }
    expect(installed.scripts, 'no install scripts in the published manifest').to.not.have.any.keys('preinstall', 'install', 'postinstall');
  });

  it('the library bundles import nothing (no Node built-ins), so they load in edge runtimes; only the CLI uses node:', () => {
    const dist = path.join(app, 'node_modules', manifest.name, 'dist');
    for (const bundle of ['index.js', 'index.cjs']) {
      const code = fs.readFileSync(path.join(dist, bundle), 'utf8');
      expect(code, bundle).to.not.match(/^\s*import\s[^;]*from\s*['"]|\brequire\(\s*['"]/m);
      expect(code, bundle).to.include('crypto.subtle');
    }
    expect(fs.readFileSync(path.join(dist, 'verso-typegen.js'), 'utf8')).to.match(/^#!\/usr\/bin\/env node\n/).and.match(/from ['"](node:)?fs['"]/);
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

  describe('against the real API: typegen, typed cached content, webhook invalidation, media upload', function () {
    let api: TestApi;
    let w: TypedWorld;
    let article: Awaited<ReturnType<typeof publishArticle>>;
    let hookPort: number;
    const hookSecret = 'consumer-site:webhook-secret-7f3a9c2e';

    before(async () => {
      const ca = await createTestCa();
      const cert = await ca.issue({ dns: ['hooks.example.test'] });
      write(app, { 'hook-cert.pem': cert.cert, 'hook-key.pem': cert.key });
      api = await startTestApi({ overrides: { webhookSender: loopbackSender(ca.cert) } });
      w = await buildTypedWorld(api);
      article = await publishArticle(w);
      hookPort = await freePort();
      // The site's webhook route (started by the site below); the secret is one the site chose.
      await w.client.createWebhookEndpoint({
        path: { workspaceId: w.workspaceId },
        body: { name: 'Consumer site', url: `https://hooks.example.test:${hookPort}/verso-webhook`, events: ['content.version_published'], secret: hookSecret },
      });
    });
    after(async () => {
      await api?.close();
    });

    it('`npx verso-typegen` from the installed package writes the workspace\'s interfaces', async () => {
      const r = await sh('npx', ['--offline', '--cache', path.join(tmp, 'npm-cache'), 'verso-typegen', '--base-url', api.url, '--token', w.token, '--workspace', w.workspaceId, '--out', 'src/verso-content.ts'], app);
      expect(r.ok, r.out).to.equal(true);
      expect(r.out).to.match(/wrote 3 template and 2 component interfaces to src\/verso-content\.ts/);
      const generated = fs.readFileSync(path.join(app, 'src/verso-content.ts'), 'utf8');
      expect(generated).to.include(`export interface Article${w.suffix} {`).and.include('from "@verso/sdk"');
      const refused = await sh('npx', ['--offline', '--cache', path.join(tmp, 'npm-cache'), 'verso-typegen', '--base-url', api.url, '--token', 'wrong', '--workspace', w.workspaceId, '--out', 'src/x.ts'], app);
      expect(refused.ok).to.equal(false);
      expect(refused.out).to.match(/401 Unauthorized/);
    });

    it('tsc compiles the site against the installed types and the generated module; a wrong content field fails', async () => {
      write(app, siteFiles(w.slugs.article));
      const r = await sh(process.execPath, [tscBin, '-p', 'tsconfig.site.json'], app);
      expect(r.ok, r.out).to.equal(true);
      const bad = await sh(process.execPath, [tscBin, '-p', 'tsconfig.site-wrong.json'], app);
      expect(bad.ok, 'a wrong content field must not compile').to.equal(false);
      expect(bad.out).to.match(/site-wrong\.ts\(\d+,\d+\): error TS2551: Property 'titel' does not exist/);
    });

    it('the site reads typed content through the cache, is invalidated by a verified delivery, and uploads media with progress', async () => {
      const site = spawn(process.execPath, ['out/site.js', api.url, w.token, w.workspaceId, article.slug, hookSecret, String(hookPort)], { cwd: app, env: childEnv });
      const lines: Record<string, any>[] = [];
      let stderr = '';
      site.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      let buffered = '';
      const warmed = new Promise<void>((resolve) => {
        site.stdout.on('data', (c: Buffer) => {
          buffered += c.toString();
          for (let i = buffered.indexOf('\n'); i >= 0; i = buffered.indexOf('\n')) {
            const line = JSON.parse(buffered.slice(0, i)) as Record<string, any>;
            buffered = buffered.slice(i + 1);
            lines.push(line);
            if (line.step === 'warm') resolve();
          }
        });
      });
      const exited = new Promise<number | null>((resolve) => site.on('exit', resolve));
      await Promise.race([warmed, exited.then(() => expect.fail(`the site stopped early: ${stderr}`))]);
      // An editor retitles the article; the API delivers content.version_published to the site.
      const { fields } = articleValues(w, article.authorId, article.blockAuthorId, article.calloutId, 'Retitled');
      const v2 = await w.client.createContentVersion({ path: { workspaceId: w.workspaceId, id: article.id }, body: { duplicateFromVersionNumber: 1, fields } });
      await w.client.publishContentVersion({ path: { workspaceId: w.workspaceId, id: article.id, versionNumber: v2.versionNumber }, body: { overrideWorkflow: true } });
      const code = await exited;
      expect(code, `${stderr}\n${JSON.stringify(lines)}`).to.equal(0);
      const step = (name: string) => lines.find((l) => l.step === name)!;

      expect(step('warm')).to.deep.equal({ step: 'warm', content: article.expected, requests: 1 });
      expect(step('forged')).to.deep.equal({ step: 'forged', error: 'VersoWebhookError', reason: 'signature_mismatch', requests: 1 });
      expect(step('invalidated')).to.deep.include({ step: 'invalidated', scope: 'item', contentItemId: article.id, event: 'content.version_published' });
      expect(step('fresh')).to.deep.equal({ step: 'fresh', title: 'Retitled', requests: 2 });

      const upload = step('upload');
      expect(upload.progress.length).to.be.above(0);
      // Progress counts the request body (the multipart encoding around the file's bytes), ending at its total.
      const [sent, total] = upload.progress.at(-1);
      expect(sent).to.equal(total);
      expect(total).to.be.above(upload.size);
      for (let i = 1; i < upload.progress.length; i += 1) expect(upload.progress[i][0]).to.be.at.least(upload.progress[i - 1][0]);
      const asset = await w.client.getMedia({ path: { workspaceId: w.workspaceId, id: upload.id } });
      expect(asset).to.deep.include({ fileName: 'pixel.png', mimeType: 'image/png', sizeBytes: upload.size });
    });
  });
});
