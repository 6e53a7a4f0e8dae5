// One delivery attempt: POST the given bytes to an endpoint under the egress rules (spec, Egress
// rules; issue #15, Egress), and say how it went.
//
// Per attempt: the URL is checked again (destination.ts); the host is resolved once (an injected
// Resolver, else c-ares with caches and one lookup per name in flight: dns-resolver.ts); if that yields no address or any forbidden one (address-policy.ts)
// the attempt fails as `rejected_destination` without a connection (a resolver error such as
// ENOTFOUND is a `connection_failed`: nothing was judged, and it is retried like a refused connect). Otherwise the request goes out
// through our own agents (pinned-agent.ts: no proxy, ever) with a `lookup` that answers only with
// the approved addresses, while Host, TLS SNI and certificate verification use the original host
// name. Redirects are not followed (any 3xx is the failure `redirect`). One deadline, `timeoutMs`,
// covers resolution, connect, TLS and the response head; then at most 4 KiB of the response body
// is read and thrown away, within what is left of the deadline.
//
// A kept-alive socket that the receiver closed just as it was reused fails before any response;
// that request is sent again on a new connection (still within the deadline, same approved
// addresses): the receiver cannot have seen it.
//
// Error texts name the host, addresses, status and the failure, never the URL's path or query
// (webhook URLs often carry a token there), a header or the body (signatures), and are cut to
// 4000 characters.
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { defaultAddressPolicy, normaliseAddress, type AddressPolicy } from './address-policy.js';
import { parseDestination, type Destination } from './destination.js';
import { createPinnedAgents, type PinnedAgents } from './pinned-agent.js';
import { createDnsResolver, DEFAULT_DNS_OPTIONS } from './dns-resolver.js';
import { NO_PRIVATE_DESTINATIONS, type PrivateDestinations } from './private-destinations.js';
import type { ResolvedAddress, Resolver } from './resolver.js';

export type AttemptOutcome = 'delivered' | 'http_status' | 'redirect' | 'rejected_destination' | 'connection_failed' | 'timeout';

export interface AttemptResult {
  readonly outcome: AttemptOutcome;
  /** The receiver's HTTP status when it answered. */
  readonly statusCode: number | null;
  /** Null when delivered; otherwise why not, at most 4000 characters, never a secret. */
  readonly error: string | null;
}

export interface WebhookSendRequest {
  readonly url: string;
  /** Sent byte for byte (a string as its UTF-8 bytes): the signature covers exactly these. */
  readonly body: Buffer | string;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Aborting ends the attempt at once as `connection_failed` ("cancelled"). */
  readonly signal?: AbortSignal;
}

export interface WebhookSender {
  send(request: WebhookSendRequest): Promise<AttemptResult>;
  /** Closes kept-alive connections (process shutdown, end of a test). */
  close(): void;
}

export interface WebhookSenderOptions {
  readonly allowHttp: boolean;
  /** Webhook__Dns__*: the default resolver's total timeout per lookup and tries per DNS server. */
  readonly dns?: { readonly timeoutMs: number; readonly tries: number };
  /**
   * Webhook__AllowedPrivateDestinations (development and test only): host:port pairs whose
   * addresses may be private and which may use http://; resolved and pinned like any other.
   */
  readonly privateDestinations?: PrivateDestinations;
  /** Tests only: e.g. a test name → 127.0.0.1. Default: c-ares (dns-resolver.ts) with `dns`. */
  readonly resolver?: Resolver;
  /** Tests only: e.g. the default policy with loopback allowed. Default: the full forbidden list. */
  readonly policy?: AddressPolicy;
  /** Tests only: the test CA (replaces the system's roots). */
  readonly ca?: string | Buffer;
}

export const MAX_ERROR_LENGTH = 4000;
const MAX_RESPONSE_BODY_BYTES = 4096;
const MAX_SEND_TRIES = 3;
// Hop-by-hop headers and those the transport owns; a caller's value for them is dropped.
const TRANSPORT_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'upgrade', 'expect']);

const result = (outcome: AttemptOutcome, statusCode: number | null, error: string | null): AttemptResult => ({
  outcome,
  statusCode,
  error: error === null ? null : error.length > MAX_ERROR_LENGTH ? `${error.slice(0, MAX_ERROR_LENGTH - 1)}…` : error,
});

