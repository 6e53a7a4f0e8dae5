// An HTTP/1.1 client on a bare socket. fetch and node:http normalise exactly the requests the fuzzer
// needs to send: they refuse CR, LF and NUL in header values, merge duplicate headers, re-encode
// the target and always frame the body themselves. Here the head and body go out as written, and
// the answer is parsed by hand (status line, headers, Content-Length or chunked body), so also a
// reply from Node's own HTTP parser (which never reaches express) is seen as it is.
import net from 'node:net';

export interface RawRequest {
  readonly method: string;
  /** The request target exactly as it goes on the wire (`/api/v1/...?a=1`). */
  readonly target: string;
  /** Written in order, name and value verbatim (UTF-8); no Host is added when one is listed. */
  readonly headers: readonly (readonly [string, string])[];
  readonly body?: Buffer;
  /** Leave Content-Length out (the mutation frames the body itself, or wants it unframed). */
  readonly noContentLength?: boolean;
}

export interface RawResponse {
  /** 0 when no complete status line arrived (connection reset, closed early, timed out). */
  readonly status: number;
  /** Lower-cased names; a repeated header keeps every value. */
  readonly headers: Readonly<Record<string, readonly string[]>>;
  readonly body: Buffer;
  /** Why nothing usable came back, when status is 0. */
  readonly failure?: string;
  readonly durationMs: number;
}

export function serializeRequest(host: string, port: number, r: RawRequest): Buffer {
  const lines = [`${r.method} ${r.target} HTTP/1.1`];
  if (!r.headers.some(([name]) => name.toLowerCase() === 'host')) lines.push(`Host: ${host}:${port}`);
  for (const [name, value] of r.headers) lines.push(`${name}: ${value}`);
  if (r.body && !r.noContentLength && !r.headers.some(([name]) => /^(content-length|transfer-encoding)$/i.test(name))) {
    lines.push(`Content-Length: ${r.body.length}`);
  }
  // No `Connection: close`: a server that answers before it has read the body (a refusal, or an
  // operation that takes none) then reads the rest and discards it, as it does for every keep-alive
  // client, instead of resetting a connection whose answer may still be unread. The reply ends at
  // its own framing (Content-Length or chunked), and the socket is dropped once it has been read.
  lines.push('', '');
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'utf8'), r.body ?? Buffer.alloc(0)]);
}

export function sendRaw(host: string, port: number, r: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const started = performance.now();
  // The answer to a HEAD ends with its header block, whatever its Content-Length says (RFC 9110).
  const head = r.method.toUpperCase() === 'HEAD';
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect({ host, port });
    const finish = (failure?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const parsed = parseResponse(Buffer.concat(chunks), head);
      const durationMs = performance.now() - started;
      resolve(parsed ? { ...parsed, durationMs } : { status: 0, headers: {}, body: Buffer.alloc(0), failure: failure ?? 'connection closed without a response', durationMs });
    };
    const timer = setTimeout(() => finish(`no complete response within ${timeoutMs} ms`), timeoutMs);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (isComplete(Buffer.concat(chunks), head)) finish();
    });
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    // A server that answers (413, 400) before it has read the whole body may reset the connection
    // while the body is still being written: what it sent before the reset still counts.
    socket.on('error', (err) => finish(`socket error: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    socket.write(serializeRequest(host, port, r));
  });
}

/** True when `data` holds a whole response by its own framing (what a keep-alive client relies on). */
function isComplete(data: Buffer, headRequest = false): boolean {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const head = data.subarray(0, end).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  if (status >= 100 && status < 200) return isComplete(data.subarray(end + 4), headRequest);
  if (status === 204 || status === 304 || headRequest) return true;
  const body = data.subarray(end + 4);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return body.length >= Number(length[1]);
  if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
    for (let at = 0; ; ) {
      const lineEnd = body.indexOf('\r\n', at);
      if (lineEnd < 0) return false;
      const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
      if (!Number.isFinite(size)) return true; // malformed: nothing more will make sense of it
      if (size === 0) return body.indexOf('\r\n\r\n', lineEnd) >= 0;
      at = lineEnd + 2 + size + 2;
      if (at > body.length) return false;
    }
  }
  return false; // framed by the end of the connection
}

/** Parses a complete HTTP/1.1 response; undefined when there is no status line and header block. */
export function parseResponse(data: Buffer, head = false): Omit<RawResponse, 'durationMs'> | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...headerLines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!match) return undefined;
  // An interim answer (100 Continue) precedes the real one.
  if (match[1]!.startsWith('1')) return parseResponse(data.subarray(end + 4), head);
  const headers: Record<string, string[]> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    (headers[line.slice(0, colon).trim().toLowerCase()] ??= []).push(line.slice(colon + 1).trim());
  }
  let body = data.subarray(end + 4);
  if (head) body = body.subarray(0, 0);
  else if (/chunked/i.test(headers['transfer-encoding']?.join(',') ?? '')) body = dechunk(body);
  else if (headers['content-length']) body = body.subarray(0, Number(headers['content-length'][0]));
  return { status: Number(match[1]), headers, body };
}

function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) break;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The first value of a header, or undefined. */
export function header(res: RawResponse, name: string): string | undefined {
  return res.headers[name.toLowerCase()]?.[0];
}
