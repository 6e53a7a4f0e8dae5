// Placeholder until the identity screens land (the other admin engineer owns this file).
import type express from 'express';

export function register(_router: express.Router): void {}
