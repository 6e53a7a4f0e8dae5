// Every setting Verso reads, read once from the environment, validated and frozen.
//
// Names follow the spec (`Section__Key`). A bad value stops start-up with a message that names the
// setting, so a typo never turns into a silently different default.
import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { DEFAULT_PASSWORD_MIN_LENGTH, DEFAULT_PASSWORD_MINIMUM_SCORE, PASSWORD_MIN_LENGTH_RANGE, passwordViolations, type PasswordPolicy } from './services/identity/password-rules.js';
import { personalWords } from './services/identity/password-strength.js';

export type Environment = 'development' | 'test' | 'production';
export type StorageProviderName = 'local' | 's3';
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

export interface Config {
  readonly environment: Environment;
  readonly version: string;
  readonly api: {
    readonly port: number;
    readonly host: string;
    readonly swaggerEnabled: boolean;
    readonly healthDashboardEnabled: boolean;
    readonly maxRequestBodyBytes: number;
    readonly shutdownTimeoutMs: number;
    /**
     * Processes serving the API on one port (node:cluster, server/src/cluster/); 1 = this process
     * alone, as before. `auto` is resolved here to one per core.
     */
    readonly processes: number;
  };
  readonly admin: { readonly port: number; readonly apiBaseUrl: string };
  readonly data: { readonly directory: string };
  readonly database: {
    /** Null means: start the embedded PostgreSQL under the data directory. */
    readonly url: string | null;
    readonly embeddedPort: number;
    readonly poolSize: number;
    readonly statementTimeoutMs: number;
  };
  readonly storage: StorageConfig;
  readonly logging: { readonly level: LogLevel };
  readonly media: MediaConfig;
  /**
   * Delivery reads kept in memory (services/delivery-cache.ts); cacheMs 0 turns the cache off.
   * `documents`: by-slug answers at "now" stored in PostgreSQL for every replica (migration 0028);
   * `listPages`: how many resolved list pages at "now" each workspace keeps there (0032; 0: none).
   */
  readonly delivery: { readonly cacheMs: number; readonly cacheBytes: number; readonly documents: boolean; readonly listPages: number };
  /** Draft preview (issue #27): the longest a preview token may live. */
  readonly preview: { readonly maxLifetimeMinutes: number };
  /**
   * What a CDN in front of the delivery reads is told (issue #27 §2): `Cache-Control` of published
   * delivery reads, and the header names that carry their purge keys (empty: none sent).
   */
  readonly cdn: { readonly cacheControl: string; readonly purgeKeyHeaders: readonly string[]; readonly purgeKeyHeaderBytes: number };
  /** Operational metrics (telemetry/metrics.ts): always recorded, served on their own port only when enabled. */
  readonly metrics: { readonly enabled: boolean; readonly host: string; readonly port: number };
  readonly workers: {
    readonly enabled: boolean;
    readonly scheduledPublishing: { readonly intervalMs: number; readonly leaseMs: number; readonly batchSize: number };
    /**
     * The webhook workers one by one (upstream's worker selection): a replica may, say, fan out
     * but leave the POSTs to replicas with egress. Workers__Enabled=false turns all of them off.
     */
    readonly webhookDispatch: boolean;
    readonly webhookDelivery: boolean;
    readonly webhookRetention: boolean;
  };
  readonly webhooks: WebhookConfig;
  /**
   * The Secrets__* settings as set. The keyring (secrets/keyring.ts) reads and validates them when
   * the API starts, before it listens; kept apart because the keyring may create the development
   * keyring file, which loading configuration must not do.
   */
  readonly secretsEnvironment: Readonly<Record<string, string>>;
  readonly auth: AuthConfig;
  readonly seed: SeedConfig;
  readonly cors: CorsConfig;
  readonly edge: EdgeConfig;
}

/** Webhook delivery (upstream's WebhookOperationalOptions: names, defaults and ranges). */
export interface WebhookConfig {
  /** Plain http:// endpoints; only for controlled development (spec, Egress rules 5). */
  readonly allowHttp: boolean;
  /**
   * Webhook__AllowedPrivateDestinations__N: `host|port` keys (webhooks/egress/private-destinations.ts)
   * of a developer's own receivers, exempt from the address rules; always empty in production.
   */
  readonly allowedPrivateDestinations: readonly string[];
  /** Failed attempts after which a delivery is a dead letter. */
  readonly maxAttempts: number;
  readonly requestTimeoutMs: number;
  /** Name resolution of webhook hosts (webhooks/egress/dns-resolver.ts): total time per lookup, tries per DNS server. */
  readonly dns: { readonly timeoutMs: number; readonly tries: number };
  /** Live endpoints a workspace may have (active or not), and of those, how many may name one host: one event fans out to each. */
  readonly maxEndpointsPerWorkspace: number;
  readonly maxEndpointsPerHost: number;
  /** The dispatcher: outbox rows → one delivery per subscribed endpoint. */
  readonly outbox: { readonly pollIntervalMs: number; readonly leaseMs: number; readonly batchSize: number };
  /** The delivery worker: due deliveries → POSTs, `concurrency` of them at a time. */
  readonly delivery: { readonly pollIntervalMs: number; readonly leaseMs: number; readonly batchSize: number; readonly concurrency: number };
  /** Retention of processed outbox rows and delivered logs. */
  readonly cleanup: { readonly retentionDays: number; readonly batchSize: number; readonly intervalMs: number };
}

