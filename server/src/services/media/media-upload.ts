// An upload, streamed from the request to storage as it arrives (busboy → UploadMeter → put):
// memory holds a chunk at a time, never the file.
//
// The order is the spec's (Media asset state):
//   1. the file part's declared type is checked — never HTML, XML or script (415), whatever the
//      allow-list says; then against the allow-list (415) — and its first bytes against the declared
//      type (415; an empty file is 400), its name made to end with an extension of that type, all
//      before anything is written;
//   2. the asset row and its storage key are committed, PendingUpload (hidden);
//   3. the bytes stream to storage, counted and hashed; at the first byte over the limit the write
//      is aborted;
//   4. the row becomes Available, with its size, hash and alt text.
// How it can end otherwise:
//   - over the limit, or the form refused after the file started (text that breaks the string rule,
//     a malformed body): the blob (whatever a provider kept of it) and the row are removed in the
//     same failure path, so a 413 or 400 leaves no row, no intent and no blob;
//   - any other failure once the row exists (the client went away, storage failed): the row becomes
//     UploadFailed with an immediate deletion intent for whatever was written;
//   - the process dies, or the database is unreachable at that moment: the row stays PendingUpload
//     and the stale-upload pass does the same after Media__Operations__AbandonedUploadMinutes.
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { v7 as uuidv7 } from 'uuid';
import type { Actor } from '../../access/actor.js';
import type { MediaConfig } from '../../config.js';
import { ApiError, badRequest } from '../../errors.js';
import { deletePendingAsset, findAssetById, insertPendingAsset, markUploaded, markUploadFailed } from '../../db/media/media-assets.js';
import { queueDeletion } from '../../db/media/media-deletion-intents.js';
import type { MediaAssetResponse } from '../../generated/schemas.js';
import type { Logger } from '../../logging/logger.js';
import type { StorageProvider } from '../../storage/provider.js';
import type { Db } from '../../db/pool.js';
import { recordAudit } from '../platform/audit.js';
import { displayFileName, nameForType } from './file-names.js';
import { formTextViolation, partPointer } from './form-text.js';
import { agreesWithDeclaredType, SNIFF_BYTES } from './magic-bytes.js';
import { mediaEtag, presentAsset, type AssetLinks } from './media-assets.js';
import { hasReadableDimensions, readStoredDimensions } from './image-dimensions.js';
import { isActiveContentType, isAllowedMimeType, normaliseMimeType } from './mime-policy.js';
import { mediaStorageKey } from './storage-keys.js';
import { FileTooLargeError, UploadMeter } from './upload-meter.js';

/** The request body as the pipeline hands it over (http/operation.ts StreamedRequestBody). */
export interface UploadSource {
  readonly stream: Readable;
  readonly contentType: string;
  readonly contentLength: number | null;
  readonly signal: AbortSignal;
}

export interface UploadDependencies {
  readonly db: Db;
  readonly storage: StorageProvider;
  readonly media: MediaConfig;
  readonly logger: Logger;
  readonly links: AssetLinks;
}

const MAX_ALT_TEXT = 1000;
// Beyond the file itself a request carries part headers, boundaries and at most 1000 characters of
// alt text: a declared length this far over the limit cannot hold an acceptable file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (limitBytes: number) =>
  new ApiError('payload-too-large', `The file is larger than the limit of ${limitBytes / (1024 * 1024)} MiB (Media__MaxFileSizeMb).`);

class ClientGoneError extends Error {
  override name = 'ClientGoneError';
  constructor() {
    super('the client closed the connection during the upload');
  }
}

interface FilePart {
  readonly stream: Readable;
  readonly fileName: string;
  readonly declaredType: string | undefined;
}

/** Reads up to `n` bytes from the front of `stream`; returns them and a stream of the whole file. */
async function peek(stream: Readable, n: number): Promise<{ head: Buffer; ended: boolean; whole: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < n) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* whole() {
    yield head;
    if (ended) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  // Readable.from pulls from the generator only as its reader asks: backpressure reaches the socket.
  return { head: head.subarray(0, n), ended, whole: Readable.from(whole(), { objectMode: false }) };
}

