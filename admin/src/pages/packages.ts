// Packages (TemplateAdmin): the official template packages the API offers for import.
import type express from 'express';
import { apiFor } from '../api.js';
import { requireRole } from '../http/page-errors.js';
import { PATHS } from '../nav.js';
import { render } from '../views/render.js';

export function register(router: express.Router): void {
  router.get(PATHS.packages, requireRole('TemplateAdmin'), async (_req, res) => {
    const packages = await apiFor(res).listOfficialPackages();
    await render(res, 'packages', { title: 'Packages', packages: packages.items, totalCount: packages.totalCount });
  });
}
