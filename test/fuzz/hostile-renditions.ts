// The `hostile-rendition` class (docs/contributing.md: Fuzzing): the public image route
// (getPublicRendition) with hostile transformation sets — the parameters it no longer accepts,
// repeated and empty tokens, out-of-range and oddly spelled numbers, every format and dpr — drawn
// from the run's seed, against images that do not decode: a PNG whose pixel data is broken (valid
// header, broken IDAT), a truncated JPEG, a PNG declaring 50,000 × 50,000 pixels, a GIF with a
// broken frame, as well as sound JPEG and PNG images. A finding is an answer the contract does not
// declare or that breaks it (`contract`), a 5xx other than a 503 with Retry-After (`server-error`),
// an error line in the server's log (`logged-as-error`: a broken upload is the image's fault, never
// the server's), a 200 rendition that is not an image of its Content-Type or is larger than the
// maximum (`not-an-image`, `too-large`), and, after the run, more renditions stored for an asset
// than Media__Public__StoredPerAsset (`stored-beyond-bound`). test/media/public-renditions.test.ts and
// rendition-bounds.test.ts test each rule on its own.
import fc from 'fast-check';
import sharp from 'sharp';
import type { TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import { multipart } from '../media/media-world.js';
import { makeImage, pngBomb, pngWithBrokenIdat, servePublicly, urlsFrom, withParams } from '../media/public-images.js';
import type { Findings } from './findings.js';

export const HOSTILE_RENDITION_CLASS = 'hostile-rendition';

/** Seeded requests the class sends per run (the seed chooses which), after the walk below. */
export const HOSTILE_RENDITION_REQUESTS = 70;

/** The walk: every allowed width in every concrete format of one image, more than StoredPerAsset by default. */
const WALK_FORMATS = ['webp', 'jpeg', 'png', 'avif'] as const;

const OPERATION = 'getPublicRendition';

/** The images the class aims at: the name says what is wrong with each. */
async function images(): Promise<{ name: string; type: string; bytes: Buffer }[]> {
  const jpeg = await makeImage('jpeg', 640, 480);
  const gif = await makeImage('gif', 64, 48);
  return [
    { name: 'sound.jpg', type: 'image/jpeg', bytes: jpeg },
    { name: 'sound.png', type: 'image/png', bytes: await makeImage('png', 320, 240) },
    { name: 'broken-idat.png', type: 'image/png', bytes: pngWithBrokenIdat(64, 48) },
    { name: 'truncated.jpg', type: 'image/jpeg', bytes: jpeg.subarray(0, Math.floor(jpeg.length / 2)) },
    { name: 'bomb.png', type: 'image/png', bytes: pngBomb(50_000) },
    { name: 'broken-frame.gif', type: 'image/gif', bytes: Buffer.concat([gif.subarray(0, gif.length - 20), Buffer.alloc(20, 0xff)]) },
  ];
}

const WIDTHS = ['160', '320', '640', '2560', '0', '01', '7', '99999', '1e3', '-1', '', '160.5', '2561'];
const FORMATS = ['auto', 'webp', 'avif', 'jpeg', 'png', 'gif', 'svg', '', 'WEBP'];
const RETIRED = ['h_320', 'fit_cover', 'fit_fill', 'fp_0.3_0.7', 'fp_1_1', 'q_75', 'q_1', 'h_99999'];

/** One transformation segment: mostly built of tokens, now and then a whole odd segment. */
const segment: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc
    .array(
      fc.oneof(
        fc.constantFrom(...WIDTHS).map((w) => `w_${w}`),
        fc.constantFrom(...FORMATS).map((f) => `f_${f}`),
        fc.constantFrom('1', '2', '3', '4', '0', '').map((d) => `dpr_${d}`),
        fc.constantFrom(...RETIRED),
        fc.constantFrom('original', 'x_1', '_', 'w', ',', 'w__160'),
      ),
      { minLength: 1, maxLength: 5 },
    )
    .map((tokens) => tokens.join(',')) },
  { weight: 1, arbitrary: fc.constantFrom('original', 'w_160,,f_webp', 'original,w_160', `${'w_160,'.repeat(33)}f_png`, 'f_auto', 'dpr_3') },
);

