// Computes renditions with sharp (libvips), bounded three ways so a cold flood cannot take the
// process down:
//   - a queue: at most Media__Public__Concurrency transforms run at once, at most QueueLength wait,
//     one more is 503 with Retry-After (100 cold requests never run 100 pipelines). An AVIF encode
//     takes every slot: libaom holds ~200 MiB for a 2560 px output where the other encoders hold
//     ~60 MiB (bench/images.ts), so two at once would double the peak of a cold flood. The queue
//     is shared fairly between workspaces: each has its own line, at most QueuePerWorkspace long,
//     and the lines take turns, so one workspace's flood neither fills the queue (other
//     workspaces' new renditions are not 503) nor makes them wait behind all of it;
//   - single flight: concurrent requests for one rendition share one computation;
//   - per transform: the input pixel limit (checked from the header, before decoding: a PNG that
//     declares 50,000 × 50,000 is refused in microseconds), and a time budget.
// Every failure of sharp is the image's (it cannot be decoded or encoded as asked): 422, logged
// once as one line, never a 500 with a stack.
// libvips' operation cache is off: it would keep decoded images of inputs never seen again.
import os from 'node:os';
import sharp from 'sharp';
import { ApiError } from '../../errors.js';
import type { PublicMediaConfig } from '../../config.js';
import type { Logger } from '../../logging/logger.js';
import { ColdBudget } from './cold-budget.js';
import type { OutputFormat, RenditionParams } from './public-rendition-params.js';

sharp.cache(false);

/** Part of every rendition's key: a new sharp/libvips may encode other bytes, so it gets new keys (and ETags). */
export const RENDITION_REVISION = `s${sharp.versions.sharp.replace(/[^0-9a-z.]/gi, '')}`;

/**
 * The revision of one output format's encoder settings, appended to RENDITION_REVISION in its key:
 * settings that change the bytes of a format change its keys, so a strong ETag never names two
 * byte sequences. AVIF `y420`: chroma subsampled 4:2:0 (sharp's default is 4:4:4), which takes
 * a third less of libaom's memory per encode (bench/images.ts flood) for a difference in colour
 * edges that photos on the web do not show; every AVIF the browsers' own encoders make is 4:2:0.
 */
export const FORMAT_REVISIONS: Readonly<Record<OutputFormat, string>> = { webp: '', avif: 'y420', jpeg: '', png: '' };

