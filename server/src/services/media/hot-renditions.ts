// Small stored renditions kept in process as bytes (least recently used leave first, bounded by
// Media__Public__HotCacheBytes), so a warm rendition costs no storage read: no open, stat, read and
// close on local disk, no GET on S3 (bench/images.ts). Nothing to invalidate: a rendition's key
// names the asset's content version and the encoder's revision, so its bytes never change, and the
// route checks that the asset is still served (public-asset-cache.ts) before it looks here.
//
// It also keeps, for the URLs it has served from here, what the route decided for that URL
// (services/media/public-media.ts, serveWarmPublicUrl): the signature verified, the transformation
// parsed, the format chosen from Accept, the key and the 200 headers. Each is a pure function of the
// URL (and of Accept for f_auto) under this process's keyring and settings, so a warm request skips
// them and only checks what can change — the asset, through public-asset-cache.ts — before it sends
// the bytes (bench/images.ts, the warm case).
import type { SignedAssetRef } from './public-url-signer.js';

/** Larger renditions stream from storage: a few would fill the budget. */
export const HOT_ENTRY_MAX_BYTES = 1024 * 1024;

/** At most this many URLs remembered: each is a few hundred bytes; a flood of URLs cannot grow the process. */
const MAX_URLS = 10_000;

/** What the public route answered for a URL from the bytes kept here. */
export interface WarmUrl {
  readonly ref: SignedAssetRef;
  /** The rendition's storage key (its bytes are kept under it here). */
  readonly key: string;
  readonly headers: Readonly<Record<string, string>> & { readonly ETag: string; readonly 'Cache-Control': string; readonly Vary?: string };
}

/** Accept headers remembered per f_auto URL (browsers send a handful; more replace the first). */
const MAX_ACCEPTS_PER_URL = 16;

/** A URL's answer, or for f_auto its answers by the Accept header the format was chosen from. */
type UrlEntry = { readonly answer: WarmUrl } | { readonly byAccept: Map<string, WarmUrl> };

export class HotRenditions {
  private readonly entries = new Map<string, Buffer>();
  private readonly urls = new Map<string, UrlEntry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Whether bytes of this size would be kept. */
  fits(size: number): boolean {
    return size <= Math.min(HOT_ENTRY_MAX_BYTES, this.maxBytes);
  }

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** The answer remembered for this path (and Accept, when it was chosen from it) while its bytes are kept. */
  urlAnswer(path: string, accept: string | undefined): WarmUrl | undefined {
    const entry = this.urls.get(path);
    if (!entry) return undefined;
    return 'answer' in entry ? entry.answer : entry.byAccept.get(accept ?? '');
  }

  /**
   * Remembers the answer for `path`; `accept` is the Accept header when the format was chosen from
   * it (f_auto — decided by the route, not by looking at the path, which may be percent-encoded).
   */
  rememberUrl(path: string, accept: string | undefined | null, answer: WarmUrl): void {
    if (!this.entries.has(answer.key)) return;
    const entry = this.urls.get(path);
    if (!entry && this.urls.size >= MAX_URLS) this.urls.delete(this.urls.keys().next().value!);
    if (accept === null) {
      this.urls.set(path, { answer });
      return;
    }
    const byAccept = entry && 'byAccept' in entry ? entry.byAccept : new Map<string, WarmUrl>();
    if (byAccept.size >= MAX_ACCEPTS_PER_URL) byAccept.delete(byAccept.keys().next().value!);
    byAccept.set(accept ?? '', answer);
    this.urls.set(path, { byAccept });
  }

  remember(key: string, body: Buffer): void {
    if (!this.fits(body.length) || this.entries.has(key)) return;
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, b] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= b.length;
      for (const [url, entry] of this.urls) {
        if ('answer' in entry ? entry.answer.key === oldest : [...entry.byAccept.values()].some((a) => a.key === oldest)) this.urls.delete(url);
      }
    }
  }
}
