// The hostile values the mutations plant. None of them contains what the oracle looks for in a
// response (PostgreSQL error phrases, stack frames, this checkout's paths): a server that stores and
// echoes them back must not be reported as leaking.

export const ONE_MB = 1024 * 1024;
export const DEEP = 10_000;

export const SQL_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; SELECT pg_sleep(5)--",
  "1' AND pg_sleep(5) IS NULL --",
  "x') UNION SELECT NULL, NULL, NULL --",
  "%' OR 1=1 --",
  '\\\'; --',
  '$$; DELETE FROM workspaces; $$',
  "admin'--",
  '1 OR 1=1',
  "'||(SELECT version())||'",
  '%_%',
  "E'\\\\x27'",
];

export const TRAVERSAL_STRINGS = [
  '../../../../../../etc/passwd',
  '..\\..\\..\\..\\windows\\win.ini',
  '../../package.json',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '....//....//....//etc/passwd',
  '/etc/passwd',
  '..',
  '.',
  '~/.ssh/id_rsa',
  '..%c0%af..%c0%afetc%c0%afpasswd',
  'swagger-ui.css/../../../package.json',
];

/** Encoded path segments sent as written: the slash stays inside the parameter. */
export const RAW_TRAVERSAL_SEGMENTS = ['..%2F..%2F..%2Fpackage.json', '..%2f..%2f..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fpackage.json', '..%5c..%5cpackage.json'];

export const NUL_STRINGS = ['\u0000', 'abc\u0000def', 'news\u0000', '\u0000\u0000\u0000\u0000', 'a'.repeat(20) + '\u0000'];

export const BROKEN_UNICODE_STRINGS = ['\ud800', '\udfff', 'a\ud83d', '\udc00abc', 'x\ud800\ud800y', '\ufffe\uffff', '\u202e\u200b\ufeff'];

/** Byte sequences that are not UTF-8 at all (lone continuation, overlong, truncated, 0xFF). */
export const INVALID_UTF8 = [Buffer.from([0xff, 0xfe]), Buffer.from([0xc0, 0xaf]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0x80]), Buffer.from([0xe2, 0x82])];
/** The same in a URL. */
export const INVALID_UTF8_ENCODED = ['%FF%FE', '%C0%AF', '%ED%A0%80', '%80', '%E2%82', '%', '%zz', '%u0041'];

/** Values of another type, JSON side (the original's type is filtered out by the mutation). */
export const WRONG_TYPE_VALUES: unknown[] = [0, -1, 1.5, 1e308, 2147483648, true, false, null, '', 'not-a-number', [], [1, 'a'], {}, { a: { b: 1 } }];
/** The same, as a query or path value. */
export const WRONG_TYPE_STRINGS = ['abc', '-1', '0', '1.5', '1e308', '99999999999999999999', 'true', 'null', '[]', '{}', '', 'NaN', 'Infinity', '0x10', ' 1 '];

export const INVALID_JSON = [
  '{',
  '{"a":}',
  "{'a': 1}",
  '[1, 2',
  'nul',
  'tru',
  '{"a": 1} trailing',
  '{"a": 1,}',
  '"\\x41"',
  '{"a": "\\u12"}',
  '\ufeff{"a": 1}',
  'NaN',
  '-',
  '{"a": 1' + ' '.repeat(5000),
  '{"a"' + ':[' .repeat(50),
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
];

/** Valid JSON an unwary server mishandles. */
export const HOSTILE_JSON = ['{"__proto__": {"isSuperAdmin": true}}', '{"constructor": {"prototype": {"role": "Admin"}}}', '1e999999', '-0', '[]', '""', 'null', '123'];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=fuzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nonsense',
  'application/json;;;=',
  'application/jsonx',
  'application/octet-stream',
  '*/*',
  '',
  'a/b/c',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'text/json',
];

export const CONTENT_ENCODINGS = ['gzip', 'deflate', 'br', 'compress', 'x-fuzz', 'gzip, gzip'];

export const BOGUS_AUTHORIZATIONS = [
  'Bearer',
  'Bearer ',
  'Bearer x',
  'bearer abc',
  'Basic YWRtaW5AbG9jYWxob3N0OnBhc3N3b3Jk',
  'Bearer verso_0123456789abcdef01234567_notarealsecret',
  'Bearer verso__',
  'Bearer verso_' + 'f'.repeat(24),
  'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJhZG1pbiIsInZlcnNvX3JvbGUiOiJBZG1pbiJ9.',
  'Bearer eyJhbGciOiJIUzI1NiJ9.e30.ZRrHA1JJJW8opsbCGfG_HACGpVUMN_a9IV7pAx_Zmeo',
  'Bearer ' + 'A'.repeat(8000),
  'Bearer \' OR 1=1 --',
  'Bearer ../../etc/passwd',
  'Negotiate TlRMTVNTUAABAAAA',
  'Bearer a b c',
  'Bearer \u00ff\u00fe',
];