export async function uploadMediaAsset(
  deps: UploadDependencies,
  actor: Actor,
  workspaceId: string,
  source: UploadSource,
): Promise<{ body: MediaAssetResponse; etag: string }> {
  const limit = deps.media.maxFileSizeBytes;
  if (source.contentLength !== null && source.contentLength > limit + MULTIPART_OVERHEAD_BYTES) throw tooLarge(limit);

  let form: MultipartForm;
  try {
    form = new MultipartForm(source);
  } catch (err) {
    // The pipeline checked the Content-Type and its boundary; whatever else busboy cannot start on
    // is still the caller's header, never a 500.
    throw badRequest(`The multipart body cannot be read: ${(err as Error).message}.`);
  }
  try {
    const part = await form.filePart();
    const declared = normaliseMimeType(part.declaredType);
    if (declared !== null && isActiveContentType(declared)) {
      throw new ApiError(
        'unsupported-media-type',
        `Files of type ${declared} cannot be uploaded: HTML, XML and script files are never stored, whatever Media__AllowedMimeTypes allows.`,
      );
    }
    if (declared === null || !isAllowedMimeType(declared, deps.media.allowedMimeTypes)) {
      throw new ApiError(
        'unsupported-media-type',
        `Files of type ${declared ?? (part.declaredType || 'unknown')} cannot be uploaded; allowed are ${deps.media.allowedMimeTypes.join(', ')}.`,
      );
    }
    const { head, ended, whole } = await peek(part.stream, SNIFF_BYTES);
    if (head.length === 0 && ended) throw badRequest('The file is empty.', { '/file': ['must not be empty'] });
    if (!agreesWithDeclaredType(declared, head)) {
      throw new ApiError('unsupported-media-type', `The file's content is not ${declared}, the type it was declared as.`);
    }
    const fileName = nameForType(part.fileName, declared);
    return await storeFile(deps, actor, workspaceId, form, { declared, fileName, whole, signal: source.signal });
  } catch (err) {
    // A part's read fails with the form's failure (a truncated body, the client gone); the form
    // reports it on the same tick or the next — its reason is the answer, not the read's error.
    if (!(err instanceof ApiError) && !form.failure) await new Promise((resolve) => setImmediate(resolve));
    const cause = err instanceof ApiError ? err : (form.failure ?? err);
    if (cause instanceof ClientGoneError) throw badRequest('The upload was not completed: the client closed the connection.');
    throw cause;
  } finally {
    form.close();
  }
}

async function storeFile(
  deps: UploadDependencies,
  actor: Actor,
  workspaceId: string,
  form: MultipartForm,
  file: { declared: string; fileName: string; whole: Readable; signal: AbortSignal },
): Promise<{ body: MediaAssetResponse; etag: string }> {
  const id = uuidv7();
  const storageKey = mediaStorageKey(workspaceId, id, file.fileName, new Date());
  const provider = deps.storage.name;
  await insertPendingAsset(deps.db, {
    id,
    workspaceId,
    fileName: file.fileName,
    mimeType: file.declared,
    altText: null,
    provider,
    storageKey,
    uploadedBy: `${actor.kind}:${actor.id}`,
  });

  const meter = new UploadMeter(deps.media.maxFileSizeBytes);
  const controller = new AbortController();
  const onClientGone = () => controller.abort(new ClientGoneError());
  file.signal.addEventListener('abort', onClientGone, { once: true });
  form.onFailure((err) => controller.abort(err));
  try {
    // The meter errors at limit + 1 byte; pipe() does not forward errors, so the source's own
    // failures (the client going away) reach the write through the abort signal.
    file.whole.once('error', (err) => controller.abort(err));
    const written = deps.storage.put(storageKey, file.whole.pipe(meter), { contentType: file.declared, signal: controller.signal });
    meter.once('error', (err) => controller.abort(err));
    await written;
    const altText = await form.altText();
    // Read back from the store's first bytes, so the upload's own stream stays a plain pipe.
    const dimensions = hasReadableDimensions(file.declared)
      ? await readStoredDimensions(deps.storage, storageKey, file.declared).catch((err: unknown) => {
          deps.logger.warn('image dimensions could not be read at upload', { err, mediaAssetId: id });
          return null;
        })
      : null;
    const stored = await deps.db.transaction(async (tx) => {
      const blob = { sizeBytes: meter.bytes, sha256: meter.sha256, altText, width: dimensions?.width ?? null, height: dimensions?.height ?? null };
      if (!(await markUploaded(tx, id, blob))) return null;
      const row = (await findAssetById(tx, id))!;
      await recordAudit(tx, {
        workspaceId,
        entityType: 'MediaAsset',
        entityId: id,
        action: 'Created',
        actor,
        after: { fileName: row.file_name, mimeType: row.mime_type, sizeBytes: row.size_bytes, altText: row.alt_text },
      });
      return row;
    });
    // Only the stale-upload pass moves a row out of PendingUpload, and only after
    // AbandonedUploadMinutes: this upload outlived it, and its blob is already queued for deletion.
    if (!stored) throw new Error(`media asset ${id} left PendingUpload while its upload was running`);
    return { body: presentAsset(stored, deps.links), etag: mediaEtag(stored) };
  } catch (err) {
    const aborted: unknown = controller.signal.aborted ? controller.signal.reason : undefined;
    if (aborted instanceof FileTooLargeError || err instanceof FileTooLargeError) {
      await discardRefusedUpload(deps, id, storageKey);
      throw tooLarge(deps.media.maxFileSizeBytes);
    }
    // What the form says went wrong (the client left, the body was malformed) explains a failed write
    // better than the write's own error; the form may learn of it a tick after the write does.
    if (!form.failure) await new Promise((resolve) => setImmediate(resolve));
    const cause: unknown = form.failure ?? aborted ?? err;
    // The form refused (its text, its framing): the caller is answered 400 and keeps nothing.
    if (cause instanceof ApiError) {
      await discardRefusedUpload(deps, id, storageKey);
      throw cause;
    }
    await recordUploadFailure(deps, id, provider, storageKey, cause);
    throw cause;
  } finally {
    file.signal.removeEventListener('abort', onClientGone);
  }
}

