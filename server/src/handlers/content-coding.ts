// gzip content coding of JSON answers (the resolved content list, handlers/delivery-read.ts). A page
// of 100 items is ~95 KB of JSON and ~15 KB gzipped; stored pages are kept compressed, so a client
// that accepts gzip — browsers, CDNs, fetch, both SDKs — is sent the stored bytes with no work per
// request, and six times fewer bytes go through PostgreSQL, the heap and the socket. The two codings
// are two representations (RFC 9110 §8.4): the gzip one's strong tag is the JSON's with `.gz` inside
// the quotes, and a conditional request naming either tag is compared with the content's.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { alreadySerialized, type SerializedJson } from '../http/operation.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Whether an Accept-Encoding header accepts gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip` with a
 * non-zero weight, or `*` with one when gzip is not named. Absent, the client asked for nothing.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.split(';');
    const name = coding.trim().toLowerCase();
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find((m) => m !== null);
    const accepted = !q || Number(q[1]) > 0;
    if (name === 'gzip' || name === 'x-gzip') named = (named ?? false) || accepted;
    else if (name === '*') any = accepted;
  }
  return named ?? any;
}

const CODED_SUFFIX = '.gz"';

/** The strong tag of the gzip-coded representation of the answer tagged `etag`. */
export function gzipEtag(etag: string): string {
  return `${etag.slice(0, -1)}${CODED_SUFFIX}`;
}

/**
 * An If-None-Match header with gzip-coded tags named as their content's: the tags Verso makes are
 * base64url, so `.gz` never ends one otherwise.
 */
export function contentTags(ifNoneMatch: string): string {
  return ifNoneMatch.replaceAll(CODED_SUFFIX, '"');
}

/**
 * A JSON answer's bytes in the codings at hand — its JSON, its gzip, or both — making the other on
 * first need and keeping it (a cached answer is compressed or decompressed once, not per request).
 * Compression runs on libuv's threads, so a 95 KB page does not hold the event loop for a millisecond.
 */
export class CodedJson<T> {
  /**
   * The bytes this holds (what a cache entry counts): the JSON, or the gzip and the JSON it will make
   * (gzip states its content's length in its last four bytes, mod 2³²). A JSON's gzip made later adds
   * about a sixth and is not counted.
   */
  readonly length: number;
  private json: Promise<SerializedJson<T>> | undefined;
  private gzipped: Promise<Buffer> | undefined;

  private constructor(json: SerializedJson<T> | undefined, gzipped: Buffer | undefined) {
    this.length = json ? json.length : gzipped!.length + gzipped!.readUInt32LE(gzipped!.length - 4);
    this.json = json && Promise.resolve(json);
    this.gzipped = gzipped && Promise.resolve(gzipped);
  }

  /** An answer in the codings at hand (at least one): the other is made when a client first needs it. */
  static of<T>(codings: { readonly json: SerializedJson<T>; readonly gzip?: Buffer } | { readonly json?: SerializedJson<T>; readonly gzip: Buffer }): CodedJson<T> {
    return new CodedJson<T>(codings.json, codings.gzip);
  }

  // The promise is kept, not its result: clients arriving while a coding is made wait for that one.
  toJson(): Promise<SerializedJson<T>> {
    this.json ??= this.gzipped!.then(async (g) => alreadySerialized<T>(await gunzipAsync(g)));
    return this.json;
  }

  toGzip(): Promise<Buffer> {
    this.gzipped ??= this.json!.then((j) => gzipAsync(j));
    return this.gzipped;
  }
}
