// Range (RFC 9110 §14.2), read by the download handler (handlers/media.ts): the header is HTTP's,
// so it is parsed here; the service (services/media/media-download.ts) knows the file's size and
// asks, with it, which bytes the request wants.
import type { ByteRange } from '../storage/provider.js';

/**
 * What a Range header asks of a file of `size` bytes: one satisfiable range, `unsatisfiable`, or
 * null for "send the whole file" (no header, another unit, a malformed value, several ranges).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (header === undefined) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const specs = match[1]!.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (specs.length !== 1) return null;
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return null;
  const [first, last] = [spec[1]!, spec[2]!];
  if (first === '') {
    // A suffix: the last N bytes (all of them when N exceeds the size); N = 0 selects nothing.
    const n = Number(last);
    if (!Number.isSafeInteger(n)) return null;
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return null;
  if (end < start) return null; // syntactically invalid: ignored, as RFC 9110 says
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
