// The documentation a reader follows: a short README and one page per task under docs/. Every relative
// link and #anchor in them must lead somewhere (anchors as the forge makes them from headings), every
// page says first what it is for and who it is for, and the README stays a screen or two.
// `make docs` renders the contract to one static page; it is run here with the Makefile's own command.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../../server/src/contract.js';

const README = path.join(REPO_ROOT, 'README.md');
const DOCS = path.join(REPO_ROOT, 'docs');

/** The pages a reader starts from, one per task. configuration.md is generated from server/src/config.ts. */
const TASK_PAGES = [
  'getting-started.md',
  'editors-guide.md',
  'site-developers.md',
  'webhooks.md',
  'media-and-images.md',
  'cdn.md',
  'security.md',
  'operations.md',
  'architecture.md',
  'performance.md',
  'compatibility.md',
  'contributing.md',
];

const read = (file: string) => fs.readFileSync(file, 'utf8');
const documents = (): string[] => [README, ...fs.readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => path.join(DOCS, f))];

/** The text outside fenced code blocks and inline code spans, where Markdown makes links. */
function prose(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .replace(/(`+)[^`]*?\1/g, '');
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces made hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const text = m[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '');
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every link target in a page's prose: [text](target), ![alt](target), and <a href> / <img src>. */
function linkTargets(markdown: string): string[] {
  const text = prose(markdown);
  const targets: string[] = [];
  for (const m of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(m[1]!);
  for (const m of text.matchAll(/<(?:a|img)\b[^>]*\b(?:href|src)="([^"]+)"/g)) targets.push(m[1]!);
  return targets;
}

describe('Documentation: README and docs/', () => {
  it('README is at most 250 lines', () => {
    const lines = read(README).split('\n').length - (read(README).endsWith('\n') ? 1 : 0);
    expect(lines, 'README.md lines').to.be.at.most(250);
  });

  it('has one page per task, each starting with what it is for and who it is for', () => {
    for (const page of TASK_PAGES) {
      const file = path.join(DOCS, page);
      expect(fs.existsSync(file), `docs/${page} exists`).to.equal(true);
      const opening = read(file).split('\n').slice(0, 12).join('\n');
      expect(opening, `docs/${page} opens with its title`).to.match(/^# \S/);
      expect(opening, `docs/${page} says what it is for`).to.include('**What it is for:**');
      expect(opening, `docs/${page} says who it is for`).to.include('**Who it is for:**');
    }
  });

  it('README links to every task page', () => {
    const targets = new Set(linkTargets(read(README)).map((t) => t.split('#')[0]));
    for (const page of TASK_PAGES) expect(targets.has(`docs/${page}`), `README links docs/${page}`).to.equal(true);
  });

  it('every relative link and #anchor resolves', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of documents()) {
      const where = path.relative(REPO_ROOT, file);
      for (const target of linkTargets(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not ours to check offline
        checked += 1;
        const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
        const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
        if (!resolved.startsWith(REPO_ROOT)) {
          broken.push(`${where}: ${target} leaves the repository`);
          continue;
        }
        if (!fs.existsSync(resolved)) {
          broken.push(`${where}: ${target} (no such file)`);
          continue;
        }
        if (anchor !== undefined) {
          if (!resolved.endsWith('.md')) {
            broken.push(`${where}: ${target} (an anchor into a file that is not Markdown)`);
            continue;
          }
          if (!headingAnchors(read(resolved)).has(anchor)) broken.push(`${where}: ${target} (no heading makes #${anchor})`);
        }
      }
    }
    expect(broken, broken.join('\n')).to.deep.equal([]);
    expect(checked).to.be.greaterThan(50);
  });

  it('the anchor rule is the forge\'s', () => {
    const anchors = headingAnchors('# Targets and what `make run` starts\n## Behind a CDN\n## Notes\n## Notes\n### The admin app (recorded 2026-11-24 to 2026-11-28)\n```\n# not a heading\n```\n## Rôles & grants\n');
    expect([...anchors]).to.deep.equal([
      'targets-and-what-make-run-starts',
      'behind-a-cdn',
      'notes',
      'notes-1',
      'the-admin-app-recorded-2026-11-24-to-2026-11-28',
      'rôles--grants',
    ]);
  });

  it("compatibility.md's extra operations are operations of the contract", () => {
    const contract = JSON.parse(read(path.join(REPO_ROOT, 'openapi/dist/openapi.json'))) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operationIds = new Set(Object.values(contract.paths).flatMap((item) => Object.values(item).map((op) => op.operationId)));
    const row = read(path.join(DOCS, 'compatibility.md')).split('\n').find((l) => l.startsWith('| **Extra operations**'));
    expect(row, 'the table has its Extra operations row').to.be.a('string');
    const named = [...row!.matchAll(/`([a-z][A-Za-z0-9]+)`/g)].map((m) => m[1]!);
    expect(named.length).to.be.greaterThan(10);
    for (const id of named) expect(operationIds.has(id), `${id} is an operationId`).to.equal(true);
  });

  it('no page cites issue numbers: history belongs in CHANGELOG.md', () => {
    for (const file of documents()) {
      expect(prose(read(file)), path.relative(REPO_ROOT, file)).to.not.match(/\(issue #\d+|\(#\d+[;,)]|\bissue #\d+/);
    }
  });
});

describe('make docs', function () {
  this.timeout(120_000);

  it('renders the contract to one static page that names its operations and loads nothing from elsewhere', () => {
    const makefile = read(path.join(REPO_ROOT, 'Makefile'));
    const recipe = /^docs:.*\n((?:\t.*\n)+)/m.exec(makefile)?.[1];
    expect(recipe, 'the Makefile has a docs target').to.be.a('string');
    const command = recipe!.split('\n').map((l) => l.trim()).find((l) => l.startsWith('redocly build-docs'));
    expect(command).to.equal('redocly build-docs openapi/dist/openapi.json --inlineBundle --title "Verso API reference" -o dist/docs/index.html');

    // The same command, written to a directory of the test's own so a reader's dist/docs is left alone.
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-docs-'));
    try {
      const output = path.join(out, 'index.html');
      const redocly = path.join(REPO_ROOT, 'node_modules/.bin/redocly');
      const run = spawnSync(redocly, ['build-docs', 'openapi/dist/openapi.json', '--inlineBundle', '--title', 'Verso API reference', '-o', output], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      expect(run.status, run.stderr + run.stdout).to.equal(0);
      const html = read(output);
      expect(html).to.include('<title>Verso API reference</title>');
      for (const operationId of ['getContentBySlug', 'listContent', 'createPreviewToken', 'uploadMedia', 'createWebhookEndpoint']) {
        expect(html, operationId).to.include(operationId);
      }
      expect(html, 'no script loaded from elsewhere').to.not.match(/<script[^>]+src="https?:/);
      expect(html, 'no stylesheet loaded from elsewhere').to.not.match(/<link[^>]+href="https?:/);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
