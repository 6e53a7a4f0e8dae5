// Counts and hashes an upload's bytes on their way to storage, and stops the stream at the first
// byte over the limit: the blob write fails there, so a file one byte too large is never stored
// whole, and nothing is buffered (each chunk passes straight through).
import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

export class FileTooLargeError extends Error {
  override name = 'FileTooLargeError';
  constructor(readonly limitBytes: number) {
    super(`the file is larger than ${limitBytes} bytes`);
  }
}

export class UploadMeter extends Transform {
  private count = 0;
  private readonly hash = crypto.createHash('sha256');
  private digest: string | null = null;

  constructor(private readonly limitBytes: number) {
    super();
  }

  get bytes(): number {
    return this.count;
  }

  /** The SHA-256 (hex) of everything that passed; only once the stream has ended. */
  get sha256(): string {
    if (this.digest === null) throw new Error('the upload has not ended');
    return this.digest;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.count += chunk.length;
    if (this.count > this.limitBytes) return callback(new FileTooLargeError(this.limitBytes));
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.digest = this.hash.digest('hex');
    callback();
  }
}
