// What a production start needs beyond the defaults (tests that start the API with
// NODE_ENV=production): a signing-secret keyring, which production never invents (issue #15).
import crypto from 'node:crypto';

export function productionKeyring(): Record<string, string> {
  return { Secrets__ActiveKeyId: 'prod', Secrets__EncryptionKeys__prod: crypto.randomBytes(32).toString('base64') };
}
