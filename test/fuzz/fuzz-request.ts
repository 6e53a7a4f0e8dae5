// One generated request as the fuzzer reasons about it (structured: path parameters, query pairs,
// headers, a JSON body or raw body text), and its translation to the bytes that go on the wire.
// Values are percent-encoded as WTF-8, so a string with an unpaired surrogate still becomes a URL
// (encodeURIComponent would throw) and reaches the server as the broken byte sequence it is.
import type { RawRequest } from './raw-http.js';

export type CallerName = 'anonymous' | 'Reader' | 'Editor' | 'Admin';

export type FuzzBody =
  | { readonly kind: 'json'; readonly value: unknown; readonly contentType: string }
  | { readonly kind: 'raw'; readonly bytes: Buffer; readonly contentType?: string };

export interface FuzzRequest {
  readonly operationId: string;
  /** The attack class: `valid` or the mutation applied. */
  readonly attack: string;
  readonly caller: CallerName;
  readonly method: string;
  readonly pathTemplate: string;
  /** Values before encoding. */
  readonly pathParams: Readonly<Record<string, string>>;
  /** Segments that go on the wire as written (already encoded, or deliberately not). */
  readonly rawPathParams?: Readonly<Record<string, string>>;
  readonly query: readonly (readonly [string, string])[];
  /** Appended to the query string as written. */
  readonly rawQuery?: string;
  /** Everything but Authorization, which comes from the caller unless `authorization` replaces it. */
  readonly headers: readonly (readonly [string, string])[];
  /** Authorization header values to send instead of the caller's token (bogus-token mutations). */
  readonly authorization?: readonly string[];
  readonly body?: FuzzBody;
  /** The mutation breaks the HTTP message itself (framing, header syntax, size): the HTTP layer may answer. */
  readonly protocolLevel?: boolean;
  /** Read the resource guarding the path first and send its ETag as If-Match. */
  readonly ifMatchFromRead?: boolean;
  /** What was changed, for the report (`body/fields/0/textValue ← 1 MB`). */
  readonly note?: string;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** UTF-8, except that an unpaired surrogate is encoded as its own three bytes (WTF-8). */
export function wtf8(s: string): Buffer {
  if (s.isWellFormed()) return Buffer.from(s, 'utf8');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      }
    }
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Buffer.from(bytes);
}

export function percentEncode(s: string): string {
  // encodeURIComponent leaves !'()* as they are, which a path segment and a query value allow.
  if (s.isWellFormed()) return encodeURIComponent(s);
  let out = '';
  for (const b of wtf8(s)) {
    const ch = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function targetOf(r: FuzzRequest): string {
  const path = r.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => r.rawPathParams?.[name] ?? percentEncode(r.pathParams[name] ?? ''));
  const pairs = r.query.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  if (r.rawQuery) pairs.push(r.rawQuery);
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

export function bodyBytes(body: FuzzBody | undefined): Buffer | undefined {
  if (!body) return undefined;
  return body.kind === 'json' ? wtf8(JSON.stringify(body.value)) : body.bytes;
}

export function toRawRequest(r: FuzzRequest, token: string | undefined, ifMatch?: string): RawRequest {
  const headers: [string, string][] = [];
  // `{token}` in a bogus Authorization stands for the caller's real token (mutations.ts).
  const auth = r.authorization?.map((a) => a.replaceAll('{token}', token ?? '')) ?? (token ? [`Bearer ${token}`] : []);
  for (const value of auth) headers.push(['Authorization', value]);
  if (r.body?.contentType !== undefined && !r.headers.some(([n]) => n.toLowerCase() === 'content-type')) {
    headers.push(['Content-Type', r.body.contentType]);
  }
  for (const [name, value] of r.headers) headers.push([name, name.toLowerCase() === 'if-match' && ifMatch ? ifMatch : value]);
  if (ifMatch && !r.headers.some(([n]) => n.toLowerCase() === 'if-match')) headers.push(['If-Match', ifMatch]);
  return { method: r.method, target: targetOf(r), headers, body: bodyBytes(r.body) };
}

const visible = (s: string) => s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
const clip = (s: string, n: number) => (s.length > n ? `${visible(s.slice(0, n))}… (${s.length} chars)` : visible(s));

/** A readable, bounded rendering of what was sent (enough to replay it by hand). */
export function describeRequest(r: FuzzRequest, raw: RawRequest): string {
  const lines = [`${r.method} ${clip(raw.target, 300)}   [${r.operationId}, ${r.attack}, caller ${r.caller}]`];
  for (const [name, value] of raw.headers) {
    lines.push(`  ${visible(name)}: ${clip(name.toLowerCase() === 'authorization' && /^Bearer [\w-]{40,}$/.test(value) ? 'Bearer <caller token>' : value, 200)}`);
  }
  if (raw.body) lines.push(`  body (${raw.body.length} bytes): ${visible(raw.body.subarray(0, 400).toString('utf8'))}${raw.body.length > 400 ? '…' : ''}`);
  if (r.note) lines.push(`  mutation: ${r.note}`);
  return lines.join('\n');
}
