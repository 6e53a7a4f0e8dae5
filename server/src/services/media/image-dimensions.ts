// An image's pixel dimensions, read from the start of its stored bytes (issue #26): delivery
// responses carry them so a site can write `<img width height>` and avoid layout shift. Only the
// header is parsed (sharp's metadata(), no decoding), from at most the first HEAD_BYTES — a JPEG's
// size marker follows its EXIF block, which is rarely larger. SVG is not parsed (never handed to an
// image library here); an unreadable header gives null, never an error: the upload stands.
import sharp from 'sharp';
import type { StorageProvider } from '../../storage/provider.js';
import { TRANSFORMABLE_TYPES } from './rendition-engine.js';

const HEAD_BYTES = 512 * 1024;

export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

/** True when Verso tries to read this type's dimensions. */
export function hasReadableDimensions(mimeType: string): boolean {
  return TRANSFORMABLE_TYPES.has(mimeType);
}

export async function readStoredDimensions(storage: StorageProvider, key: string, mimeType: string): Promise<Dimensions | null> {
  if (!hasReadableDimensions(mimeType)) return null;
  const object = await storage.get(key, { start: 0, end: HEAD_BYTES - 1 });
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return dimensionsOf(Buffer.concat(chunks));
}

export async function dimensionsOf(head: Buffer): Promise<Dimensions | null> {
  try {
    // No pixel limit: only the header is read, and a bomb's declared size is exactly what to record.
    const meta = await sharp(head, { limitInputPixels: false, failOn: 'none' }).metadata();
    if (!meta.width || !meta.height) return null;
    // Orientations 5–8 turn the image a quarter: the displayed width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    return { width, height };
  } catch {
    return null;
  }
}
