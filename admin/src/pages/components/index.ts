// (being written) components/index screens.
import type express from 'express';

export function register(_router: express.Router): void {}