export interface AuthConfig {
  /** > 0: every touch moves the expiry to now + this; 0: fixed lifetime of absoluteExpiryMs. */
  readonly sessionSlidingExpiryMs: number;
  readonly sessionAbsoluteExpiryMs: number;
  readonly sessionTouchIntervalMs: number;
  readonly apiClientTouchIntervalMs: number;
  /** How long a verified session or API client is served from memory; 0 turns the cache off. */
  readonly credentialCacheMs: number;
  readonly oidc: {
    readonly enabled: boolean;
    readonly authority: string | null;
    readonly audience: string;
    readonly roleClaim: string;
    readonly workspaceClaim: string;
    readonly requireHttpsMetadata: boolean;
  };
  /**
   * Sign-in throttling per account and client (services/identity/sign-in-throttle.ts; README: Sign-in
   * throttling): after `maxFailures` failed sign-ins of one email from one client within `windowMs`,
   * that client's attempts for that email are the plain 401 for `lockMs`; past
   * `accountSlowdownAfter` failures of the email from all clients, clients without a device token
   * wait a doubling delay of at most `maxDelayMs`. `maxFailures` 0 turns it all off.
   */
  readonly lockout: {
    readonly maxFailures: number;
    readonly windowMs: number;
    readonly lockMs: number;
    readonly accountSlowdownAfter: number;
    readonly maxDelayMs: number;
  };
  /** What a new password must be (services/identity/password-rules.ts); login never applies it. */
  readonly password: PasswordPolicy;
}

/** Media uploads and the blob lifecycle (README: Media; upstream's names and defaults). */
export interface MediaConfig {
  /** Media__MaxFileSizeMb in bytes: one byte more is 413. */
  readonly maxFileSizeBytes: number;
  /** Media__AllowedMimeTypes: entries ending in `/` match by prefix, others exactly or followed by `.`. */
  readonly allowedMimeTypes: readonly string[];
  readonly operations: {
    /** Media__Operations__Enabled: this replica runs the reconciliation worker (with Workers__Enabled). */
    readonly enabled: boolean;
    readonly retentionMs: number;
    readonly abandonedUploadMs: number;
    readonly intervalMs: number;
    readonly leaseMs: number;
    readonly batchSize: number;
    readonly retryBaseMs: number;
    readonly retryMaxMs: number;
    readonly orphanGraceMs: number;
  };
  /** Media__Public__*: signed public URLs and renditions (services/media/public-*.ts). */
  readonly public: PublicMediaConfig;
}

/**
 * The transformations a public URL may ask for: a bounded set, so the renditions per asset (and the
 * storage they take) are bounded and a client can build any allowed URL without a secret.
 */
export interface PublicMediaConfig {
  /** Media__Public__Enabled (true): false answers every public media URL 404 and hands none out. */
  readonly enabled: boolean;
  /** Media__Public__Widths: the widths a rendition may name, ascending. */
  readonly widths: readonly number[];
  /** Media__Public__AnyWidth (false): any width up to the maximum (stored within the bounds below). */
  readonly anyWidth: boolean;
  /** Media__Public__MaxWidth / MaxHeight (2560): the largest output, after dpr. */
  readonly maxWidth: number;
  readonly maxHeight: number;
  /** Media__Public__DefaultQuality (75): the quality every rendition is encoded at (a URL cannot choose it). */
  readonly defaultQuality: number;
  /** Media__Public__MaxDpr (3): dpr 1 … this. */
  readonly dprs: readonly number[];
  /** Media__Public__MaxInputPixels (50,000,000): larger inputs are refused from their header (decompression bombs). */
  readonly maxInputPixels: number;
  /** Media__Public__TimeoutSeconds (20): one transform's budget. */
  readonly timeoutSeconds: number;
  /** Media__Public__Concurrency (cores / 2, 1–4): transforms running at once in this process. */
  readonly concurrency: number;
  /** Media__Public__QueueLength (200): transforms waiting; one more is 503. */
  readonly queueLength: number;
  /** Media__Public__QueuePerWorkspace (QueueLength / 4): transforms one workspace may have waiting; one more is 503 for it only. */
  readonly queuePerWorkspace: number;
  /** Media__Public__StoredPerAsset (32; 0 stores none): renditions stored per asset and content version; more are computed and served without being stored. */
  readonly storedPerAsset: number;
  /** Media__Public__StoredMiBPerWorkspace (2048; 0 stores none): the bytes of stored renditions per workspace; beyond, as above. */
  readonly storedBytesPerWorkspace: number;
  /** Media__Public__ColdPerMinute (120; 0 off): renditions one client (address, IPv6 by its RateLimit__Ipv6PrefixLength prefix) may have computed per minute; warm reads are not counted. */
  readonly coldPerMinute: number;
  /** Media__Public__BaseUrl: the origin public URLs are written with (empty: paths relative to the API). */
  readonly baseUrl: string;
  /** Media__Public__AssetCacheSeconds (10; 0 off): how long the route keeps an asset row (public-asset-cache.ts). */
  readonly assetCacheMs: number;
  /** Media__Public__HotCacheBytes (16 MiB; 0 off): small renditions kept in process as bytes (hot-renditions.ts). */
  readonly hotCacheBytes: number;
  /** Media__Public__SigningKeyId: the keyring key new URLs are signed with (null: Secrets__ActiveKeyId). */
  readonly signingKeyId: string | null;
}

/** Where media blobs live (spec: Limits, Deployment constraints). Every replica must use the same provider. */
export interface StorageConfig {
  readonly provider: StorageProviderName;
  /** Storage__Local__BasePath, else Storage__Local__RootPath, else <data>/media. */
  readonly localBasePath: string;
  /** Present when the provider is s3. */
  readonly s3: S3StorageConfig | null;
}

export interface S3StorageConfig {
  readonly bucketName: string;
  readonly region: string;
  /** Both or neither: without them the SDK's default credential chain applies (an instance role). */
  readonly accessKey: string | null;
  readonly secretKey: string | null;
  /** An S3-compatible endpoint (MinIO, …); null means AWS itself. */
  readonly serviceUrl: string | null;
  /** Path-style addressing (`host/bucket/key`): the default whenever serviceUrl is set. */
  readonly forcePathStyle: boolean;
}