export const OUTPUT_TYPES: Readonly<Record<OutputFormat, string>> = {
  webp: 'image/webp',
  avif: 'image/avif',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export const OUTPUT_EXTENSIONS: Readonly<Record<OutputFormat, string>> = { webp: 'webp', avif: 'avif', jpeg: 'jpg', png: 'png' };

/** Inputs sharp decodes here. SVG is deliberately absent: it is never rasterised (see the README). */
export const TRANSFORMABLE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff']);

const unprocessable = (detail: string) => new ApiError('validation-failed', detail, { errors: { 'path.transformation': [detail] } });
const busy = (detail: string) => new ApiError('service-unavailable', detail, {}, { 'Retry-After': '1' });

/** One waiting transform: the slots it takes and how to start it. */
type Waiter = { readonly slots: number; readonly start: () => void };

/**
 * A weighted semaphore shared by workspaces: a transform takes `slots` of `concurrency` while it
 * runs. Waiters stand in their workspace's line (at most `perLine` each, `queueLength` in all), and
 * the lines take turns: the next to start is the head of the line after the one that started last
 * (so another workspace's first transform waits for at most one of a flooding workspace's per slot).
 * Nothing overtakes the chosen head (an exclusive AVIF transform is not starved by small ones).
 */
export class TransformQueue {
  private active = 0;
  private waitingCount = 0;
  /** The line whose transform started last: it goes to the back of the turns. */
  private lastStarted: string | null = null;
  /** Workspace → its waiters in arrival order; Map order is the turn order. */
  private readonly lines = new Map<string, Waiter[]>();

  constructor(
    private readonly concurrency: number,
    private readonly queueLength: number,
    private readonly perLine: number = queueLength,
  ) {}

  async run<T>(work: () => Promise<T>, wanted = 1, line = ''): Promise<T> {
    const slots = Math.min(Math.max(1, wanted), this.concurrency);
    if (this.waitingCount > 0 || this.active + slots > this.concurrency) {
      const own = this.lines.get(line);
      if (this.waitingCount >= this.queueLength || (own?.length ?? 0) >= this.perLine) {
        throw busy('Too many images are being resized right now; retry in a second.');
      }
      await new Promise<void>((start) => {
        if (own) own.push({ slots, start });
        else this.lines.set(line, [{ slots, start }]);
        this.waitingCount += 1;
      });
    } else {
      this.active += slots;
      this.lastStarted = line;
    }
    try {
      return await work();
    } finally {
      this.active -= slots;
      this.startWaiting();
    }
  }

  /** How many slots are taken now (tests). */
  get running(): number {
    return this.active;
  }

  /** How many transforms wait (tests). */
  get waiting(): number {
    return this.waitingCount;
  }

  private startWaiting(): void {
    for (;;) {
      // The line that started last has had its turn: the others go first.
      const last = this.lastStarted === null ? undefined : this.lines.get(this.lastStarted);
      if (last && this.lines.size > 1) {
        this.lines.delete(this.lastStarted!);
        this.lines.set(this.lastStarted!, last);
      }
      const first = this.lines.entries().next();
      if (first.done) return;
      const [line, waiters] = first.value;
      const head = waiters[0]!;
      if (this.active + head.slots > this.concurrency) return;
      waiters.shift();
      this.waitingCount -= 1;
      // This line's turn is over: it goes to the back (or away, when empty).
      this.lines.delete(line);
      if (waiters.length > 0) this.lines.set(line, waiters);
      this.active += head.slots;
      this.lastStarted = line;
      head.start();
    }
  }
}

/** The queue slots a transform into `format` takes: AVIF runs alone (see the top of this file). */
export function slotsFor(format: OutputFormat, concurrency: number): number {
  return format === 'avif' ? concurrency : 1;
}

export interface RenditionEngine {
  /**
   * The rendition at `key`, computed by `compute` once however many callers ask at the same time.
   * `compute` runs inside the queue, in the line of `workspaceId`, taking `slots` of it (every slot
   * for an AVIF encode). A caller that starts a computation (not one that joins a running one) pays
   * for it from its `client` address's budget of cold renditions (cold-budget.ts: 429 beyond).
   */
  once(key: string, compute: () => Promise<Buffer>, options?: { readonly slots?: number; readonly workspaceId?: string; readonly client?: string }): Promise<Buffer>;
  /** Transforms `input` (the original's bytes) as `params` say, into `format`; every sharp failure is 422 (or 503 on the time budget). */
  transform(input: Buffer, params: RenditionParams, format: OutputFormat): Promise<Buffer>;
  /** How many transforms ran (tests check single flight with it). */
  readonly transforms: number;
}

export function createRenditionEngine(
  config: PublicMediaConfig,
  options: { readonly logger?: Pick<Logger, 'warn'>; readonly ipv6PrefixLength?: number } = {},
): RenditionEngine {
  const logger = options.logger;
  const budget = new ColdBudget(config.coldPerMinute, options.ipv6PrefixLength ?? 64);
  // The cores are shared by the transforms that run at once: libvips threads per pipeline × the
  // queue's concurrency ≈ cores (two per transform by default, config.ts). More threads would only
  // hold more decoded tiles at once (memory) without finishing sooner on a machine that is already
  // busy.
  sharp.concurrency(Math.max(1, Math.floor(os.availableParallelism() / config.concurrency)));
  const queue = new TransformQueue(config.concurrency, config.queueLength, config.queuePerWorkspace);
  const inFlight = new Map<string, Promise<Buffer>>();
  let transforms = 0;
  return {
    get transforms() {
      return transforms;
    },
    once(key, compute, options = {}) {
      const running = inFlight.get(key);
      if (running) return running;
      if (options.client !== undefined) budget.take(options.client);
      const work = queue.run(compute, options.slots ?? 1, options.workspaceId ?? '').finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
    async transform(input, params, format) {
      transforms += 1;
      try {
        return await runSharp(input, params, format, config);
      } catch (err) {
        const failure = describeFailure(err, config);
        // One line, no stack: a broken upload is the image's fault, asked for again by every visitor.
        logger?.warn('rendition not computed', { reason: err instanceof Error ? err.message.split('\n')[0] : String(err), status: failure.status });
        throw failure;
      }
    },
  };
}

async function runSharp(input: Buffer, p: RenditionParams, format: OutputFormat, config: PublicMediaConfig): Promise<Buffer> {
  // animated: false reads the first frame of a GIF/WebP animation only (a bounded cost; see README).
  const open = () => sharp(input, { limitInputPixels: config.maxInputPixels, animated: false, failOn: 'error' }).timeout({ seconds: config.timeoutSeconds });
  const width = p.width === null ? null : p.width * p.dpr;
  // rotate() applies the EXIF orientation; no withMetadata(), so EXIF, XMP and ICC text are stripped.
  let pipeline = open().rotate();
  if (width !== null) {
    pipeline = pipeline.resize(width, null, { fit: 'inside', withoutEnlargement: true });
  } else {
    // Only a format: the image as it is, within the maximum output size.
    pipeline = pipeline.resize(config.maxWidth, config.maxHeight, { fit: 'inside', withoutEnlargement: true });
  }
  switch (format) {
    case 'webp':
      return pipeline.webp({ quality: p.quality, effort: 2 }).toBuffer();
    case 'avif':
      // effort 2 of 9: AVIF's best compression costs seconds per image; this stays within the budget.
      return pipeline.avif({ quality: p.quality, effort: 2, chromaSubsampling: '4:2:0' }).toBuffer();
    case 'jpeg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: p.quality, mozjpeg: false }).toBuffer();
    case 'png':
      return pipeline.png({ compressionLevel: 6 }).toBuffer();
  }
}

function describeFailure(err: unknown, config: PublicMediaConfig): ApiError {
  if (err instanceof ApiError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return unprocessable(`The image has more than ${config.maxInputPixels} pixels (Media__Public__MaxInputPixels); it is served only as the original.`);
  }
  if (/timeout/i.test(message)) return busy(`Resizing the image took longer than ${config.timeoutSeconds} s; retry later.`);
  // Anything else sharp throws is about this image (a broken IDAT, a truncated scan, an encoder
  // refusing its pixels): the same answer for every way it can fail, never a 500.
  return unprocessable('The image cannot be decoded; it is served only as the original.');
}
