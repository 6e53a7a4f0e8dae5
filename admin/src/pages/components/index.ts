// The components screens: list, create, a component's page (details, versions, new draft), the
// read-only view of a version and the field editor of a draft. `/new` is registered before `/:id`.
import type express from 'express';
import * as component from './component.js';
import * as create from './create.js';
import * as editor from './editor.js';
import * as list from './list.js';
import * as version from './version.js';

export function register(router: express.Router): void {
  list.register(router);
  create.register(router);
  component.register(router);
  version.register(router);
  editor.register(router);
}
