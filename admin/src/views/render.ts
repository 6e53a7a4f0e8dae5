// Sends a page: the HTML page-html.ts builds, as bytes (with any EncodedHtml put in place), or the
// error page when building it fails. Pages import what they render with from here.
import crypto from 'node:crypto';
import type express from 'express';
import { handlePageError } from '../http/page-errors.js';
import { renderToString, type PageData } from './page-html.js';

export { renderFragment, setFlash, workspacesFor, type PageData, type WorkspaceSummary } from './page-html.js';

const ENCODED_MARK = `\u0000verso-encoded-${crypto.randomBytes(12).toString('base64url')}-`;
const ENCODED_MARKS = new RegExp(`${ENCODED_MARK}(\\d+)\u0000`, 'g');
let encodedCount = 0;

/**
 * HTML a page keeps already encoded to UTF-8 (rendered once, escaped as usual) and passes to
 * `render` in its data: the view writes `<%~ it.<name> %>`, which puts a marker in the page (a
 * per-process random string behind a NUL, which escaped text cannot carry by chance), and the page
 * is sent as the bytes around the marker with the kept bytes in its place. A large kept fragment
 * (the compare page's fields: most of its ~46 KB) is then neither copied into each page's string
 * nor encoded again on every request, which was a third of the cost of sending the page.
 */
export class EncodedHtml {
  readonly id = encodedCount++;
  constructor(readonly bytes: Buffer) {}
  toString(): string {
    return `${ENCODED_MARK}${this.id}\u0000`;
  }
}

/** The page's bytes: `html` with the markers of the EncodedHtml values in `data` replaced by their bytes. */
function pageBytes(html: string, data: Record<string, unknown>): string | Buffer {
  const kept = new Map<string, Buffer>();
  for (const v of Object.values(data)) if (v instanceof EncodedHtml) kept.set(String(v.id), v.bytes);
  if (kept.size === 0) return html;
  const parts: Buffer[] = [];
  let at = 0;
  for (const m of html.matchAll(ENCODED_MARKS)) {
    const bytes = kept.get(m[1]!);
    if (!bytes) continue;
    parts.push(Buffer.from(html.slice(at, m.index)), bytes);
    at = m.index + m[0].length;
  }
  parts.push(Buffer.from(html.slice(at)));
  return Buffer.concat(parts);
}

/**
 * Renders `view` (a path under views/, without .eta) inside the layout and sends it, with `status`
 * (default: whatever res.status() set, else 200). It never rejects: a failure (an API 401 while
 * loading the switcher, a template error) goes to the error middleware's handling, so an un-awaited
 * call cannot crash the process. Still, `await` it.
 */
export async function render(res: express.Response, view: string, data: PageData, status?: number): Promise<void> {
  try {
    const html = await renderToString(res, view, data);
    if (status !== undefined) res.status(status);
    res.type('html').setHeader('Cache-Control', 'no-store');
    res.send(pageBytes(html, data));
  } catch (err) {
    if (res.headersSent) return;
    await handlePageError(err, res.req, res);
  }
}
