// The in-place update for sites without a framework: each element marked `data-verso` whose value
// is text, a number or a boolean gets the new value as its text. Values a site renders as markup
// (Markdown, images, lists of children) are its own to re-render: an element with child elements is
// left alone, so a Markdown body rendered into paragraphs is never flattened into raw source.
import type { ElementLike } from './browser.js';
import type { PreviewItem, SourceMap } from './protocol.js';
import { sourceAttribute, valueAt } from './source-map.js';

/** Updates the text of `root`'s marked elements from `item`; returns how many changed. */
export function applyText(root: Pick<ElementLike, 'querySelectorAll'>, item: PreviewItem, sourceMap: SourceMap): number {
  // Marker → pointer: the marker names where a value is edited, the pointer where it is in `item`.
  const pointerOf = new Map<string, string>();
  for (const pointer of Object.keys(sourceMap)) {
    const marker = sourceAttribute(sourceMap, pointer);
    if (marker !== undefined && !pointerOf.has(marker)) pointerOf.set(marker, pointer);
  }
  let changed = 0;
  for (const element of root.querySelectorAll('[data-verso]')) {
    const pointer = pointerOf.get(element.getAttribute('data-verso') ?? '');
    if (pointer === undefined || element.childElementCount > 0) continue;
    const value = valueAt(item, pointer);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    const text = String(value);
    if (element.textContent !== text) {
      element.textContent = text;
      changed += 1;
    }
  }
  return changed;
}
