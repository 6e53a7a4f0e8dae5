// A webhook receiver for tests: an HTTPS server on loopback (127.0.0.1 or ::1, a free port) that
// records every request it gets — method, path, headers, the raw body bytes and the TLS SNI name —
// and answers as programmed (a status, a delay, a redirect, a large body). It counts TCP
// connections as they are accepted, before any TLS, so a test can prove that something never
// reached it at all.
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { ServerCertificate } from './test-ca.js';

export interface ReceivedRequest {
  readonly method: string;
  /** Path and query as in the request line. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawHeaders: readonly string[];
  readonly body: Buffer;
  /** The SNI name the client sent (false when it sent none). */
  readonly servername: string | false;
  readonly receivedAt: number;
}

export interface ProgrammedAnswer {
  readonly status?: number;
  readonly delayMs?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
}

export interface HttpsReceiver {
  readonly host: '127.0.0.1' | '::1';
  readonly port: number;
  readonly requests: ReceivedRequest[];
  /** TCP connections accepted so far (a TLS failure or a proxy CONNECT would still count). */
  readonly connections: number;
  /** Answers requests with this until changed (default: 200, no delay). */
  answer(a: ProgrammedAnswer | ((r: ReceivedRequest) => ProgrammedAnswer)): void;
  /** Closes every open connection, kept-alive ones included. */
  dropConnections(): void;
  close(): Promise<void>;
}

export async function startHttpsReceiver(o: { certificate: ServerCertificate; host?: '127.0.0.1' | '::1' }): Promise<HttpsReceiver> {
  const host = o.host ?? '127.0.0.1';
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  let program: (r: ReceivedRequest) => ProgrammedAnswer = () => ({});
  const server = https.createServer({ cert: o.certificate.cert, key: o.certificate.key, keepAliveTimeout: 5_000 }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: { ...req.headers },
        rawHeaders: [...req.rawHeaders],
        body: Buffer.concat(chunks),
        servername: (req.socket as TLSSocket).servername ?? false,
        receivedAt: Date.now(),
      };
      requests.push(received);
      const a = program(received);
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, a.headers ?? {});
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(reply, a.delayMs).unref();
      else reply();
    });
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client that gives up mid-handshake is expected in these tests, not a server error.
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host,
    port,
    requests,
    get connections() {
      return connections;
    },
    answer(a) {
      program = typeof a === 'function' ? a : () => a;
    },
    dropConnections() {
      for (const s of sockets) s.destroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * How a sender under test reaches a receiver: a resolver that knows only the given test names
 * (anything else fails like an unknown name) and can be re-pointed between attempts.
 */
export function testResolver(names: Record<string, readonly string[]>): {
  resolve(host: string): Promise<Array<{ address: string; family: 4 | 6 }>>;
  set(host: string, addresses: readonly string[]): void;
  readonly asked: string[];
} {
  const table = new Map(Object.entries(names));
  const asked: string[] = [];
  return {
    asked,
    set: (host, addresses) => void table.set(host, addresses),
    async resolve(host) {
      asked.push(host);
      const found = table.get(host);
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
}
