// The webhook-url class (issue #23): every spelling of an address a webhook may never reach, and
// URLs with user information, sent as the URL of a webhook endpoint that is otherwise valid (Admin
// caller, the target workspace, a current event type, the seeded endpoint's ETag for an update).
// Each must be refused at registration: 400 (schema) or 422 (the URL rule). The oracle reports a
// 2xx as `accepted-forbidden-url` and any other answer as `not-refused`: the URL rule was not what
// answered, so the case proved nothing. Only spellings that registration itself can judge are
// here: a name that merely resolves to a private address is refused later, at delivery.
import fc from 'fast-check';
import type { OperationSpec } from './contract-operations.js';
import type { FuzzRequest } from './fuzz-request.js';

export const FORBIDDEN_WEBHOOK_URLS: readonly string[] = [
  // Loopback, every IPv4 spelling WHATWG accepts.
  'https://127.0.0.1/hook',
  'https://127.1/hook',
  'https://127.0.1/hook',
  'https://2130706433/hook',
  'https://0x7f000001/hook',
  'https://0x7f.0x0.0x0.0x1/hook',
  'https://0177.0.0.1/hook',
  'https://017700000001/hook',
  'https://127.000.000.001/hook',
  'https://127.0.0.1./hook',
  'https://127.255.255.254:8443/hook',
  // Unspecified, this network, broadcast.
  'https://0.0.0.0/hook',
  'https://0/hook',
  'https://0.1.2.3/hook',
  'https://255.255.255.255/hook',
  // Private, CGNAT, link-local and the cloud metadata address, in a few spellings each.
  'https://10.0.0.1/hook',
  'https://012.0.0.1/hook',
  'https://167772161/hook',
  'https://172.16.0.1/hook',
  'https://172.31.255.255/hook',
  'https://192.168.1.1/hook',
  'https://0xc0a80101/hook',
  'https://100.64.0.1/hook',
  'https://100.127.255.254/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://2852039166/latest/meta-data/',
  'https://0xa9fea9fe/latest/meta-data/',
  'https://0251.0376.0251.0376/latest/meta-data/',
  'https://169.254.0.1/hook',
  // Reserved, documentation, benchmarking, multicast.
  'https://192.0.0.1/hook',
  'https://192.0.2.1/hook',
  'https://198.18.0.1/hook',
  'https://203.0.113.9/hook',
  'https://224.0.0.1/hook',
  'https://240.0.0.1/hook',
  // IPv6: loopback, unspecified, IPv4-mapped and -compatible, NAT64 of a private address,
  // link-local, unique-local, site-local, multicast, documentation, 6to4 and Teredo.
  'https://[::1]/hook',
  'https://[0:0:0:0:0:0:0:1]/hook',
  'https://[::]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:7f00:1]/hook',
  'https://[::ffff:169.254.169.254]/hook',
  'https://[::ffff:10.0.0.1]/hook',
  'https://[::127.0.0.1]/hook',
  'https://[64:ff9b::10.0.0.1]/hook',
  'https://[64:ff9b::a9fe:a9fe]/hook',
  'https://[fe80::1]/hook',
  'https://[febf::1]/hook',
  'https://[fc00::1]/hook',
  'https://[fd12:3456:789a::1]/hook',
  'https://[fec0::1]/hook',
  'https://[ff02::1]/hook',
  'https://[2001:db8::1]/hook',
  'https://[2002:7f00:1::1]/hook',
  'https://[2001::1]/hook',
  'https://[fd00:ec2::254]/latest/meta-data/',
  // Loopback names (RFC 6761), trailing dots, case and IDNA-mapped spellings of them and of addresses.
  'https://localhost/hook',
  'https://localhost./hook',
  'https://LOCALHOST/hook',
  'https://api.localhost/hook',
  'https://a.b.localhost./hook',
  'https://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/hook',
  'https://ｌｏｃａｌｈｏｓｔ/hook',
  'https://１２７．０．０．１/hook',
  'https://127。0。0。1/hook',
  'https://①②⑦.0.0.1/hook',
  'https://example.com../hook',
  // User information, any form of it: the `@` alone is enough.
  'https://@hooks.example.com/hook',
  'https://:@hooks.example.com/hook',
  'https://user@hooks.example.com/hook',
  'https://user:pass@hooks.example.com/hook',
  'https://hooks.example.com@127.0.0.1/hook',
  // Not https (this server does not allow http), a fragment, port 0, whitespace.
  'http://hooks.example.com/hook',
  'ftp://hooks.example.com/hook',
  'https://hooks.example.com/hook#frag',
  'https://hooks.example.com:0/hook',
  'https://hooks.example.com/ho ok',
  'https://hooks.example.com/\u0000',
];

/** A current event type: the only thing wrong with the request is its URL. */
const EVENTS = ['content.created', 'content.deleted'];

export const WEBHOOK_URL_OPERATIONS = new Set(['createWebhookEndpoint', 'updateWebhookEndpoint']);

/** The request of case `i`: `req` with a valid body around the forbidden URL, sent by the Admin caller. */
export function withForbiddenUrl(req: FuzzRequest, op: OperationSpec, url: string, endpointId: string | undefined, ws: string): FuzzRequest {
  const update = op.operationId === 'updateWebhookEndpoint';
  // An update keeps the endpoint switched off: should one of these URLs ever be accepted, nothing is sent to it.
  const value = update ? { name: 'fuzz endpoint', url, isActive: false, events: EVENTS } : { name: 'fuzz endpoint', url, events: EVENTS };
  return {
    ...req,
    attack: 'webhook-url',
    caller: 'Admin',
    pathParams: { ...req.pathParams, workspaceId: ws, ...(update && endpointId ? { id: endpointId } : {}) },
    rawPathParams: undefined,
    query: [],
    rawQuery: undefined,
    headers: req.headers.filter(([n]) => n.toLowerCase() === 'if-match'),
    authorization: undefined,
    body: { kind: 'json', value, contentType: 'application/json' },
    ifMatchFromRead: update,
    protocolLevel: false,
    note: `url ← ${JSON.stringify(url)}`,
  };
}

export function webhookUrlAttack(endpointId: () => string | undefined, ws: string) {
  return (req: FuzzRequest, op: OperationSpec): fc.Arbitrary<FuzzRequest> =>
    fc.constantFrom(...FORBIDDEN_WEBHOOK_URLS).map((url) => withForbiddenUrl(req, op, url, endpointId(), ws));
}
