// Live preview, from a keystroke in the content editor to the changed text in the framed page, in
// Chromium with the example site (examples/site/) framed as a site developer runs it. Targets (issue
// text): p95 ≤ 300 ms keystroke → page, and the editor stays responsive: input lag (keydown → the
// admin's next frame) ≤ 50 ms at p95 and max, long tasks reported.
//
// How: the admin page marks each keydown on the title input (`performance.mark('verso-key')`, with
// the title's length once the key is in); the framed page marks each time its <h1> shows a new text
// (`verso-text`, from a MutationObserver: the moment the text is in the DOM). Both are compared on
// one clock, `performance.timeOrigin + mark.startTime`. A keystroke is on the page at the first
// `verso-text` whose length reaches the title's length after that key (changes are coalesced per
// frame, so one render may carry several keystrokes). Each keydown also records the time to the
// admin's next animation frame, and a PerformanceObserver collects the admin's long tasks.
// The run stays under the editor's autosave period (30 s), so the page is never reloaded meanwhile.
// Run: node --import tsx bench/live-preview.ts [--keys 240] [--delay 60]
import os from 'node:os';
import { startTestPostgres, stopTestPostgres } from '../test/helpers/database.js';
import { startAdminStack } from '../admin/test/helpers/stack.js';
import { launchBrowser, newPage, signIn } from '../admin/test/helpers/browser.js';
import { startSite } from '../examples/site/site.js';
import { ARTICLE_TEMPLATE_FIELDS } from '../examples/site/model.js';

// Page scripts (evaluate) run in the browser; the bench compiles without the DOM library.
declare const document: any;
declare const window: any;
declare const MutationObserver: any;
declare const PerformanceObserver: any;
declare const requestAnimationFrame: (callback: () => void) => number;

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const KEYS = arg('keys', 240);
const DELAY_MS = arg('delay', 60);
const TARGET_P95_MS = 300;
const TARGET_LAG_MS = 50;
const progress = (what: string) => process.stderr.write(`bench/live-preview: ${what}\n`);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const ms = (x: number) => Math.round(x * 10) / 10;

