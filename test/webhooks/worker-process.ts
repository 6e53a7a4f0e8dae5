// A webhook worker in a process of its own, for the crash tests (reliability.test.ts): it builds
// the dispatcher or the delivery worker exactly as the API process does (same modules, same
// settings from the environment) and runs passes back to back until it is killed. The parent
// SIGKILLs it mid-batch and checks what another worker makes of the leases left behind.
//
//   node --import tsx test/webhooks/worker-process.ts <dispatch|delivery>
//   env: DATABASE_URL, Secrets__* (the API's keyring), VERSO_TEST_CA_FILE (delivery), and
//        VERSO_TEST_HOSTS: JSON { "host.name": ["127.0.0.1"] } (delivery), plus Webhook__* settings.
// It prints "ready" once running and one line per pass that handled something.
import fs from 'node:fs';
import os from 'node:os';
import { loadConfig } from '../../server/src/config.js';
import { createDatabasePool } from '../../server/src/db/pool.js';
import { createLogger } from '../../server/src/logging/logger.js';
import { createSecretBox, readSecretsSettings } from '../../server/src/secrets/keyring.js';
import { startMetrics } from '../../server/src/telemetry/metrics.js';
import { createWebhookSender, defaultAddressPolicy } from '../../server/src/webhooks/egress/index.js';
import { createWebhookDeliveryWorker } from '../../server/src/workers/webhook-delivery.js';
import { createWebhookDispatchWorker } from '../../server/src/workers/webhook-dispatch.js';
import type { BackgroundWorker } from '../../server/src/workers/worker-host.js';
import { testResolver } from '../helpers/https-receiver.js';

const role = process.argv[2];
const config = loadConfig(process.env, { version: 'worker-process', cwd: os.tmpdir() });
const db = await createDatabasePool(process.env.DATABASE_URL!, { size: 4, statementTimeoutMs: 30_000 });
const logger = createLogger({ level: 'warn' });
const metrics = await startMetrics(config, db, logger);
const { webhooks } = config;

let worker: BackgroundWorker;
if (role === 'dispatch') {
  worker = createWebhookDispatchWorker(db, logger, metrics.webhooks, webhooks.outbox);
} else if (role === 'delivery') {
  const secrets = readSecretsSettings(config.secretsEnvironment, { environment: config.environment, dataDirectory: config.data.directory });
  const sender = createWebhookSender({
    allowHttp: false,
    resolver: testResolver(JSON.parse(process.env.VERSO_TEST_HOSTS ?? '{}') as Record<string, string[]>),
    policy: { isForbidden: (a) => (a === '127.0.0.1' ? null : defaultAddressPolicy.isForbidden(a)) },
    ca: fs.readFileSync(process.env.VERSO_TEST_CA_FILE!, 'utf8'),
  });
  worker = createWebhookDeliveryWorker(
    {
      db,
      secretBox: createSecretBox(secrets),
      sender,
      instruments: metrics.webhooks,
      secretInstruments: metrics.secrets,
      logger,
      maxAttempts: webhooks.maxAttempts,
      requestTimeoutMs: webhooks.requestTimeoutMs,
    },
    webhooks.delivery,
  );
} else {
  throw new Error(`unknown role ${role}`);
}

process.stdout.write('ready\n');
const signal = new AbortController().signal;
for (;;) {
  const handled = await worker.runOnce(signal);
  if (handled > 0) process.stdout.write(`handled ${handled}\n`);
  else await new Promise((r) => setTimeout(r, 20));
}
