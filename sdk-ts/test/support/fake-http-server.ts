// A programmable HTTP server on 127.0.0.1 for the SDK's resilience tests: each request takes the
// next scripted reply (status, headers, body, delay, or a dropped connection) and is recorded with
// its arrival time, so tests can assert attempts, headers and the waits between them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedReply {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON (problem+json for status >= 400 unless a content-type is given). */
  body?: unknown;
  /** Wait this long before answering (for timeouts and late responses). */
  delayMs?: number;
  /** Destroy the socket instead of answering (a network failure). */
  drop?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface FakeHttpServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Replies used in order; when they run out, `fallback` answers (default 200 `{}`). */
  script(...replies: ScriptedReply[]): void;
  fallback: ScriptedReply;
  close(): Promise<void>;
}

export async function startFakeHttpServer(): Promise<FakeHttpServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const state = { fallback: { status: 200, body: {} } as ScriptedReply };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() });
      const reply = queue.shift() ?? state.fallback;
      const answer = () => {
        if (reply.drop) {
          req.socket.destroy();
          return;
        }
        const status = reply.status ?? 200;
        const headers: Record<string, string> = { ...reply.headers };
        let payload = '';
        if (reply.body !== undefined) {
          if (typeof reply.body === 'string') payload = reply.body;
          else {
            payload = JSON.stringify(reply.body);
            headers['content-type'] ??= status >= 400 ? 'application/problem+json' : 'application/json';
          }
        }
        if (!res.destroyed) res.writeHead(status, headers).end(payload);
      };
      if (reply.delayMs) {
        const t = setTimeout(() => {
          timers.delete(t);
          answer();
        }, reply.delayMs);
        timers.add(t);
      } else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script: (...replies) => queue.push(...replies),
    get fallback() {
      return state.fallback;
    },
    set fallback(reply: ScriptedReply) {
      state.fallback = reply;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
