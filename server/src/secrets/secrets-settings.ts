// The Secrets__ settings (spec, Signing-secret encryption), read and validated once at start-up.
// Every refusal is a ConfigError naming the setting, and none quotes a key.
//
//   Secrets__ActiveKeyId                the key id new ciphertext is written under
//   Secrets__EncryptionKeys__<keyId>    canonical Base64 of exactly 32 bytes; every key still
//                                       referenced by stored ciphertext stays configured
//   Secrets__EncryptionKey              legacy v1 key, read only (upstream's rule: canonical Base64
//                                       of 32 bytes is the key itself, any other text is hashed
//                                       with SHA-256 to 32 bytes); optional
//   Secrets__Rotation__Enabled          false; true re-encrypts stored secrets to the active key
//   Secrets__Rotation__BatchSize        100 (1–500) rows per rotation batch
//   Secrets__Rotation__DelaySeconds     5 (1–3600) between rotation batches, and before the
//                                       inventory preflight is retried after a transient failure
//
// With neither an active key id nor any key set, development and test use the development keyring
// (development-keyring.ts); production refuses to start. Key ids: 1–64 letters, digits, `_`, `-`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { ConfigError } from '../config.js';
import { KEY_ID_PATTERN } from './ciphertext-format.js';
import { DEVELOPMENT_KEY_ID, developmentKeyringPath, loadOrCreateDevelopmentKeyring, readDevelopmentKeyring } from './development-keyring.js';
import { decodeKey, describeKeyProblem, isPlaceholder, isPublishedFixture, weakKeyReason } from './key-rules.js';

export type SecretsEnvironment = 'development' | 'test' | 'production';

export interface SecretsSettings {
  readonly activeKeyId: string;
  readonly keys: ReadonlyMap<string, Buffer>;
  /** The 32-byte key v1 ciphertext is read with, when Secrets__EncryptionKey is set. */
  readonly legacyKey: Buffer | null;
  readonly rotation: { readonly enabled: boolean; readonly batchSize: number; readonly delayMs: number };
  /** Set when the development keyring is in use; `created` says this start wrote it (log that). */
  readonly developmentKeyring: { readonly path: string; readonly created: boolean } | null;
}

const KEY_PREFIX = 'Secrets__EncryptionKeys__';

