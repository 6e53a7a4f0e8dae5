// An asset's bytes through the admin (`/workspaces/<ws>/media/<id>/file`): thumbnails, previews and
// downloads in the admin's own origin, so the page never sees the user's token or the API's URL.
// The API's answer is streamed on as it arrives (the SDK's openMediaDownload: retried only until
// the head arrives, the body never re-requested), with its caching and range headers; the
// browser's If-None-Match and Range go to the API, so 304 and 206 work end to end.
//
// The bytes are an upload, served on the admin's origin next to the session cookie, so whatever the
// API's answer said (issue #23: an SVG shown here ran as an admin page):
//   - the sandboxing CSP the API sends on downloads, replacing the admin's page CSP (which allows
//     the admin's own scripts — and so would allow a script uploaded as media): a document rendered
//     from these bytes has an opaque origin, no script, no plugins, no cookie;
//   - `nosniff`, so the type is the one the API checked, never a guess;
//   - `inline` only for raster images, which a browser only ever decodes into pixels; anything else
//     — SVG included — is `attachment`, so opening the URL downloads it. An <img> ignores
//     Content-Disposition and never runs an SVG's script, so thumbnails and previews still show.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openMediaDownload } from '@verso/sdk';
import type express from 'express';
import { apiFor } from '../../api.js';
import { ROUTE } from './media-scope.js';
import { workspaceIdsOf } from '../workspace-scope.js';

const PASSED_ON = ['Content-Type', 'Content-Length', 'Content-Range', 'Accept-Ranges', 'ETag', 'Cache-Control', 'Last-Modified'];

/** The API's download CSP (server/src/services/media/media-download.ts). */
const SANDBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const INLINE_TYPES = new Set(['image/png', 'image/apng', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon']);

/** The API's Content-Disposition, made `attachment` unless the type is a raster image. */
export function adminDisposition(contentType: string | null, disposition: string | null): string {
  const essence = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (INLINE_TYPES.has(essence) && disposition !== null) return disposition;
  const params = disposition?.replace(/^\s*[^;]*/, '') ?? '';
  return `attachment${params}`;
}

export function register(router: express.Router): void {
  router.get(`${ROUTE}/:id/file`, async (req, res, next) => {
    const ids = workspaceIdsOf(req);
    if (!ids) return next();
    const gone = new AbortController();
    res.once('close', () => gone.abort(new Error('the browser closed the connection')));
    // The client's deadline bounds the wait for the API's head; the body takes as long as the bytes do.
    const download = await openMediaDownload(apiFor(res), { ...ids, ifNoneMatch: req.get('if-none-match'), range: req.get('range') }, { signal: gone.signal });
    res.status(download.status);
    for (const name of PASSED_ON) {
      const value = download.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    res.setHeader('Content-Security-Policy', SANDBOX_CSP);
    // The type is the uploader's declaration (checked against the bytes by the API): never sniffed.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (download.status !== 304) res.setHeader('Content-Disposition', adminDisposition(download.headers.get('content-type'), download.headers.get('content-disposition')));
    if (!download.body) return void res.end();
    // A browser that stops reading (or leaves) ends the read from the API, and the other way round.
    await pipeline(Readable.fromWeb(download.body), res).catch(() => undefined);
  });
}
