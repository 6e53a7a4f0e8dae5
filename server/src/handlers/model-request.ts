// Small readers for what the model's handlers take from a request the contract already validated.
import type { OperationRequest } from '../http/operation.js';

export const param = (request: OperationRequest, name: string): string => String(request.params[name]);
export const intParam = (request: OperationRequest, name: string): number => Number(request.params[name]);

export function ifMatchOf(request: OperationRequest): string | undefined {
  const value = request.headers['if-match'];
  return Array.isArray(value) ? value[0] : value;
}

export const withEtag = (etag: string, extra: Record<string, string> = {}) => ({ ETag: etag, ...extra });
