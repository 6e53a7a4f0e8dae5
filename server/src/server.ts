// Assembles and starts one API process: pool → migrations → dependencies → HTTP. Used by main.ts
// and, unchanged, by the tests, so the tests exercise the real server.
import { HotRenditions } from './services/media/hot-renditions.js';
import { PublicAssetCache } from './services/media/public-asset-cache.js';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, type Config } from './config.js';
import type { Interceptor } from 'slonik';
import { createDatabasePool } from './db/pool.js';
import { lookupPoolSize } from './cluster/connection-budget.js';
import { migrate } from './db/migrate.js';
import type { Dependencies } from './dependencies.js';
import { createApp } from './http/app.js';
import { answerClientError, HEADERS_TIMEOUT_MS, MAX_HEADER_BYTES, REQUEST_TIMEOUT_MS } from './http/client-error.js';
import type { Logger } from './logging/logger.js';
import { createStorageProvider } from './storage/create-provider.js';
import { loadContract, MIGRATIONS_DIR } from './contract.js';
import { createDbAuthenticator } from './services/identity/authenticator.js';
import { AccessLookups } from './db/identity/access-lookups.js';
import { HotPool } from './db/hot-pool.js';
import { NoticeListener, type NoticeHandlers } from './db/notice-listener.js';
import { CREDENTIAL_CHANNEL, parseCredentialChange } from './db/identity/credential-notices.js';
import { DELIVERY_CHANNEL, itemsWithMovedWindows, parseDeliveryChange, sendDeliveryBarrier } from './db/delivery/delivery-notices.js';
import { nextServingBoundary } from './db/delivery/content-serving.js';
import { CredentialCache } from './services/identity/credential-cache.js';
import { DeliveryCache } from './services/delivery/delivery-cache.js';
import { seedIdentity } from './services/identity/seed.js';
import { startMetrics, type Metrics } from './telemetry/metrics.js';
import { createWorkers, type WorkerWakeups } from './workers/index.js';
import { Wakeup } from './workers/wakeup.js';
import { WorkerHost } from './workers/worker-host.js';
import { createSecretBox, readSecretsSettings, type SecretsSettings } from './secrets/keyring.js';
import { createWebhookSender, privateDestinations } from './webhooks/egress/index.js';
import { createPublicUrlSigner } from './services/media/public-url-signer.js';
import { createSignInKeys } from './services/identity/sign-in-keys.js';
import { createRenditionEngine } from './services/media/rendition-engine.js';
import { OUTBOX_CHANNEL } from './db/webhooks/outbox-dispatch.js';
import { DELIVERY_CHANNEL as WEBHOOK_DELIVERY_CHANNEL } from './db/webhooks/deliveries.js';

export interface RunningApi {
  readonly url: string;
  readonly port: number;
  readonly deps: Dependencies;
  close(): Promise<void>;
}

export interface StartApiOptions {
  readonly logger: Logger;
  readonly databaseUrl: string;
  /** Replaces parts of the dependency set (tests use it to inject failures). */
  readonly overrides?: Partial<Omit<Dependencies, 'config' | 'db' | 'logger' | 'document' | 'metrics'>>;
  /** slonik interceptors for the main pool (benchmarks time its statements). */
  readonly databaseInterceptors?: readonly Interceptor[];
  /** Called with the SQL of every statement the API's pools run, the hot pool's too (tests count what a request costs). */
  readonly onStatement?: (sql: string) => void;
  /** The keyring settings when the caller read them already (main.ts does, to fail before PostgreSQL starts). */
  readonly secrets?: SecretsSettings;
  /**
   * Set by a cluster member (cluster/member.ts): its place in the cluster, and that the primary has
   * already applied the migrations (so they run once, before any process serves).
   */
  readonly cluster?: { readonly index: number; readonly migrated: true };
}

/** The main pool's interceptor that reports each statement to `onStatement` (none without one). */
function statementObserver(onStatement: StartApiOptions['onStatement']): Interceptor[] {
  if (!onStatement) return [];
  return [{ name: 'statement-observer', beforeQueryExecution: (_context, query) => (onStatement(query.sql), null) }];
}

