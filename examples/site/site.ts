// The example site: an Express app that renders Verso's articles on the server. Published pages use
// the site's delivery-only token. Preview: the admin opens /api/preview?slug=…&locale=…&token=… (the
// workspace's Preview URL); the token goes into an HttpOnly cookie — never into the page or a
// message — and the article page reads with it. When the admin frames the page for live preview,
// /preview.js re-renders the article from each draft the editor types (POST /api/preview/render,
// the same template as the page).
import fs from 'node:fs';
import type http from 'node:http';
import { fileURLToPath } from 'node:url';
import express, { type Request, type Response } from 'express';
import { sourceMapOf, type SourceMap } from '@verso/sdk/live-preview';
import { PreviewTokenRefused, SiteContent, type ArticleVersion } from './content.js';
import type { SiteSettings } from './settings.js';
import { articleHtml, homeHtml, messageHtml, page, titleOf } from './views.js';

const PREVIEW_COOKIE = 'verso_preview';
const LOCALE_COOKIE = 'verso_preview_locale';
const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
// The SDK's browser module, served from this site's own origin (script-src 'self').
const LIVE_PREVIEW_MODULE = fileURLToPath(import.meta.resolve('@verso/sdk/live-preview'));

function cookies(req: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) out[part.slice(0, at).trim()] = decodeURIComponent(part.slice(at + 1).trim());
  }
  return out;
}

/**
 * Cookie attributes: the admin frames the site from another origin, so over https the cookie must be
 * SameSite=None (and therefore Secure) to reach the framed page; plain http (development on one
 * host) can only be Lax, which reaches a frame of the same site (another port of 127.0.0.1).
 */
function cookieOptions(req: Request) {
  return req.secure
    ? ({ httpOnly: true, secure: true, sameSite: 'none', path: '/' } as const)
    : ({ httpOnly: true, secure: false, sameSite: 'lax', path: '/' } as const);
}

