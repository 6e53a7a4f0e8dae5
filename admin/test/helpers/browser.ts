// Browser tests drive Debian's Chromium through playwright-core (no downloaded browsers).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

/** The Chromium binary: VERSO_CHROMIUM, a Debian path, or `chromium` on PATH. */
export function findChromium(): string {
  const fromEnv = process.env.VERSO_CHROMIUM;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  for (const c of CANDIDATES) if (fs.existsSync(c)) return c;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const p = path.join(dir, name);
      if (dir && fs.existsSync(p)) return p;
    }
  }
  throw new Error('Chromium not found (looked for /usr/bin/chromium and chromium on PATH): install it: apt-get install -y chromium');
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** A fresh context (own cookies) at laptop size; pass `{ viewport: { width: 390, height: 844 } }` for a phone. */
export async function newPage(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, ...options });
  const page = await context.newPage();
  return { context, page };
}

/** Signs in through the login form and waits for the page it lands on. */
export async function signIn(page: Page, adminUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${adminUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Sign in' }).click()]);
  await page.waitForURL((url) => url.pathname !== '/login' && !url.pathname.startsWith('/admin-auth/'));
}