export function createWebhookSender(o: WebhookSenderOptions): WebhookSender {
  const resolver = o.resolver ?? createDnsResolver(o.dns ?? DEFAULT_DNS_OPTIONS);
  const policy = o.policy ?? defaultAddressPolicy;
  const privateDestinations = o.privateDestinations ?? NO_PRIVATE_DESTINATIONS;
  const agents = createPinnedAgents({ ca: o.ca });

  async function send(request: WebhookSendRequest): Promise<AttemptResult> {
    const deadline = Date.now() + request.timeoutMs;
    const parsed = parseDestination(request.url, { allowHttp: o.allowHttp, policy, privateDestinations });
    if ('problem' in parsed) return result('rejected_destination', null, `Destination rejected: ${parsed.problem}`);
    const d = parsed.destination;
    const approved = d.literal ? [normaliseAddress(d.literal)] : await resolveAndCheck(d, deadline, request);
    if ('outcome' in approved) return approved;
    if (approved.some((a) => a === null)) return result('rejected_destination', null, `Destination rejected: ${d.host} is not an IP address.`);
    const pinned = approved as ResolvedAddress[];
    const body = typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
    const headers = outgoingHeaders(request.headers, body.length);
    for (let tries = 1; ; tries += 1) {
      const attempt = await attemptOnce(agents, d, pinned, { ...request, body, headers }, deadline);
      if (!attempt.retryOnNewConnection || tries >= MAX_SEND_TRIES) return attempt.result;
    }
  }

  async function resolveAndCheck(d: Destination, deadline: number, request: WebhookSendRequest): Promise<ResolvedAddress[] | AttemptResult> {
    const host = d.host;
    let found: readonly ResolvedAddress[];
    try {
      found = await beforeDeadline(resolver.resolve(host), deadline, request.signal);
    } catch (err) {
      if (err === DEADLINE) return result('timeout', null, `Timed out after ${request.timeoutMs} ms resolving ${host}.`);
      if (err === ABORTED) return result('connection_failed', null, CANCELLED);
      return result('connection_failed', null, `Could not resolve ${host}: ${reasonOf(err)}.`);
    }
    if (!Array.isArray(found) || found.length === 0) return result('rejected_destination', null, `Destination rejected: ${host} resolved to no address; not connecting.`);
    const approved = new Map<string, ResolvedAddress>();
    for (const entry of found) {
      const n = normaliseAddress(entry?.address);
      if (!n) return result('rejected_destination', null, `Destination rejected: ${host} resolved to something that is not an IP address; not connecting.`);
      // A listed private destination (the name, or this address, on this port) is the developer's own receiver.
      const forbidden = d.listedPrivate || privateDestinations.allows(n.address, d.port) ? null : policy.isForbidden(n.address);
      // One forbidden address refuses the whole name: a name that also points inside is not an
      // outside receiver, whichever address a connection would happen to pick.
      if (forbidden) return result('rejected_destination', null, `Destination rejected: ${host} resolves to ${n.address}, ${forbidden}; not connecting.`);
      approved.set(n.address, n);
    }
    return [...approved.values()];
  }

  return {
    send,
    close: () => {
      agents.destroy();
      resolver.close?.();
    },
  };
}

function outgoingHeaders(given: Readonly<Record<string, string>>, length: number): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) if (!TRANSPORT_HEADERS.has(name.toLowerCase())) headers[name] = value;
  const has = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);
  if (!has('content-type')) headers['Content-Type'] = 'application/json';
  if (!has('user-agent')) headers['User-Agent'] = 'Verso-Webhooks/1';
  headers['Content-Length'] = String(length);
  return headers;
}

interface AttemptOnce {
  readonly result: AttemptResult;
  readonly retryOnNewConnection: boolean;
}

