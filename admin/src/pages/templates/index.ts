// The templates screens: list, create, a template's page (details, version history, new draft,
// delete), the read-only view of a version, and the builder of a draft with its field form.
// `/new` is registered before `/:id`, the field form's `/fields/new` before `/fields/:fieldId`.
import type express from 'express';
import * as builder from './builder.js';
import * as create from './create.js';
import * as fieldPage from './field-page.js';
import * as list from './list.js';
import * as template from './template.js';
import * as version from './version.js';

export function register(router: express.Router): void {
  list.register(router);
  create.register(router);
  template.register(router);
  version.register(router);
  builder.register(router);
  fieldPage.register(router);
}
