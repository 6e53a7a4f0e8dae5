// The request body of a media upload, streamed: a multipart/form-data body built around the file's
// bytes as they are read (never the whole file in memory, never copied twice), and a byte counter
// on whatever body is sent, which is what upload progress reports. The counting stream is pulled
// by fetch on demand (high-water mark 0), so "sent" means handed to the connection, not read ahead.

export interface UploadProgress {
  /** Request-body bytes handed to the connection so far (multipart framing included). */
  readonly sentBytes: number;
  /** The whole body's length when known (known size of the file), else undefined. */
  readonly totalBytes: number | undefined;
}

export type UploadProgressCallback = (progress: UploadProgress) => void;

/** What a file to upload may be: read as a stream in every case. */
export type UploadSource = Blob | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array>;

const SLICE = 64 * 1024;
const encoder = new TextEncoder();

/** The source's size when it is known without reading it. */
export function sizeOf(source: UploadSource): number | undefined {
  if (source instanceof Blob) return source.size;
  if (source instanceof Uint8Array || source instanceof ArrayBuffer) return source.byteLength;
  return undefined;
}

async function* chunksOf(source: UploadSource): AsyncGenerator<Uint8Array> {
  if (source instanceof ArrayBuffer || source instanceof Uint8Array) {
    const bytes = source instanceof ArrayBuffer ? new Uint8Array(source) : source;
    // Views, not copies: the caller's array is sent as it is.
    for (let at = 0; at < bytes.byteLength; at += SLICE) yield bytes.subarray(at, Math.min(at + SLICE, bytes.byteLength));
    return;
  }
  const stream = source instanceof Blob ? (source.stream() as ReadableStream<Uint8Array>) : source;
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value.byteLength > 0) yield value;
    }
  } finally {
    // Cancelling (the upload was aborted) releases the caller's stream; on normal end it is a no-op.
    await reader.cancel().catch(() => undefined);
  }
}

/** A header parameter value as browsers write it (HTML's multipart encoding: `"`, CR, LF escaped). */
function quoted(value: string): string {
  return `"${value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')}"`;
}

export interface MultipartFile {
  readonly source: UploadSource;
  readonly fileName: string;
  readonly contentType: string;
  /** The file's length; required to know the body's (Content-Length) when the source is a stream. */
  readonly size: number | undefined;
}

export interface MultipartBody {
  readonly chunks: AsyncIterable<Uint8Array>;
  readonly contentType: string;
  readonly length: number | undefined;
}

/** `altText` (when given) then `file`, the order the server reads them in. */
export function multipartBody(file: MultipartFile, fields: Record<string, string | undefined>): MultipartBody {
  const boundary = `----verso-${Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;
  let head = '';
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    head += `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${value}\r\n`;
  }
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename=${quoted(file.fileName)}\r\nContent-Type: ${file.contentType}\r\n\r\n`;
  const headBytes = encoder.encode(head);
  const tailBytes = encoder.encode(`\r\n--${boundary}--\r\n`);
  const declared = file.size;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    yield headBytes;
    let read = 0;
    for await (const chunk of chunksOf(file.source)) {
      read += chunk.byteLength;
      if (declared !== undefined && read > declared) throw new RangeError(`The file is longer than its declared size of ${declared} bytes.`);
      yield chunk;
    }
    if (declared !== undefined && read !== declared) throw new RangeError(`The file ended after ${read} of its declared ${declared} bytes.`);
    yield tailBytes;
  }
  return {
    chunks: chunks(),
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: declared === undefined ? undefined : headBytes.byteLength + declared + tailBytes.byteLength,
  };
}

/** Any body as a pull-driven stream that reports the bytes taken from it. */
export function countingStream(source: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array>, totalBytes: number | undefined, onProgress: UploadProgressCallback | undefined): ReadableStream<Uint8Array> {
  const iterator = (source instanceof ReadableStream ? chunksOf(source) : source)[Symbol.asyncIterator]();
  let sentBytes = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await iterator.next();
        if (done) {
          controller.close();
          return;
        }
        controller.enqueue(value);
        sentBytes += value.byteLength;
        if (onProgress) {
          try {
            onProgress({ sentBytes, totalBytes });
          } catch {
            // A progress display failing must not fail the upload.
          }
        }
      },
      async cancel(reason) {
        await iterator.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
