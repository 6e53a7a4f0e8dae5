// A small text diff for comparing versions (issue #25): Markdown line by line, short text word by
// word, as runs of kept, removed and added pieces. A longest-common-subsequence table over the
// pieces that differ (the common head and tail are cut first); beyond MAX_CELLS the middle is shown
// as removed-then-added instead, so a 1 MB Markdown value never costs quadratic time or memory.

export type DiffOp = 'same' | 'removed' | 'added';
export interface DiffPart {
  op: DiffOp;
  text: string;
}

/** Table cells an LCS may use (≈ 2,000 × 2,000 changed lines); past it, the plain fallback. */
const MAX_CELLS = 4_000_000;

/** Lines with their line breaks kept, so joining the parts gives the text back. */
export const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
/** Words and the spaces after them, so joining the parts gives the text back. */
export const wordsOf = (text: string): string[] => text.match(/\S+\s*|\s+/g) ?? [];

/** Consecutive pieces with the same op become one part. */
function push(parts: DiffPart[], op: DiffOp, text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last && last.op === op) last.text += text;
  else parts.push({ op, text });
}

export function diffPieces(before: readonly string[], after: readonly string[]): DiffPart[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const parts: DiffPart[] = [];
  push(parts, 'same', before.slice(0, head).join(''));
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) {
    push(parts, 'removed', a.join(''));
    push(parts, 'added', b.join(''));
  } else {
    // lcs[i][j] = length of the LCS of a[i..] and b[j..], one flat array.
    const w = b.length + 1;
    const lcs = new Uint32Array((a.length + 1) * w);
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) {
        push(parts, 'same', a[i]!);
        i++;
        j++;
      } else if (lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!) push(parts, 'removed', a[i++]!);
      else push(parts, 'added', b[j++]!);
    }
    while (i < a.length) push(parts, 'removed', a[i++]!);
    while (j < b.length) push(parts, 'added', b[j++]!);
  }
  push(parts, 'same', before.slice(before.length - tail).join(''));
  return parts;
}

/** Markdown (or any multi-line text) line by line; a one-line text word by word. */
export function textDiff(before: string, after: string): DiffPart[] {
  const multiline = before.includes('\n') || after.includes('\n');
  return multiline ? diffPieces(linesOf(before), linesOf(after)) : diffPieces(wordsOf(before), wordsOf(after));
}
