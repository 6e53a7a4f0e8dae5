// The preview branch of the delivery reads (issue #27 §1): a caller holding a preview token is
// answered by services/delivery/content-preview.ts, before and instead of the delivery cache
// (delivery-read.ts), and never with a header that lets anything but the caller keep the answer.
import type { Actor } from '../access/actor.js';
import { PreviewActor } from '../services/identity/actors.js';
import type { PreviewScope } from '../services/delivery/content-preview.js';

/** Drafts must not land in a CDN or a browser's shared cache, nor be served again after revocation. */
export const PREVIEW_HEADERS = { 'Cache-Control': 'private, no-store' } as const;
/** The same for the reads the delivery cache serves, which always say how they were answered: not from it. */
export const PREVIEW_DELIVERY_HEADERS = { ...PREVIEW_HEADERS, 'X-Verso-Cache': 'bypass' } as const;

/** The preview token's reach, or null for every other caller. */
export function previewScopeOf(actor: Actor | null): PreviewScope | null {
  return actor instanceof PreviewActor ? { workspaceId: actor.workspaceId, contentItemId: actor.contentItemId, releaseId: actor.releaseId } : null;
}
