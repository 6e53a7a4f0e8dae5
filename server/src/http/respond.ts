// The one place a handler's result becomes an HTTP response. A handler names a non-JSON media type
// with a Content-Type header (HTML, schema+json, assets); otherwise objects are JSON and a Buffer is
// JSON already serialised (SerializedJson, the delivery cache's finished bodies).
import type { Response } from 'express';
import type { HandlerResult } from './operation.js';

export function writeResult(res: Response, result: HandlerResult): void {
  let typed = false;
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    res.setHeader(name, value);
    if (name.toLowerCase() === 'content-type') typed = true;
  }
  res.status(result.status);
  if (result.body === undefined || result.status === 204 || result.status === 304) {
    res.end();
    return;
  }
  if (typeof result.body === 'string') {
    if (!typed) res.type('text/plain; charset=utf-8');
    res.send(result.body);
    return;
  }
  if (!typed) res.type('application/json');
  res.send(Buffer.isBuffer(result.body) ? result.body : JSON.stringify(result.body));
}
