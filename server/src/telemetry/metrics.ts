// The operational metrics of one API process: the OpenTelemetry meter `Verso.Operational` (spec,
// "Operational telemetry", with svc.* named verso.*) and its instruments, grouped by area.
//
// Each API process builds its own MeterProvider and never registers it globally: the tests start
// many API processes inside one Node process, and a global provider would mix their counts and
// outlive a closed API. close() shuts the provider (and the endpoint) down.
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { DatabasePool } from 'slonik';
import type { Config } from '../config.js';
import type { Logger } from '../logging/logger.js';
import { servePrometheus, type PrometheusEndpoint } from './prometheus-endpoint.js';
import { createScheduleInstruments, type ScheduleInstruments } from './schedule-instruments.js';
import { createSecretInstruments, type SecretInstruments } from './secret-instruments.js';
import { createCleanupInstruments, createWebhookInstruments, type CleanupInstruments, type WebhookInstruments } from './webhook-instruments.js';
import { createMediaInstruments, type MediaInstruments } from './media-instruments.js';

export const METER_NAME = 'Verso.Operational';

export interface Metrics {
  readonly schedule: ScheduleInstruments;
  readonly webhooks: WebhookInstruments;
  readonly cleanup: CleanupInstruments;
  readonly secrets: SecretInstruments;
  readonly media: MediaInstruments;
  /** The Prometheus scrape URL while Metrics__Enabled is true, else null (no port is open). */
  readonly endpointUrl: string | null;
  /** Reads every instrument now, as a scrape does (observable gauges query then). */
  collect(): Promise<ResourceMetrics>;
  close(): Promise<void>;
}

/**
 * `secretKeyIds`: the configured keyring key ids, the only key_id label values the secret
 * instruments show (others become `unknown`).
 */
export async function startMetrics(config: Config, db: DatabasePool, logger: Logger, secretKeyIds: readonly string[] = []): Promise<Metrics> {
  // A pull reader: values are aggregated in memory and only serialised when read, so with the
  // endpoint off the instruments still count (collect() reads them) at the cost of an addition.
  const exporter = new PrometheusExporter({ preventServerStart: true });
  const provider = new MeterProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': 'verso', 'service.version': config.version })),
    readers: [exporter],
  });
  const meter = provider.getMeter(METER_NAME);
  const schedule = createScheduleInstruments(meter, db, logger);
  const webhooks = createWebhookInstruments(meter, db, logger);
  const cleanup = createCleanupInstruments(meter);
  const secrets = createSecretInstruments(meter, secretKeyIds);
  const media = createMediaInstruments(meter, db, logger);
  let endpoint: PrometheusEndpoint | null = null;
  try {
    if (config.metrics.enabled) endpoint = await servePrometheus(exporter, config.metrics.host, config.metrics.port);
  } catch (err) {
    await provider.shutdown();
    throw err;
  }
  return {
    schedule,
    webhooks,
    cleanup,
    secrets,
    media,
    endpointUrl: endpoint?.url ?? null,
    async collect() {
      const { resourceMetrics, errors } = await exporter.collect();
      if (errors.length) throw new AggregateError(errors, 'metrics collection failed');
      return resourceMetrics;
    },
    async close() {
      await endpoint?.close();
      await provider.shutdown();
    },
  };
}
