// An asset's bytes through the admin (`/workspaces/<ws>/media/<id>/file`): thumbnails, previews and
// downloads in the admin's own origin, so the page never sees the user's token or the API's URL.
// The API's answer is streamed on as it arrives (the SDK's openMediaDownload: retried only until
// the head arrives, the body never re-requested), with its caching and range headers; the
// browser's If-None-Match and Range go to the API, so 304 and 206 work end to end.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openMediaDownload } from '@verso/sdk';
import type express from 'express';
import { apiFor } from '../../api.js';
import { ROUTE } from './media-scope.js';
import { workspaceIdsOf } from '../workspace-scope.js';

const PASSED_ON = ['Content-Type', 'Content-Length', 'Content-Range', 'Content-Disposition', 'Accept-Ranges', 'ETag', 'Cache-Control', 'Last-Modified'];

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
    // The type is the uploader's declaration (checked against the bytes by the API): never sniffed.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (!download.body) return void res.end();
    // A browser that stops reading (or leaves) ends the read from the API, and the other way round.
    await pipeline(Readable.fromWeb(download.body), res).catch(() => undefined);
  });
}
