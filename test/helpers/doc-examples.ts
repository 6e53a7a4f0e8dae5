// The fenced blocks of the documentation and the marker each carries: an HTML comment on the line
// before the fence (invisible on the forge) that says whether a test runs the block, compiles it, or
// why it is not run. The convention is written down in docs/contributing.md ("Examples in the docs").
import fs from 'node:fs';
import path from 'node:path';

export type ExampleMarker =
  | { kind: 'run'; prints?: string }
  | { kind: 'compile' }
  | { kind: 'output' }
  | { kind: 'copy'; file: string; note: string }
  | { kind: 'not-run'; reason: string };

export interface DocBlock {
  /** Repository-relative path of the Markdown file. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The fence's info string's first word (`sh`, `ts`, …), or '' for none. */
  lang: string;
  /** The block's text, with the fence's own indentation taken off every line. */
  code: string;
  /** The marker comment's text after `example:`, or undefined when the line before the fence is not one. */
  markerText?: string;
}

const FENCE = /^( *)(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const MARKER = /^\s*<!--\s*example:\s*(.*?)\s*-->\s*$/;

/** README.md and every Markdown file under docs/, in a stable order. */
export function documentationFiles(repoRoot: string): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return walk(full);
      return e.name.endsWith('.md') ? [full] : [];
    });
  return [path.join(repoRoot, 'README.md'), ...walk(path.join(repoRoot, 'docs')).sort()].map((f) => path.relative(repoRoot, f));
}

/** Every fenced block of one Markdown text (fences may be indented, as inside a list item). */
export function extractBlocks(file: string, markdown: string): DocBlock[] {
  const lines = markdown.split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = /^( *)(`{3,}|~{3,})\s*$/.exec(lines[j]!);
      if (close && close[2]![0] === fence[0] && close[2]!.length >= fence.length) break;
      body.push(lines[j]!.startsWith(indent) ? lines[j]!.slice(indent.length) : lines[j]!.trimStart());
    }
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === '') k--;
    const marker = k >= 0 ? MARKER.exec(lines[k]!) : null;
    blocks.push({ file, line: i + 1, lang, code: body.join('\n'), markerText: marker?.[1] });
    i = j;
  }
  return blocks;
}

/** The marker's meaning, or a sentence saying what is wrong with it. */
export function parseMarker(text: string): ExampleMarker | { error: string } {
  if (text === 'run') return { kind: 'run' };
  const prints = /^run;\s*prints\s+(.+)$/.exec(text);
  if (prints) return { kind: 'run', prints: prints[1]!.trim() };
  if (text === 'compile') return { kind: 'compile' };
  if (text === 'output') return { kind: 'output' };
  const copy = /^copy of\s+(\S+?)[,;.]?(?:\s+(.*))?$/.exec(text);
  if (copy) return { kind: 'copy', file: copy[1]!, note: copy[2] ?? '' };
  const notRun = /^not run(?: here)?\s*(?:—|–|:|-)?\s*(.*)$/.exec(text);
  if (notRun) {
    return notRun[1]!.trim() ? { kind: 'not-run', reason: notRun[1]!.trim() } : { error: 'says "not run" without the reason' };
  }
  return { error: `"${text}" is not a known marker (run, run; prints …, compile, output, copy of <file>, not run — <reason>)` };
}

/**
 * Output compared loosely: ids, timestamps and ETag values differ from run to run, and so may
 * spacing; everything else must match.
 */
export function looseOutput(text: string): string {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})/g, '<time>')
    .replace(/(W\/)?"[A-Za-z0-9+/=_-]{8,}"/g, '<etag>')
    .replace(/\s+/g, ' ')
    .trim();
}
