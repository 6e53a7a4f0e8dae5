// The by-slug read at "now" through its stored document (migration 0028 says when one is exact, 0043
// how a read in a locale is kept apart and bounded):
// one lookup answers with the stored bytes, tag and purge items; without an exact document the read
// is built in full (services/delivery/content-reads.ts readBySlug) and stored for the next reader,
// on any replica. Reads at an explicit `asOf` and preview reads never come here.
import { createHash } from 'node:crypto';
import type { DatabasePool } from 'slonik';
import type { HotPool } from '../../db/hot-pool.js';
import { findDocument, findDocumentTag, storeDocument, type DocumentAddress } from '../../db/delivery/delivery-documents.js';
import { notFound } from '../../errors.js';
import type { PublicUrlSigner } from '../media/public-url-signer.js';
import type { AssetLinks } from '../media/media-assets.js';
import { nowIso } from '../content/content-rules.js';
import { readBySlug } from './content-reads.js';
import type { RequestedLocale } from '../localization/requested-locale.js';

/**
 * A by-slug answer: the JSON of a ContentVersionDetailResponse, its tag, the items it depends on
 * (the slug's own item first), and the served member's locale when the read named one.
 */
export interface BySlugDocument {
  readonly json: Buffer;
  readonly etag: string;
  readonly items: readonly string[];
  readonly contentLanguage: string | null;
}

const fingerprints = new WeakMap<PublicUrlSigner, string>();

/**
 * What the asset URLs in a body depend on beyond the data: whether public media is on, the base URL,
 * and the signing key (a signature of a fixed reference changes with the key and its id).
 */
function linksFingerprint(links: AssetLinks): string {
  let known = fingerprints.get(links.signer);
  if (known === undefined) {
    const signature = links.signer.sign({ workspaceId: '-', assetId: '-', contentVersion: '-', generation: 0 });
    known = createHash('sha256').update(JSON.stringify([links.config.enabled, links.config.baseUrl, signature])).digest('base64url').slice(0, 22);
    fingerprints.set(links.signer, known);
  }
  return known;
}

/** The document a by-slug read at "now" would use. */
function addressOf(links: AssetLinks, workspaceId: string, slug: string, expand: boolean, locale: RequestedLocale | null): DocumentAddress {
  return { workspaceId, slug, expand, locale: locale?.canonical ?? '', links: linksFingerprint(links), at: nowIso() };
}

export async function bySlugDocument(
  hot: HotPool,
  db: DatabasePool,
  links: AssetLinks,
  workspaceId: string,
  slug: string,
  expand: boolean,
  locale: RequestedLocale | null = null,
): Promise<BySlugDocument> {
  const address = addressOf(links, workspaceId, slug, expand, locale);
  const found = await findDocument(hot, db, address);
  if (found.kind === 'none') throw notFound('Content served under this slug');
  if (found.kind === 'stored') return { json: Buffer.from(found.body), etag: found.etag, items: found.items, contentLanguage: found.contentLanguage };
  const { body, etag, anchorId, items, contentLanguage } = await readBySlug(db, links, workspaceId, slug, address.at, expand, locale);
  const json = JSON.stringify(body);
  // The marks were read for the item holding the slug then; if another holds it now (a slug moved
  // in between), they are not this body's, and it is not stored.
  if (anchorId === found.marks.itemId) await storeDocument(db, { ...address, marks: found.marks, items, etag, body: json, contentLanguage });
  return { json: Buffer.from(json), etag, items, contentLanguage };
}

/**
 * The tag and items of a by-slug read's exact stored document, read without the body: what a 304
 * on an in-process miss needs. Null when there is no exact document (the read then runs in full).
 */
export async function bySlugDocumentTag(
  hot: HotPool,
  links: AssetLinks,
  workspaceId: string,
  slug: string,
  expand: boolean,
  locale: RequestedLocale | null = null,
): Promise<{ readonly etag: string; readonly items: readonly string[] } | null> {
  return findDocumentTag(hot, addressOf(links, workspaceId, slug, expand, locale));
}
