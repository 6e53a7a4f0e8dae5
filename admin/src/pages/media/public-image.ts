// Public media URLs (`/media/v1/…`, issue #26) on the admin's origin: thumbnails and the image
// picker show small WebP renditions instead of streaming originals, and the page's CSP keeps
// `img-src 'self'`. The path is passed to the API unchanged (the signature in it is the only
// credential; the user's token is not needed and the API ignores it on this public route), and the
// answer streamed back with its caching headers — immutable, so the browser asks once.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isPublicMediaPath, openPublicImage } from '@verso/sdk';
import type express from 'express';
import { apiFor } from '../../api.js';

const PASSED_ON = ['Content-Type', 'Content-Length', 'ETag', 'Cache-Control', 'Vary', 'Content-Disposition'];
/** The API's sandboxing CSP for anything uploaded (server/src/services/media/public-media.ts). */
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The admin path of a public media URL the API handed out (the API's own origin dropped). */
export function adminImagePath(publicUrl: string): string {
  return publicUrl.replace(/^https?:\/\/[^/]+/, '');
}

/** A small WebP rendition for a thumbnail, from an asset's rendition template; null without one. */
export function thumbnailPath(renditionUrl: string | null, width: 160 | 320 | 640 = 320): string | null {
  return renditionUrl === null ? null : adminImagePath(renditionUrl.replace('{width}', String(width)).replace('{format}', 'webp'));
}

export function register(router: express.Router): void {
  router.get('/media/v1/*path', async (req, res, next) => {
    if (!isPublicMediaPath(req.path)) return next();
    const gone = new AbortController();
    res.once('close', () => gone.abort(new Error('the browser closed the connection')));
    const image = await openPublicImage(apiFor(res), req.path, { ifNoneMatch: req.get('if-none-match'), accept: req.get('accept') }, { signal: gone.signal });
    res.status(image.status);
    for (const name of PASSED_ON) {
      const value = image.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.setHeader('Content-Security-Policy', SANDBOX_CSP);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!image.body) return void res.end();
    await pipeline(Readable.fromWeb(image.body as never), res).catch(() => undefined);
  });
}
