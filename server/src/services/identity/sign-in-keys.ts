// The keys the sign-in throttle stores its rows under (migrations/0036). An HMAC under a key derived
// from the keyring's active key (Secrets__ActiveKeyId), not a bare SHA-256 of the email: a digest of
// an email is reversed by hashing a list of emails, so a copy of the table would say who was
// attacked; without the server's key it says nothing.
//
// Rotating Secrets__ActiveKeyId changes every key, which forgets the current failure counts: throttle
// state lives minutes and is safe to lose, so nothing is migrated.
import crypto from 'node:crypto';

const KEY_INFO = 'verso sign-in throttle v1';

export interface SignInKeys {
  /** One account's key: the email as the login lookup matches it (lower case). */
  account(email: string): Buffer;
  /** One client's key for one account: the client is an address, an IPv6 prefix or `device:<hash>`. */
  client(email: string, client: string): Buffer;
}

/** `keyringKey` is the keyring's 32-byte active key; the HMAC key is derived from it (HKDF), never the key itself. */
export function createSignInKeys(keyringKey: Buffer): SignInKeys {
  const key = crypto.createSecretKey(Buffer.from(crypto.hkdfSync('sha256', keyringKey, Buffer.alloc(0), KEY_INFO, 32)));
  const mac = (...parts: string[]) => crypto.createHmac('sha256', key).update(parts.join('\n'), 'utf8').digest();
  return {
    account: (email) => mac('account', email.toLowerCase()),
    client: (email, client) => mac('client', email.toLowerCase(), client),
  };
}
