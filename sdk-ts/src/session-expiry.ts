// Sessions slide: the API extends a local session and reports the new expiry in
// X-Session-Expires-At. Responses can arrive out of order (parallel calls, retries), so the newest
// timestamp wins and an older value never overwrites a newer one.

export class SessionExpiryTracker {
  #newest: number | undefined;

  record(headerValue: string | null): void {
    if (headerValue == null) return;
    const at = Date.parse(headerValue);
    if (Number.isNaN(at)) return;
    if (this.#newest === undefined || at > this.#newest) this.#newest = at;
  }

  get expiresAt(): Date | undefined {
    return this.#newest === undefined ? undefined : new Date(this.#newest);
  }
}
