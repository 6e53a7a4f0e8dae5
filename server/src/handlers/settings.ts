// Settings (tag Settings): the media storage provider and its probe (Admin).
import type { Handler } from '../http/operation.js';
import { storageSettings, testStorage as probeStorage } from '../services/media/storage-settings.js';

export const getStorageSettings: Handler<'getStorageSettings'> = ({ deps, reply }) =>
  reply(200, storageSettings(deps.storage, deps.config.storage));

export const testStorage: Handler<'testStorage'> = async ({ deps, reply }) => reply(200, await probeStorage(deps.storage));
