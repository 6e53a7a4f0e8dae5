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

/** The URL index's key: the path, and for f_auto the Accept header the format was chosen from. */
export function warmUrlKey(path: string, accept: string | undefined): string {
  return path.includes('f_auto') ? `${path}\n${accept ?? ''}` : path;
}

export class HotRenditions {
  private readonly entries = new Map<string, Buffer>();
  private readonly urls = new Map<string, WarmUrl>();
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

  /** The answer remembered for this URL key (warmUrlKey) while its bytes are kept. */
  urlAnswer(urlKey: string): WarmUrl | undefined {
    return this.urls.get(urlKey);
  }

  rememberUrl(urlKey: string, answer: WarmUrl): void {
    if (this.urls.has(urlKey) || !this.entries.has(answer.key)) return;
    if (this.urls.size >= MAX_URLS) this.urls.delete(this.urls.keys().next().value!);
    this.urls.set(urlKey, answer);
  }

  remember(key: string, body: Buffer): void {
    if (!this.fits(body.length) || this.entries.has(key)) return;
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, b] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= b.length;
      for (const [url, answer] of this.urls) if (answer.key === oldest) this.urls.delete(url);
    }
  }
}
