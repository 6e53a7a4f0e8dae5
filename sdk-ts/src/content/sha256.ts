// SHA-256 as lowercase hex through Web Crypto (globalThis.crypto.subtle), not node:crypto, so the
// content cache runs wherever the SDK runs: Node 20+, Deno, Bun, Cloudflare Workers, Vercel Edge.
const encoder = new TextEncoder();

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', encoder.encode(text)));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
