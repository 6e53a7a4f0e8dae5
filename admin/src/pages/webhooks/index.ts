// The Webhooks screens of a workspace (Editor to read, Editor + Write to change): the endpoints —
// list, create, edit, rotate the secret, delete — and each endpoint's deliveries with retry.
import type express from 'express';
import * as deliveries from './deliveries.js';
import * as endpoints from './endpoints.js';

export function register(router: express.Router): void {
  endpoints.register(router);
  deliveries.register(router);
}
