// Signed public media URLs (issue #26). The signature proves the server handed this asset out: an
// HMAC over workspace, asset and content version, under a key derived from a keyring key
// (Secrets__EncryptionKeys__<id>). The URL names the key id, so any key still in the keyring
// verifies: rotating Secrets__ActiveKeyId signs new URLs with the new key while old URLs keep
// working until their key is removed.
//
// The workspace's media URL generation (issue #35) is signed too, so rotating the workspace's public
// URLs (adding one to it) makes every URL handed out before fail the route's generation check. It
// rides in the URL (`{keyId}.{generation}.{mac}`, and `{keyId}.{mac}` for generation 0, the form
// every URL had before) so a forged URL is still refused before anything is read.
//
// The transformation (`params`) is deliberately not signed: it must lie in the published allowed
// set instead (public-rendition-params.ts), so a site can build any width without a secret while the
// number of renditions per asset stays bounded.
import crypto from 'node:crypto';

const MAC_BYTES = 16; // 128 bits: forgery needs 2^128 guesses; the URL stays short.
const KEY_INFO = 'verso media public url v1';

/** The content version a URL names: the first 16 hex digits of the bytes' SHA-256. */
export function contentVersionOf(sha256: string): string {
  return sha256.slice(0, 16);
}

export interface SignedAssetRef {
  readonly workspaceId: string;
  readonly assetId: string;
  readonly contentVersion: string;
  /** The workspace's media URL generation when the URL was signed (0, the default, until its URLs are first rotated). */
  readonly generation?: number;
}

/** The generation a signature names: `{keyId}.{generation}.{mac}`, or 0 for `{keyId}.{mac}`; null if malformed. */
export function generationOf(signature: string): number | null {
  const parts = signature.split('.');
  if (parts.length === 2) return 0;
  if (parts.length !== 3 || !/^[0-9]{1,9}$/.test(parts[1]!)) return null;
  return Number(parts[1]);
}

export interface PublicUrlSigner {
  /** `{keyId}.{mac}` (generation 0) or `{keyId}.{generation}.{mac}` under the signing key. */
  sign(ref: SignedAssetRef): string;
  /** True when `signature` is a valid signature of `ref` under any keyring key; constant time in the MAC. */
  verify(ref: SignedAssetRef, signature: string): boolean;
}

function message(ref: SignedAssetRef): Buffer {
  // Lower-cased UUIDs: the path's UUID format accepts either case, the signature must not care.
  // Generation 0 signs the message URLs had before generations existed, so those stay valid until
  // the first rotation.
  const generation = (ref.generation ?? 0) === 0 ? '' : `\n${ref.generation}`;
  return Buffer.from(`${ref.workspaceId.toLowerCase()}\n${ref.assetId.toLowerCase()}\n${ref.contentVersion}${generation}`, 'utf8');
}

/**
 * `keys` are the keyring's 32-byte keys by id. The HMAC key is derived (HKDF) rather than the
 * encryption key itself, so the same secret is never used for two algorithms.
 */
export function createPublicUrlSigner(keys: ReadonlyMap<string, Buffer>, signingKeyId: string): PublicUrlSigner {
  // KeyObjects made once: createHmac with a Buffer key wraps it anew on every call, a third of a
  // warm rendition's own CPU before this (bench/images.ts, --profile).
  const derived = new Map<string, crypto.KeyObject>();
  for (const [id, key] of keys) derived.set(id, crypto.createSecretKey(Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), KEY_INFO, 32))));
  const signingKey = derived.get(signingKeyId);
  if (!signingKey) throw new Error(`the keyring has no key "${signingKeyId}" to sign public media URLs with`);
  const mac = (key: crypto.KeyObject, ref: SignedAssetRef) => crypto.createHmac('sha256', key).update(message(ref)).digest().subarray(0, MAC_BYTES);
  return {
    sign(ref) {
      const generation = (ref.generation ?? 0) === 0 ? '' : `${ref.generation}.`;
      return `${signingKeyId}.${generation}${mac(signingKey, ref).toString('base64url')}`;
    },
    verify(ref, signature) {
      const dot = signature.lastIndexOf('.');
      if (dot < 1) return false;
      // The generation the signature names must be the one checked: `{keyId}.{generation}.{mac}`.
      const named = (ref.generation ?? 0) === 0 ? '' : `.${ref.generation}`;
      if (!signature.slice(0, dot).endsWith(named)) return false;
      const key = derived.get(signature.slice(0, dot - named.length));
      if (!key) return false;
      const given = Buffer.from(signature.slice(dot + 1), 'base64url');
      // base64url decoding is lenient; re-encoding must give back exactly what was sent.
      if (given.length !== MAC_BYTES || given.toString('base64url') !== signature.slice(dot + 1)) return false;
      return crypto.timingSafeEqual(given, mac(key, ref));
    },
  };
}
