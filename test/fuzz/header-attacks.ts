// Header injection, sent on a raw socket exactly as written. `protocolLevel` marks the ones that
// break HTTP/1.1 message syntax (RFC 9112: bare CR or LF, NUL, a malformed field name, obs-fold,
// conflicting framing, an oversized head) or carry an expectation the server does not know: Node's
// HTTP layer refuses those before express runs, so a 400, 417 or 431 is a fair answer there even
// where the operation does not declare it (it must still be a problem). The others are well-formed
// messages with hostile values that reach the application.

export interface HeaderAttack {
  readonly note: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly protocolLevel: boolean;
  /** A body to frame (for the framing attacks). */
  readonly body?: string;
}

const id = (s: string) => ['X-Correlation-Id', s] as const;

export const HEADER_ATTACKS: readonly HeaderAttack[] = [
  // Reach the application.
  { note: 'CRLF splits X-Correlation-Id into a second header', headers: [id('abc\r\nSet-Cookie: injected=1')], protocolLevel: false },
  { note: 'X-Correlation-Id of 8 KB', headers: [id('c'.repeat(8192))], protocolLevel: false },
  { note: 'X-Correlation-Id with obs-text bytes', headers: [id('\u00ff\u00fe\u00e9')], protocolLevel: false },
  { note: 'X-Correlation-Id with HTML and quotes', headers: [id('<script>alert(1)</script>"\'')], protocolLevel: false },
  { note: 'two X-Correlation-Id headers', headers: [id('first'), id('second')], protocolLevel: false },
  { note: 'X-Forwarded-For garbage', headers: [['X-Forwarded-For', '999.999.999.999, ::ffff:zz, <script>, ' + 'a'.repeat(300)]], protocolLevel: false },
  { note: 'X-Forwarded-For with 1000 hops', headers: [['X-Forwarded-For', Array.from({ length: 1000 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', ')]], protocolLevel: false },
  { note: 'If-Match with a CRLF-split tail', headers: [['If-Match', '"1-x"\r\nX-Injected: 1']], protocolLevel: false },
  { note: 'If-Match list of 500 tags', headers: [['If-Match', Array.from({ length: 500 }, (_, i) => `"${i}-a"`).join(', ')]], protocolLevel: false },
  { note: 'Accept: only XML', headers: [['Accept', 'application/xml']], protocolLevel: false },
  { note: 'Accept-Charset and Accept-Encoding nonsense', headers: [['Accept-Encoding', 'x-fuzz;q=2'], ['Accept-Charset', 'utf-7']], protocolLevel: false },
  { note: 'Expect: 100-continue without a body', headers: [['Expect', '100-continue']], protocolLevel: false },
  // Node's HTTP layer answers an expectation it does not know with 417 before any route is chosen.
  { note: 'Expect: something else', headers: [['Expect', 'x-fuzz']], protocolLevel: true },
  { note: 'X-HTTP-Method-Override: DELETE', headers: [['X-HTTP-Method-Override', 'DELETE']], protocolLevel: false },
  { note: 'Host: a path', headers: [['Host', '../../etc/passwd']], protocolLevel: false },
  // Break the message; Node's HTTP parser answers.
  { note: 'bare LF inside X-Correlation-Id', headers: [id('abc\nInjected: 1')], protocolLevel: true },
  { note: 'bare CR inside X-Correlation-Id', headers: [id('abc\rInjected: 1')], protocolLevel: true },
  { note: 'NUL inside X-Correlation-Id', headers: [id('abc\u0000def')], protocolLevel: true },
  { note: 'NUL inside Authorization', headers: [['Authorization', 'Bearer \u0000']], protocolLevel: true },
  { note: 'space inside a header name', headers: [['X Bad Name', '1']], protocolLevel: true },
  { note: 'header name with a colon and no value', headers: [['X-Empty:', '']], protocolLevel: true },
  { note: 'obs-fold continuation line', headers: [['X-Folded', 'one\r\n  two']], protocolLevel: true },
  { note: 'two different Content-Length headers', headers: [['Content-Length', '2'], ['Content-Length', '3']], protocolLevel: true, body: '{}' },
  { note: 'Content-Length and Transfer-Encoding together', headers: [['Content-Length', '2'], ['Transfer-Encoding', 'chunked']], protocolLevel: true, body: '0\r\n\r\n' },
  { note: 'Transfer-Encoding: chunked with a broken chunk', headers: [['Transfer-Encoding', 'chunked']], protocolLevel: true, body: 'zz\r\n{}\r\n0\r\n\r\n' },
  { note: 'Content-Length: -1', headers: [['Content-Length', '-1']], protocolLevel: true, body: '{}' },
  { note: 'a 64 KB Cookie', headers: [['Cookie', 'a='.padEnd(64 * 1024, 'b')]], protocolLevel: true },
  { note: '500 small headers', headers: Array.from({ length: 500 }, (_, i) => [`X-H${i}`, 'v'] as const), protocolLevel: false },
];
