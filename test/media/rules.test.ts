// The small pure rules of media: the MIME allow-list, the magic-byte check, file names in keys and
// in Content-Disposition, Range and If-None-Match parsing, the deletion backoff and the config.
import { expect } from 'chai';
import { DEFAULT_ALLOWED_MIME_TYPES, loadConfig, ConfigError } from '../../server/src/config.js';
import { contentDisposition, displayFileName, keySafeFileName, nameForType } from '../../server/src/services/media/file-names.js';
import { agreesWithDeclaredType, detectFormat } from '../../server/src/services/media/magic-bytes.js';
import { parseRange } from '../../server/src/handlers/byte-range.js';
import { noneMatch } from '../../server/src/handlers/if-none-match.js';
import { fileEtag } from '../../server/src/services/media/media-download.js';
import { isActiveContentType, isAllowedMimeType, normaliseMimeType } from '../../server/src/services/media/mime-policy.js';
import { isManagedKey, mediaStorageKey } from '../../server/src/services/media/storage-keys.js';
import { deletionBackoffMs } from '../../server/src/workers/media-context.js';

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF');
const HTML = Buffer.from('\ufeff  <!DOCTYPE html><html><script>alert(1)</script>', 'utf8');
const ZIP = bytes('PK', [0x03, 0x04], 'rest');

