// The cookie-encryption key: 32 random bytes in a file (base64url text), created with mode 0600 on
// first start. Losing or replacing the file makes every existing cookie undecryptable, which signs
// everyone out. A path that is missing and cannot be created stops start-up, naming the setting.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AdminConfigError } from '../config.js';

const SETTING = 'Admin__Auth__CookieKeyFile';

/** mkdir -p without `recursive: true` (which spins forever on some paths, e.g. under /proc). */
function makeDirectories(dir: string): void {
  const missing: string[] = [];
  let d = path.resolve(dir);
  while (!fs.existsSync(d)) {
    missing.unshift(d);
    const parent = path.dirname(d);
    if (parent === d) break;
    d = parent;
  }
  for (const m of missing) fs.mkdirSync(m, { mode: 0o700 });
}

export function loadOrCreateCookieKey(file: string, attempt = 0): Uint8Array {
  let text: string | undefined;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new AdminConfigError(SETTING, `cannot be read (${file}): ${(err as Error).message}`);
  }
  if (text === undefined) {
    const key = crypto.randomBytes(32);
    try {
      makeDirectories(path.dirname(file));
      fs.writeFileSync(file, key.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
      return new Uint8Array(key);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST' && attempt === 0) return loadOrCreateCookieKey(file, 1); // another process won the race
      throw new AdminConfigError(SETTING, `points to a missing file that cannot be created (${file}): ${(err as Error).message}`);
    }
  }
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length !== 32) throw new AdminConfigError(SETTING, `must hold 32 bytes as base64url text (${file} holds ${key.length})`);
  return new Uint8Array(key);
}