/** 413 or a refused form: nothing of the upload may remain — the blob first (a provider may have kept a part), then the row. */
async function discardRefusedUpload(deps: UploadDependencies, id: string, storageKey: string): Promise<void> {
  try {
    await deps.storage.delete(storageKey);
    await deletePendingAsset(deps.db, id);
  } catch (err) {
    // Storage or the database failed now: fall back to the durable path (UploadFailed + intent), or
    // to the stale-upload pass if the database cannot take even that.
    deps.logger.warn('a refused upload could not be discarded at once; it is left to the media lifecycle', { err, mediaAssetId: id });
    await recordUploadFailure(deps, id, deps.storage.name, storageKey, err);
  }
}

/** PendingUpload → UploadFailed with an immediate deletion intent, in one transaction. */
async function recordUploadFailure(deps: UploadDependencies, id: string, provider: string, storageKey: string, cause: unknown): Promise<void> {
  const routine = cause instanceof ClientGoneError;
  deps.logger[routine ? 'info' : 'warn']('media upload failed', { mediaAssetId: id, reason: routine ? 'client_gone' : 'error', err: routine ? undefined : cause });
  try {
    await deps.db.transaction(async (tx) => {
      if (await markUploadFailed(tx, id)) {
        await queueDeletion(tx, { assetId: id, provider, storageKey, reason: 'upload_failed', dueAt: null });
      }
    });
  } catch (err) {
    deps.logger.error('media upload failure could not be recorded; the stale-upload pass will', { err, mediaAssetId: id });
  }
}

/**
 * The multipart body, parsed by busboy as it arrives: the `file` part (the first file part named
 * `file`) and the optional `altText` field, which may come before or after the file.
 */
class MultipartForm {
  private readonly parser: busboy.Busboy;
  private readonly file: Deferred<FilePart>;
  private readonly finished: Deferred<void>;
  private alt: string | undefined;
  private failed: Error | null = null;
  private readonly failureListeners: ((err: Error) => void)[] = [];

