// Small stored renditions kept in process as bytes (least recently used leave first, bounded by
// Media__Public__HotCacheBytes), so a warm rendition costs no storage read: no open, stat, read and
// close on local disk, no GET on S3 (bench/images.ts). Nothing to invalidate: a rendition's key
// names the asset's content version and the encoder's revision, so its bytes never change, and the
// route checks that the asset is still served (public-asset-cache.ts) before it looks here.
/** Larger renditions stream from storage: a few would fill the budget. */
export const HOT_ENTRY_MAX_BYTES = 1024 * 1024;

export class HotRenditions {
  private readonly entries = new Map<string, Buffer>();
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

  remember(key: string, body: Buffer): void {
    if (!this.fits(body.length) || this.entries.has(key)) return;
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, b] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= b.length;
    }
  }
}
