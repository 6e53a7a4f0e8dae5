import type { Config } from '../config.js';
import { LocalStorageProvider } from './local.js';
import type { StorageProvider } from './provider.js';

export function createStorageProvider(config: Config): StorageProvider {
  switch (config.storage.provider) {
    case 'local':
      return new LocalStorageProvider(config.storage.localBasePath);
  }
}
