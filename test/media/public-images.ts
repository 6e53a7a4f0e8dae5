// Images for the public media tests, made with sharp (the same library the server transforms with),
// and the client side of a public URL: a GET without credentials, checked against the contract.
import zlib from 'node:zlib';
import sharp from 'sharp';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import type { MediaWorld, RawResponse } from './media-world.js';
import { upload } from './media-world.js';
import { expect } from 'chai';
import type { TestApi } from '../helpers/api.js';
import { publicUrlsOf } from '../../server/src/services/media/public-urls.js';

export type InputFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';

/** A `width` × `height` image with a gradient (so encoders have something to encode). */
export async function makeImage(format: InputFormat, width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128;
    }
  }
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.orientation) img = img.withMetadata({ orientation: options.orientation });
  switch (format) {
    case 'jpeg':
      return img.jpeg({ quality: 80 }).toBuffer();
    case 'png':
      return img.png().toBuffer();
    case 'webp':
      return img.webp().toBuffer();
    case 'gif':
      return img.gif().toBuffer();
    case 'avif':
      return img.avif({ effort: 0 }).toBuffer();
  }
}

export const TYPES: Record<InputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid PNG of a few hundred bytes that declares `side` × `side` pixels (a decompression bomb). */
export function pngBomb(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  // A few rows of zeros, compressed: the rest of the image would inflate from nothing.
  const idat = zlib.deflateSync(Buffer.alloc((side + 1) * 4));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * A PNG whose header is valid (so it uploads, with its dimensions) but whose pixel data does not
 * decode: the IDAT chunk holds a zlib header and then bytes that are no deflate stream, under a
 * correct CRC (so it is the data, not the chunk, that is broken).
 */
export function pngWithBrokenIdat(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const idat = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 37 + 11) & 0xff));
  idat[0] = 0x78;
  idat[1] = 0x9c;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Makes the workspace (or every workspace) serve its media publicly, every asset of it: public
 * media is opt-in for new workspaces, and a workspace may limit public URLs to the assets served
 * content uses (`all_media_public`, where the schema has it).
 */
export async function servePublicly(api: TestApi, workspaceId?: string): Promise<void> {
  const { dbQuery } = await import('../helpers/actors.js');
  const [row] = await dbQuery(api, `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'workspaces' AND column_name = 'all_media_public') AS all`);
  const set = row!.all ? 'public_media = true, all_media_public = true' : 'public_media = true';
  await dbQuery(api, `UPDATE workspaces SET ${set}${workspaceId ? ' WHERE id = $1' : ''}`, workspaceId ? [workspaceId] : []);
}

export async function uploadImage(w: MediaWorld, fileName: string, contentType: string, data: Buffer): Promise<string> {
  const res = await upload(w, { fileName, contentType, data });
  expect(res.status, res.text).to.equal(201);
  return res.body.id;
}

/** The signed URLs of an asset, as the server would hand them out. */
export async function urlsOf(w: MediaWorld, assetId: string): Promise<{ url: string; renditionUrl: string | null }> {
  return urlsFrom(w.api, assetId);
}

/** The signed URLs of an asset as `api` (with its keyring) hands them out. */
export async function urlsFrom(api: TestApi, assetId: string): Promise<{ url: string; renditionUrl: string | null }> {
  const { dbQuery } = await import('../helpers/actors.js');
  const [row] = await dbQuery(api, 'SELECT id, workspace_id, file_name, mime_type, content_sha256 FROM media_assets WHERE id = $1', [assetId]);
  const urls = publicUrlsOf(api.running.deps.publicUrls, api.config.media.public, {
    workspaceId: row!.workspace_id,
    id: row!.id,
    fileName: row!.file_name,
    mimeType: row!.mime_type,
    contentSha256: row!.content_sha256,
    publicMedia: true,
  });
  return { url: urls.url!, renditionUrl: urls.renditionUrl };
}

/** `{width}`/`{format}` filled in, or the params segment replaced. */
export function withParams(url: string, params: string): string {
  const parts = url.split('/');
  parts[parts.length - 2] = params;
  return parts.join('/');
}

/** A GET without credentials, checked against the contract. */
export async function fetchPublic(baseUrl: string, urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const res = await fetch(baseUrl + urlPath, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  const contentType = res.headers.get('content-type');
  const body = contentType?.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.length > 0 ? bytes : undefined;
  assertMatchesContract({ method: 'GET', path: urlPath, status: res.status, contentType, body, headers: res.headers });
  return { status: res.status, headers: res.headers, bytes };
}

/**
 * How many signatures `api` verified while `body` ran: 0 for a URL answered from memory before
 * (http/warm-public-media.ts), which skips the router and the route's checks of the URL.
 */
export async function countingVerifies<T>(api: TestApi, body: () => Promise<T>): Promise<{ result: T; verifies: number }> {
  const signer = api.running.deps.publicUrls as { verify: (...args: unknown[]) => boolean };
  const original = signer.verify;
  let verifies = 0;
  signer.verify = function (...args: unknown[]) {
    verifies += 1;
    return original.apply(this, args);
  };
  try {
    return { result: await body(), verifies };
  } finally {
    signer.verify = original;
  }
}
