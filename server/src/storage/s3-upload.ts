// Streams one body into one S3 object with memory that stays flat whatever the size.
//
// Up to PART_SIZE the body's chunks are only collected, and stored with one PutObject. Past it the
// upload becomes multipart with two part buffers, allocated once: one fills while the other is
// being sent, and a buffer is refilled only after its UploadPart has answered (the SDK has written
// it by then). So an upload holds at most 2 × PART_SIZE, and creates no garbage per part.
//
// Why not @aws-sdk/lib-storage's Upload: it concatenates every part into a new buffer and keeps the
// previous one alive through the remainder's subarray; those 5 MiB buffers live long enough to be
// promoted out of V8's young generation, so they are freed only by a full collection. Measured on
// a 50 MiB put: 26–42 MiB of ArrayBuffers and +35–54 MiB RSS with Upload (queueSize 1 or 2),
// against the limit of 32 MiB for the whole server (issue #16).
//
// Failure: a body that errors, an abort, or a store error stops the upload, waits for the part in
// flight, and aborts the multipart upload on the service, so no object and no stray parts remain.
import { pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import { PacedMeter } from './garbage-pacer.js';

/** S3's minimum part size (every part but the last must be at least this). */
export const PART_SIZE = 5 * 1024 * 1024;
/** Part buffers kept for the next uploads: allocated once, not once per upload (they would outlive
 * V8's young generation and wait for a full collection). */
const POOL_LIMIT = 4;
const pool: Buffer[] = [];

function takeBuffer(): Buffer {
  return pool.pop() ?? Buffer.allocUnsafe(PART_SIZE);
}

/** Only once every request that used them has been answered. */
function giveBack(...buffers: (Buffer | null)[]): void {
  for (const buffer of buffers) if (buffer && pool.length < POOL_LIMIT) pool.push(buffer);
}

export interface UploadTarget {
  readonly bucket: string;
  readonly key: string;
  readonly contentType: string;
}

/** Streams `body` into `target`; resolves with the bytes stored, rejects leaving nothing behind. */
export async function streamToS3(client: S3Client, target: UploadTarget, body: Readable, signal?: AbortSignal): Promise<number> {
  const meter = new PacedMeter();
  // Requests in flight stop on abort too, not only the reading.
  const requests = new AbortController();
  const onAbort = () => {
    requests.abort();
    meter.destroy(signal!.reason instanceof Error ? signal!.reason : new Error('the upload was aborted'));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  pipeline(body, meter, () => {}); // the body's failure reaches the loop below through the meter
  const send = { abortSignal: requests.signal };
  const { bucket: Bucket, key: Key, contentType: ContentType } = target;

  // Before the first full part: the chunks as they came.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  // After it: the two part buffers.
  let filling: Buffer | null = null;
  let spare: Buffer | null = null;
  let filled = 0;
  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  let inFlight: Promise<void> | null = null;

  const sendPart = (data: Buffer): Promise<void> => {
    const PartNumber = parts.length + 1;
    parts.push({ PartNumber });
    const sending = client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: data, ContentLength: data.length }), send).then((out) => {
      parts[PartNumber - 1] = { PartNumber, ETag: out.ETag };
    });
    // Its failure is taken up by the next await of inFlight; until then it must not count as unhandled.
    sending.catch(() => {});
    return sending;
  };

  const flushFull = async () => {
    uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }), send)).UploadId;
    await inFlight; // the spare buffer is free once its part is stored
    inFlight = sendPart(filling!);
    [filling, spare] = [spare ?? takeBuffer(), filling];
    filled = 0;
  };

  try {
    for await (const chunk of meter as AsyncIterable<Buffer>) {
      if (!filling) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < PART_SIZE) continue;
        // The body is larger than one part: from here on, part buffers.
        filling = takeBuffer();
        const collected = pending;
        pending = [];
        pendingBytes = 0;
        for (const piece of collected) {
          let at = 0;
          while (at < piece.length) {
            const n = piece.copy(filling, filled, at);
            filled += n;
            at += n;
            if (filled === PART_SIZE) await flushFull();
          }
        }
        continue;
      }
      let at = 0;
      while (at < chunk.length) {
        const n = chunk.copy(filling, filled, at);
        filled += n;
        at += n;
        if (filled === PART_SIZE) await flushFull();
      }
    }
    signal?.throwIfAborted();
    if (!uploadId) {
      // One part or less (possibly nothing at all): a single PutObject.
      const whole = Buffer.concat(pending, pendingBytes);
      await client.send(new PutObjectCommand({ Bucket, Key, ContentType, Body: whole, ContentLength: whole.length }), send);
      return meter.bytes;
    }
    await inFlight;
    if (filled > 0) await sendPart(filling!.subarray(0, filled));
    signal?.throwIfAborted();
    await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }), send);
    // Every part has been answered: nothing reads these buffers any more. (After a failure or an
    // abort they are left to the collector instead: a cut request's socket is not ours to reason about.)
    giveBack(filling, spare);
    return meter.bytes;
  } catch (err) {
    meter.destroy();
    // A part still being sent could land after the abort and survive it: let it settle first.
    await (inFlight as Promise<void> | null)?.catch(() => {});
    // The body's failure is the one to report. Should the abort fail too, the parts stay until the
    // bucket's AbortIncompleteMultipartUpload lifecycle rule removes them (README: Media storage).
    if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {});
    throw err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
