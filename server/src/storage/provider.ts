// What the rest of Verso needs from a blob store. Bodies stream in and out so memory does not grow
// with file size.
import type { Readable } from 'node:stream';

export interface StoredObject {
  readonly key: string;
  readonly sizeBytes: number;
}

export interface StorageProvider {
  readonly name: string;
  /** Throws when the store cannot be reached or written; used by /health/ready. */
  checkHealth(): Promise<void>;
  put(key: string, body: Readable): Promise<StoredObject>;
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
}

/** Keys are relative, slash-separated and never climb out of the store. */
export function assertSafeKey(key: string): void {
  if (
    key.length === 0 ||
    key.length > 1024 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
