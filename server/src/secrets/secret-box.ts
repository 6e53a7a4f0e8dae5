// The secret box: seals with the active key, opens v2 with the named key and v1 with the legacy
// key. The API and the stored form are described in keyring.ts, the public entry of this folder.
import crypto from 'node:crypto';
import {
  decodeParts,
  formatV2,
  NONCE_BYTES,
  parseEnvelope,
  TAG_BYTES,
  v2AssociatedData,
  type SealedParts,
} from './ciphertext-format.js';
import { LEGACY_KEY_LABEL, SecretDecryptError, UNKNOWN_LABEL } from './decrypt-error.js';
import type { SecretsSettings } from './secrets-settings.js';

export type CiphertextVersion = 'v1' | 'v2';

export interface StoredSecret {
  readonly ciphertext: string;
  readonly version: CiphertextVersion;
  readonly keyId: string | null;
}

/** A row as read from the database: its version column may hold anything. */
export interface StoredSecretRow {
  readonly ciphertext: string;
  readonly version: string;
  readonly keyId: string | null;
}

export interface SecretBox {
  readonly activeKeyId: string;
  /** Every configured key id (the bounded key_id label values besides `legacy` and `unknown`). */
  readonly keyIds: readonly string[];
  /** Whether v1 ciphertext can be read (Secrets__EncryptionKey is set). */
  readonly hasLegacyKey: boolean;
  seal(plaintext: string): StoredSecret;
  open(stored: StoredSecretRow): string;
  isCurrent(stored: StoredSecretRow): boolean;
}

const ALGORITHM = 'aes-256-gcm';

export function createSecretBox(settings: SecretsSettings): SecretBox {
  const keys = new Map(settings.keys);
  const activeKey = keys.get(settings.activeKeyId);
  if (!activeKey) throw new Error(`the active secret key "${settings.activeKeyId}" is not configured`);
  const legacyKey = settings.legacyKey;
  const activeKeyId = settings.activeKeyId;
  const label = (keyId: string) => (keys.has(keyId) ? keyId : UNKNOWN_LABEL);

  return Object.freeze({
    activeKeyId,
    keyIds: Object.freeze([...keys.keys()]),
    hasLegacyKey: legacyKey !== null,

    seal(plaintext: string): StoredSecret {
      if (typeof plaintext !== 'string' || plaintext.length === 0) throw new TypeError('a secret to seal must be a non-empty string');
      const nonce = crypto.randomBytes(NONCE_BYTES);
      const cipher = crypto.createCipheriv(ALGORITHM, activeKey, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(v2AssociatedData(activeKeyId));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return { ciphertext: formatV2(activeKeyId, { nonce, tag: cipher.getAuthTag(), body }), version: 'v2', keyId: activeKeyId };
    },

    open(stored: StoredSecretRow): string {
      if (stored.version !== 'v1' && stored.version !== 'v2') throw new SecretDecryptError('unknown_version', 'unknown', UNKNOWN_LABEL);
      const envelope = parseEnvelope(String(stored.ciphertext), label);
      if (envelope.version === 'v1') {
        if (stored.version !== 'v1' || stored.keyId !== null) throw new SecretDecryptError('malformed_ciphertext', stored.version, columnLabel(stored, label));
        if (!legacyKey) throw new SecretDecryptError('configuration', 'v1', LEGACY_KEY_LABEL);
        return decrypt(legacyKey, decodeParts(envelope.segments, 'v1', LEGACY_KEY_LABEL), null, 'v1', LEGACY_KEY_LABEL);
      }
      if (stored.version !== 'v2' || stored.keyId !== envelope.keyId) throw new SecretDecryptError('malformed_ciphertext', stored.version, columnLabel(stored, label));
      const key = keys.get(envelope.keyId);
      if (!key) throw new SecretDecryptError('unknown_key', 'v2', UNKNOWN_LABEL);
      return decrypt(key, decodeParts(envelope.segments, 'v2', envelope.keyId), v2AssociatedData(envelope.keyId), 'v2', envelope.keyId);
    },

    isCurrent(stored: StoredSecretRow): boolean {
      return stored.version === 'v2' && stored.keyId === activeKeyId;
    },
  });
}

function columnLabel(stored: StoredSecretRow, label: (keyId: string) => string): string {
  if (stored.version === 'v1') return LEGACY_KEY_LABEL;
  return stored.keyId === null ? UNKNOWN_LABEL : label(stored.keyId);
}

function decrypt(key: Buffer, parts: SealedParts, aad: Buffer | null, version: 'v1' | 'v2', keyLabel: string): string {
  let plain: Buffer;
  try {
    const decipher = crypto.createDecipheriv(ALGORITHM, key, parts.nonce, { authTagLength: TAG_BYTES });
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(parts.tag);
    plain = Buffer.concat([decipher.update(parts.body), decipher.final()]);
  } catch {
    // GCM says only "the tag does not match": a wrong key, or altered nonce, tag, ciphertext or
    // additional data (key id, version) all look alike, and must.
    throw new SecretDecryptError('authentication', version, keyLabel);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    throw new SecretDecryptError('unknown', version, keyLabel);
  }
}