export interface SeedConfig {
  readonly defaultWorkspace: { readonly name: string; readonly slug: string };
  readonly admin: {
    readonly email: string;
    readonly displayName: string;
    readonly password: string | null;
    readonly passwordHash: string | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly setting: string, message: string) {
    super(`Invalid configuration: ${setting} ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

class Reader {
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  /** The value exactly as set (secrets whose whitespace matters). */
  untrimmed(name: string): string | undefined {
    return this.env[name];
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) throw new ConfigError(name, `must be an integer, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const v = value.toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw new ConfigError(name, `must be true or false, got "${value}"`);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!match) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${value}"`);
    return match;
  }

  url(name: string, protocols: readonly string[]): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(name, 'must be a URL');
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(name, `must use ${protocols.join(' or ')}, got ${parsed.protocol}`);
    }
    return value;
  }
}

export function loadConfig(env: Env, options: { version: string; cwd?: string }): Config {
  const r = new Reader(env);
  const cwd = options.cwd ?? process.cwd();
  const environment = r.oneOf<Environment>('NODE_ENV', ['development', 'test', 'production'], 'development');
  const dataDirectory = path.resolve(cwd, r.string('Data__Directory', '.data'));
  const apiPort = r.int('Api__Port', 5000, 0, 65535);
  // Storage__Local__BasePath wins over RootPath when both are set (spec, Limits).
  const localBase = r.raw('Storage__Local__BasePath') ?? r.raw('Storage__Local__RootPath');

  const config: Config = {
    environment,
    version: options.version,
    api: {
      port: apiPort,
      host: r.string('Api__Host', '127.0.0.1'),
      swaggerEnabled: r.bool('Api__SwaggerEnabled', environment !== 'production'),
      healthDashboardEnabled: r.bool('Api__HealthDashboardEnabled', false),
      maxRequestBodyBytes: r.int('Api__MaxRequestBodyBytes', 4 * 1024 * 1024, 1024, 512 * 1024 * 1024),
      shutdownTimeoutMs: r.int('Api__ShutdownTimeoutSeconds', 10, 1, 600) * 1000,
      processes: readProcessCount(r),
    },
    admin: {
      port: r.int('Admin__Port', 5001, 0, 65535),
      apiBaseUrl: r.url('Admin__ApiBaseUrl', ['http:', 'https:']) ?? `http://127.0.0.1:${apiPort}`,
    },
    data: { directory: dataDirectory },
    database: {
      url: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      embeddedPort: r.int('Database__EmbeddedPort', 54329, 1, 65535),
      poolSize: r.int('Database__PoolSize', 10, 1, 200),
      statementTimeoutMs: r.int('Database__StatementTimeoutSeconds', 30, 1, 3600) * 1000,
    },
    storage: loadStorageConfig(r, path.resolve(cwd, localBase ?? path.join(dataDirectory, 'media'))),
    logging: { level: r.oneOf<LogLevel>('Logging__Level', ['error', 'warn', 'info', 'debug'], 'info') },
    media: loadMediaConfig(r),
    delivery: {
      // Entries end at every change and window boundary anyway; this bounds how long a change that
      // missed its notice could go unseen.
      cacheMs: r.int('Delivery__CacheSeconds', 60, 0, 3600) * 1000,
      cacheBytes: r.int('Delivery__CacheMegabytes', 64, 1, 16_384) * 1024 * 1024,
      documents: r.bool('Delivery__StoredDocuments', true),
      listPages: r.int('Delivery__StoredListPages', 256, 0, 65_536),
    },
    preview: { maxLifetimeMinutes: r.int('Preview__MaxLifetimeMinutes', 1440, 1, 1440) },
    cdn: loadCdnConfig(r),
    metrics: {
      enabled: r.bool('Metrics__Enabled', false),
      // Loopback by default: the endpoint has no authentication, so exposing it is a deliberate choice.
      host: r.string('Metrics__Host', '127.0.0.1'),
      // 9464 is the port registered for OpenTelemetry's Prometheus exporter; 0 takes any free port.
      port: r.int('Metrics__Port', 9464, 0, 65535),
    },
    workers: {
      enabled: r.bool('Workers__Enabled', true),
      scheduledPublishing: {
        intervalMs: r.int('Workers__ScheduledPublishing__IntervalSeconds', 60, 1, 3600) * 1000,
        leaseMs: r.int('Workers__ScheduledPublishing__LeaseSeconds', 300, 10, 3600) * 1000,
        batchSize: r.int('Workers__ScheduledPublishing__BatchSize', 100, 1, 1000),
      },
      webhookDispatch: r.bool('Workers__WebhookDispatch__Enabled', true),
      webhookDelivery: r.bool('Workers__WebhookDelivery__Enabled', true),
      webhookRetention: r.bool('Workers__WebhookRetention__Enabled', true),
    },
    webhooks: loadWebhookConfig(r, env, environment),
    secretsEnvironment: Object.fromEntries(
      Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('Secrets__') && e[1] !== undefined),
    ),
    auth: loadAuthConfig(r, environment),
    seed: loadSeedConfig(r),
    cors: loadCorsConfig(env),
    edge: loadEdgeConfig(r, env, environment),
  };
  return deepFreeze(config);
}

// A header field value without control characters (RFC 9110 field-value, visible ASCII and spaces),
// and header names as RFC 9110 tokens: a setting can never split or forge a response header.
const FIELD_VALUE = /^[\x20-\x7e]{1,512}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;

