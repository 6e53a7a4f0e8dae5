// The Releases screens of a workspace (Editor to read, Editor + Write to change): the list and create
// form, one release with its entries, validation, preview, publish, revert and delete, and the
// "Add to release" chooser used by the item page and the content list's bulk bar.
import type express from 'express';
import * as add from './add.js';
import * as list from './list.js';
import * as release from './release.js';

export function register(router: express.Router): void {
  // `/releases/new` and `/releases/add` before `/releases/:id`.
  list.register(router);
  add.register(router);
  release.register(router);
}
