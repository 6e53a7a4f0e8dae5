// A fresh X-Correlation-Id for every attempt (a retried call shows one id per attempt, so server
// logs tell attempts apart). UUIDv7 like the .NET SDK: time-ordered ids sort in log searches.

export function newCorrelationId(nowMs: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  // Web Crypto, not node:crypto, so the SDK also runs on edge runtimes.
  globalThis.crypto.getRandomValues(bytes);
  let ms = Math.max(0, Math.floor(nowMs));
  for (let i = 5; i >= 0; i -= 1) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = (bytes[6]! & 0x0f) | 0x70; // version 7
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
