// Storage settings (Admin): which provider media uses and whether it is configured, and "Test
// storage" — the API writes, reads back and deletes a probe object and says what happened. The
// navigation does not list this page; the media library links to it for Admins, and anyone else who
// opens it gets the API's own 403 page.
import type express from 'express';
import { apiFor } from '../../api.js';
import { PATHS } from '../../nav.js';
import { render } from '../../views/render.js';

type StorageTest = Awaited<ReturnType<ReturnType<typeof apiFor>['testStorage']>>;

async function storagePage(res: express.Response, test?: StorageTest): Promise<void> {
  const settings = await apiFor(res).getStorageSettings();
  await render(res, 'media/storage', { title: 'Storage settings', settings, test, action: `${PATHS.storageSettings}/test` });
}

export function register(router: express.Router): void {
  router.get(PATHS.storageSettings, async (_req, res) => {
    await storagePage(res);
  });

  // A result, not a change: rendered straight into the answer (nothing to redirect to).
  router.post(`${PATHS.storageSettings}/test`, async (_req, res) => {
    await storagePage(res, await apiFor(res).testStorage());
  });
}
