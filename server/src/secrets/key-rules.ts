// What makes a configured 32-byte key unacceptable. Messages name the rule, never the key.
//
// Everywhere: an empty value, a placeholder (`changeme`, `<your key>`, `${KEY}`, `{{key}}`, …), text
// that is not canonical Base64, a length other than 32 bytes, and the all-zero key.
//
// In production also (spec: "production also rejects the development fixture and weak keys"):
// - a development fixture: upstream's published development key, or any key of this data
//   directory's development keyring (secrets/dev-keyring.json);
// - a weak key, meaning one that does not look like 32 random bytes:
//     fewer than 16 distinct byte values (this includes "all bytes equal"),
//     an 8-byte block that occurs twice,
//     every byte printable ASCII (a passphrase Base64-encoded, not random bytes),
//     bytes in constant steps (00 01 02 …, or any other arithmetic progression modulo 256).
//   32 random bytes break one of these with a probability below 1e-13 (the printable-ASCII rule,
//   (95/256)^32, dominates), so a real key is never refused.
import { decodeCanonicalBase64, KEY_BYTES } from './ciphertext-format.js';

/** Upstream's checked-in development key (its .env.example); never acceptable in production. */
const PUBLISHED_FIXTURE_KEYS: readonly string[] = ['Y21zaWZ5LWRldmVsb3BtZW50LWtleS0zMi1ieXRlcyE='];

const PLACEHOLDER_WORDS = ['changeme', 'replaceme', 'placeholder', 'yourkey', 'insertkey', 'secretkeyhere', 'example'];

export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (/^(<.*>|\$\{.*\}|\{\{.*\}\}|%.*%|\[.*\])$/s.test(v)) return true;
  // Letters only: `change-me`, `CHANGE_ME`, `Change Me` are the same word. Seven letters or more,
  // so that a random Base64 key contains one of these by chance with negligible probability.
  const letters = v.toLowerCase().replace(/[^a-z]/g, '');
  return PLACEHOLDER_WORDS.some((w) => letters.includes(w)) || /^(x+|\.+|\*+|todo|tbd|none|null|secret|key)$/i.test(v);
}

export type KeyProblem = { kind: 'empty' | 'placeholder' | 'not-base64' | 'zero' } | { kind: 'length'; bytes: number };

/** Decodes a configured key, or says what is wrong with it (in any environment). */
export function decodeKey(value: string): { key: Buffer } | { problem: KeyProblem } {
  const v = value.trim();
  if (v === '') return { problem: { kind: 'empty' } };
  if (isPlaceholder(v)) return { problem: { kind: 'placeholder' } };
  const bytes = decodeCanonicalBase64(v);
  if (!bytes) return { problem: { kind: 'not-base64' } };
  if (bytes.length !== KEY_BYTES) return { problem: { kind: 'length', bytes: bytes.length } };
  if (bytes.every((b) => b === 0)) return { problem: { kind: 'zero' } };
  return { key: bytes };
}

export function describeKeyProblem(p: KeyProblem): string {
  switch (p.kind) {
    case 'empty':
      return 'is empty';
    case 'placeholder':
      return 'is a placeholder, not a key (generate one with `openssl rand -base64 32`)';
    case 'not-base64':
      return 'must be canonical Base64 (standard alphabet, with padding) of exactly 32 bytes';
    case 'length':
      return `must decode to exactly 32 bytes, got ${p.bytes}`;
    case 'zero':
      return 'is all zero bytes (a placeholder, not a key)';
  }
}

/** Why a decoded key is too weak for production, or null. */
export function weakKeyReason(key: Buffer): string | null {
  if (new Set(key).size < 16) return 'has fewer than 16 distinct byte values';
  const blocks = new Set<string>();
  for (let i = 0; i + 8 <= key.length; i += 8) {
    const block = key.subarray(i, i + 8).toString('hex');
    if (blocks.has(block)) return 'repeats an 8-byte block';
    blocks.add(block);
  }
  if (key.every((b) => b >= 0x20 && b <= 0x7e)) return 'is printable text (a passphrase), not random bytes';
  const step = (key[1]! - key[0]! + 256) % 256;
  if (key.every((b, i) => i === 0 || (b - key[i - 1]! + 256) % 256 === step)) return 'is a sequence of bytes in constant steps';
  return null;
}

export function isPublishedFixture(key: Buffer): boolean {
  return PUBLISHED_FIXTURE_KEYS.some((k) => Buffer.from(k, 'base64').equals(key));
}