export function createSite(settings: SiteSettings): express.Express {
  const content = new SiteContent(settings);
  const app = express();
  app.disable('x-powered-by');
  // Behind a reverse proxy on this machine, X-Forwarded-Proto says whether the visitor used https.
  app.set('trust proxy', 'loopback');

  const apiOrigin = new URL(settings.apiUrl).origin;
  app.use((_req, res, next) => {
    // Only the admin may frame the site (live preview); without its origin, nobody may.
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `img-src 'self' ${apiOrigin}`,
        "script-src 'self'",
        "style-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        `frame-ancestors ${settings.adminOrigin ?? "'none'"}`,
      ].join('; '),
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    next();
  });

  const send = (res: Response, status: number, html: string, preview = false) => {
    // A preview page shows a draft: no cache may keep it.
    if (preview) res.setHeader('Cache-Control', 'private, no-store');
    res.status(status).type('html').send(html);
  };
  const sendMessage = (res: Response, status: number, heading: string, sentence: string, preview = false) =>
    send(res, status, page({ title: heading, main: messageHtml(heading, sentence) }), preview);

  app.get('/', async (_req, res, next) => {
    try {
      send(res, 200, page({ title: 'Articles', main: homeHtml(await content.listArticles()) }));
    } catch (error) {
      next(error);
    }
  });

  app.get('/articles/:slug', async (req, res, next) => {
    const slug = req.params.slug;
    const { [PREVIEW_COOKIE]: previewToken, [LOCALE_COOKIE]: locale } = cookies(req);
    try {
      let version: ArticleVersion | null = null;
      if (previewToken) {
        try {
          version = await content.article(slug, { previewToken, locale: locale || undefined });
        } catch (error) {
          if (!(error instanceof PreviewTokenRefused)) throw error;
          res.clearCookie(PREVIEW_COOKIE, cookieOptions(req)).clearCookie(LOCALE_COOKIE, cookieOptions(req));
          return sendMessage(res, 401, 'Preview ended', `Verso refused the preview token (${error.status}): ${error.detail} Open the preview from the admin again.`, true);
        }
      }
      // A token scoped to one item reads only that one: the other articles are shown as published.
      const preview = version !== null;
      version ??= await content.article(slug, { locale: previewToken ? locale || undefined : undefined });
      if (!version) return sendMessage(res, 404, 'Not found', `No article is published at /articles/${slug}.`, Boolean(previewToken));
      const sourceMap: SourceMap | null = preview ? (version.sourceMap ?? sourceMapOf(version)) : null;
      const main = articleHtml(version, { apiUrl: settings.apiUrl, media: await content.mediaSettings(), sourceMap });
      send(res, 200, page({ title: titleOf(version).text, main, preview: preview ? { adminOrigin: settings.adminOrigin } : undefined }), preview);
    } catch (error) {
      next(error);
    }
  });

  // The workspace's Preview URL: /api/preview?slug={slug}&locale={locale}&token={token}.
  app.get('/api/preview', async (req, res, next) => {
    const slug = typeof req.query.slug === 'string' ? req.query.slug : '';
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const locale = typeof req.query.locale === 'string' ? req.query.locale : '';
    if (!slug || !token) return sendMessage(res, 400, 'Preview link incomplete', 'The preview link needs both a slug and a token: open the preview from the admin.', true);
    try {
      // Check the token before keeping it: a refused one is explained here, not on the next page.
      const version = await content.article(slug, { previewToken: token, locale: locale || undefined });
      if (!version) return sendMessage(res, 404, 'Nothing to preview', `The preview token reads no article with the slug "${slug}".`, true);
      res.cookie(PREVIEW_COOKIE, token, cookieOptions(req));
      if (locale) res.cookie(LOCALE_COOKIE, locale, cookieOptions(req));
      else res.clearCookie(LOCALE_COOKIE, cookieOptions(req));
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, `/articles/${encodeURIComponent(slug)}`);
    } catch (error) {
      if (error instanceof PreviewTokenRefused) {
        return sendMessage(res, 401, 'Preview refused', `Verso refused the preview token (${error.status}): ${error.detail} It may have expired or been revoked; open the preview from the admin again.`, true);
      }
      next(error);
    }
  });

  app.get('/api/preview/exit', (req, res) => {
    res.clearCookie(PREVIEW_COOKIE, cookieOptions(req)).clearCookie(LOCALE_COOKIE, cookieOptions(req));
    res.redirect(303, '/');
  });

  // Live preview: the article's HTML for a draft the editor is typing (the item a `change` message
  // carries), rendered by the page's own template. Only for a browser in preview.
  app.post('/api/preview/render', express.json({ limit: '5mb' }), async (req, res, next) => {
    if (!cookies(req)[PREVIEW_COOKIE]) return res.status(403).type('text').send('Not in preview: open the preview from the admin first.');
    const item = (req.body as { item?: ArticleVersion } | undefined)?.item;
    if (!item || typeof item !== 'object' || !Array.isArray(item.fields) || typeof item.contentItemId !== 'string') {
      return res.status(400).type('text').send('The body must be { "item": <a content version as the delivery read shapes it>, "sourceMap": {…} }.');
    }
    try {
      const sourceMap = (req.body as { sourceMap?: SourceMap }).sourceMap ?? sourceMapOf(item);
      res.setHeader('Cache-Control', 'private, no-store');
      res.type('html').send(articleHtml(item, { apiUrl: settings.apiUrl, media: await content.mediaSettings(), sourceMap }));
    } catch (error) {
      next(error);
    }
  });

  app.get('/live-preview.js', (_req, res) => {
    res.type('text/javascript').send(fs.readFileSync(LIVE_PREVIEW_MODULE, 'utf8'));
  });
  app.use(express.static(PUBLIC_DIR, { index: false }));

  app.use((_req: Request, res: Response) => sendMessage(res, 404, 'Not found', 'There is no page at this address.'));
  app.use((error: unknown, _req: Request, res: Response, _next: express.NextFunction) => {
    console.error('example site:', error);
    sendMessage(res, 502, 'Content unavailable', 'The site could not read its content from Verso just now. Try again in a moment.');
  });
  return app;
}

export interface RunningSite {
  readonly url: string;
  readonly server: http.Server;
  close(): Promise<void>;
}

/** Starts the site on `settings.port` (0: a free one) on 127.0.0.1. */
export async function startSite(settings: SiteSettings, host = '127.0.0.1'): Promise<RunningSite> {
  const app = createSite(settings);
  const server = await new Promise<http.Server>((resolve, reject) => {
    const s = app.listen(settings.port, host, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
