// The signing-secret keyring (spec, Signing-secret encryption): webhook endpoint secrets are stored
// only as ciphertext and opened just before a delivery is signed.
//
// API (what the webhook pipeline calls; everything is exported from this file):
//   readSecretsSettings(env, { environment, dataDirectory }) → SecretsSettings
//       reads and validates the Secrets__ settings (secrets-settings.ts); throws a ConfigError that
//       names the setting; in development/test without settings, creates or reuses the
//       development keyring (`settings.developmentKeyring` says which file, and whether it was
//       created now: log that).
//   createSecretBox(settings) → SecretBox
//       box.seal(plaintext)  → StoredSecret: always v2, the active key, AES-256-GCM, a random 96-bit
//                              nonce, the key id recorded (in the envelope, authenticated, and in
//                              StoredSecret.keyId for the secret_key_id column)
//       box.open(stored)     → plaintext; v2 with the named key, v1 with Secrets__EncryptionKey;
//                              throws SecretDecryptError { reason, version, keyId } (bounded labels)
//       box.isCurrent(stored)→ v2 under the active key (nothing for rotation to do)
//   rotateBatch / remainingByVersionAndKey (rotation-queries.ts): the rotation worker's queries.
//
// The stored form (StoredSecret.ciphertext) is upstream's envelope, described in
// ciphertext-format.ts; StoredSecret.version and .keyId repeat what the envelope says so that
// rotation and its gauge can select by column. open() refuses a row whose columns and envelope
// disagree (malformed_ciphertext) rather than trusting either.
export {
  createSecretBox,
  type CiphertextVersion,
  type SecretBox,
  type StoredSecret,
  type StoredSecretRow,
} from './secret-box.js';
export { SecretDecryptError, LEGACY_KEY_LABEL, UNKNOWN_LABEL, type DecryptFailureReason, type DecryptFailureVersion } from './decrypt-error.js';
export { readSecretsSettings, type SecretsSettings, type SecretsEnvironment } from './secrets-settings.js';
export { DEVELOPMENT_KEY_ID } from './development-keyring.js';
export { rotateBatch, remainingByVersionAndKey, type RotationBatchResult, type RotationFailure, type RemainingCiphertext } from './rotation-queries.js';
