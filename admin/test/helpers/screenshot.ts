// Screenshots for the README: written to docs/screenshots/<name>.png only when VERSO_SCREENSHOTS=1
// (`make screenshots`), so ordinary test runs leave the tree alone.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

const dir = path.resolve(import.meta.dirname, '../../../docs/screenshots');

export const screenshotsEnabled = () => process.env.VERSO_SCREENSHOTS === '1';

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsEnabled()) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false, animations: 'disabled' });
}
