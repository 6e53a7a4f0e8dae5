// The configured blob store (Storage__Provider); every replica must use the same one (spec,
// Deployment constraints).
import type { Config } from '../config.js';
import { LocalStorageProvider } from './local.js';
import type { StorageProvider } from './provider.js';
import { S3StorageProvider } from './s3.js';

export function createStorageProvider(config: Config): StorageProvider {
  switch (config.storage.provider) {
    case 'local':
      return new LocalStorageProvider(config.storage.localBasePath);
    case 's3':
      // config.ts guarantees the S3 settings whenever the provider is s3.
      return new S3StorageProvider(config.storage.s3!);
  }
}