async function main() {
  await startTestPostgres();
  const stack = await startAdminStack({ apiEnv: { Logging__Level: 'warn' } });
  const token = stack.adminToken;
  const ok = async <T extends { status: number; text: string }>(r: Promise<T>, what: string) => {
    const res = await r;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
    return res;
  };
  let closeSite = async () => {};
  let closeBrowser = async () => {};
  try {
    const ws = await stack.createWorkspace({ slug: 'bench-live', name: 'Bench live preview' });
    const api = `/api/v1/workspaces/${ws.id}`;
    const editor = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } });
    const t = await ok(stack.api.post(`${api}/templates`, { name: 'Article', slug: 'article' }, { token }), 'template');
    const tv = `${api}/templates/${t.body.id}/versions/1`;
    for (const [order, f] of ARTICLE_TEMPLATE_FIELDS.entries()) await ok(stack.api.post(`${tv}/fields`, { ...f, order }, { token, headers: await stack.api.ifMatch(tv, token) }), `field ${f.key}`);
    const published = await ok(stack.api.put(`${tv}/publish`, undefined, { token, headers: await stack.api.ifMatch(tv, token) }), 'publish template');
    const fieldId = (key: string) => (published.body.fields as { key: string; id: string }[]).find((f) => f.key === key)!.id;
    // A page of realistic length: the body is what the site renders from Markdown on every change.
    const body = Array.from({ length: 12 }, (_, i) => `## Section ${i + 1}\n\nThe keeper **climbs** the stairs at dusk, paragraph ${i + 1}, and writes the log.`).join('\n\n');
    const fields = [
      { fieldId: fieldId('title'), order: 0, valueKind: 'Text', textValue: 'The lighthouse' },
      { fieldId: fieldId('body'), order: 0, valueKind: 'Markdown', textValue: body },
    ];
    const item = await ok(stack.api.post(`${api}/content`, { templateVersionId: published.body.id, slug: 'lighthouse', localeCode: 'en', tags: [], fields }, { token }), 'article');
    const client = await ok(stack.api.post('/api/v1/clients', { name: 'Example site', role: 'Reader', scope: 'Delivery', workspaceId: ws.id }, { token }), 'delivery client');
    const site = await startSite({ apiUrl: stack.apiUrl, workspaceId: ws.id, token: client.body.token, port: 0, adminOrigin: new URL(stack.adminUrl).origin });
    closeSite = () => site.close();
    const now = await ok(stack.api.get(api, { token }), 'workspace');
    await ok(stack.api.put(api, { name: now.body.name, slug: now.body.slug, previewUrl: `${site.url}/api/preview?slug={slug}&locale={locale}&token={token}` }, { token, headers: await stack.api.ifMatch(api, token) }), 'preview URL');

    const browser = await launchBrowser();
    closeBrowser = () => browser.close();
    const { page } = await newPage(browser);
    await signIn(page, stack.adminUrl, editor.email, editor.password);
    await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content/${item.body.id}/versions/1/edit`);
    await page.getByRole('button', { name: 'Live preview' }).click();
    await page.locator('#cf-live[data-handshaken="true"]').waitFor();
    const framed = page.frames().find((f) => f.url().startsWith(site.url))!;
    await framed.locator('h1').waitFor();

    // The page's side: a mark each time the title's text in the DOM changes.
    await framed.evaluate(() => {
      let last = document.querySelector('h1')?.textContent ?? '';
      new MutationObserver(() => {
        const text = document.querySelector('#verso-article h1, h1')?.textContent ?? '';
        if (text === last) return;
        last = text;
        performance.mark('verso-text', { detail: { length: text.length } });
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    // The admin's side: a mark at each keydown, the time to the next frame, and long tasks.
    const input = page.getByRole('textbox', { name: /^Title/ });
    await input.evaluate((el) => {
      const w = window as unknown as { lags: number[]; handlers: number[]; longTasks: number[]; keyAt: number };
      w.lags = [];
      w.handlers = [];
      w.longTasks = [];
      new PerformanceObserver((list: { getEntries(): { duration: number }[] }) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask' });
      // The editor's own work per keystroke: from keydown to the end of every input listener (the
      // form's: unsaved-changes check, kept text, autosave timer; live preview's overlay). A listener
      // on window, added last, runs after them all.
      window.addEventListener('input', () => w.handlers.push(performance.now() - w.keyAt));
      el.addEventListener('keydown', (event: { key: string }) => {
        // Only keys that type a character (not the End that puts the caret at the end).
        if (event.key.length !== 1) return;
        const at = performance.now();
        w.keyAt = at;
        // The key's character is in the input after this event: the title is one longer.
        performance.mark('verso-key', { detail: { length: (el as any).value.length + 1 } });
        requestAnimationFrame(() => w.lags.push(performance.now() - at));
      });
    });
    await input.click();
    await page.keyboard.press('End');
    const start = Date.now();
    progress(`typing ${KEYS} keys, one every ${DELAY_MS} ms`);
    const words = 'and the light turns over the water ';
    for (let i = 0; i < KEYS; i += 1) {
      await page.keyboard.type(words[i % words.length]!);
      await new Promise((r) => setTimeout(r, DELAY_MS));
    }
    const finalLength = await input.evaluate((el) => (el as any).value.length);
    await framed.waitForFunction((n) => (document.querySelector('h1')?.textContent ?? '').length >= n, finalLength);
    const typedFor = Date.now() - start;

    const keys = await page.evaluate(() => performance.getEntriesByName('verso-key').map((m) => ({ at: performance.timeOrigin + m.startTime, length: (m as { detail?: { length: number } }).detail!.length })));
    const texts = await framed.evaluate(() => performance.getEntriesByName('verso-text').map((m) => ({ at: performance.timeOrigin + m.startTime, length: (m as { detail?: { length: number } }).detail!.length })));
    const { lags, handlers, longTasks } = await page.evaluate(() => {
      const w = window as unknown as { lags: number[]; handlers: number[]; longTasks: number[] };
      return { lags: w.lags, handlers: w.handlers, longTasks: w.longTasks };
    });
    const latencies = keys.map((k) => {
      const shown = texts.find((t) => t.at >= k.at && t.length >= k.length);
      return shown ? shown.at - k.at : NaN;
    });
    const missing = latencies.filter((x) => Number.isNaN(x)).length;
    const measured = latencies.filter((x) => !Number.isNaN(x));
    const result = {
      keystrokes: keys.length,
      renders: texts.length,
      unmatched: missing,
      typedForMs: typedFor,
      keyToPage: { p50Ms: ms(percentile(measured, 50)), p95Ms: ms(percentile(measured, 95)), p99Ms: ms(percentile(measured, 99)), maxMs: ms(Math.max(...measured)), targetP95Ms: TARGET_P95_MS },
      inputLag: { p50Ms: ms(percentile(lags, 50)), p95Ms: ms(percentile(lags, 95)), maxMs: ms(Math.max(...lags)), targetMs: TARGET_LAG_MS },
      keydownToInputHandled: { p50Ms: ms(percentile(handlers, 50)), p95Ms: ms(percentile(handlers, 95)), maxMs: ms(Math.max(...handlers)) },
      // Which keystrokes lagged (index from 0): a slow first one is the page warming up, a run of them the machine.
      slowKeys: lags.map((lag, i) => ({ i, lagMs: ms(lag) })).filter((x) => x.lagMs > TARGET_LAG_MS),
      longTasks: { count: longTasks.length, maxMs: longTasks.length ? ms(Math.max(...longTasks)) : 0 },
      loadAverage: os.loadavg().map((x) => Math.round(x * 10) / 10),
    };
    console.log(JSON.stringify(result, null, 2));
    const pass = result.keyToPage.p95Ms <= TARGET_P95_MS && result.inputLag.p95Ms <= TARGET_LAG_MS && result.inputLag.maxMs <= TARGET_LAG_MS && missing === 0;
    console.log(pass ? 'within targets' : 'OUTSIDE the targets');
  } finally {
    await closeBrowser();
    await closeSite();
    await stack.close();
    await stopTestPostgres();
  }
}

await main();