function loadCdnConfig(r: Reader): Config['cdn'] {
  // no-cache: a cache may keep a read but must revalidate it (If-None-Match) every time; a CDN
  // deployment purges by key instead and sets e.g. `public, s-maxage=300, stale-while-revalidate=60`.
  const cacheControl = r.string('Delivery__CacheControl', 'no-cache');
  if (!FIELD_VALUE.test(cacheControl)) throw new ConfigError('Delivery__CacheControl', 'must be a header value: printable ASCII, at most 512 characters');
  const names = r.untrimmed('Delivery__PurgeKeyHeaders');
  const purgeKeyHeaders = (names === undefined ? 'Surrogate-Key,Cache-Tag' : names).split(',').map((n) => n.trim()).filter((n) => n !== '');
  const bad = purgeKeyHeaders.find((n) => !HEADER_NAME.test(n));
  if (bad !== undefined) throw new ConfigError('Delivery__PurgeKeyHeaders', `has a name that is not a header name: "${bad}"`);
  // Each header's value is cut to whole keys within this size (services/delivery/purge-keys.ts says
  // why dropping the last item keys stays exact): Node's HTTP clients refuse more than 16 KB of
  // response headers in all, and CDNs cap a tag header at about as much.
  const purgeKeyHeaderBytes = r.int('Delivery__PurgeKeyHeaderMaxBytes', 4096, 128, 16_384);
  return { cacheControl, purgeKeyHeaders, purgeKeyHeaderBytes };
}

/** The most API processes one machine runs; beyond it the connections, not the cores, are the limit. */
export const MAX_PROCESSES = 64;

function readProcessCount(r: Reader): number {
  // Cores the process may use (cgroup and affinity limits included), capped like an explicit value.
  if (r.raw('Api__Processes')?.toLowerCase() === 'auto') return Math.min(os.availableParallelism(), MAX_PROCESSES);
  const value = r.raw('Api__Processes');
  if (value !== undefined && !/^-?\d+$/.test(value)) throw new ConfigError('Api__Processes', `must be an integer or auto, got "${value}"`);
  return r.int('Api__Processes', 1, 1, MAX_PROCESSES);
}

function loadWebhookConfig(r: Reader, env: Env, environment: Environment): WebhookConfig {
  const allowHttp = r.bool('Webhook__AllowHttp', false);
  // Spec, Egress rules 5: plain http is for controlled development only; in production it would
  // send signed payloads (and whatever the URL carries) in clear text.
  if (allowHttp && environment === 'production') {
    throw new ConfigError('Webhook__AllowHttp', 'must not be true in production (plain http webhook endpoints are for development only)');
  }
  // Issue #27 §3: a developer receives webhooks on their own machine. In production a listed
  // loopback or private destination would reopen the SSRF hole the egress rules close, so the
  // setting stops start-up there rather than being ignored (an operator would believe it worked).
  const privateEntries = indexedValues(env, 'Webhook__AllowedPrivateDestinations');
  const firstPrivate = privateEntries[0];
  if (firstPrivate && environment === 'production') {
    throw new ConfigError(firstPrivate.key, 'must not be set in production (private webhook destinations are for development and test only)');
  }
  const allowedPrivateDestinations = privateEntries.map((e) => {
    const parsed = parsePrivateDestination(e.value);
    if ('problem' in parsed) throw new ConfigError(e.key, parsed.problem);
    return parsed.key;
  });
  const requestTimeoutMs = r.int('Webhook__RequestTimeoutSeconds', 15, 1, 120) * 1000;
  const deliveryLeaseMs = r.int('Webhook__DeliveryLeaseSeconds', 300, 1, 1800) * 1000;
  // The lease is renewed at half its length while attempts run, but an attempt that outlives a
  // lease that could not be renewed (database away) would let another replica start the same one.
  if (deliveryLeaseMs <= requestTimeoutMs) {
    throw new ConfigError('Webhook__DeliveryLeaseSeconds', `must be longer than Webhook__RequestTimeoutSeconds (${requestTimeoutMs / 1000})`);
  }
  return {
    allowHttp,
    allowedPrivateDestinations,
    maxAttempts: r.int('Webhook__MaxAttempts', 10, 1, 100),
    requestTimeoutMs,
    dns: {
      timeoutMs: r.int('Webhook__Dns__TimeoutSeconds', 5, 1, 60) * 1000,
      tries: r.int('Webhook__Dns__Tries', 2, 1, 5),
    },
    // Amplification (issue #23): every event is POSTed once per subscribed endpoint, so endpoints
    // are capped per workspace, and per destination host so that one workspace cannot aim its whole
    // allowance at one receiver.
    maxEndpointsPerWorkspace: r.int('Webhook__MaxEndpointsPerWorkspace', 50, 1, 10_000),
    maxEndpointsPerHost: r.int('Webhook__MaxEndpointsPerHost', 10, 1, 10_000),
    outbox: {
      pollIntervalMs: r.int('Webhook__OutboxPollIntervalSeconds', 30, 1, 3600) * 1000,
      leaseMs: r.int('Webhook__OutboxLeaseSeconds', 300, 1, 1800) * 1000,
      batchSize: r.int('Webhook__OutboxBatchSize', 100, 1, 500),
    },
    delivery: {
      pollIntervalMs: r.int('Webhook__RetryPollIntervalSeconds', 30, 1, 3600) * 1000,
      leaseMs: deliveryLeaseMs,
      batchSize: r.int('Webhook__DeliveryBatchSize', 100, 1, 500),
      // Attempts of one batch in flight at once: a slow receiver holds one slot, not the batch.
      concurrency: r.int('Webhook__DeliveryConcurrency', 16, 1, 100),
    },
    cleanup: {
      retentionDays: r.int('Webhook__RetentionDays', 30, 1, 3650),
      batchSize: r.int('Webhook__CleanupBatchSize', 100, 1, 10_000),
      intervalMs: r.int('Webhook__CleanupIntervalSeconds', 3600, 1, 86_400) * 1000,
    },
  };
}