  constructor(private readonly source: UploadSource) {
    this.parser = busboy({
      headers: { 'content-type': source.contentType },
      // File names are UTF-8 on the wire from every current browser; busboy's default is latin1.
      defParamCharset: 'utf8',
      limits: { files: 1, fields: 8, parts: 16, fieldSize: 8 * 1024, fieldNameSize: 100, headerPairs: 20 },
    });
    this.file = deferred();
    this.finished = deferred();

    let seenFile = false;
    this.parser.on('file', (name, stream, info) => {
      // busboy destroys a part's stream with the form's error (a truncated body): the form's own
      // error handler reports it, and whoever reads the part sees it through its read.
      stream.on('error', () => undefined);
      const refused = partNameRefusal(name) ?? fileNameRefusal(name, info.filename);
      if (refused) {
        stream.resume();
        this.fail(refused);
        return;
      }
      if (name !== 'file' || seenFile) {
        stream.resume();
        return;
      }
      seenFile = true;
      this.file.resolve({ stream, fileName: displayFileName(formFileName(info.filename)), declaredType: info.mimeType });
    });
    // Every text part is held to the rule, whether Verso keeps it or not, as every string of a JSON
    // body is; busboy hands over no value at all for a charset it cannot decode.
    this.parser.on('field', (name, value: string | undefined, info) => {
      const nameRefused = partNameRefusal(name);
      if (nameRefused) return this.fail(nameRefused);
      const why = formTextViolation(value);
      if (why) return this.fail(badRequest(`The form field ${name} ${why}.`, { [partPointer(name)]: [why] }));
      if (name !== 'altText') return;
      if (info.valueTruncated || [...value!].length > MAX_ALT_TEXT) {
        this.fail(badRequest('altText is too long.', { '/altText': [`must not be longer than ${MAX_ALT_TEXT} characters`] }));
      } else {
        this.alt = value;
      }
    });
    this.parser.once('close', () => {
      if (!seenFile) this.fail(badRequest('The form has no file part named "file".', { '/file': ['is required'] }));
      this.finished.resolve();
    });
    this.parser.on('error', (err: Error) => this.fail(badRequest(`The multipart body is malformed: ${err.message}`)));
    const gone = () => this.fail(new ClientGoneError());
    source.stream.once('aborted', gone);
    source.stream.on('error', gone);
    if (source.signal.aborted) gone();
    else source.signal.addEventListener('abort', gone, { once: true });
    source.stream.pipe(this.parser);
  }

  /** The first reason the form cannot be read to its end, if any. */
  get failure(): Error | null {
    return this.failed;
  }

  private fail(err: Error): void {
    if (this.failed) return;
    this.failed = err;
    this.file.reject(err);
    this.finished.reject(err);
    for (const listener of this.failureListeners) listener(err);
  }

  filePart(): Promise<FilePart> {
    return this.file.promise;
  }

  onFailure(listener: (err: Error) => void): void {
    if (this.failed) listener(this.failed);
    else this.failureListeners.push(listener);
  }

  /** The alt text, once the whole form has been read (it may follow the file). */
  async altText(): Promise<string | null> {
    await this.finished.promise;
    const trimmed = this.alt?.trim() ?? '';
    return trimmed === '' ? null : trimmed;
  }

  /** Stops reading: what is left of the body is not parsed (the answer does not depend on it). */
  close(): void {
    this.source.stream.unpipe(this.parser);
  }
}

/** 400 for a part whose name breaks the form-text rule (it cannot be echoed as the pointer). */
function partNameRefusal(name: string | undefined): ApiError | undefined {
  const why = name === undefined ? undefined : formTextViolation(name);
  return why ? badRequest(`A part of the form has a name that ${why}.`, { '/': [`a part name ${why}`] }) : undefined;
}

/** 400 for a file part whose file name breaks the form-text rule, naming the part. */
function fileNameRefusal(name: string | undefined, fileName: string | undefined): ApiError | undefined {
  const why = fileName === undefined ? undefined : formTextViolation(fileName);
  if (!why) return undefined;
  const part = name === undefined ? '/' : partPointer(name);
  return badRequest(name === 'file' ? `The file name ${why}.` : `The file name of the form part ${name} ${why}.`, { [part]: [`has a file name that ${why}`] });
}

/**
 * The file name as the browser meant it: the HTML standard's multipart encoding sends `"` as `%22`
 * (and CR, LF as `%0D`, `%0A`, which the display name then drops as control characters).
 */
function formFileName(sent: string | undefined): string | undefined {
  return sent?.replace(/%22/gi, '"').replace(/%0D/gi, '\r').replace(/%0A/gi, '\n');
}

interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(err: Error): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Settled whether or not anyone waits: an unread rejection must not end the process.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
