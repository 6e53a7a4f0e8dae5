// Blob storage in an S3 bucket (AWS, or any S3-compatible service at Storage__S3__ServiceUrl).
//
// Uploads stream through s3-upload.ts: one PutObject up to 5 MiB, a multipart upload with two
// reused part buffers beyond, so memory does not grow with the file; a failed or aborted upload is
// aborted on the service too (AbortMultipartUpload), so no object and no stray parts are left.
// Downloads stream the GetObject body itself (ranges as `Range: bytes=a-b`).
//
// Checksums: recent SDK v3 clients add CRC32 checksums to every upload by default, sent as
// `aws-chunked` bodies with trailing checksum headers, and validate response checksums. S3-compatible
// servers (s3rver, older MinIO and Ceph releases) do not all understand those, and answer with
// signature or parse errors; `WHEN_REQUIRED` keeps to the operations that need a checksum. Integrity
// is still covered: SigV4 signs the payload hash of single puts, and the service checks each part's
// Content-MD5/ETag.
//
// Credentials come from the settings or the SDK's default chain; the SDK's logger is off (its
// default), and no message this module makes names a key.
import { pipeline as pipe, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config.js';
import { PacedMeter } from './garbage-pacer.js';
import { streamToS3 } from './s3-upload.js';
import {
  assertManagedKey,
  assertManagedPrefix,
  clampRange,
  RangeNotSatisfiable,
  validateListLimit,
  type ByteRange,
  type GetResult,
  type ListOptions,
  type ListPage,
  type ObjectInfo,
  type PutOptions,
  type StorageProvider,
  type StoredObject,
} from './provider.js';

interface ServiceError {
  name?: string;
  Code?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(err: unknown): number | undefined {
  return (err as ServiceError).$metadata?.httpStatusCode;
}

function isMissingObject(err: unknown): boolean {
  const e = err as ServiceError;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.Code === 'NoSuchKey';
}

export class S3StorageProvider implements StorageProvider {
  readonly name = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  /** How the store is named in messages: the bucket, never a credential or an address. */
  private readonly where: string;

  constructor(settings: S3StorageConfig) {
    this.bucket = settings.bucketName;
    // Not the endpoint's address: readiness reports this to anyone.
    this.where = `S3 bucket "${settings.bucketName}"`;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.serviceUrl ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKey !== null && settings.secretKey !== null
          ? { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey }
          : undefined,
      // See the header comment: S3-compatible servers may not understand default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A store that does not answer must fail a health check, not hang it.
      requestHandler: { connectionTimeout: 5_000 },
    });
  }

  async checkHealth(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const status = statusOf(err);
      const why =
        status === 404
          ? 'does not exist'
          : status === 403 || status === 401
            ? 'refuses these credentials'
            : `cannot be reached (${(err as ServiceError).code ?? (err as ServiceError).name ?? 'error'}${status ? ` ${status}` : ''})`;
      throw new Error(`${this.where} ${why}`, { cause: err });
    }
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObject> {
    assertManagedKey(key);
    options.signal?.throwIfAborted();
    const sizeBytes = await streamToS3(this.client, { bucket: this.bucket, key, contentType: options.contentType }, body, options.signal);
    return { key, sizeBytes };
  }

  async get(key: string, range?: ByteRange): Promise<GetResult | null> {
    assertManagedKey(key);
    if (range) clampRange(range, Number.MAX_SAFE_INTEGER); // a malformed range is a caller's bug
    let out;
    try {
      out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (err) {
      if (isMissingObject(err)) return null;
      if (statusOf(err) === 416) {
        const info = await this.head(key);
        if (!info) return null;
        throw new RangeNotSatisfiable(info.sizeBytes);
      }
      throw err;
    }
    // Through a PacedMeter (garbage-pacer.ts); destroying it releases the connection (pipeline's rule).
    const body = new PacedMeter();
    pipe(out.Body as Readable, body, () => {});
    const total = /\/(\d+)$/.exec(out.ContentRange ?? '')?.[1];
    const contentLength = out.ContentLength ?? 0;
    return { body, sizeBytes: total !== undefined ? Number(total) : contentLength, contentLength };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertManagedKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, sizeBytes: out.ContentLength ?? 0, lastModified: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissingObject(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertManagedKey(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (err) {
      if (!isMissingObject(err)) throw err;
    }
  }

  async list(prefix: string, options: ListOptions): Promise<ListPage> {
    assertManagedPrefix(prefix);
    validateListLimit(options.limit);
    const out = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: options.limit, ContinuationToken: options.cursor }),
    );
    const objects = (out.Contents ?? [])
      // The service answers for the prefix asked; a key outside it would be its bug, never ours to act on.
      .filter((o): o is typeof o & { Key: string } => typeof o.Key === 'string' && o.Key.startsWith(prefix))
      .map((o) => ({ key: o.Key, sizeBytes: o.Size ?? 0, lastModified: o.LastModified ?? new Date(0) }));
    return out.IsTruncated && out.NextContinuationToken ? { objects, cursor: out.NextContinuationToken } : { objects };
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