// S3's bucket naming rules (3–63 characters; lower-case letters, digits, dots and hyphens; a letter
// or digit at both ends; not shaped like an IP address).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function loadStorageConfig(r: Reader, localBasePath: string): StorageConfig {
  const provider = r.oneOf<StorageProviderName>('Storage__Provider', ['local', 's3'], 'local');
  if (provider !== 's3') return { provider, localBasePath, s3: null };
  const bucketName = r.raw('Storage__S3__BucketName');
  if (bucketName === undefined) throw new ConfigError('Storage__S3__BucketName', 'is required when Storage__Provider is s3');
  if (!BUCKET_NAME.test(bucketName) || bucketName.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(bucketName)) {
    throw new ConfigError('Storage__S3__BucketName', `is not a valid S3 bucket name: "${bucketName}"`);
  }
  const region = r.string('Storage__S3__Region', 'us-east-1');
  if (!/^[a-z0-9-]{1,64}$/.test(region)) throw new ConfigError('Storage__S3__Region', `is not a region name: "${region}"`);
  // Credentials are never echoed in an error message.
  const accessKey = r.raw('Storage__S3__AccessKey') ?? null;
  const secretKey = r.raw('Storage__S3__SecretKey') ?? null;
  if ((accessKey === null) !== (secretKey === null)) {
    throw new ConfigError(accessKey === null ? 'Storage__S3__AccessKey' : 'Storage__S3__SecretKey', 'must be set together with its pair (or neither, for the default credential chain)');
  }
  const serviceUrl = r.url('Storage__S3__ServiceUrl', ['http:', 'https:']);
  if (serviceUrl !== null) {
    const url = new URL(serviceUrl);
    if (url.username || url.password) throw new ConfigError('Storage__S3__ServiceUrl', 'must not carry credentials (use Storage__S3__AccessKey and SecretKey)');
    if (url.search || url.hash) throw new ConfigError('Storage__S3__ServiceUrl', 'must not have a query or fragment');
  }
  // Spec: a ServiceUrl enables path-style addressing unless ForcePathStyle is false.
  const forcePathStyle = r.bool('Storage__S3__ForcePathStyle', serviceUrl !== null);
  return { provider, localBasePath, s3: { bucketName, region, accessKey, secretKey, serviceUrl, forcePathStyle } };
}

function loadAuthConfig(r: Reader, environment: Environment): AuthConfig {
  const enabled = r.bool('Auth__Oidc__Enabled', false);
  const requireHttpsMetadata = r.bool('Auth__Oidc__RequireHttpsMetadata', environment === 'production');
  const authority = r.url('Auth__Oidc__Authority', requireHttpsMetadata ? ['https:'] : ['https:', 'http:']);
  if (enabled && !authority) throw new ConfigError('Auth__Oidc__Authority', 'is required when Auth__Oidc__Enabled is true');
  return {
    sessionSlidingExpiryMs: r.int('Auth__SessionSlidingExpiryMinutes', 480, 0, 525_600) * 60_000,
    sessionAbsoluteExpiryMs: r.int('Auth__SessionAbsoluteExpiryHours', 8, 1, 8760) * 3_600_000,
    sessionTouchIntervalMs: r.int('Auth__SessionTouchIntervalSeconds', 300, 1, 3600) * 1000,
    apiClientTouchIntervalMs: r.int('Auth__ApiClientTouchIntervalSeconds', 300, 1, 3600) * 1000,
    // Capped at five minutes: it bounds how long a change that missed its notice can go unseen.
    credentialCacheMs: r.int('Auth__CredentialCacheSeconds', 30, 0, 300) * 1000,
    oidc: {
      enabled,
      authority,
      audience: r.string('Auth__Oidc__Audience', 'verso'),
      roleClaim: r.string('Auth__Oidc__ClaimsMapping__Role', 'verso_role'),
      workspaceClaim: r.string('Auth__Oidc__ClaimsMapping__WorkspaceId', 'verso_workspace'),
      requireHttpsMetadata,
    },
    lockout: {
      maxFailures: r.int('Auth__Lockout__MaxFailures', 5, 0, 1000),
      windowMs: r.int('Auth__Lockout__WindowMinutes', 15, 1, 1440) * 60_000,
      // Capped at a day: the lock is also what an attacker can impose on the real user (README: Edge).
      lockMs: r.int('Auth__Lockout__DurationMinutes', 15, 1, 1440) * 60_000,
      accountSlowdownAfter: r.int('Auth__Lockout__AccountSlowdownAfter', 20, 1, 100_000),
      // Capped at a minute: the delay holds a request open, and proxies time out at about that.
      maxDelayMs: r.int('Auth__Lockout__MaxDelaySeconds', 10, 0, 60) * 1000,
    },
    password: readPasswordPolicy(r),
  };
}

function readPasswordPolicy(r: Reader): PasswordPolicy {
  const { min, max } = PASSWORD_MIN_LENGTH_RANGE;
  return {
    minLength: r.int('Auth__Password__MinLength', DEFAULT_PASSWORD_MIN_LENGTH, min, max),
    // zxcvbn's scale: 0 too guessable … 4 very unguessable; 0 here turns the estimate off.
    minimumScore: r.int('Auth__Password__MinimumScore', DEFAULT_PASSWORD_MINIMUM_SCORE, 0, 4),
  };
}

// Upstream's default list (.env.example): whole families of images, audio and video, PDF, plain
// text, JSON and the Office formats.
export const DEFAULT_ALLOWED_MIME_TYPES = [
  'image/',
  'audio/',
  'video/',
  'application/pdf',
  'text/plain',
  'application/json',
  'application/msword',
  'application/vnd.openxmlformats-officedocument',
] as const;

