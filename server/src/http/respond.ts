// The one place a handler's result becomes an HTTP response.
import type { Response } from 'express';
import type { HandlerResult } from './operation.js';

export function writeResult(res: Response, result: HandlerResult): void {
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  res.status(result.status);
  if (result.body === undefined || result.status === 204 || result.status === 304) {
    res.end();
    return;
  }
  if (typeof result.body === 'string' || Buffer.isBuffer(result.body)) {
    res.type(result.contentType ?? 'text/plain; charset=utf-8').send(result.body);
    return;
  }
  res.type(result.contentType ?? 'application/json').send(JSON.stringify(result.body));
}