function attemptOnce(
  agents: PinnedAgents,
  d: Destination,
  pinned: readonly ResolvedAddress[],
  request: WebhookSendRequest & { body: Buffer; headers: Record<string, string> },
  deadline: number,
): Promise<AttemptOnce> {
  return new Promise((resolve) => {
    let settled = false;
    let stage = 'connecting';
    let answered: AttemptResult | null = null;
    const addresses = pinned.map((a) => a.address).join(', ');
    // Answers only with the addresses this attempt approved; net asks with `all` (happy eyeballs).
    const lookup: LookupFunction = (hostname, options, callback) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const list = pinned.filter((a) => family === 0 || a.family === family);
      const first = list[0];
      if (hostname !== d.host || !first) {
        callback(Object.assign(new Error(`no approved address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
      } else if (options.all) {
        (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, list.map((a) => ({ address: a.address, family: a.family })));
      } else {
        callback(null, first.address, first.family);
      }
    };
    const https_ = d.protocol === 'https:';
    const options = {
      host: d.host,
      port: d.port,
      path: d.path,
      method: 'POST',
      headers: request.headers,
      agent: https_ ? agents.https : agents.http,
      lookup,
      pinned,
      // SNI carries names only (RFC 6066); for an IP literal the certificate is checked against the address.
      ...(https_ && !d.literal ? { servername: d.host } : {}),
    };

    let req: http.ClientRequest;
    const finish = (r: AttemptResult, retryOnNewConnection = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      resolve({ result: r, retryOnNewConnection });
    };
    const timer = setTimeout(() => {
      finish(answered ?? result('timeout', null, `Timed out after ${request.timeoutMs} ms ${stage} (${d.host}: ${addresses}).`));
      req?.destroy();
    }, Math.max(0, deadline - Date.now()));
    const onAbort = () => {
      finish(result('connection_failed', null, CANCELLED));
      req?.destroy();
    };
    if (request.signal?.aborted) return onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });

    try {
      req = (https_ ? https : http).request(options);
    } catch (err) {
      return finish(result('connection_failed', null, `The request could not be made: ${reasonOf(err)}.`));
    }
    req.on('socket', (socket) => {
      if (req.reusedSocket) {
        stage = 'waiting for the response';
        return;
      }
      socket.once('connect', () => (stage = https_ ? 'in the TLS handshake' : 'waiting for the response'));
      socket.once('secureConnect', () => (stage = 'waiting for the response'));
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      answered = classify(status, res.statusMessage, res.headers.location, d);
      const done = () => finish(answered!);
      let seen = 0;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > MAX_RESPONSE_BODY_BYTES) {
          res.destroy();
          done();
        }
      });
      res.once('end', done);
      res.once('error', done);
      res.once('close', done);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return finish(answered);
      const stale = req.reusedSocket && ['ECONNRESET', 'EPIPE', 'ECONNABORTED'].includes(err.code ?? '');
      finish(result('connection_failed', null, connectionFailure(err, d, addresses, stage)), stale);
    });
    req.end(request.body);
  });
}

function classify(status: number, statusMessage: string | undefined, location: string | undefined, d: Destination): AttemptResult {
  if (status >= 200 && status <= 299) return result('delivered', status, null);
  if (status >= 300 && status <= 399) {
    return result('redirect', status, `The receiver answered ${status} (a redirect${location ? ` to ${originOf(location, d)}` : ''}); redirects are not followed.`);
  }
  const text = statusMessage ? ` ${statusMessage.slice(0, 200)}` : '';
  return result('http_status', status, `The receiver answered HTTP ${status}${text}.`);
}

function originOf(location: string, d: Destination): string {
  try {
    const base = `${d.protocol}//${d.literal && d.literal.includes(':') ? `[${d.host}]` : d.host}:${d.port}/`;
    const u = new URL(location, base);
    return `${u.protocol}//${u.host}`;
  } catch {
    return 'an invalid location';
  }
}

const TLS_VERIFY = /CERT|SIGNATURE|ALTNAME|ISSUER|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET/;

function connectionFailure(err: NodeJS.ErrnoException, d: Destination, addresses: string, stage: string): string {
  const code = err.code ?? '';
  if (TLS_VERIFY.test(code)) return `The TLS certificate of ${d.host} was not accepted (${addresses}): ${reasonOf(err)}.`;
  if (code === 'ECONNREFUSED') return `Connection refused by ${d.host} (${addresses}, port ${d.port}).`;
  return `Could not deliver to ${d.host} (${addresses}) ${stage}: ${reasonOf(err)}.`;
}

function reasonOf(err: unknown): string {
  if (err instanceof AggregateError && err.errors.length > 0) return err.errors.map((e) => reasonOf(e)).join('; ');
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    const message = err.message || code || err.name;
    return code && !message.includes(code) ? `${code}: ${message}` : message;
  }
  return String(err);
}

const CANCELLED = 'Cancelled: the attempt was stopped before it completed.';
const DEADLINE = Symbol('deadline');
const ABORTED = Symbol('aborted');

/** The promise, unless the deadline passes (DEADLINE) or the attempt is aborted (ABORTED) first. */
function beforeDeadline<T>(promise: Promise<T>, deadline: number, signal?: AbortSignal): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const ended = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(DEADLINE), Math.max(0, deadline - Date.now()));
    onAbort = () => reject(ABORTED);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, ended]).finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort!);
  });
}
