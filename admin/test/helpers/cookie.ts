// Opens an admin cookie with the key file, as only the server can: tests use it to learn the API
// token behind a browser session (to revoke it behind the admin's back, or to grep for leaks).
import fs from 'node:fs';
import { compactDecrypt } from 'jose';
import type { BrowserContext } from 'playwright-core';
import type { AdminSession } from '../../src/auth/session.js';

export async function openCookie(keyFile: string, value: string): Promise<AdminSession> {
  const key = new Uint8Array(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64url'));
  const { plaintext } = await compactDecrypt(value, key);
  return JSON.parse(new TextDecoder().decode(plaintext)) as AdminSession;
}

export async function authCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'verso.admin.auth');
}

export async function sessionOf(context: BrowserContext, keyFile: string): Promise<AdminSession> {
  const cookie = await authCookie(context);
  if (!cookie) throw new Error('no verso.admin.auth cookie in the browser');
  return openCookie(keyFile, cookie.value);
}
