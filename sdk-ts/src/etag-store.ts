// ETags remembered per URL (without the query), so the write that follows a read of the same
// resource carries the tag as If-Match. Only final successful responses are recorded, so a read
// that was retried keeps the tag of the response it returned.

export class ETagStore {
  readonly #tags = new Map<string, string>();

  static keyOf(url: string): string {
    const u = new URL(url);
    return u.origin + u.pathname;
  }

  get(url: string): string | undefined {
    return this.#tags.get(ETagStore.keyOf(url));
  }

  set(url: string, etag: string | null): void {
    if (etag == null || etag.trim() === '') return;
    this.#tags.set(ETagStore.keyOf(url), etag);
  }

  delete(url: string): void {
    this.#tags.delete(ETagStore.keyOf(url));
  }

  clear(): void {
    this.#tags.clear();
  }
}
