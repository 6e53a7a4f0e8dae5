// The text form of a sealed secret, upstream's envelope, so ciphertext written by upstream reads
// here unchanged:
//
//   v2.<keyId>.<nonce>.<tag>.<ciphertext>   AES-256-GCM under Secrets__EncryptionKeys__<keyId>,
//                                           additional data "v2.<keyId>" (binds version and key id)
//   v1.<nonce>.<tag>.<ciphertext>           legacy AES-256-GCM under Secrets__EncryptionKey, no
//                                           additional data; read, never written
//
// Segments are canonical standard Base64 (with padding): nonce 12 bytes, tag 16 bytes, ciphertext
// at least one byte. Anything else is malformed; nothing here ever echoes the text it rejects.
import { LEGACY_KEY_LABEL, SecretDecryptError, UNKNOWN_LABEL, type DecryptFailureVersion } from './decrypt-error.js';

export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;
export const KEY_BYTES = 32;
/** Upstream's key-id rule; also what keeps a key id out of the envelope's `.` separators. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface SealedParts {
  readonly nonce: Buffer;
  readonly tag: Buffer;
  readonly body: Buffer;
}

export type Envelope = ({ readonly version: 'v1' } | { readonly version: 'v2'; readonly keyId: string }) & { readonly segments: readonly string[] };

/** Base64 that decodes and re-encodes to the same text (no whitespace, no missing padding, no stray bits). */
export function decodeCanonicalBase64(text: string): Buffer | null {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}

export function formatV2(keyId: string, parts: SealedParts): string {
  return ['v2', keyId, parts.nonce.toString('base64'), parts.tag.toString('base64'), parts.body.toString('base64')].join('.');
}

export function formatV1(parts: SealedParts): string {
  return ['v1', parts.nonce.toString('base64'), parts.tag.toString('base64'), parts.body.toString('base64')].join('.');
}

/** The additional authenticated data of v2: a ciphertext moved to another key id or version fails to open. */
export function v2AssociatedData(keyId: string): Buffer {
  return Buffer.from(`v2.${keyId}`, 'utf8');
}

/**
 * Splits an envelope. Only the structure is checked here (prefix, segment count, key id form); the
 * Base64 segments are decoded by `decodeParts`, after the key has been found, so an unknown key is
 * reported as such even when the rest is damaged too. `label` turns a v2 key id into its bounded
 * label (the id when configured, `unknown` otherwise).
 */
export function parseEnvelope(text: string, label: (keyId: string) => string): Envelope {
  const segments = text.split('.');
  const prefix = segments[0];
  if (prefix === 'v1') {
    if (segments.length !== 4) throw new SecretDecryptError('malformed_ciphertext', 'v1', LEGACY_KEY_LABEL);
    return { version: 'v1', segments: segments.slice(1) };
  }
  if (prefix === 'v2') {
    const keyId = segments[1] ?? '';
    if (segments.length !== 5 || !KEY_ID_PATTERN.test(keyId)) throw new SecretDecryptError('malformed_ciphertext', 'v2', label(keyId));
    return { version: 'v2', keyId, segments: segments.slice(2) };
  }
  throw new SecretDecryptError('unknown_version', 'unknown', UNKNOWN_LABEL);
}

export function decodeParts(segments: readonly string[], version: DecryptFailureVersion, keyLabel: string): SealedParts {
  const [nonce, tag, body] = segments.map((s) => decodeCanonicalBase64(s));
  if (!nonce || nonce.length !== NONCE_BYTES || !tag || tag.length !== TAG_BYTES || !body || body.length === 0) {
    throw new SecretDecryptError('malformed_ciphertext', version, keyLabel);
  }
  return { nonce, tag, body };
}
