// What the editor's pickers offer: a match of the Reference search box and an asset of the
// Media/File picker. Its own module because the field views (field-views.ts) and the media facts
// (pages/media/asset-facts.ts, which shows a value's asset as the picker does) both build on it.

/** A match of the Reference search box. */
export interface SearchHit {
  id: string;
  /** The item's title (#25), shown first; null when it has none. */
  title: string | null;
  slug: string;
  template: string;
  locale: string;
}

/** An asset offered by the Media/File picker (pages/media/media-search.ts). */
export interface MediaHit {
  id: string;
  fileName: string;
  mimeType: string;
  size: string;
  /** The admin's path of the image's bytes; null for anything that is not an image. */
  thumbnail: string | null;
}

export type PickHit = SearchHit | MediaHit;
