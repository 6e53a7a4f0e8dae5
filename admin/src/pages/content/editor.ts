// (being written) content/editor screens.
import type express from 'express';

export function register(_router: express.Router): void {}
