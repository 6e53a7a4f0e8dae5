// Computes renditions with sharp (libvips), bounded three ways so a cold flood cannot take the
// process down:
//   - a queue: at most Media__Public__Concurrency transforms run at once, at most QueueLength wait,
//     one more is 503 with Retry-After (100 cold requests never run 100 pipelines). An AVIF encode
//     takes every slot: libaom holds ~200 MiB for a 2560 px output where the other encoders hold
//     ~60 MiB (bench/images.ts), so two at once would double the peak of a cold flood;
//   - single flight: concurrent requests for one rendition share one computation;
//   - per transform: the input pixel limit (checked from the header, before decoding: a PNG that
//     declares 50,000 × 50,000 is refused in microseconds), and a time budget.
// libvips' operation cache is off: it would keep decoded images of inputs never seen again.
import os from 'node:os';
import sharp from 'sharp';
import { ApiError } from '../../errors.js';
import type { PublicMediaConfig } from '../../config.js';
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

/** A weighted semaphore in arrival order: a transform takes `slots` of `concurrency` while it runs. */
export class TransformQueue {
  private active = 0;
  private readonly waiting: Array<{ readonly slots: number; readonly start: () => void }> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLength: number,
  ) {}

  async run<T>(work: () => Promise<T>, wanted = 1): Promise<T> {
    const slots = Math.min(Math.max(1, wanted), this.concurrency);
    // Arrival order: nothing overtakes a waiter (an exclusive transform is not starved by small ones).
    if (this.waiting.length > 0 || this.active + slots > this.concurrency) {
      if (this.waiting.length >= this.queueLength) throw busy('Too many images are being resized right now; retry in a second.');
      await new Promise<void>((start) => this.waiting.push({ slots, start }));
    } else {
      this.active += slots;
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

  private startWaiting(): void {
    while (this.waiting.length > 0 && this.active + this.waiting[0]!.slots <= this.concurrency) {
      const next = this.waiting.shift()!;
      this.active += next.slots;
      next.start();
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
   * `compute` runs inside the queue, taking `slots` of it (every slot for an AVIF encode).
   */
  once(key: string, compute: () => Promise<Buffer>, slots?: number): Promise<Buffer>;
  /** Transforms `input` (the original's bytes) as `params` say, into `format`. */
  transform(input: Buffer, params: RenditionParams, format: OutputFormat): Promise<Buffer>;
  /** How many transforms ran (tests check single flight with it). */
  readonly transforms: number;
}

export function createRenditionEngine(config: PublicMediaConfig): RenditionEngine {
  // The cores are shared by the transforms that run at once: libvips threads per pipeline × the
  // queue's concurrency ≈ cores (two per transform by default, config.ts). More threads would only
  // hold more decoded tiles at once (memory) without finishing sooner on a machine that is already
  // busy.
  sharp.concurrency(Math.max(1, Math.floor(os.availableParallelism() / config.concurrency)));
  const queue = new TransformQueue(config.concurrency, config.queueLength);
  const inFlight = new Map<string, Promise<Buffer>>();
  let transforms = 0;
  return {
    get transforms() {
      return transforms;
    },
    once(key, compute, slots = 1) {
      const running = inFlight.get(key);
      if (running) return running;
      const work = queue.run(compute, slots).finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      return work;
    },
    async transform(input, params, format) {
      transforms += 1;
      try {
        return await runSharp(input, params, format, config);
      } catch (err) {
        throw describeFailure(err, config);
      }
    },
  };
}

async function runSharp(input: Buffer, p: RenditionParams, format: OutputFormat, config: PublicMediaConfig): Promise<Buffer> {
  // animated: false reads the first frame of a GIF/WebP animation only (a bounded cost; see README).
  const open = () => sharp(input, { limitInputPixels: config.maxInputPixels, animated: false, failOn: 'error' }).timeout({ seconds: config.timeoutSeconds });
  const width = p.width === null ? null : p.width * p.dpr;
  const height = p.height === null ? null : p.height * p.dpr;
  // rotate() applies the EXIF orientation; no withMetadata(), so EXIF, XMP and ICC text are stripped.
  let pipeline = open().rotate();
  if (p.focal && width !== null && height !== null) {
    const meta = await open().metadata();
    const swapped = (meta.orientation ?? 1) >= 5;
    const iw = (swapped ? meta.height : meta.width) ?? 0;
    const ih = (swapped ? meta.width : meta.height) ?? 0;
    const scale = Math.max(width / iw, height / ih);
    if (scale <= 1) {
      // Scale to cover, then cut the window whose centre is nearest the focal point.
      const rw = Math.max(width, Math.round(iw * scale));
      const rh = Math.max(height, Math.round(ih * scale));
      const left = Math.min(rw - width, Math.max(0, Math.round((p.focal[0] / 10) * rw - width / 2)));
      const top = Math.min(rh - height, Math.max(0, Math.round((p.focal[1] / 10) * rh - height / 2)));
      pipeline = pipeline.resize(rw, rh, { fit: 'fill' }).extract({ left, top, width, height });
    } else {
      pipeline = pipeline.resize(width, height, { fit: 'cover', withoutEnlargement: true });
    }
  } else if (width !== null || height !== null) {
    pipeline = pipeline.resize(width, height, {
      fit: p.fit,
      withoutEnlargement: true,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
  } else {
    // Only a format or quality: the image as it is, within the maximum output size.
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

function describeFailure(err: unknown, config: PublicMediaConfig): Error {
  if (err instanceof ApiError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    return unprocessable(`The image has more than ${config.maxInputPixels} pixels (Media__Public__MaxInputPixels); it is served only as the original.`);
  }
  if (/timeout/i.test(message)) return busy(`Resizing the image took longer than ${config.timeoutSeconds} s; retry later.`);
  if (/unsupported image format|corrupt|premature|invalid|bad|not a known file format|unable to/i.test(message)) {
    return unprocessable('The image cannot be decoded; it is served only as the original.');
  }
  return err instanceof Error ? err : new Error(message);
}
