// What the editor and the create form do with a post that is not "save": a row button (Add another,
// Remove, Move up/down, Pick), a Markdown "Preview", a Reference "Find" or a Media/File "Choose…"
// (the workspace's assets, pages/media/media-search.ts) — all without JavaScript:
// the server changes the form state and renders the form again with every value kept, focusing the
// row the button acted on.
import type express from 'express';
import { renderMarkdown } from '../../markdown.js';
import { searchMedia } from '../media/media-search.js';
import type { EditorField, EditorSchema } from './editor-schema.js';
import type { PickHit } from './pick-hits.js';
import { searchItems } from './reference-search.js';
import { applyOp, locate, type FieldsState, type RowOp } from './value-form.js';

export interface OpResult {
  focus?: string;
  previews: Record<string, string>;
  results: Record<string, PickHit[]>;
}

export async function runOp(res: express.Response, workspaceId: string, schema: EditorSchema, fields: readonly EditorField[], state: FieldsState, op: RowOp): Promise<OpResult> {
  const out: OpResult = { previews: {}, results: {} };
  if (op.kind === 'preview' || op.kind === 'find') {
    const at = op.row.lastIndexOf('/');
    const found = locate(schema, fields, state, op.row.slice(0, at));
    const row = found?.rows[Number(op.row.slice(at + 1))];
    if (!found || !row) return out;
    if (op.kind === 'preview') out.previews[op.row] = renderMarkdown(row.v);
    else if (found.field.kind === 'Media' || found.field.kind === 'File') out.results[op.row] = await searchMedia(res, workspaceId, row.q);
    else out.results[op.row] = await searchItems(res, workspaceId, found.field.target?.templateId ?? null, row.q);
    out.focus = op.row;
    return out;
  }
  out.focus = applyOp(schema, fields, state, op);
  return out;
}