const MIME_ENTRY = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/([a-z0-9][a-z0-9!#$&^_.+-]*)?$/;

function loadMediaConfig(r: Reader): MediaConfig {
  const listed = r.raw('Media__AllowedMimeTypes');
  const allowedMimeTypes = listed === undefined ? [...DEFAULT_ALLOWED_MIME_TYPES] : listed.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (allowedMimeTypes.length === 0) throw new ConfigError('Media__AllowedMimeTypes', 'must list at least one type');
  const bad = allowedMimeTypes.find((t) => !MIME_ENTRY.test(t));
  if (bad !== undefined) throw new ConfigError('Media__AllowedMimeTypes', `has an entry that is not a MIME type or a "type/" prefix: "${bad}"`);
  const retryBaseMs = r.int('Media__Operations__RetryBaseSeconds', 30, 1, 86_400) * 1000;
  const retryMaxMs = r.int('Media__Operations__RetryMaxSeconds', 3600, 1, 604_800) * 1000;
  if (retryMaxMs < retryBaseMs) throw new ConfigError('Media__Operations__RetryMaxSeconds', 'must not be less than Media__Operations__RetryBaseSeconds');
  const intervalMs = r.int('Media__Operations__IntervalSeconds', 300, 1, 86_400) * 1000;
  return {
    maxFileSizeBytes: r.int('Media__MaxFileSizeMb', 50, 1, 5120) * 1024 * 1024,
    allowedMimeTypes,
    operations: {
      enabled: r.bool('Media__Operations__Enabled', true),
      retentionMs: r.int('Media__Operations__RetentionDays', 30, 0, 3650) * 86_400_000,
      abandonedUploadMs: r.int('Media__Operations__AbandonedUploadMinutes', 30, 1, 10_080) * 60_000,
      intervalMs,
      // A lease must outlive the slowest single blob delete; renewal runs at half of it.
      leaseMs: r.int('Media__Operations__LeaseSeconds', 300, 10, 3600) * 1000,
      batchSize: r.int('Media__Operations__BatchSize', 100, 1, 1000),
      retryBaseMs,
      retryMaxMs,
      orphanGraceMs: r.int('Media__Operations__OrphanGraceHours', 24, 1, 8760) * 3_600_000,
    },
    public: loadPublicMediaConfig(r),
  };
}

const DEFAULT_RENDITION_WIDTHS = [160, 320, 480, 640, 800, 960, 1200, 1600, 2000, 2560];

function intList(r: Reader, name: string, fallback: readonly number[], min: number, max: number): number[] {
  const value = r.raw(name);
  if (value === undefined) return [...fallback];
  const items = value.split(',').map((v) => v.trim()).filter(Boolean);
  if (items.length === 0 || items.length > 64) throw new ConfigError(name, 'must list 1 to 64 integers separated by commas');
  const numbers = items.map((v) => {
    if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new ConfigError(name, `has "${v}", not an integer between ${min} and ${max}`);
    return Number(v);
  });
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function loadPublicMediaConfig(r: Reader): PublicMediaConfig {
  const maxWidth = r.int('Media__Public__MaxWidth', 2560, 16, 8192);
  const maxHeight = r.int('Media__Public__MaxHeight', 2560, 16, 8192);
  const widths = intList(r, 'Media__Public__Widths', DEFAULT_RENDITION_WIDTHS, 1, 8192);
  const tooWide = widths.find((w) => w > Math.max(maxWidth, maxHeight));
  if (tooWide !== undefined) throw new ConfigError('Media__Public__Widths', `has ${tooWide}, more than Media__Public__MaxWidth and MaxHeight`);
  const defaultQuality = r.int('Media__Public__DefaultQuality', 75, 1, 100);
  const queueLength = r.int('Media__Public__QueueLength', 200, 0, 100_000);
  const queuePerWorkspace = r.int('Media__Public__QueuePerWorkspace', Math.max(1, Math.floor(queueLength / 4)), 0, 100_000);
  if (queuePerWorkspace > queueLength) throw new ConfigError('Media__Public__QueuePerWorkspace', 'must be at most Media__Public__QueueLength');
  const maxDpr = r.int('Media__Public__MaxDpr', 3, 1, 4);
  const baseUrl = r.string('Media__Public__BaseUrl', '').replace(/\/+$/, '');
  if (baseUrl !== '' && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(baseUrl)) throw new ConfigError('Media__Public__BaseUrl', 'must be an http(s) URL');
  return {
    enabled: r.bool('Media__Public__Enabled', true),
    widths,
    anyWidth: r.bool('Media__Public__AnyWidth', false),
    maxWidth,
    maxHeight,
    defaultQuality,
    dprs: Array.from({ length: maxDpr }, (_, i) => i + 1),
    // 50 MP: a 8000 × 6000 photo passes; a PNG declaring 50,000 × 50,000 does not, and is refused
    // from its header before a byte of it is decoded.
    maxInputPixels: r.int('Media__Public__MaxInputPixels', 50_000_000, 1_000_000, 268_402_689),
    timeoutSeconds: r.int('Media__Public__TimeoutSeconds', 20, 1, 600),
    // One per two cores by default (at most 4), each transform's libvips pipeline running on the
    // two (rendition-engine.ts): as fast through a cold flood as one per core, and a third less
    // memory with glibc's default arenas (bench/images.ts flood: 224 against 303 MiB on 2 cores).
    concurrency: r.int('Media__Public__Concurrency', Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2))), 1, 64),
    queueLength,
    queuePerWorkspace,
    storedPerAsset: r.int('Media__Public__StoredPerAsset', 32, 0, 10_000),
    storedBytesPerWorkspace: r.int('Media__Public__StoredMiBPerWorkspace', 2048, 0, 16 * 1024 * 1024) * 1024 * 1024,
    coldPerMinute: r.int('Media__Public__ColdPerMinute', 120, 0, 1_000_000),
    baseUrl,
    assetCacheMs: r.int('Media__Public__AssetCacheSeconds', 10, 0, 3600) * 1000,
    hotCacheBytes: r.int('Media__Public__HotCacheBytes', 16 * 1024 * 1024, 0, 4 * 1024 * 1024 * 1024),
    signingKeyId: r.raw('Media__Public__SigningKeyId') ?? null,
  };
}

