// Endpoint signing secrets: generated when the caller brings none, sealed before they are stored,
// and shown to the caller exactly once (create, rotate). Upstream's form: `whsec_` + base64url of
// 32 random bytes (256 bits, so guessing is out of the question and no stretching is needed).
import crypto from 'node:crypto';
import type { SecretBox, StoredSecret } from './webhook-ports.js';

export const SECRET_WARNING =
  'This signing secret is shown once and cannot be retrieved again. Store it in a secret store now; receivers verify X-Verso-Signature with it.';

export function generateSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64url')}`;
}

/** The columns a sealed secret is stored in (webhook_endpoints.secret_*). */
export function sealSecret(box: SecretBox, plain: string): StoredSecret {
  const sealed = box.seal(plain);
  return { ciphertext: sealed.ciphertext, version: sealed.version, keyId: sealed.keyId };
}
