// Why a stored signing secret could not be opened, in the spec's bounded vocabulary (the labels of
// verso.webhook.secret.decrypt_failures). The error carries only those labels: never the
// ciphertext, the plaintext or a key, so it can be logged and counted as it is.

export type DecryptFailureReason = 'configuration' | 'unknown_version' | 'unknown_key' | 'malformed_ciphertext' | 'authentication' | 'unknown';
export type DecryptFailureVersion = 'v1' | 'v2' | 'unknown';

/** The key-id label of v1 ciphertext: it has no key id, it is read with Secrets__EncryptionKey. */
export const LEGACY_KEY_LABEL = 'legacy';
/** The key-id label of a key id that is not configured (spec: "unknown values become unknown"). */
export const UNKNOWN_LABEL = 'unknown';

export class SecretDecryptError extends Error {
  constructor(
    readonly reason: DecryptFailureReason,
    readonly version: DecryptFailureVersion,
    /** A configured key id, `legacy` for v1, or `unknown`: bounded, safe as a metric label. */
    readonly keyId: string,
  ) {
    super(`the webhook signing secret could not be decrypted (version ${version}, key ${keyId}): ${reason}`);
    this.name = 'SecretDecryptError';
  }
}