describe('media rules', () => {
  describe('MIME allow-list (upstream: prefix entries end in /, others exact or followed by .)', () => {
    const allowed = [...DEFAULT_ALLOWED_MIME_TYPES];
    it('matches families by prefix, single types exactly, Office types by their dotted suffix', () => {
      for (const t of ['image/png', 'image/svg+xml', 'audio/mpeg', 'video/mp4', 'application/pdf', 'text/plain', 'application/json', 'application/msword']) {
        expect(isAllowedMimeType(t, allowed), t).to.equal(true);
      }
      expect(isAllowedMimeType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', allowed)).to.equal(true);
      for (const t of ['text/html', 'application/javascript', 'application/octet-stream', 'application/pdfx', 'application/vnd.openxmlformats-officedocumentx', 'text/plainx']) {
        expect(isAllowedMimeType(t, allowed), t).to.equal(false);
      }
    });
    it('reads a declared type without its parameters, lower-cased; refuses what is not a type', () => {
      expect(normaliseMimeType('Image/PNG; charset=binary')).to.equal('image/png');
      expect(normaliseMimeType(undefined)).to.equal(null);
      expect(normaliseMimeType('png')).to.equal(null);
      expect(normaliseMimeType('image/')).to.equal(null);
    });
  });

  describe('active content types (never stored, whatever the allow-list says)', () => {
    it('are HTML, XHTML, XML (any +xml but SVG) and script; SVG, text, JSON and Office files are not', () => {
      for (const t of ['text/html', 'application/xhtml+xml', 'text/xml', 'application/xml', 'application/atom+xml', 'application/xslt+xml', 'text/xsl', 'text/javascript', 'application/javascript', 'application/x-javascript', 'application/ecmascript', 'text/jscript', 'text/vbscript']) {
        expect(isActiveContentType(t), t).to.equal(true);
      }
      for (const t of ['image/svg+xml', 'text/plain', 'text/csv', 'application/json', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/png']) {
        expect(isActiveContentType(t), t).to.equal(false);
      }
    });
  });

  describe('magic bytes', () => {
    it('recognises the formats of the allow-list and active content', () => {
      expect(detectFormat(PNG)).to.equal('png');
      expect(detectFormat(JPEG)).to.equal('jpeg');
      expect(detectFormat(bytes('GIF89a'))).to.equal('gif');
      expect(detectFormat(bytes('RIFF', [1, 0, 0, 0], 'WEBPVP8 '))).to.equal('webp');
      expect(detectFormat(bytes([0, 0, 0, 0x18], 'ftypisom'))).to.equal('iso-media');
      expect(detectFormat(bytes([0, 0, 0, 0x18], 'ftypavif'))).to.equal('avif');
      expect(detectFormat(bytes('%PDF-1.4'))).to.equal('pdf');
      expect(detectFormat(ZIP)).to.equal('zip');
      expect(detectFormat(bytes('ID3', [3, 0]))).to.equal('mp3');
      expect(detectFormat(bytes([0xff, 0xf1, 0x50]))).to.equal('aac');
      expect(detectFormat(bytes([0x1a, 0x45, 0xdf, 0xa3]))).to.equal('matroska');
      expect(detectFormat(HTML)).to.equal('html');
      expect(detectFormat(Buffer.from('<?xml version="1.0"?><!-- x --><svg xmlns="http://www.w3.org/2000/svg"/>'))).to.equal('svg');
      expect(detectFormat(Buffer.from('hello world'))).to.equal(null);
    });
    it('accepts bytes that agree with the declared type', () => {
      expect(agreesWithDeclaredType('image/png', PNG)).to.equal(true);
      expect(agreesWithDeclaredType('image/jpeg', JPEG)).to.equal(true);
      expect(agreesWithDeclaredType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', ZIP)).to.equal(true);
      expect(agreesWithDeclaredType('application/pdf', bytes('%PDF-1.7'))).to.equal(true);
      expect(agreesWithDeclaredType('text/plain', Buffer.from('plain words'))).to.equal(true);
      expect(agreesWithDeclaredType('text/plain', HTML)).to.equal(true); // served as text/plain with nosniff
      expect(agreesWithDeclaredType('application/json', Buffer.from(' {"a": 1}'))).to.equal(true);
      expect(agreesWithDeclaredType('image/x-portable-pixmap', Buffer.from('P6 1 1 255 abc'))).to.equal(true);
    });
    it('refuses HTML declared as an image, one format declared as another, and binary declared as text', () => {
      expect(agreesWithDeclaredType('image/png', HTML)).to.equal(false);
      expect(agreesWithDeclaredType('image/png', JPEG)).to.equal(false);
      expect(agreesWithDeclaredType('image/svg+xml', HTML)).to.equal(false);
      expect(agreesWithDeclaredType('image/x-foo', bytes('%PDF-1.7'))).to.equal(false);
      expect(agreesWithDeclaredType('video/x-foo', HTML)).to.equal(false);
      expect(agreesWithDeclaredType('application/pdf', Buffer.from('not a pdf'))).to.equal(false);
      expect(agreesWithDeclaredType('text/plain', PNG)).to.equal(false);
      expect(agreesWithDeclaredType('text/plain', Buffer.from([0x61, 0x00, 0x62]))).to.equal(false);
      expect(agreesWithDeclaredType('application/json', HTML)).to.equal(false);
      expect(agreesWithDeclaredType('application/json', Buffer.from('hello'))).to.equal(false);
    });
  });

  describe('file names', () => {
    it('keeps the sent name for display, without path and control characters', () => {
      expect(displayFileName('C:\\Users\\me\\Ünïcødé photo.png')).to.equal('Ünïcødé photo.png');
      expect(displayFileName('../../etc/passwd')).to.equal('passwd');
      expect(displayFileName('a\u0000b\u202ecod.exe')).to.equal('abcod.exe');
      expect(displayFileName('')).to.equal('file');
      expect(displayFileName('..')).to.equal('file');
      expect([...displayFileName('x'.repeat(400))]).to.have.length(255);
    });
    it('makes a key-safe name: ASCII letters, digits, . - _ only, extension kept when cut', () => {
      // ø has no decomposition: it becomes an underscore like any other non-ASCII letter.
      expect(keySafeFileName('Ünïcødé photo (1).png')).to.equal('Unic_de_photo_1.png');
      expect(keySafeFileName('"quotes" & <tags>.pdf')).to.equal('quotes_tags.pdf');
      expect(keySafeFileName('a..b')).to.equal('a.b');
      expect(keySafeFileName('日本語.txt')).to.equal('txt');
      expect(keySafeFileName('...')).to.equal('file');
      const long = keySafeFileName(`${'a'.repeat(150)}.jpeg`);
      expect(long).to.have.length(100);
      expect(long.endsWith('.jpeg')).to.equal(true);
    });
    it('lays keys out as verso/media/{workspace}/{yyyy}/{MM}/{asset}_{name}, inside the managed prefix', () => {
      const key = mediaStorageKey('ws-1', 'asset-1', 'Ünï.png', new Date('2026-03-09T12:00:00Z'));
      expect(key).to.equal('verso/media/ws-1/2026/03/asset-1_Uni.png');
      expect(isManagedKey(key)).to.equal(true);
      expect(isManagedKey('default/old/file.png')).to.equal(true);
      expect(isManagedKey('verso/media/')).to.equal(false);
      expect(isManagedKey('elsewhere/file.png')).to.equal(false);
      expect(isManagedKey('verso/media/../x')).to.equal(false);
    });
    it('makes a name end with an extension of its type: kept, replaced (another type\'s) or added', () => {
      expect(nameForType('report.html', 'text/plain')).to.equal('report.txt');
      expect(nameForType('report.txt', 'text/plain')).to.equal('report.txt');
      expect(nameForType('table.CSV', 'text/plain')).to.equal('table.CSV');
      expect(nameForType('x.hta', 'text/plain')).to.equal('x.hta.txt');
      expect(nameForType('README', 'text/plain')).to.equal('README.txt');
      expect(nameForType('.profile', 'text/plain')).to.equal('.profile.txt');
      expect(nameForType('x.html. . ', 'text/plain')).to.equal('x.txt');
      expect(nameForType('photo.jpeg', 'image/jpg')).to.equal('photo.jpeg');
      expect(nameForType('photo.png', 'image/jpeg')).to.equal('photo.jpg');
      expect(nameForType('song.wav', 'audio/mpeg')).to.equal('song.mp3');
      expect(nameForType('clip.mov', 'video/mp4')).to.equal('clip.mov');
      expect(nameForType('logo.svg', 'image/svg+xml')).to.equal('logo.svg');
      expect(nameForType('deck.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation')).to.equal('deck.pptx');
      expect(nameForType('odd.png', 'image/x-unheard-of')).to.equal('odd.bin');
      const long = nameForType(`${'a'.repeat(255)}`, 'text/plain');
      expect([...long]).to.have.length(255);
      expect(long.endsWith('a.txt')).to.equal(true);
    });
    it('writes RFC 6266 Content-Disposition with an ASCII fallback and the exact name as filename*', () => {
      expect(contentDisposition('inline', 'photo.png')).to.equal(`inline; filename="photo.png"; filename*=UTF-8''photo.png`);
      expect(contentDisposition('attachment', 'Ünïcødé "quoted" \\ name.pdf')).to.equal(
        `attachment; filename="Unic_de _quoted_ _ name.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20%22quoted%22%20%5C%20name.pdf`,
      );
      expect(contentDisposition('attachment', '日本.txt')).to.equal(`attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`);
    });
  });

  describe('Range and If-None-Match', () => {
    it('reads one byte range (first-last, first-, suffix), clamping the end to the file', () => {
      expect(parseRange('bytes=0-9', 100)).to.deep.equal({ start: 0, end: 9 });
      expect(parseRange('bytes=90-', 100)).to.deep.equal({ start: 90, end: 99 });
      expect(parseRange('bytes=90-1000', 100)).to.deep.equal({ start: 90, end: 99 });
      expect(parseRange('bytes=-10', 100)).to.deep.equal({ start: 90, end: 99 });
      expect(parseRange('bytes=-1000', 100)).to.deep.equal({ start: 0, end: 99 });
      expect(parseRange(' Bytes = 5 - 6 ', 100)).to.deep.equal({ start: 5, end: 6 });
    });
    it('is unsatisfiable past the end; ignores several ranges, other units and nonsense (whole file)', () => {
      expect(parseRange('bytes=100-', 100)).to.equal('unsatisfiable');
      expect(parseRange('bytes=-0', 100)).to.equal('unsatisfiable');
      expect(parseRange('bytes=0-1,5-6', 100)).to.equal(null);
      expect(parseRange('items=0-1', 100)).to.equal(null);
      expect(parseRange('bytes=5-1', 100)).to.equal(null);
      expect(parseRange('bytes=a-b', 100)).to.equal(null);
      expect(parseRange('bytes=-', 100)).to.equal(null);
      expect(parseRange(undefined, 100)).to.equal(null);
    });
    it('matches If-None-Match weakly, in lists and as *', () => {
      const tag = fileEtag('00'.repeat(32));
      expect(tag).to.match(/^"sha256-[A-Za-z0-9_-]{43}"$/);
      expect(noneMatch(tag, tag)).to.equal(true);
      expect(noneMatch(`"other", W/${tag}`, tag)).to.equal(true);
      expect(noneMatch('*', tag)).to.equal(true);
      expect(noneMatch('"other"', tag)).to.equal(false);
      expect(noneMatch(undefined, tag)).to.equal(false);
    });
  });

  it('backs failed deletes off exponentially from the base to the cap (30 s → 3600 s)', () => {
    const options = { retryBaseMs: 30_000, retryMaxMs: 3_600_000 };
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => deletionBackoffMs(options, n))).to.deep.equal([30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000]);
  });

  describe('settings', () => {
    const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }, { version: 'test' });
    it('has upstream defaults', () => {
      const { media } = load({});
      expect(media.maxFileSizeBytes).to.equal(50 * 1024 * 1024);
      expect(media.allowedMimeTypes).to.deep.equal([...DEFAULT_ALLOWED_MIME_TYPES]);
      expect(media.operations).to.deep.equal({
        enabled: true,
        retentionMs: 30 * 86_400_000,
        abandonedUploadMs: 30 * 60_000,
        intervalMs: 300_000,
        leaseMs: 300_000,
        batchSize: 100,
        retryBaseMs: 30_000,
        retryMaxMs: 3_600_000,
        orphanGraceMs: 24 * 3_600_000,
      });
    });
    it('reads and validates every setting', () => {
      const { media } = load({ Media__MaxFileSizeMb: '2', Media__AllowedMimeTypes: 'image/, Application/PDF', Media__Operations__BatchSize: '10' });
      expect(media.maxFileSizeBytes).to.equal(2 * 1024 * 1024);
      expect(media.allowedMimeTypes).to.deep.equal(['image/', 'application/pdf']);
      expect(media.operations.batchSize).to.equal(10);
      const refused: [string, string][] = [
        ['Media__MaxFileSizeMb', '0'],
        ['Media__AllowedMimeTypes', 'not a type'],
        ['Media__AllowedMimeTypes', ' , '],
        ['Media__Operations__RetentionDays', '-1'],
        ['Media__Operations__AbandonedUploadMinutes', '0'],
        ['Media__Operations__IntervalSeconds', 'often'],
        ['Media__Operations__LeaseSeconds', '5'],
        ['Media__Operations__BatchSize', '1001'],
        ['Media__Operations__RetryBaseSeconds', '0'],
        ['Media__Operations__OrphanGraceHours', '0'],
        ['Media__Operations__Enabled', 'maybe'],
      ];
      for (const [name, value] of refused) {
        expect(() => load({ [name]: value }), `${name}=${value}`).to.throw(ConfigError, name);
      }
      expect(() => load({ Media__Operations__RetryBaseSeconds: '600', Media__Operations__RetryMaxSeconds: '60' })).to.throw(ConfigError, 'Media__Operations__RetryMaxSeconds');
    });

    it('reads and validates the public renditions\' bounds and budgets', () => {
      const { public: defaults } = load({ Media__Public__QueueLength: '100' }).media;
      expect([defaults.queuePerWorkspace, defaults.storedPerAsset, defaults.storedBytesPerWorkspace, defaults.coldPerMinute]).to.deep.equal([25, 32, 2048 * 1024 * 1024, 120]);
      const set = load({
        Media__Public__QueuePerWorkspace: '7',
        Media__Public__StoredPerAsset: '0',
        Media__Public__StoredMiBPerWorkspace: '5',
        Media__Public__ColdPerMinute: '0',
      }).media.public;
      expect([set.queuePerWorkspace, set.storedPerAsset, set.storedBytesPerWorkspace, set.coldPerMinute]).to.deep.equal([7, 0, 5 * 1024 * 1024, 0]);
      const refused: [string, string][] = [
        ['Media__Public__QueuePerWorkspace', '201'],
        ['Media__Public__QueuePerWorkspace', 'half'],
        ['Media__Public__StoredPerAsset', '-1'],
        ['Media__Public__StoredPerAsset', '10001'],
        ['Media__Public__StoredMiBPerWorkspace', 'lots'],
        ['Media__Public__ColdPerMinute', '1.5'],
        ['Media__Public__DefaultQuality', '101'],
      ];
      for (const [name, value] of refused) {
        expect(() => load({ [name]: value }), `${name}=${value}`).to.throw(ConfigError, name);
      }
    });
  });
});
