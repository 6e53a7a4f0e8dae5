// (being written) content/item screens.
import type express from 'express';

export function register(_router: express.Router): void {}