export function readSecretsSettings(
  env: NodeJS.ProcessEnv,
  o: { environment: SecretsEnvironment; dataDirectory: string },
): SecretsSettings {
  const production = o.environment === 'production';
  const rotation = {
    enabled: readBool(env, 'Secrets__Rotation__Enabled', false),
    batchSize: readInt(env, 'Secrets__Rotation__BatchSize', 100, 1, 500),
    delayMs: readInt(env, 'Secrets__Rotation__DelaySeconds', 5, 1, 3600) * 1000,
  };
  const legacyKey = readLegacyKey(env, production);
  const keyNames = Object.keys(env).filter((name) => name.startsWith(KEY_PREFIX) && env[name] !== undefined).sort();
  const activeKeyId = env.Secrets__ActiveKeyId?.trim() ?? '';

  if (activeKeyId === '' && keyNames.length === 0) {
    if (production) {
      throw new ConfigError('Secrets__ActiveKeyId', `is required in production, with its key in ${KEY_PREFIX}<keyId> (canonical Base64 of 32 random bytes)`);
    }
    const dev = loadOrCreateDevelopmentKeyring(o.dataDirectory);
    return freeze({
      activeKeyId: DEVELOPMENT_KEY_ID,
      keys: new Map([[DEVELOPMENT_KEY_ID, dev.key]]),
      legacyKey,
      rotation,
      developmentKeyring: { path: dev.path, created: dev.created },
    });
  }

  const developmentKeys = production ? existingDevelopmentKeys(o.dataDirectory) : [];
  const keys = new Map<string, Buffer>();
  for (const name of keyNames) {
    const keyId = name.slice(KEY_PREFIX.length);
    if (!KEY_ID_PATTERN.test(keyId)) throw new ConfigError(name, 'has an invalid key id: use 1 to 64 letters, digits, "_" or "-"');
    if (production && keyId === DEVELOPMENT_KEY_ID) throw new ConfigError(name, `uses the development key id "${DEVELOPMENT_KEY_ID}", which production refuses`);
    const decoded = decodeKey(env[name] ?? '');
    if ('problem' in decoded) throw new ConfigError(name, describeKeyProblem(decoded.problem));
    if (production) {
      if (isPublishedFixture(decoded.key) || developmentKeys.some((k) => k.equals(decoded.key))) {
        throw new ConfigError(name, 'is a development fixture key, which production refuses');
      }
      const weak = weakKeyReason(decoded.key);
      if (weak) throw new ConfigError(name, `is a weak key: it ${weak}; generate one with \`openssl rand -base64 32\``);
    }
    keys.set(keyId, decoded.key);
  }

  if (activeKeyId === '') throw new ConfigError('Secrets__ActiveKeyId', `is required when ${KEY_PREFIX}<keyId> keys are set`);
  if (!KEY_ID_PATTERN.test(activeKeyId)) throw new ConfigError('Secrets__ActiveKeyId', 'is not a valid key id: use 1 to 64 letters, digits, "_" or "-"');
  if (production && activeKeyId === DEVELOPMENT_KEY_ID) throw new ConfigError('Secrets__ActiveKeyId', `is the development key id "${DEVELOPMENT_KEY_ID}", which production refuses`);
  if (!keys.has(activeKeyId)) throw new ConfigError(`${KEY_PREFIX}${activeKeyId}`, `is missing: Secrets__ActiveKeyId names the key "${activeKeyId}"`);
  return freeze({ activeKeyId, keys, legacyKey, rotation, developmentKeyring: null });
}

function readLegacyKey(env: NodeJS.ProcessEnv, production: boolean): Buffer | null {
  const name = 'Secrets__EncryptionKey';
  const value = env[name]?.trim() ?? '';
  if (value === '') return null;
  if (isPlaceholder(value)) throw new ConfigError(name, 'is a placeholder, not the legacy key (leave it unset when there is no v1 ciphertext)');
  const decoded = decodeKey(value);
  // Upstream's legacy derivation: a value that is not a 32-byte Base64 key is a passphrase. The weak
  // key rules are not applied: this key only reads old ciphertext, and refusing it would lock that
  // ciphertext away instead of letting rotation move it to a strong v2 key.
  if ('problem' in decoded && decoded.problem.kind === 'zero') throw new ConfigError(name, describeKeyProblem(decoded.problem));
  const key = 'key' in decoded ? decoded.key : crypto.createHash('sha256').update(value, 'utf8').digest();
  if (production && isPublishedFixture(key)) throw new ConfigError(name, 'is a development fixture key, which production refuses');
  return key;
}

/** The keys of a development keyring left in a production data directory (to be refused, never used). */
function existingDevelopmentKeys(dataDirectory: string): Buffer[] {
  const file = developmentKeyringPath(dataDirectory);
  if (!fs.existsSync(file)) return [];
  try {
    return [readDevelopmentKeyring(file)];
  } catch {
    return []; // a damaged file holds no usable key, so there is nothing to compare with
  }
}

function readBool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const value = env[name]?.trim().toLowerCase() ?? '';
  if (value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const value = env[name]?.trim() ?? '';
  if (value === '') return fallback;
  if (!/^-?\d+$/.test(value)) throw new ConfigError(name, `must be an integer, got "${value}"`);
  const n = Number(value);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function freeze(settings: SecretsSettings): SecretsSettings {
  Object.freeze(settings.rotation);
  if (settings.developmentKeyring) Object.freeze(settings.developmentKeyring);
  return Object.freeze(settings);
}
