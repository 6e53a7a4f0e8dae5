// What the rest of Verso needs from a blob store (local disk or S3). Bodies stream in and out so
// memory does not grow with file size.
//
// Every provider touches only the managed prefixes (spec, Deployment constraints): `verso/media/`,
// where Verso writes, `verso/renditions/`, where it caches image renditions (issue #26), and the
// legacy `default/`. A key or listing prefix outside them is refused in
// code, so no bug elsewhere (and no operator mistake with a shared bucket) can make the orphan
// discovery or the deletion worker list or delete anything else.
import type { Readable } from 'node:stream';
import type { StorageProviderName } from '../config.js';

/** Where Verso's own objects live, and the one legacy prefix it still owns. */
export const MANAGED_PREFIXES = ['verso/media/', 'default/', 'verso/renditions/'] as const;

export interface StoredObject {
  readonly key: string;
  readonly sizeBytes: number;
}

export interface ObjectInfo extends StoredObject {
  readonly lastModified: Date;
}

/** Bytes `start` to `end`, both inclusive (as in `Range: bytes=start-end`). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

export interface PutOptions {
  /** Stored with the object (S3 serves it; local disk ignores it). */
  readonly contentType: string;
  /** Aborting stops the write and removes what was written: no partial object is left. */
  readonly signal?: AbortSignal;
}

export interface GetResult {
  /** The object's bytes, or only the range asked for. Destroy it to stop reading early. */
  readonly body: Readable;
  /** The whole object's size (as in `Content-Range: bytes a-b/size`). */
  readonly sizeBytes: number;
  /** How many bytes `body` yields: the range's length, clamped to the object's end. */
  readonly contentLength: number;
}

export interface ListOptions {
  /** From the previous page's `cursor`; opaque, and only meaningful to the provider that made it. */
  readonly cursor?: string;
  readonly limit: number;
}

export interface ListPage {
  /** In key order (byte order of the UTF-8 keys, as S3 lists them). */
  readonly objects: readonly ObjectInfo[];
  /** Present when more objects may follow. */
  readonly cursor?: string;
}

export interface StorageProvider {
  readonly name: StorageProviderName;
  /** Resolves when the store can be reached and written; rejects with a reason fit for an operator. */
  checkHealth(): Promise<void>;
  /**
   * Streams `body` into the object `key` (replacing it). Rejects — leaving no object and no part
   * behind — when the body errors, the signal aborts or the store fails.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObject>;
  /** Null when there is no such object. Throws RangeNotSatisfiable for a range starting past the end. */
  get(key: string, range?: ByteRange): Promise<GetResult | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Idempotent: deleting a missing object succeeds. */
  delete(key: string): Promise<void>;
  /** One page of the objects whose keys start with `prefix`, which must lie under a managed prefix. */
  list(prefix: string, options: ListOptions): Promise<ListPage>;
  /** Releases connections (S3); the provider is not used afterwards. */
  close(): Promise<void>;
}

/** A range that starts at or past the object's end (HTTP 416). */
export class RangeNotSatisfiable extends Error {
  override readonly name = 'RangeNotSatisfiable';
  constructor(readonly sizeBytes: number) {
    super(`the range starts past the end of the object (${sizeBytes} bytes)`);
  }
}

/** A key or prefix outside what the providers may touch; always a programming error. */
export class UnmanagedKey extends Error {
  override readonly name = 'UnmanagedKey';
}

/** Keys are relative, slash-separated and never climb out of the store. */
export function assertSafeKey(key: string): void {
  if (
    key.length === 0 ||
    Buffer.byteLength(key) > 1024 ||
    key.startsWith('/') ||
    key.includes('\\') ||
    // Control characters: never in a key Verso makes, and trouble in file names and S3 XML alike.
    /[\u0000-\u001f\u007f]/.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new UnmanagedKey(`invalid storage key: ${JSON.stringify(key)}`);
  }
}

export function isManaged(keyOrPrefix: string): boolean {
  return MANAGED_PREFIXES.some((prefix) => keyOrPrefix.startsWith(prefix));
}

/** A key a provider may read, write or delete: safe, and under a managed prefix. */
export function assertManagedKey(key: string): void {
  assertSafeKey(key);
  if (!isManaged(key)) throw new UnmanagedKey(`storage key outside the managed prefixes (${MANAGED_PREFIXES.join(', ')}): ${JSON.stringify(key)}`);
}

/** A listing prefix: under a managed prefix (or exactly one), never climbing out. */
export function assertManagedPrefix(prefix: string): void {
  if (!isManaged(prefix)) throw new UnmanagedKey(`listing outside the managed prefixes (${MANAGED_PREFIXES.join(', ')}): ${JSON.stringify(prefix)}`);
  // Every complete segment must be safe; the last may be partial (a name prefix) or empty.
  const segments = prefix.split('/');
  segments.pop();
  assertSafeKey(segments.join('/'));
}

/** Checks a range against an object's size; the end is clamped to the last byte. */
export function clampRange(range: ByteRange, sizeBytes: number): ByteRange {
  if (!Number.isSafeInteger(range.start) || !Number.isSafeInteger(range.end) || range.start < 0 || range.end < range.start) {
    throw new RangeError(`invalid byte range ${range.start}-${range.end}`);
  }
  if (range.start >= sizeBytes) throw new RangeNotSatisfiable(sizeBytes);
  return { start: range.start, end: Math.min(range.end, sizeBytes - 1) };
}

export function validateListLimit(limit: number): void {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new RangeError(`list limit must be 1–1000, got ${limit}`);
}
