// The compare screen's text diff (issue #25): lines for multi-line text, words for one line; joining
// the parts of either side gives that side's text back; a huge change falls back to removed-then-added.
import { expect } from 'chai';
import { diffPieces, textDiff, type DiffPart } from '../src/pages/content/text-diff.js';

const side = (parts: DiffPart[], keep: 'removed' | 'added') => parts.filter((p) => p.op === 'same' || p.op === keep).map((p) => p.text).join('');

describe('admin: text diff', () => {
  it('diffs Markdown by line: kept, removed and added lines in order', () => {
    const before = '# Harbour\nBoats at dawn.\nGulls.\n';
    const after = '# Harbour\nBoats at noon.\nGulls.\nA ferry.\n';
    const parts = textDiff(before, after);
    expect(parts).to.deep.equal([
      { op: 'same', text: '# Harbour\n' },
      { op: 'removed', text: 'Boats at dawn.\n' },
      { op: 'added', text: 'Boats at noon.\n' },
      { op: 'same', text: 'Gulls.\n' },
      { op: 'added', text: 'A ferry.\n' },
    ]);
    expect(side(parts, 'removed')).to.equal(before);
    expect(side(parts, 'added')).to.equal(after);
  });

  it('diffs one line by word', () => {
    expect(textDiff('Morning at the harbour', 'Evening at the old harbour')).to.deep.equal([
      { op: 'removed', text: 'Morning ' },
      { op: 'added', text: 'Evening ' },
      { op: 'same', text: 'at the ' },
      { op: 'added', text: 'old ' },
      { op: 'same', text: 'harbour' },
    ]);
  });

  it('says nothing changed for equal texts, and everything added from empty', () => {
    expect(textDiff('same\ntext', 'same\ntext')).to.deep.equal([{ op: 'same', text: 'same\ntext' }]);
    expect(textDiff('', 'new')).to.deep.equal([{ op: 'added', text: 'new' }]);
  });

  it('keeps a huge change linear: beyond the table bound the middle is removed then added, not aligned', () => {
    // 3,000 × 3,000 changed lines would be a 9 M-cell table: the bound (4 M) shows the middle as a
    // block instead, even though an alignment would keep the shared line.
    const a = Array.from({ length: 3000 }, (_, i) => (i === 1500 ? 'shared\n' : `a${i}\n`));
    const b = Array.from({ length: 3000 }, (_, i) => (i === 1500 ? 'shared\n' : `b${i}\n`));
    const parts = diffPieces(['head\n', ...a, 'tail\n'], ['head\n', ...b, 'tail\n']);
    expect(parts.map((p) => p.op)).to.deep.equal(['same', 'removed', 'added', 'same']);
    expect(parts[1]!.text).to.equal(a.join(''));
    // Small enough, the same shape is aligned on the shared line.
    const small = diffPieces(['x\n', 'shared\n', 'y\n'], ['z\n', 'shared\n', 'w\n']);
    expect(small.map((p) => p.op)).to.deep.equal(['removed', 'added', 'same', 'removed', 'added']);
  });
});
