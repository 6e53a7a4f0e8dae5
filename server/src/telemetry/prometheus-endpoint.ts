// Serves the metrics in Prometheus text format at GET /metrics on a port of their own (never the
// API's: the endpoint has no authentication and scrapers should not pass the API's rate limits).
// The exporter's built-in server is not used: it turns port 0 into its default 9464, cannot tell
// which port it bound, and reports a failed listen only to a callback, while start-up here must
// fail when the configured port cannot be had.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PrometheusExporter } from '@opentelemetry/exporter-prometheus';

export const METRICS_PATH = '/metrics';

export interface PrometheusEndpoint {
  /** The scrape URL, with the port actually bound. */
  readonly url: string;
  close(): Promise<void>;
}

export async function servePrometheus(exporter: PrometheusExporter, host: string, port: number): Promise<PrometheusEndpoint> {
  const server = http.createServer((req, res) => {
    if (req.url?.split('?')[0] === METRICS_PATH) {
      exporter.getMetricsRequestHandler(req, res);
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => reject(new Error(`metrics endpoint cannot listen on ${host}:${port}: ${err.message}`, { cause: err })));
    // exclusive: in an API cluster (cluster/member.ts) each process binds its own metrics port
    // instead of sharing one through the primary, so a scrape always reads the same process.
    server.listen({ port, host, exclusive: true }, () => resolve());
  });
  const bound = server.address() as AddressInfo;
  const hostInUrl = bound.family === 'IPv6' ? `[${bound.address}]` : bound.address;
  return {
    url: `http://${hostInUrl}:${bound.port}${METRICS_PATH}`,
    close() {
      // A scrape is a read that the next scrape repeats; cutting one short at shutdown loses nothing.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