const SLUG = /^[a-z0-9]+([-_][a-z0-9]+)*$/;

function loadSeedConfig(r: Reader): SeedConfig {
  const slug = r.string('Seed__DefaultWorkspace__Slug', 'default');
  if (!SLUG.test(slug) || slug.length > 100) throw new ConfigError('Seed__DefaultWorkspace__Slug', `is not a valid slug: "${slug}"`);
  const email = r.string('Seed__Admin__Email', 'admin@localhost');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ConfigError('Seed__Admin__Email', `is not an email address: "${email}"`);
  // Read untrimmed: a password's edge whitespace is exactly what the rules reject.
  const rawPassword = r.untrimmed('Seed__Admin__Password');
  const password = rawPassword === undefined || rawPassword === '' ? null : rawPassword;
  if (password !== null) {
    // The seed admin password is a new password like any other (issue #23: a 5-character one was accepted).
    const broken = passwordViolations(password, readPasswordPolicy(r), personalWords({ email, displayName: r.string('Seed__Admin__DisplayName', 'Administrator') }));
    if (broken.length) throw new ConfigError('Seed__Admin__Password', broken.map((v) => v.message).join(' '));
  }
  const passwordHash = r.raw('Seed__Admin__PasswordHash') ?? null;
  if (passwordHash !== null && !passwordHash.startsWith('$argon2id$')) {
    throw new ConfigError('Seed__Admin__PasswordHash', 'must be an argon2id hash ($argon2id$…)');
  }
  return {
    defaultWorkspace: { name: r.string('Seed__DefaultWorkspace__Name', 'Default'), slug },
    admin: { email, displayName: r.string('Seed__Admin__DisplayName', 'Administrator'), password, passwordHash },
  };
}

/**
 * The edge (server/src/http/edge/; README: Edge): who the client is, who may skip the limits, the
 * limits and the bans. Addresses and networks are held as canonical text (IPv4-mapped IPv6 as
 * IPv4); http/edge/address-set.ts parses them once more into matchers.
 */
export interface EdgeConfig {
  readonly trustedProxy: {
    /** TrustedProxy__TrustedProxies__N: peers whose X-Forwarded-For is believed. */
    readonly proxies: readonly string[];
    /** TrustedProxy__TrustedNetworks__N: the same for whole networks (CIDR). */
    readonly networks: readonly string[];
    /** TrustedProxy__ForwardedHeadersEnabled: the operator's declaration that the API runs behind a proxy. */
    readonly forwardedDeclared: boolean;
    readonly requireInProduction: boolean;
  };
  readonly allowList: { readonly ips: readonly string[]; readonly networks: readonly string[] };
  readonly rateLimit: {
    readonly enabled: boolean;
    readonly perActorPerMinute: number;
    readonly perIpPerMinute: number;
    /** Keys one window may hold (oldest dropped first): the limiter's memory bound. */
    readonly maxKeys: number;
    /**
     * RateLimit__Ipv6PrefixLength: an IPv6 client is its prefix of this many bits for the windows,
     * the bans and the allow-list (one subscriber holds a whole /64 or more and can rotate within it).
     */
    readonly ipv6PrefixLength: number;
  };
  readonly ipBan: {
    readonly enabled: boolean;
    readonly rejectionThreshold: number;
    readonly windowMs: number;
    readonly banDurationMs: number;
    /** Addresses the ban table may hold, watched and banned each (oldest dropped first): its memory bound. */
    readonly maxAddresses: number;
  };
}

// Webhook__AllowedPrivateDestinations__N entries (issue #27 §3; webhooks/egress/private-destinations.ts
// uses them): `host:port`, kept as `host|port` keys in one spelling.
/** A host spelled one way: IP addresses canonical (no brackets), names lower-case without a trailing dot. */
export function canonicalDestinationHost(host: string): string {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.isValid(bare)) return ipaddr.parse(bare).toString();
  return bare.toLowerCase().replace(/\.$/, '');
}

const NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

/**
 * One configured entry as `host:port` in canonical spelling, or a plain-words reason it is not one.
 * IPv6 addresses are written in brackets (`[::1]:4000`), as in a URL.
 */
export function parsePrivateDestination(text: string): { key: string } | { problem: string } {
  const m = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(text.trim());
  if (!m) return { problem: `must be host:port (e.g. 127.0.0.1:4000 or [::1]:4000), got "${text}"` };
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return { problem: `has a port outside 1–65535: "${text}"` };
  const raw = m[1]!;
  const bracketed = raw.startsWith('[');
  const host = canonicalDestinationHost(raw);
  if (bracketed && !ipaddr.IPv6.isValid(host)) return { problem: `has something in brackets that is not an IPv6 address: "${text}"` };
  if (!ipaddr.isValid(host) && !NAME.test(host)) return { problem: `has a host that is neither an IP address nor a host name: "${text}"` };
  return { key: `${host}|${port}` };
}

