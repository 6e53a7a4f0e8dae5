// (being written) content/list screens.
import type express from 'express';

export function register(_router: express.Router): void {}