export async function startApi(config: Config, options: StartApiOptions): Promise<RunningApi> {
  const { logger } = options;
  // The keyring first: a missing, placeholder or weak key stops start-up before anything listens.
  const secrets = options.secrets ?? readSecretsSettings(config.secretsEnvironment, { environment: config.environment, dataDirectory: config.data.directory });
  if (secrets.developmentKeyring) {
    logger.info(`signing secrets use the development keyring ${secrets.developmentKeyring.path}${secrets.developmentKeyring.created ? ' (created now)' : ''}`);
  }
  const secretBox = createSecretBox(secrets);
  const signingKeyId = config.media.public.signingKeyId ?? secrets.activeKeyId;
  if (!secrets.keys.has(signingKeyId)) {
    throw new ConfigError('Media__Public__SigningKeyId', `names the key "${signingKeyId}", which is not in the keyring (Secrets__EncryptionKeys__<keyId>)`);
  }
  const publicUrls = createPublicUrlSigner(secrets.keys, signingKeyId);
  const signInKeys = createSignInKeys(secrets.keys.get(secrets.activeKeyId)!);
  const document = await loadContract();
  const db = await createDatabasePool(options.databaseUrl, {
    size: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
    interceptors: [...(options.databaseInterceptors ?? []), ...statementObserver(options.onStatement)],
  });
  // The hot paths' statements (credential and workspace lookups, stored delivery documents): named
  // statements on a small pool of their own.
  const hot = new HotPool(options.databaseUrl, {
    size: lookupPoolSize(config.database.poolSize),
    statementTimeoutMs: config.database.statementTimeoutMs,
    onStatement: options.onStatement,
  });
  const lookups = new AccessLookups(hot);
  const credentialCache = new CredentialCache(config.auth.credentialCacheMs);
  const deliveryCache = new DeliveryCache(config.delivery.cacheMs, config.delivery.cacheBytes, {
    nextBoundary: (ws, after) => nextServingBoundary(db, ws, after),
    movedItems: (ws, from, to) => itemsWithMovedWindows(db, ws, from, to),
    sendBarrier: (token) => sendDeliveryBarrier(db, token),
  });
  // Changes on other replicas arrive here; without this connection neither cache is used.
  const notices: Record<string, NoticeHandlers[string]> = {};
  if (config.auth.credentialCacheMs > 0) notices[CREDENTIAL_CHANNEL] = (p) => credentialCache.evict(parseCredentialChange(p));
  // The public media route's asset rows ride on the delivery cache's notices and its writer
  // catch-up, so they are kept only when that cache is on.
  const publicAssets = new PublicAssetCache(config.delivery.cacheMs > 0 ? config.media.public.assetCacheMs : 0);
  if (config.delivery.cacheMs > 0) {
    notices[DELIVERY_CHANNEL] = (p) => {
      const change = parseDeliveryChange(p);
      publicAssets.apply(change);
      deliveryCache.apply(change);
    };
  }
  // Webhook wake-ups: an event written or a delivery made due on any replica starts the workers at
  // once instead of at their next poll (publish → receipt in well under a second).
  const wakeups: WorkerWakeups = { outbox: new Wakeup(), delivery: new Wakeup() };
  if (config.workers.enabled) {
    notices[OUTBOX_CHANNEL] = () => wakeups.outbox.notify();
    notices[WEBHOOK_DELIVERY_CHANNEL] = () => wakeups.delivery.notify();
  }
  const listener =
    Object.keys(notices).length > 0
      ? new NoticeListener(options.databaseUrl, logger, notices, (on) => {
          credentialCache.setListening(on);
          deliveryCache.setListening(on);
          publicAssets.setListening(on);
          if (on) {
            // Notices sent while the connection was down are lost: look once, now.
            wakeups.outbox.notify();
            wakeups.delivery.notify();
          }
        })
      : null;
  let metrics: Metrics | undefined;
  try {
    if (!options.cluster?.migrated) await migrate(options.databaseUrl, MIGRATIONS_DIR, (m) => logger.info(m));
    await seedIdentity(db, config, logger);
    await listener?.start();
    metrics = await startMetrics(config, db, logger, [...secrets.keys.keys()]);
    if (metrics.endpointUrl) logger.info(`metrics in Prometheus format on ${metrics.endpointUrl}`);
    const deps: Dependencies = {
      config,
      db,
      hot,
      storage: createStorageProvider(config),
      logger,
      authenticator: createDbAuthenticator(db, lookups, credentialCache, config, logger),
      workspaces: { exists: (id) => credentialCache.workspaceExists(id, (wid) => lookups.workspaceExists(wid)) },
      credentialCache,
      deliveryCache,
      metrics,
      secretBox,
      secretRotation: secrets.rotation,
      webhookSender: createWebhookSender({
        allowHttp: config.webhooks.allowHttp,
        dns: config.webhooks.dns,
        privateDestinations: privateDestinations(config.webhooks.allowedPrivateDestinations),
      }),
      document,
      publicUrls,
      signInKeys,
      renditions: createRenditionEngine(config.media.public, { logger, ipv6PrefixLength: config.edge.rateLimit.ipv6PrefixLength }),
      publicAssets,
      hotRenditions: new HotRenditions(config.media.public.hotCacheBytes),
      processIdentity: { index: options.cluster?.index ?? 0, pid: process.pid, runsWorkers: config.workers.enabled },
      ...options.overrides,
    };
    const app = await createApp(deps);
    // The limits are stated (README, Limits) rather than left to Node's defaults; what the parser
    // refuses is answered as problem details too.
    const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS }, app);
    server.on('clientError', answerClientError(logger));
    // An Expect other than 100-continue would get Node's bodiless 417; RFC 9110 lets a server ignore
    // it, so the request is answered like any other.
    server.on('checkExpectation', app);
    // Expect: 100-continue is answered by the body step (http/request-body.ts), once the caller has
    // passed the access step: a refused caller's upload never crosses the network.
    server.on('checkContinue', app);
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.api.port, config.api.host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const workers = new WorkerHost(config.workers.enabled ? createWorkers(deps, wakeups) : [], logger);
    workers.start();
    let closing: Promise<void> | undefined;
    return {
      url: `http://${config.api.host}:${port}`,
      port,
      deps,
      close() {
        closing ??= (async () => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          const timer = setTimeout(() => server.closeAllConnections(), config.api.shutdownTimeoutMs);
          await closed;
          clearTimeout(timer);
          await workers.stop();
          deps.webhookSender.close();
          // After the workers (they delete blobs): the S3 client's sockets.
          await deps.storage.close();
          // After the workers (they still count) and before the pool (the due gauge queries it).
          await deps.metrics.close();
          await listener?.close();
          await db.end();
          await hot.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await metrics?.close();
    await listener?.close();
    await db.end();
    await hot.close();
    throw err;
  }
}