/** The values of `Prefix__N` settings in index order, empty ones skipped. */
function indexedValues(env: Env, prefix: string): { key: string; value: string }[] {
  const pattern = new RegExp(`^${prefix}__(\\d+)$`);
  return Object.entries(env)
    .map(([key, value]) => ({ key, match: pattern.exec(key), value: value?.trim() ?? '' }))
    .filter((e): e is { key: string; match: RegExpExecArray; value: string } => e.match !== null && e.value !== '')
    .sort((a, b) => Number(a.match[1]) - Number(b.match[1]))
    .map(({ key, value }) => ({ key, value }));
}

/** One address written in full (not the classful shorthands ipaddr.isValid also takes), canonical. */
function configuredAddress(key: string, value: string): string {
  if (!ipaddr.IPv6.isValid(value) && !ipaddr.IPv4.isValidFourPartDecimal(value)) throw new ConfigError(key, `must be an IP address, got "${value}"`);
  const parsed = ipaddr.parse(value);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address().toString() : parsed.toString();
}

function configuredNetwork(key: string, value: string): string {
  let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    range = ipaddr.parseCIDR(value);
  } catch {
    throw new ConfigError(key, `must be a network in CIDR notation (10.0.0.0/8, fd00::/8), got "${value}"`);
  }
  return `${range[0].toString()}/${range[1]}`;
}

// Under NODE_ENV=test the suites send thousands of requests a minute from 127.0.0.1 without
// credentials (access matrix, fuzz, 401 walks): the default permits there are out of their reach,
// while the limiter and the ban check still run on every request. Tests of the edge set their own.
const TEST_PERMITS = 1_000_000;

function loadEdgeConfig(r: Reader, env: Env, environment: Environment): EdgeConfig {
  const proxies = indexedValues(env, 'TrustedProxy__TrustedProxies').map((e) => configuredAddress(e.key, e.value));
  const networks = indexedValues(env, 'TrustedProxy__TrustedNetworks').map((e) => configuredNetwork(e.key, e.value));
  const forwardedDeclared = r.bool('TrustedProxy__ForwardedHeadersEnabled', false);
  const requireInProduction = r.bool('TrustedProxy__RequireTrustedProxiesInProduction', true);
  // Behind a proxy every request arrives from the proxy: without trusting it, the whole internet is
  // one client (one rate limit, one ban for everybody). Production refuses that rather than guess.
  if (environment === 'production' && forwardedDeclared && requireInProduction && proxies.length === 0 && networks.length === 0) {
    throw new ConfigError(
      'TrustedProxy__TrustedProxies__0',
      'or TrustedProxy__TrustedNetworks__0 is required in production when TrustedProxy__ForwardedHeadersEnabled is true (or set TrustedProxy__RequireTrustedProxiesInProduction=false)',
    );
  }
  const permits = environment === 'test' ? TEST_PERMITS : undefined;
  return {
    trustedProxy: { proxies, networks, forwardedDeclared, requireInProduction },
    allowList: {
      ips: indexedValues(env, 'IpAllowList__Ips').map((e) => configuredAddress(e.key, e.value)),
      networks: indexedValues(env, 'IpAllowList__Networks').map((e) => configuredNetwork(e.key, e.value)),
    },
    rateLimit: {
      enabled: r.bool('RateLimit__Enabled', true),
      perActorPerMinute: r.int('RateLimit__PerActor__PermitPerMinute', permits ?? 600, 1, TEST_PERMITS * 10),
      perIpPerMinute: r.int('RateLimit__PerIp__PermitPerMinute', permits ?? 60, 1, TEST_PERMITS * 10),
      maxKeys: r.int('RateLimit__MaxTrackedKeys', 100_000, 100, 10_000_000),
      // Below 32 one client would be a whole regional registry's block; 128 keys by the address.
      ipv6PrefixLength: r.int('RateLimit__Ipv6PrefixLength', 64, 32, 128),
    },
    ipBan: {
      enabled: r.bool('IpBan__Enabled', true),
      rejectionThreshold: r.int('IpBan__RejectionThreshold', 20, 1, 100_000),
      windowMs: r.int('IpBan__WindowMinutes', 5, 1, 1440) * 60_000,
      banDurationMs: r.int('IpBan__BanDurationHours', 24, 1, 8760) * 3_600_000,
      maxAddresses: r.int('IpBan__MaxTrackedAddresses', 100_000, 100, 10_000_000),
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Browser origins allowed to call the API (http/cors.ts); empty means no cross-origin browser access. */
export interface CorsConfig {
  /** Cors__AllowedOrigins__N, in index order: exact `scheme://host[:port]` origins, normalised. */
  readonly allowedOrigins: readonly string[];
}

const CORS_ORIGIN_KEY = /^Cors__AllowedOrigins__(\d+)$/;

// Exact origins only: a wildcard or a path would widen or blur what "allowed" means, so both stop
// start-up instead of being matched loosely. Entries are normalised by URL (lower-case host,
// default port dropped) so the comparison with the browser's Origin header is a plain string test.
function loadCorsConfig(env: Env): CorsConfig {
  const entries = Object.entries(env)
    .map(([key, value]) => ({ key, match: CORS_ORIGIN_KEY.exec(key), value: value?.trim() ?? '' }))
    .filter((e): e is { key: string; match: RegExpExecArray; value: string } => e.match !== null && e.value !== '')
    .sort((a, b) => Number(a.match[1]) - Number(b.match[1]));
  const allowedOrigins: string[] = [];
  for (const { key, value } of entries) {
    if (value.includes('*')) throw new ConfigError(key, 'must be an exact origin; wildcards are not allowed');
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError(key, `must be an origin such as https://app.example.com, got "${value}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(key, `must use http: or https:, got ${url.protocol}`);
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
      throw new ConfigError(key, `must be an origin only (scheme, host and port), got "${value}"`);
    }
    if (!allowedOrigins.includes(url.origin)) allowedOrigins.push(url.origin);
  }
  return { allowedOrigins };
}
