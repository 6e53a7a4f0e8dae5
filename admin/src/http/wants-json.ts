// The admin answers people with pages. A few routes also serve the admin's own scripts (the library's
// upload, the live preview), which ask for JSON with `Accept: application/json`; anything else that
// reaches them (a person following a link, a form) gets the admin's HTML pages.
import type express from 'express';

export const wantsJson = (req: express.Request): boolean => req.accepts(['html', 'json']) === 'json';