export async function fuzzRenditions(api: TestApi, seed: number, findings: Findings, progress: (m: string) => void): Promise<void> {
  const ws = await createWorkspace(api);
  await servePublicly(api, ws.id);
  const editor = await createActor(api, { role: 'Editor', grants: { [ws.id]: 'Write' } });
  const assets: { name: string; id: string; url: string }[] = [];
  for (const image of await images()) {
    const form = multipart({ fileName: image.name, contentType: image.type, data: image.bytes });
    const res = await api.request('POST', `/api/v1/workspaces/${ws.id}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: editor.token, unchecked: true });
    if (res.status !== 201) throw new Error(`the hostile-rendition class could not upload ${image.name}: ${res.status} ${res.text.slice(0, 200)}`);
    const id = (res.body as { id: string }).id;
    assets.push({ name: image.name, id, url: (await urlsFrom(api, id)).url });
  }
  const sound = assets.find((a) => a.name === 'sound.png')!;
  const walk = api.config.media.public.widths.flatMap((w) => WALK_FORMATS.map((f) => [assets.indexOf(sound), `w_${w},f_${f}`, undefined] as const));
  const seeded = fc.sample(fc.tuple(fc.nat(assets.length - 1), segment, fc.constantFrom(undefined, 'image/avif,image/webp,*/*', 'image/webp', '*/*')), {
    seed,
    numRuns: HOSTILE_RENDITION_REQUESTS,
  });
  const plan = [...walk, ...seeded];
  const { maxWidth } = api.config.media.public;
  for (const [index, [which, params, accept]] of plan.entries()) {
    const asset = assets[which]!;
    const target = withParams(asset.url, params);
    const correlation = `fuzz-rendition-${seed}-${index}`;
    const res = await fetch(api.url + target, { headers: { 'x-correlation-id': correlation, ...(accept ? { accept } : {}) } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const contentType = res.headers.get('content-type');
    findings.count(HOSTILE_RENDITION_CLASS, OPERATION, res.status, 0);
    const checks: string[] = [];
    // Every URL of the walk is allowed and its image sound: anything but 200 is wrong (it is also what fills the bound).
    if (index < walk.length && res.status !== 200) checks.push('walk-refused');
    try {
      const body = contentType?.includes('json') && bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : bytes.length > 0 ? bytes : undefined;
      assertMatchesContract({ method: 'GET', path: target, status: res.status, contentType, body, headers: res.headers });
    } catch {
      checks.push('contract');
    }
    if (res.status >= 500 && !(res.status === 503 && res.headers.get('retry-after'))) checks.push('server-error');
    if (api.log.lines.some((l) => l.correlationId === correlation && (l.level === 'error' || 'stack' in l))) checks.push('logged-as-error');
    if (res.status === 200 && params !== 'original') {
      const meta = await sharp(bytes).metadata().catch(() => null);
      const expected = contentType?.replace('image/', '').replace('avif', 'heif');
      if (!meta || meta.format !== expected) checks.push('not-an-image');
      else if ((meta.width ?? 0) > maxWidth) checks.push('too-large');
    }
    if (checks.length > 0) {
      findings.add(HOSTILE_RENDITION_CLASS, OPERATION, res.status, checks, {
        seed,
        index: -1,
        request: `GET ${target} (${asset.name}${accept ? `, Accept: ${accept}` : ''})`,
        response: `${res.status} ${contentType ?? '(no content type)'} ${contentType?.includes('json') ? bytes.toString('utf8').slice(0, 300) : `${bytes.length} bytes`}`,
      });
    }
  }
  // However many URLs were asked for, each asset keeps at most StoredPerAsset renditions.
  const bound = api.config.media.public.storedPerAsset;
  for (const asset of assets) {
    const rows = (await dbQuery(api, 'SELECT count(*)::int AS n FROM media_renditions WHERE media_asset_id = $1', [asset.id]))[0]!.n as number;
    const objects = (await api.running.deps.storage.list(`verso/renditions/${ws.id}/${asset.id}/`, { limit: 1000 })).objects.length;
    if (rows > bound || objects > bound) {
      findings.add(HOSTILE_RENDITION_CLASS, OPERATION, 200, ['stored-beyond-bound'], {
        seed,
        index: -1,
        request: `${plan.length} rendition URLs (${walk.length} of them every allowed width and format of sound.png), this one ${asset.name}`,
        response: `${rows} rows and ${objects} stored objects, more than Media__Public__StoredPerAsset (${bound})`,
      });
    }
  }
  progress(`hostile renditions: ${plan.length} requests against ${assets.length} images`);
}
