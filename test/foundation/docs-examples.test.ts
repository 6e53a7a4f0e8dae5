// Examples that run: every fenced block in README.md and docs/ carries a marker (an HTML comment on
// the line before the fence; docs/contributing.md, "Examples in the docs") and the marker is kept:
// - `run`: the shell block runs with bash against a real API started here, with a published item
//   `home` in a workspace and a Reader API client (Delivery only). The docs' placeholders (the base
//   URL http://127.0.0.1:5000, `<workspace id>`, `<slug>`, `verso_…`, `<the ETag>`, $VERSO_TOKEN)
//   are filled in; curl reads a .curlrc that makes an HTTP error a failing exit code, so a 4xx or
//   5xx answer fails the example. `run; prints X` also needs X in what it prints (X must be in the
//   block too, as its comment); an `output` block right after it is compared loosely.
// - `compile`: TypeScript compiled by tsc against the SDK's source, with the repository's strict options.
// - `copy of <file>`: the block is that file, byte for byte (a test runs the file).
// - `not run — <reason>`: the reason is said; a test or file it names exists.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../../server/src/contract.js';
import { createApiClientToken } from '../helpers/actors.js';
import { documentationFiles, extractBlocks, looseOutput, parseMarker, type DocBlock, type ExampleMarker } from '../helpers/doc-examples.js';
import { createArticle, dbQuery, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';

interface MarkedBlock extends DocBlock {
  marker: ExampleMarker;
}

const where = (b: DocBlock) => `${b.file}:${b.line}`;
const blocks: DocBlock[] = documentationFiles(REPO_ROOT).flatMap((file) =>
  extractBlocks(file, fs.readFileSync(path.join(REPO_ROOT, file), 'utf8')),
);
const marked: MarkedBlock[] = blocks.flatMap((b) => {
  if (b.markerText === undefined) return [];
  const marker = parseMarker(b.markerText);
  return 'error' in marker ? [] : [{ ...b, marker }];
});
const ofKind = <K extends ExampleMarker['kind']>(kind: K) =>
  marked.filter((b): b is MarkedBlock & { marker: Extract<ExampleMarker, { kind: K }> } => b.marker.kind === kind);

/** The block after `b` in the same file, when it is its output. */
function outputOf(b: MarkedBlock): MarkedBlock | undefined {
  const next = marked[marked.indexOf(b) + 1];
  return next && next.file === b.file && next.marker.kind === 'output' ? next : undefined;
}

function runBash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('documentation examples', () => {
  it('finds the blocks of README.md and docs/', () => {
    expect(blocks.length).to.be.greaterThan(10);
    expect(blocks.map((b) => b.file)).to.include.members(['README.md', 'docs/site-developers.md']);
  });

  it('reads markers before fences, indented ones too, and compares output loosely', () => {
    const sample = [
      '<!-- example: run -->',
      '```sh',
      'echo hi',
      '```',
      '',
      '1. A step:',
      '',
      '   <!-- example: output -->',
      '   ```text',
      '   id 0b0e7a4c-6a57-4f55-9d43-2f2b3c1d9e01 at 2026-12-07T00:00:00.123Z',
      '   ```',
      '```',
      'unmarked',
      '```',
      '<!-- example: not run -->',
      '~~~js',
      '~~~',
    ].join('\n');
    const found = extractBlocks('sample.md', sample);
    expect(found.map((b) => [b.line, b.lang, b.markerText])).to.deep.equal([
      [2, 'sh', 'run'],
      [9, 'text', 'output'],
      [12, '', undefined],
      [16, 'js', 'not run'],
    ]);
    expect(found[1]!.code).to.equal('id 0b0e7a4c-6a57-4f55-9d43-2f2b3c1d9e01 at 2026-12-07T00:00:00.123Z');
    expect(parseMarker('not run')).to.have.property('error');
    expect(parseMarker('not run — needs a public CDN')).to.deep.equal({ kind: 'not-run', reason: 'needs a public CDN' });
    expect(parseMarker('run; prints 304')).to.deep.equal({ kind: 'run', prints: '304' });
    expect(parseMarker('copy of docs/examples/a.mjs, run by x')).to.deep.equal({ kind: 'copy', file: 'docs/examples/a.mjs', note: 'run by x' });
    expect(parseMarker('runs')).to.have.property('error');
    expect(looseOutput('id 11111111-2222-4333-8444-555555555555  at 2027-01-01T10:00:00Z\n')).to.equal(looseOutput(found[1]!.code));
    expect(looseOutput('id x at 2027-01-01T10:00:00Z')).to.not.equal(looseOutput(found[1]!.code));
  });

  it('every block is marked run, compile, output, copy of a file, or not run with the reason', () => {
    const problems = blocks.flatMap((b) => {
      if (b.markerText === undefined) return [`${where(b)}: no <!-- example: … --> marker on the line before the fence`];
      const marker = parseMarker(b.markerText);
      return 'error' in marker ? [`${where(b)}: the marker ${marker.error}`] : [];
    });
    expect(problems, problems.join('\n')).to.deep.equal([]);
  });

  it('an output block follows the block it is the output of, which runs', () => {
    const orphans = ofKind('output').filter((o) => {
      const before = marked[marked.indexOf(o) - 1];
      return !before || before.file !== o.file || before.marker.kind !== 'run';
    });
    expect(orphans.map(where)).to.deep.equal([]);
  });

  it('a reason that names a file in the repository names one that exists', () => {
    const said = (b: MarkedBlock) => (b.marker.kind === 'not-run' ? b.marker.reason : b.marker.kind === 'copy' ? b.marker.note : '');
    const missing = marked.flatMap((b) =>
      [...said(b).matchAll(/(?:^|[\s(`])((?:test|sdk-dotnet|sdk-ts|server|admin|docs|bench|scripts)\/[\w./-]*\w)/g)]
        .map((m) => m[1]!)
        .filter((p) => !fs.existsSync(path.join(REPO_ROOT, p)))
        .map((p) => `${where(b)}: ${p}`),
    );
    expect(missing, missing.join('\n')).to.deep.equal([]);
  });

  for (const b of ofKind('copy')) {
    it(`${where(b)} is ${b.marker.file}, as it is run`, () => {
      const file = fs.readFileSync(path.join(REPO_ROOT, b.marker.file), 'utf8');
      expect(b.code.trimEnd()).to.equal(file.trimEnd());
    });
  }

  describe('compiled against the TypeScript SDK', () => {
    const compiled = ofKind('compile');

    it('every compile block is TypeScript', () => {
      expect(compiled.filter((b) => b.lang !== 'ts' && b.lang !== 'typescript').map(where)).to.deep.equal([]);
    });

    it('every compile block type-checks (strict), importing @verso/sdk', function () {
      this.timeout(120_000);
      expect(compiled.length, "compile blocks").to.be.greaterThan(0);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-doc-examples-'));
      try {
        // The repository's dependencies (express and its types) resolve through a link to its node_modules.
        fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
        fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
        const names = new Map<string, MarkedBlock>();
        for (const b of compiled) {
          const name = `${b.file.replace(/[^\w]+/g, '_')}_${b.line}.ts`;
          names.set(name, b);
          // Each file a module of its own, as in a reader's project.
          fs.writeFileSync(path.join(dir, name), `${b.code}\nexport {};\n`);
        }
        fs.writeFileSync(
          path.join(dir, 'tsconfig.json'),
          JSON.stringify({
            extends: path.join(REPO_ROOT, 'tsconfig.base.json'),
            compilerOptions: {
              noEmit: true,
              declaration: false,
              sourceMap: false,
              // The SDK as it is in this tree (its built dist/ may be older than its source).
              paths: { '@verso/sdk': [path.join(REPO_ROOT, 'sdk-ts/src/index.ts')] },
              allowImportingTsExtensions: true,
            },
            files: [...names.keys()],
          }),
        );
        const tsc = spawnSync(process.execPath, [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
        const report = `${tsc.stdout}${tsc.stderr}`.replace(/(\S+_(\d+)\.ts)\((\d+),/g, (whole, name: string, _l, row: string) => {
          const b = names.get(path.basename(name));
          return b ? `${b.file}:${b.line + Number(row)} (` : whole;
        });
        expect(tsc.status, report).to.equal(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('shell examples run against a started API', () => {
    const runs = ofKind('run');
    let w: ContentWorld;
    let token: string;
    let etag: string;
    let curlHome: string;

    before(async function () {
      this.timeout(120_000);
      w = await startContentWorld();
      const item = await createArticle(w, 'Home', { slug: 'home' });
      await publishNow(w, item.id, 1);
      // As the README's first steps make it: a Reader client scoped to the workspace, Delivery only.
      const client = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Reader' });
      await dbQuery(w.api, `UPDATE api_clients SET scope = 'Delivery' WHERE id = $1`, [client.id]);
      token = client.token;
      const read = await w.api.get(`${w.base}/content/by-slug/home`, { token });
      expect(read.status).to.equal(200);
      etag = read.headers.get('etag')!;
      expect(etag, 'a strong ETag, as the docs quote it').to.match(/^"[^"]+"$/);
      curlHome = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-doc-curl-'));
      // An HTTP error answer becomes curl's exit code 22 (the body still printed); no progress meter.
      fs.writeFileSync(path.join(curlHome, '.curlrc'), 'fail-with-body\nsilent\nshow-error\n');
    });
    after(async () => {
      if (curlHome) fs.rmSync(curlHome, { recursive: true, force: true });
      await w?.api.close();
    });

    it('every run block is a shell block', () => {
      expect(runs.filter((b) => !['sh', 'bash', 'shell'].includes(b.lang)).map(where)).to.deep.equal([]);
    });

    for (const b of runs) {
      it(`${where(b)} runs${b.marker.prints ? ` and prints ${b.marker.prints}` : ''}`, async function () {
        this.timeout(60_000);
        const base = new URL(w.api.url).origin;
        const script = b.code
          .replaceAll('http://127.0.0.1:5000', base)
          .replaceAll('<workspace id>', w.ws)
          .replaceAll('<slug>', 'home')
          .replaceAll('verso_…', token)
          .replaceAll('<the ETag>', etag.slice(1, -1));
        expect(script, 'a placeholder this test does not fill in').to.not.match(/<[a-z][a-z ]*>|…/);
        const r = await runBash(script, { ...process.env, CURL_HOME: curlHome, VERSO_TOKEN: token, VERSO_WORKSPACE_ID: w.ws });
        expect(r.code, `${where(b)} exited ${r.code}\n${r.stdout}\n${r.stderr}`).to.equal(0);
        if (b.marker.prints) {
          expect(b.code, 'the text the marker promises is shown in the block').to.include(b.marker.prints);
          expect(r.stdout).to.include(b.marker.prints);
        }
        const output = outputOf(b);
        if (output) expect(looseOutput(r.stdout), `${where(output)}`).to.equal(looseOutput(output.code));
      });
    }
  });
});
