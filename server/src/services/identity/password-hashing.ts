// argon2id for user passwords. Parameters follow OWASP's argon2id recommendation (19 MiB, 2
// passes, 1 lane): slow enough to resist offline guessing, fast enough that a login is not a
// denial-of-service lever.
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Login attempts for unknown accounts verify against this hash (same parameters as real ones), so
 * the response time does not reveal whether an email is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('verso-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
}
