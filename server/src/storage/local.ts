// Blob storage on the local file system, under Storage__Local__BasePath (default <data>/media).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { assertSafeKey, type StorageProvider, type StoredObject } from './provider.js';

export class LocalStorageProvider implements StorageProvider {
  readonly name = 'local';

  constructor(private readonly basePath: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.basePath, ...key.split('/'));
  }

  async checkHealth(): Promise<void> {
    await fsp.mkdir(this.basePath, { recursive: true });
    await fsp.access(this.basePath, fs.constants.R_OK | fs.constants.W_OK);
  }

  async put(key: string, body: Readable): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Write beside the target, then rename: a reader never sees half a file.
    const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`;
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }));
      await fsp.rename(temp, target);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
    const stat = await fsp.stat(target);
    return { key, sizeBytes: stat.size };
  }

  async get(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await fsp.stat(this.pathOf(key));
      return s.isFile() ? { key, sizeBytes: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
