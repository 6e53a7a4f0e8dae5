// The development keyring: what lets `make run` (and tests) work without any Secrets__ settings.
// On the first start without a configured keyring, development and test processes write one random
// key under the id `development` to <Data__Directory>/secrets/dev-keyring.json (directory 0700,
// file 0600) and use it from then on, so secrets sealed yesterday still open today. Production
// never creates or uses it; it only reads an existing file to refuse its keys (key-rules.ts).
//
// Creation is atomic and happens once even when two processes start together: the key is written
// to a private temporary file, which is then hard-linked to the final name (link fails if the
// name exists, and the loser reads the winner's file).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';
import { decodeKey, describeKeyProblem } from './key-rules.js';

export const DEVELOPMENT_KEY_ID = 'development';
const FORMAT = 'verso-development-keyring/1';

export interface DevelopmentKeyring {
  readonly path: string;
  /** True when this call wrote the file (the caller logs it). */
  readonly created: boolean;
  readonly key: Buffer;
}

export function developmentKeyringPath(dataDirectory: string): string {
  return path.join(dataDirectory, 'secrets', 'dev-keyring.json');
}

export function loadOrCreateDevelopmentKeyring(dataDirectory: string): DevelopmentKeyring {
  const file = developmentKeyringPath(dataDirectory);
  if (fs.existsSync(file)) return { path: file, created: false, key: readDevelopmentKeyring(file) };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = crypto.randomBytes(32);
  const contents = {
    format: FORMAT,
    note: 'Development only: created because no Secrets__ActiveKeyId / Secrets__EncryptionKeys__<id> was set. Production refuses this key.',
    activeKeyId: DEVELOPMENT_KEY_ID,
    keys: { [DEVELOPMENT_KEY_ID]: key.toString('base64') },
  };
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(temporary, 'wx', 0o600);
  try {
    fs.writeFileSync(fd, `${JSON.stringify(contents, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { path: file, created: false, key: readDevelopmentKeyring(file) };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return { path: file, created: true, key };
}

/** The key of an existing development keyring; a damaged file stops start-up rather than being replaced. */
export function readDevelopmentKeyring(file: string): Buffer {
  const setting = `Secrets__EncryptionKeys__${DEVELOPMENT_KEY_ID}`;
  const where = `in the development keyring ${file}`;
  const stat = fs.lstatSync(file);
  if (!stat.isFile()) throw new ConfigError(setting, `${where}: not a regular file`);
  // Someone loosened the mode (a copy, an editor): the file holds a key, so take it back to 0600.
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    throw new ConfigError(setting, `${where}: not valid JSON (delete the file to create a new key; secrets sealed with the old one then no longer open)`);
  }
  const record = parsed as { format?: unknown; activeKeyId?: unknown; keys?: Record<string, unknown> } | null;
  const value = record?.keys?.[DEVELOPMENT_KEY_ID];
  if (record?.format !== FORMAT || record.activeKeyId !== DEVELOPMENT_KEY_ID || typeof value !== 'string') {
    throw new ConfigError(setting, `${where}: not a ${FORMAT} file with the key "${DEVELOPMENT_KEY_ID}"`);
  }
  const decoded = decodeKey(value);
  if ('problem' in decoded) throw new ConfigError(setting, `${where} ${describeKeyProblem(decoded.problem)}`);
  return decoded.key;
}
