// The Media screens of a workspace (Reader views, Editor + Write changes): the library with upload,
// each asset (alt text, delete), deleting many at once (bulk-delete.ts), its bytes through the admin, the public renditions its thumbnails
// use, and the storage settings (Admin).
import type express from 'express';
import * as asset from './asset.js';
import * as bulkDelete from './bulk-delete.js';
import * as file from './file.js';
import * as library from './library.js';
import * as publicImage from './public-image.js';
import * as storage from './storage.js';

export function register(router: express.Router): void {
  library.register(router);
  file.register(router);
  bulkDelete.register(router);
  asset.register(router);
  storage.register(router);
  publicImage.register(router);
}
