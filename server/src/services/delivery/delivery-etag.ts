// Validators of published delivery reads (issue #27 §2). A by-slug answer's strong ETag is derived
// from what is served, not from the body: the served version of the item and of every child
// expanded into it (id, row version and its item's row version), and every asset the body delivers
// (id, row version, the workspace's public media flag). Publishing a child, editing an item or
// changing an asset's alt text changes the tag, and db/delivery/content-serving.ts
// findServedTagBySlug reads exactly these inputs in one small statement, so a 304 on a delivery-cache
// miss costs that statement instead of the read. A resolved list page's tag is derived from the
// marks its workspace's lists follow and the next window boundary (migration 0029), with the query:
// any change that could alter a page moves a mark, and the boundary changes when time alters what
// is served, so the tag needs one small statement too. The plain (editing) list's tag is a digest
// of its page.
import { createHash } from 'node:crypto';
import type { ServedTagRow, ServedTreeRow } from '../../db/delivery/content-serving.js';
import type { ListState } from '../../db/delivery/delivery-marks.js';
import type { DeliveredAssetRow } from '../../db/media/public-assets.js';

/** The tag of `data`: the first 32 characters of its SHA-256 in base64url, quoted. */
const tagOf = (data: Buffer | string) => `"${createHash('sha256').update(data).digest('base64url').slice(0, 32)}"`;

/** The tag of these inputs, whatever their order or repeats (the read and the tag query meet here). */
export function servedEtag(inputs: readonly ServedTagRow[]): string {
  const lines = [...new Set(inputs.map((r) => `${r.kind}:${r.id.toLowerCase()}:${r.a}:${r.b}`))].sort();
  return tagOf(lines.join('\n'));
}

/** The inputs of a by-slug answer read in full: its tree's versions and its delivered assets. */
export function servedTagInputs(tree: readonly ServedTreeRow[], assets: readonly DeliveredAssetRow[]): ServedTagRow[] {
  return [
    ...tree.map((v): ServedTagRow => ({ kind: 'v', id: v.id, a: v.row_version, b: v.item_row_version })),
    ...assets.map((x): ServedTagRow => ({ kind: 'a', id: x.id, a: x.row_version, b: (x.public_media ? 1 : 0) + 2 * x.media_url_generation })),
  ];
}

/**
 * A resolved list page's tag: its query (`query`, every parameter that shapes the answer, with the
 * instant only when the read names one) under the list state read no later than the page.
 */
export function listEtag(state: ListState, query: string): string {
  const inputs = [state.marks, state.next_boundary ?? '', query].join('\n');
  return tagOf(inputs);
}

/** A tag made from the inputs an answer is a function of (their text, as the caller lays them out). */
export function inputsEtag(inputs: string): string {
  return tagOf(inputs);
}

/** A plain list page's tag: a digest of the bytes served. */
export function bodyEtag(body: Buffer | string): string {
  return tagOf(body);
}
