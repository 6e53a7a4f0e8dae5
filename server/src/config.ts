// Every setting Verso reads, read once from the environment, validated and frozen.
//
// Names follow the spec (`Section__Key`). A bad value stops start-up with a message that names the
// setting, so a typo never turns into a silently different default.
//
// SETTINGS (at the end of this file) is each setting's one definition: its type, default, range,
// meaning and production rule. The readers take the default and range from it and accept only its
// names, so a setting cannot be read without being documented; `make generate` renders it (with the
// admin's ADMIN_SETTINGS) into docs/configuration.md (config-reference.ts).
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

/** The definition of one setting: what the readers enforce and what docs/configuration.md says. */
export interface SettingDefinition {
  /** The section of docs/configuration.md (SETTING_GROUPS). */
  readonly group: string;
  readonly type: 'integer' | 'boolean' | 'text' | 'URL' | 'choice' | 'list' | 'numbered list' | 'secret';
  /** The value used when the setting is unset; the readers use it unless a default is computed. */
  readonly default?: number | boolean | string;
  /** The default in words, when it is computed (from the environment, another setting, the cores). */
  readonly defaultText?: string;
  readonly min?: number;
  readonly max?: number;
  /** A choice's values, in the order errors list them. */
  readonly values?: readonly string[];
  /** Allowed values in words, where a range or a list of values does not say it. */
  readonly allowed?: string;
  /** What it does, in plain words (never empty: `make check` and the tests refuse that). */
  readonly meaning: string;
  /** What production refuses or does differently. */
  readonly production?: string;
  /** Read by another module than this file's readers (the keyring, the C library). */
  readonly readElsewhere?: string;
}

/** The sections of docs/configuration.md, in order. */
export const SETTING_GROUPS: Readonly<Record<string, string>> = {
  general: 'General',
  api: 'API',
  database: 'Database',
  storage: 'Storage',
  media: 'Media uploads and lifecycle',
  images: 'Public image URLs and renditions',
  delivery: 'Delivery, caching and CDN',
  preview: 'Draft preview',
  metrics: 'Metrics',
  workers: 'Background workers',
  webhooks: 'Webhooks',
  secrets: 'Secrets (the keyring)',
  auth: 'Sessions, passwords and sign-in throttling',
  oidc: 'OIDC bearer tokens',
  edge: 'Edge: proxies, rate limits, bans and CORS',
  seed: 'First start (seed)',
  admin: 'Admin app',
};

class Reader {
  constructor(
    private readonly env: Env,
    /** Every setting name this reader was asked for (tests compare it with SETTINGS). */
    private readonly reads?: Set<string>,
  ) {}

  private definition(name: SettingName): SettingDefinition {
    this.reads?.add(name);
    return SETTINGS[name];
  }

  raw(name: SettingName): string | undefined {
    this.definition(name);
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  /** The value exactly as set (secrets whose whitespace matters). */
  untrimmed(name: SettingName): string | undefined {
    this.definition(name);
    return this.env[name];
  }

  string(name: SettingName, fallback: string = defaultOf(name, 'string')): string {
    return this.raw(name) ?? fallback;
  }

  int(name: SettingName, fallback: number = defaultOf(name, 'number')): number {
    const { min, max } = rangeOf(name);
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!/^-?\d+$/.test(value)) throw new ConfigError(name, `must be an integer, got "${value}"`);
    const n = Number(value);
    if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  }

  bool(name: SettingName, fallback: boolean = defaultOf(name, 'boolean')): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const v = value.toLowerCase();
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    throw new ConfigError(name, `must be true or false, got "${value}"`);
  }

  oneOf<T extends string>(name: SettingName): T {
    const allowed = (this.definition(name).values ?? []) as readonly T[];
    const fallback = defaultOf(name, 'string') as T;
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const match = allowed.find((a) => a.toLowerCase() === value.toLowerCase());
    if (!match) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${value}"`);
    return match;
  }

  url(name: SettingName, protocols: readonly string[]): string | null {
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

  /** The values of a numbered list (`Prefix__N`) in index order, empty ones skipped. */
  indexed(name: SettingName): { key: string; value: string }[] {
    this.definition(name);
    return indexedValues(this.env, name.replace(/__N$/, ''));
  }
}

// A table entry that does not fit its reader is a mistake in this file, found by the first test
// that loads the configuration, never by an operator.
function defaultOf<K extends 'string' | 'number' | 'boolean'>(name: SettingName, kind: K): { string: string; number: number; boolean: boolean }[K] {
  const value: unknown = (SETTINGS[name] as SettingDefinition).default;
  if (typeof value !== kind) throw new Error(`SETTINGS.${name} has no ${kind} default for its reader`);
  return value as { string: string; number: number; boolean: boolean }[K];
}

function rangeOf(name: SettingName): { min: number; max: number } {
  const { min, max } = SETTINGS[name] as SettingDefinition;
  if (min === undefined || max === undefined) throw new Error(`SETTINGS.${name} has no range for its reader`);
  return { min, max };
}

export function loadConfig(env: Env, options: { version: string; cwd?: string; reads?: Set<string> }): Config {
  const r = new Reader(env, options.reads);
  const cwd = options.cwd ?? process.cwd();
  const environment = r.oneOf<Environment>('NODE_ENV');
  const dataDirectory = path.resolve(cwd, r.string('Data__Directory'));
  const apiPort = r.int('Api__Port');
  // Storage__Local__BasePath wins over RootPath when both are set (spec, Limits).
  const localBase = r.raw('Storage__Local__BasePath') ?? r.raw('Storage__Local__RootPath');

  const config: Config = {
    environment,
    version: options.version,
    api: {
      port: apiPort,
      host: r.string('Api__Host'),
      swaggerEnabled: r.bool('Api__SwaggerEnabled', environment !== 'production'),
      healthDashboardEnabled: r.bool('Api__HealthDashboardEnabled'),
      maxRequestBodyBytes: r.int('Api__MaxRequestBodyBytes'),
      shutdownTimeoutMs: r.int('Api__ShutdownTimeoutSeconds') * 1000,
      processes: readProcessCount(r),
    },
    admin: {
      port: r.int('Admin__Port'),
      apiBaseUrl: r.url('Admin__ApiBaseUrl', ['http:', 'https:']) ?? `http://127.0.0.1:${apiPort}`,
    },
    data: { directory: dataDirectory },
    database: {
      url: r.url('DATABASE_URL', ['postgres:', 'postgresql:']),
      embeddedPort: r.int('Database__EmbeddedPort'),
      poolSize: r.int('Database__PoolSize'),
      statementTimeoutMs: r.int('Database__StatementTimeoutSeconds') * 1000,
    },
    storage: loadStorageConfig(r, path.resolve(cwd, localBase ?? path.join(dataDirectory, 'media'))),
    logging: { level: r.oneOf<LogLevel>('Logging__Level') },
    media: loadMediaConfig(r),
    delivery: {
      // Entries end at every change and window boundary anyway; this bounds how long a change that
      // missed its notice could go unseen.
      cacheMs: r.int('Delivery__CacheSeconds') * 1000,
      cacheBytes: r.int('Delivery__CacheMegabytes') * 1024 * 1024,
      documents: r.bool('Delivery__StoredDocuments'),
      listPages: r.int('Delivery__StoredListPages'),
    },
    preview: { maxLifetimeMinutes: r.int('Preview__MaxLifetimeMinutes') },
    cdn: loadCdnConfig(r),
    metrics: {
      enabled: r.bool('Metrics__Enabled'),
      // Loopback by default: the endpoint has no authentication, so exposing it is a deliberate choice.
      host: r.string('Metrics__Host'),
      // 9464 is the port registered for OpenTelemetry's Prometheus exporter; 0 takes any free port.
      port: r.int('Metrics__Port'),
    },
    workers: {
      enabled: r.bool('Workers__Enabled'),
      scheduledPublishing: {
        intervalMs: r.int('Workers__ScheduledPublishing__IntervalSeconds') * 1000,
        leaseMs: r.int('Workers__ScheduledPublishing__LeaseSeconds') * 1000,
        batchSize: r.int('Workers__ScheduledPublishing__BatchSize'),
      },
      webhookDispatch: r.bool('Workers__WebhookDispatch__Enabled'),
      webhookDelivery: r.bool('Workers__WebhookDelivery__Enabled'),
      webhookRetention: r.bool('Workers__WebhookRetention__Enabled'),
    },
    webhooks: loadWebhookConfig(r, environment),
    secretsEnvironment: Object.fromEntries(
      Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('Secrets__') && e[1] !== undefined),
    ),
    auth: loadAuthConfig(r, environment),
    seed: loadSeedConfig(r),
    cors: loadCorsConfig(r),
    edge: loadEdgeConfig(r, environment),
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
  const cacheControl = r.string('Delivery__CacheControl');
  if (!FIELD_VALUE.test(cacheControl)) throw new ConfigError('Delivery__CacheControl', 'must be a header value: printable ASCII, at most 512 characters');
  const names = r.untrimmed('Delivery__PurgeKeyHeaders');
  const purgeKeyHeaders = (names === undefined ? defaultOf('Delivery__PurgeKeyHeaders', 'string') : names).split(',').map((n) => n.trim()).filter((n) => n !== '');
  const bad = purgeKeyHeaders.find((n) => !HEADER_NAME.test(n));
  if (bad !== undefined) throw new ConfigError('Delivery__PurgeKeyHeaders', `has a name that is not a header name: "${bad}"`);
  // Each header's value is cut to whole keys within this size (services/delivery/purge-keys.ts says
  // why dropping the last item keys stays exact): Node's HTTP clients refuse more than 16 KB of
  // response headers in all, and CDNs cap a tag header at about as much.
  const purgeKeyHeaderBytes = r.int('Delivery__PurgeKeyHeaderMaxBytes');
  return { cacheControl, purgeKeyHeaders, purgeKeyHeaderBytes };
}

/** The most API processes one machine runs; beyond it the connections, not the cores, are the limit. */
export const MAX_PROCESSES = 64;

function readProcessCount(r: Reader): number {
  // Cores the process may use (cgroup and affinity limits included), capped like an explicit value.
  if (r.raw('Api__Processes')?.toLowerCase() === 'auto') return Math.min(os.availableParallelism(), MAX_PROCESSES);
  const value = r.raw('Api__Processes');
  if (value !== undefined && !/^-?\d+$/.test(value)) throw new ConfigError('Api__Processes', `must be an integer or auto, got "${value}"`);
  return r.int('Api__Processes');
}

function loadWebhookConfig(r: Reader, environment: Environment): WebhookConfig {
  const allowHttp = r.bool('Webhook__AllowHttp');
  // Spec, Egress rules 5: plain http is for controlled development only; in production it would
  // send signed payloads (and whatever the URL carries) in clear text.
  if (allowHttp && environment === 'production') {
    throw new ConfigError('Webhook__AllowHttp', 'must not be true in production (plain http webhook endpoints are for development only)');
  }
  // Issue #27 §3: a developer receives webhooks on their own machine. In production a listed
  // loopback or private destination would reopen the SSRF hole the egress rules close, so the
  // setting stops start-up there rather than being ignored (an operator would believe it worked).
  const privateEntries = r.indexed('Webhook__AllowedPrivateDestinations__N');
  const firstPrivate = privateEntries[0];
  if (firstPrivate && environment === 'production') {
    throw new ConfigError(firstPrivate.key, 'must not be set in production (private webhook destinations are for development and test only)');
  }
  const allowedPrivateDestinations = privateEntries.map((e) => {
    const parsed = parsePrivateDestination(e.value);
    if ('problem' in parsed) throw new ConfigError(e.key, parsed.problem);
    return parsed.key;
  });
  const requestTimeoutMs = r.int('Webhook__RequestTimeoutSeconds') * 1000;
  const deliveryLeaseMs = r.int('Webhook__DeliveryLeaseSeconds') * 1000;
  // The lease is renewed at half its length while attempts run, but an attempt that outlives a
  // lease that could not be renewed (database away) would let another replica start the same one.
  if (deliveryLeaseMs <= requestTimeoutMs) {
    throw new ConfigError('Webhook__DeliveryLeaseSeconds', `must be longer than Webhook__RequestTimeoutSeconds (${requestTimeoutMs / 1000})`);
  }
  return {
    allowHttp,
    allowedPrivateDestinations,
    maxAttempts: r.int('Webhook__MaxAttempts'),
    requestTimeoutMs,
    dns: {
      timeoutMs: r.int('Webhook__Dns__TimeoutSeconds') * 1000,
      tries: r.int('Webhook__Dns__Tries'),
    },
    // Amplification (issue #23): every event is POSTed once per subscribed endpoint, so endpoints
    // are capped per workspace, and per destination host so that one workspace cannot aim its whole
    // allowance at one receiver.
    maxEndpointsPerWorkspace: r.int('Webhook__MaxEndpointsPerWorkspace'),
    maxEndpointsPerHost: r.int('Webhook__MaxEndpointsPerHost'),
    outbox: {
      pollIntervalMs: r.int('Webhook__OutboxPollIntervalSeconds') * 1000,
      leaseMs: r.int('Webhook__OutboxLeaseSeconds') * 1000,
      batchSize: r.int('Webhook__OutboxBatchSize'),
    },
    delivery: {
      pollIntervalMs: r.int('Webhook__RetryPollIntervalSeconds') * 1000,
      leaseMs: deliveryLeaseMs,
      batchSize: r.int('Webhook__DeliveryBatchSize'),
      // Attempts of one batch in flight at once: a slow receiver holds one slot, not the batch.
      concurrency: r.int('Webhook__DeliveryConcurrency'),
    },
    cleanup: {
      retentionDays: r.int('Webhook__RetentionDays'),
      batchSize: r.int('Webhook__CleanupBatchSize'),
      intervalMs: r.int('Webhook__CleanupIntervalSeconds') * 1000,
    },
  };
}

// S3's bucket naming rules (3–63 characters; lower-case letters, digits, dots and hyphens; a letter
// or digit at both ends; not shaped like an IP address).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function loadStorageConfig(r: Reader, localBasePath: string): StorageConfig {
  const provider = r.oneOf<StorageProviderName>('Storage__Provider');
  if (provider !== 's3') return { provider, localBasePath, s3: null };
  const bucketName = r.raw('Storage__S3__BucketName');
  if (bucketName === undefined) throw new ConfigError('Storage__S3__BucketName', 'is required when Storage__Provider is s3');
  if (!BUCKET_NAME.test(bucketName) || bucketName.includes('..') || /^\d+\.\d+\.\d+\.\d+$/.test(bucketName)) {
    throw new ConfigError('Storage__S3__BucketName', `is not a valid S3 bucket name: "${bucketName}"`);
  }
  const region = r.string('Storage__S3__Region');
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
  const enabled = r.bool('Auth__Oidc__Enabled');
  const requireHttpsMetadata = r.bool('Auth__Oidc__RequireHttpsMetadata', environment === 'production');
  const authority = r.url('Auth__Oidc__Authority', requireHttpsMetadata ? ['https:'] : ['https:', 'http:']);
  if (enabled && !authority) throw new ConfigError('Auth__Oidc__Authority', 'is required when Auth__Oidc__Enabled is true');
  return {
    sessionSlidingExpiryMs: r.int('Auth__SessionSlidingExpiryMinutes') * 60_000,
    sessionAbsoluteExpiryMs: r.int('Auth__SessionAbsoluteExpiryHours') * 3_600_000,
    sessionTouchIntervalMs: r.int('Auth__SessionTouchIntervalSeconds') * 1000,
    apiClientTouchIntervalMs: r.int('Auth__ApiClientTouchIntervalSeconds') * 1000,
    // Capped at five minutes: it bounds how long a change that missed its notice can go unseen.
    credentialCacheMs: r.int('Auth__CredentialCacheSeconds') * 1000,
    oidc: {
      enabled,
      authority,
      audience: r.string('Auth__Oidc__Audience'),
      roleClaim: r.string('Auth__Oidc__ClaimsMapping__Role'),
      workspaceClaim: r.string('Auth__Oidc__ClaimsMapping__WorkspaceId'),
      requireHttpsMetadata,
    },
    lockout: {
      maxFailures: r.int('Auth__Lockout__MaxFailures'),
      windowMs: r.int('Auth__Lockout__WindowMinutes') * 60_000,
      // Capped at a day: the lock is also what an attacker can impose on the real user (README: Edge).
      lockMs: r.int('Auth__Lockout__DurationMinutes') * 60_000,
      accountSlowdownAfter: r.int('Auth__Lockout__AccountSlowdownAfter'),
      // Capped at a minute: the delay holds a request open, and proxies time out at about that.
      maxDelayMs: r.int('Auth__Lockout__MaxDelaySeconds') * 1000,
    },
    password: readPasswordPolicy(r),
  };
}

function readPasswordPolicy(r: Reader): PasswordPolicy {
  return {
    minLength: r.int('Auth__Password__MinLength'),
    // zxcvbn's scale: 0 too guessable … 4 very unguessable; 0 here turns the estimate off.
    minimumScore: r.int('Auth__Password__MinimumScore'),
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
  const retryBaseMs = r.int('Media__Operations__RetryBaseSeconds') * 1000;
  const retryMaxMs = r.int('Media__Operations__RetryMaxSeconds') * 1000;
  if (retryMaxMs < retryBaseMs) throw new ConfigError('Media__Operations__RetryMaxSeconds', 'must not be less than Media__Operations__RetryBaseSeconds');
  const intervalMs = r.int('Media__Operations__IntervalSeconds') * 1000;
  return {
    maxFileSizeBytes: r.int('Media__MaxFileSizeMb') * 1024 * 1024,
    allowedMimeTypes,
    operations: {
      enabled: r.bool('Media__Operations__Enabled'),
      retentionMs: r.int('Media__Operations__RetentionDays') * 86_400_000,
      abandonedUploadMs: r.int('Media__Operations__AbandonedUploadMinutes') * 60_000,
      intervalMs,
      // A lease must outlive the slowest single blob delete; renewal runs at half of it.
      leaseMs: r.int('Media__Operations__LeaseSeconds') * 1000,
      batchSize: r.int('Media__Operations__BatchSize'),
      retryBaseMs,
      retryMaxMs,
      orphanGraceMs: r.int('Media__Operations__OrphanGraceHours') * 3_600_000,
    },
    public: loadPublicMediaConfig(r),
  };
}

const DEFAULT_RENDITION_WIDTHS = [160, 320, 480, 640, 800, 960, 1200, 1600, 2000, 2560];

function intList(r: Reader, name: SettingName, fallback: readonly number[]): number[] {
  const { min, max } = rangeOf(name);
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
  const maxWidth = r.int('Media__Public__MaxWidth');
  const maxHeight = r.int('Media__Public__MaxHeight');
  const widths = intList(r, 'Media__Public__Widths', DEFAULT_RENDITION_WIDTHS);
  const tooWide = widths.find((w) => w > Math.max(maxWidth, maxHeight));
  if (tooWide !== undefined) throw new ConfigError('Media__Public__Widths', `has ${tooWide}, more than Media__Public__MaxWidth and MaxHeight`);
  const defaultQuality = r.int('Media__Public__DefaultQuality');
  const queueLength = r.int('Media__Public__QueueLength');
  const queuePerWorkspace = r.int('Media__Public__QueuePerWorkspace', Math.max(1, Math.floor(queueLength / 4)));
  if (queuePerWorkspace > queueLength) throw new ConfigError('Media__Public__QueuePerWorkspace', 'must be at most Media__Public__QueueLength');
  const maxDpr = r.int('Media__Public__MaxDpr');
  const baseUrl = r.string('Media__Public__BaseUrl').replace(/\/+$/, '');
  if (baseUrl !== '' && !/^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(baseUrl)) throw new ConfigError('Media__Public__BaseUrl', 'must be an http(s) URL');
  return {
    enabled: r.bool('Media__Public__Enabled'),
    widths,
    anyWidth: r.bool('Media__Public__AnyWidth'),
    maxWidth,
    maxHeight,
    defaultQuality,
    dprs: Array.from({ length: maxDpr }, (_, i) => i + 1),
    // 50 MP: a 8000 × 6000 photo passes; a PNG declaring 50,000 × 50,000 does not, and is refused
    // from its header before a byte of it is decoded.
    maxInputPixels: r.int('Media__Public__MaxInputPixels'),
    timeoutSeconds: r.int('Media__Public__TimeoutSeconds'),
    // One per two cores by default (at most 4), each transform's libvips pipeline running on the
    // two (rendition-engine.ts): as fast through a cold flood as one per core, and a third less
    // memory with glibc's default arenas (bench/images.ts flood: 224 against 303 MiB on 2 cores).
    concurrency: r.int('Media__Public__Concurrency', Math.max(1, Math.min(4, Math.floor(os.availableParallelism() / 2)))),
    queueLength,
    queuePerWorkspace,
    storedPerAsset: r.int('Media__Public__StoredPerAsset'),
    storedBytesPerWorkspace: r.int('Media__Public__StoredMiBPerWorkspace') * 1024 * 1024,
    coldPerMinute: r.int('Media__Public__ColdPerMinute'),
    baseUrl,
    assetCacheMs: r.int('Media__Public__AssetCacheSeconds') * 1000,
    hotCacheBytes: r.int('Media__Public__HotCacheBytes'),
    signingKeyId: r.raw('Media__Public__SigningKeyId') ?? null,
  };
}

const SLUG = /^[a-z0-9]+([-_][a-z0-9]+)*$/;

function loadSeedConfig(r: Reader): SeedConfig {
  const slug = r.string('Seed__DefaultWorkspace__Slug');
  if (!SLUG.test(slug) || slug.length > 100) throw new ConfigError('Seed__DefaultWorkspace__Slug', `is not a valid slug: "${slug}"`);
  const email = r.string('Seed__Admin__Email');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new ConfigError('Seed__Admin__Email', `is not an email address: "${email}"`);
  // Read untrimmed: a password's edge whitespace is exactly what the rules reject.
  const rawPassword = r.untrimmed('Seed__Admin__Password');
  const password = rawPassword === undefined || rawPassword === '' ? null : rawPassword;
  if (password !== null) {
    // The seed admin password is a new password like any other (issue #23: a 5-character one was accepted).
    const broken = passwordViolations(password, readPasswordPolicy(r), personalWords({ email, displayName: r.string('Seed__Admin__DisplayName') }));
    if (broken.length) throw new ConfigError('Seed__Admin__Password', broken.map((v) => v.message).join(' '));
  }
  const passwordHash = r.raw('Seed__Admin__PasswordHash') ?? null;
  if (passwordHash !== null && !passwordHash.startsWith('$argon2id$')) {
    throw new ConfigError('Seed__Admin__PasswordHash', 'must be an argon2id hash ($argon2id$…)');
  }
  return {
    defaultWorkspace: { name: r.string('Seed__DefaultWorkspace__Name'), slug },
    admin: { email, displayName: r.string('Seed__Admin__DisplayName'), password, passwordHash },
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

function loadEdgeConfig(r: Reader, environment: Environment): EdgeConfig {
  const proxies = r.indexed('TrustedProxy__TrustedProxies__N').map((e) => configuredAddress(e.key, e.value));
  const networks = r.indexed('TrustedProxy__TrustedNetworks__N').map((e) => configuredNetwork(e.key, e.value));
  const forwardedDeclared = r.bool('TrustedProxy__ForwardedHeadersEnabled');
  const requireInProduction = r.bool('TrustedProxy__RequireTrustedProxiesInProduction');
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
      ips: r.indexed('IpAllowList__Ips__N').map((e) => configuredAddress(e.key, e.value)),
      networks: r.indexed('IpAllowList__Networks__N').map((e) => configuredNetwork(e.key, e.value)),
    },
    rateLimit: {
      enabled: r.bool('RateLimit__Enabled'),
      perActorPerMinute: r.int('RateLimit__PerActor__PermitPerMinute', permits ?? 600),
      perIpPerMinute: r.int('RateLimit__PerIp__PermitPerMinute', permits ?? 60),
      maxKeys: r.int('RateLimit__MaxTrackedKeys'),
      // Below 32 one client would be a whole regional registry's block; 128 keys by the address.
      ipv6PrefixLength: r.int('RateLimit__Ipv6PrefixLength'),
    },
    ipBan: {
      enabled: r.bool('IpBan__Enabled'),
      rejectionThreshold: r.int('IpBan__RejectionThreshold'),
      windowMs: r.int('IpBan__WindowMinutes') * 60_000,
      banDurationMs: r.int('IpBan__BanDurationHours') * 3_600_000,
      maxAddresses: r.int('IpBan__MaxTrackedAddresses'),
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

// Exact origins only: a wildcard or a path would widen or blur what "allowed" means, so both stop
// start-up instead of being matched loosely. Entries are normalised by URL (lower-case host,
// default port dropped) so the comparison with the browser's Origin header is a plain string test.
function loadCorsConfig(r: Reader): CorsConfig {
  const entries = r.indexed('Cors__AllowedOrigins__N');
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

// ---------------------------------------------------------------------------------------------------
// The settings' one definition. The readers above take each default and range from here; `meaning`
// and `production` are what docs/configuration.md says (copied from, and now replacing, README's
// tables). Keep a meaning to what an operator needs: what it does, the unit, what 0 or empty means.

export const SETTINGS = {
  NODE_ENV: {
    group: 'general', type: 'choice', default: 'development', values: ['development', 'test', 'production'],
    meaning: 'The environment. Production turns on the refusals in the Production column and turns `/swagger` off by default.',
  },
  Data__Directory: {
    group: 'general', type: 'text', default: '.data',
    meaning: 'Where the embedded database, local media, the development keyring and the admin cookie key live (relative to the working directory).',
  },
  Logging__Level: { group: 'general', type: 'choice', default: 'info', values: ['error', 'warn', 'info', 'debug'], meaning: 'The least severe log line written.' },
  MALLOC_ARENA_MAX: {
    group: 'general', type: 'integer', defaultText: '`2` in the API processes `make run` and `Api__Processes` start; glibc\'s own (8 per core) in a process started by hand',
    readElsewhere: 'glibc (server/src/cluster/allocator-env.ts passes it on)',
    meaning: 'Not a Verso setting: glibc\'s malloc arenas. libvips allocates from many threads, and with glibc\'s default 100 cold renditions leave the process about twice as large. A process you start yourself reads it only from its environment: set it there, as `docs/deploy/verso-api.service` does.',
  },

  Api__Port: { group: 'api', type: 'integer', default: 5000, min: 0, max: 65535, meaning: 'The port the API listens on.' },
  Api__Host: { group: 'api', type: 'text', default: '127.0.0.1', meaning: 'The address the API listens on.' },
  Api__SwaggerEnabled: {
    group: 'api', type: 'boolean', defaultText: '`true`, except in production', meaning: 'Serve `/swagger` and `/openapi.json`.',
    production: 'Off unless set to `true`.',
  },
  Api__HealthDashboardEnabled: { group: 'api', type: 'boolean', default: false, meaning: 'Serve the HTML `/health/dashboard` (it reveals failure details).' },
  Api__MaxRequestBodyBytes: { group: 'api', type: 'integer', default: 4 * 1024 * 1024, min: 1024, max: 512 * 1024 * 1024, meaning: 'Larger JSON bodies are answered 413.' },
  Api__ShutdownTimeoutSeconds: {
    group: 'api', type: 'integer', default: 10, min: 1, max: 600,
    meaning: 'Grace period for open requests on shutdown (with several processes each gets it, plus 5 s to stop its workers and pools before it is killed).',
  },
  Api__Processes: {
    group: 'api', type: 'integer', default: 1, min: 1, max: MAX_PROCESSES, allowed: `1–${MAX_PROCESSES}, or \`auto\``,
    meaning: 'API processes sharing the port; `auto` is one per core the process may use. Each has its own pools, caches and rate windows; one runs the background workers. See *Processes and pool sizing* for the connections each process opens.',
  },
  Admin__Port: { group: 'admin', type: 'integer', default: 5001, min: 0, max: 65535, meaning: 'The port the admin app listens on.' },
  Admin__ApiBaseUrl: {
    group: 'admin', type: 'URL', defaultText: '`http://127.0.0.1:${Api__Port}`', allowed: 'http or https URL',
    meaning: 'The API the admin app calls (it must reach exactly one API instance).',
  },

  DATABASE_URL: {
    group: 'database', type: 'URL', defaultText: 'unset', allowed: '`postgres://` or `postgresql://` URL',
    meaning: 'The PostgreSQL to use; unset starts the embedded PostgreSQL under the data directory.',
  },
  Database__EmbeddedPort: { group: 'database', type: 'integer', default: 54329, min: 1, max: 65535, meaning: 'The port of the embedded PostgreSQL.' },
  Database__PoolSize: {
    group: 'database', type: 'integer', default: 10, min: 1, max: 200,
    meaning: 'Connections of the main pool per API process; each process also opens a hot pool of half as many (at least 2) and one listener connection.',
  },
  Database__StatementTimeoutSeconds: { group: 'database', type: 'integer', default: 30, min: 1, max: 3600, meaning: 'The longest one SQL statement may run.' },

  Storage__Provider: { group: 'storage', type: 'choice', default: 'local', values: ['local', 's3'], meaning: 'Where media blobs live; every replica must use the same provider.' },
  Storage__Local__BasePath: {
    group: 'storage', type: 'text', defaultText: '`<data>/media`',
    meaning: 'The local storage root. Files are written 0600 in directories made 0700, and the root is closed to other users when it is the API user\'s own.',
  },
  Storage__Local__RootPath: { group: 'storage', type: 'text', defaultText: 'unset', meaning: 'The older name of `Storage__Local__BasePath`, which wins when both are set.' },
  Storage__S3__BucketName: { group: 'storage', type: 'text', defaultText: 'unset', allowed: 'an S3 bucket name', meaning: 'The bucket; required with `s3`, S3\'s naming rules are checked at start-up.' },
  Storage__S3__Region: { group: 'storage', type: 'text', default: 'us-east-1', meaning: 'The bucket\'s region.' },
  Storage__S3__AccessKey: {
    group: 'storage', type: 'secret', defaultText: 'unset',
    meaning: 'With `Storage__S3__SecretKey`: a key pair, both or neither (neither: the AWS SDK\'s default credential chain). Never logged or echoed in errors.',
  },
  Storage__S3__SecretKey: { group: 'storage', type: 'secret', defaultText: 'unset', meaning: 'The secret of the key pair (see `Storage__S3__AccessKey`).' },
  Storage__S3__ServiceUrl: {
    group: 'storage', type: 'URL', defaultText: 'unset (AWS)', allowed: 'http or https URL, no credentials, query or fragment',
    meaning: 'An S3-compatible endpoint (MinIO, …).',
  },
  Storage__S3__ForcePathStyle: {
    group: 'storage', type: 'boolean', defaultText: '`true` when `Storage__S3__ServiceUrl` is set, else `false`', meaning: 'Path-style addressing (`<url>/<bucket>/<key>`).',
  },

  Media__MaxFileSizeMb: {
    group: 'media', type: 'integer', default: 50, min: 1, max: 5120,
    meaning: 'The largest upload in MiB; one byte more is 413 and nothing is kept. Independent of `Api__MaxRequestBodyBytes`.',
  },
  Media__AllowedMimeTypes: {
    group: 'media', type: 'list', defaultText: DEFAULT_ALLOWED_MIME_TYPES.map((t) => `\`${t}\``).join(', '), allowed: 'comma-separated MIME types and `type/` prefixes',
    meaning: 'The upload allow-list: an entry ending in `/` matches by prefix, any other exactly or followed by `.`. HTML, XML and script types are refused whatever it says.',
  },
  Media__Operations__Enabled: { group: 'media', type: 'boolean', default: true, meaning: 'Run the media reconciliation worker in this replica (it also needs `Workers__Enabled`).' },
  Media__Operations__IntervalSeconds: {
    group: 'media', type: 'integer', default: 300, min: 1, max: 86_400,
    meaning: 'Pause between reconciliation cycles; a cycle whose batch was full runs again at once.',
  },
  Media__Operations__LeaseSeconds: { group: 'media', type: 'integer', default: 300, min: 10, max: 3600, meaning: 'How long a claimed deletion stays leased to one replica (renewed at half).' },
  Media__Operations__BatchSize: {
    group: 'media', type: 'integer', default: 100, min: 1, max: 1000,
    meaning: 'Per cycle: due deletions, abandoned uploads, verification candidates, and objects listed per managed prefix.',
  },
  Media__Operations__RetentionDays: {
    group: 'media', type: 'integer', default: 30, min: 0, max: 3650,
    meaning: 'A deleted asset\'s bytes are purged this long after the delete: the window in which it can be restored.',
  },
  Media__Operations__AbandonedUploadMinutes: { group: 'media', type: 'integer', default: 30, min: 1, max: 10_080, meaning: 'An upload still pending this long is taken for dead.' },
  Media__Operations__RetryBaseSeconds: {
    group: 'media', type: 'integer', default: 30, min: 1, max: 86_400, meaning: 'A failed blob delete is retried after base · 2^(n−1) seconds, capped by `Media__Operations__RetryMaxSeconds`.',
  },
  Media__Operations__RetryMaxSeconds: {
    group: 'media', type: 'integer', default: 3600, min: 1, max: 604_800, meaning: 'The cap of that retry delay; at least `Media__Operations__RetryBaseSeconds`.',
  },
  Media__Operations__OrphanGraceHours: {
    group: 'media', type: 'integer', default: 24, min: 1, max: 8760, meaning: 'An object no asset owns must be at least this old before it is queued for deletion.',
  },

  Media__Public__Enabled: { group: 'images', type: 'boolean', default: true, meaning: 'Serve signed public media URLs (`/media/v1/…`) and hand them out; `false` answers every one 404.' },
  Media__Public__SigningKeyId: {
    group: 'images', type: 'text', defaultText: '`Secrets__ActiveKeyId`',
    meaning: 'The keyring key new public URLs are signed with; start-up fails if the keyring lacks it. Any key still in the keyring verifies.',
  },
  Media__Public__BaseUrl: {
    group: 'images', type: 'URL', default: '', allowed: 'http or https URL',
    meaning: 'The origin written before `/media/v1/…` in handed-out URLs (a CDN in front of the API); empty writes paths relative to the API.',
  },
  Media__Public__Widths: {
    group: 'images', type: 'list', defaultText: `\`${DEFAULT_RENDITION_WIDTHS.join(',')}\``, min: 1, max: 8192, allowed: '1 to 64 integers, 1–8192, comma-separated',
    meaning: 'The widths (`w_`) a rendition may name; anything else is 400. None may exceed both maximum sizes.',
  },
  Media__Public__AnyWidth: { group: 'images', type: 'boolean', default: false, meaning: 'Accept any width up to the maximum (what is stored stays within the limits below).' },
  Media__Public__MaxWidth: { group: 'images', type: 'integer', default: 2560, min: 16, max: 8192, meaning: 'The widest output, after `dpr`.' },
  Media__Public__MaxHeight: { group: 'images', type: 'integer', default: 2560, min: 16, max: 8192, meaning: 'The tallest output, after `dpr`.' },
  Media__Public__DefaultQuality: { group: 'images', type: 'integer', default: 75, min: 1, max: 100, meaning: 'The quality every lossy rendition is encoded at (a URL cannot choose it).' },
  Media__Public__MaxDpr: { group: 'images', type: 'integer', default: 3, min: 1, max: 4, meaning: 'The highest `dpr_N` a URL may ask for.' },
  Media__Public__MaxInputPixels: {
    group: 'images', type: 'integer', default: 50_000_000, min: 1_000_000, max: 268_402_689,
    meaning: 'An input with more pixels is refused (422) from its header, before decoding (decompression bombs).',
  },
  Media__Public__TimeoutSeconds: { group: 'images', type: 'integer', default: 20, min: 1, max: 600, meaning: 'One transform\'s time budget; over it is 503 with `Retry-After`.' },
  Media__Public__Concurrency: {
    group: 'images', type: 'integer', defaultText: 'cores ÷ 2, at least 1 and at most 4', min: 1, max: 64,
    meaning: 'Transforms running at once in a process. An AVIF encode takes every slot.',
  },
  Media__Public__QueueLength: { group: 'images', type: 'integer', default: 200, min: 0, max: 100_000, meaning: 'Transforms waiting; one more is 503 with `Retry-After: 1`.' },
  Media__Public__QueuePerWorkspace: {
    group: 'images', type: 'integer', defaultText: '`Media__Public__QueueLength` ÷ 4 (at least 1)', min: 0, max: 100_000,
    meaning: 'Transforms one workspace may have waiting (at most `Media__Public__QueueLength`); one more is 503 for that workspace only.',
  },
  Media__Public__StoredPerAsset: {
    group: 'images', type: 'integer', default: 32, min: 0, max: 10_000,
    meaning: 'Renditions stored per asset and content version; more are computed and served but not stored. `0` stores none.',
  },
  Media__Public__StoredMiBPerWorkspace: {
    group: 'images', type: 'integer', default: 2048, min: 0, max: 16 * 1024 * 1024,
    meaning: 'MiB of stored renditions per workspace; beyond it renditions are computed and served but not stored. `0` stores none.',
  },
  Media__Public__ColdPerMinute: {
    group: 'images', type: 'integer', default: 120, min: 0, max: 1_000_000,
    meaning: 'Renditions one client (address; IPv6 by its `RateLimit__Ipv6PrefixLength` prefix) may have computed per minute; one more is 429. Warm reads are not counted. `0` turns it off.',
  },
  Media__Public__AssetCacheSeconds: {
    group: 'images', type: 'integer', default: 10, min: 0, max: 3600,
    meaning: 'How long a process keeps the asset row a public URL needs (ended at once by the delivery notices); `0` reads it on every request.',
  },
  Media__Public__HotCacheBytes: {
    group: 'images', type: 'integer', default: 16 * 1024 * 1024, min: 0, max: 4 * 1024 * 1024 * 1024,
    meaning: 'Stored renditions of up to 1 MiB kept in process as bytes, least recently used leave first; `0` streams each from storage.',
  },

  Delivery__CacheSeconds: {
    group: 'delivery', type: 'integer', default: 60, min: 0, max: 3600,
    meaning: 'Longest life of a delivery read (content list, by-slug) kept in memory; `0` turns the cache off. Changes end entries at once; this only bounds a change whose notice was lost.',
  },
  Delivery__CacheMegabytes: { group: 'delivery', type: 'integer', default: 64, min: 1, max: 16_384, meaning: 'Memory the delivery cache may hold (least recently used leave first).' },
  Delivery__StoredDocuments: {
    group: 'delivery', type: 'boolean', default: true,
    meaning: 'Keep each by-slug answer at "now" in PostgreSQL, shared by every replica and kept across restarts; `false` builds every such read in full.',
  },
  Delivery__StoredListPages: {
    group: 'delivery', type: 'integer', default: 256, min: 0, max: 65_536,
    meaning: 'Resolved list pages at "now" each workspace keeps in PostgreSQL (searches and explicit `asOf` reads never); `0` builds every page.',
  },
  Delivery__CacheControl: {
    group: 'delivery', type: 'text', default: 'no-cache', allowed: 'a header value: printable ASCII, at most 512 characters',
    meaning: 'The `Cache-Control` of published delivery reads; behind a CDN that purges by key, e.g. `public, s-maxage=300, stale-while-revalidate=60`. Preview reads are always `private, no-store`.',
  },
  Delivery__PurgeKeyHeaders: {
    group: 'delivery', type: 'list', default: 'Surrogate-Key,Cache-Tag', allowed: 'comma-separated header names',
    meaning: 'The response headers that carry a delivery read\'s purge keys (empty sends none). `Cache-Tag` lists them comma-separated, every other name space-separated.',
  },
  Delivery__PurgeKeyHeaderMaxBytes: {
    group: 'delivery', type: 'integer', default: 4096, min: 128, max: 16_384,
    meaning: 'The longest value of each purge-key header: whole keys are kept in order and the rest dropped.',
  },

  Preview__MaxLifetimeMinutes: {
    group: 'preview', type: 'integer', default: 1440, min: 1, max: 1440,
    meaning: 'The longest a preview token may live; a longer `expiresInMinutes` is 422. The default lifetime is 60 minutes, or this when lower.',
  },

  Metrics__Enabled: {
    group: 'metrics', type: 'boolean', default: false,
    meaning: 'Serve the operational metrics in Prometheus text format at `GET /metrics` on a port of their own; off, they are still recorded and no port opens.',
  },
  Metrics__Host: { group: 'metrics', type: 'text', default: '127.0.0.1', meaning: 'The address the metrics endpoint listens on. It has no authentication: keep it on loopback or a private network.' },
  Metrics__Port: {
    group: 'metrics', type: 'integer', default: 9464, min: 0, max: 65535,
    meaning: 'The metrics port (`0` takes any free port); with several API processes each serves its own on this port + its index.',
  },

  Workers__Enabled: { group: 'workers', type: 'boolean', default: true, meaning: 'Run the background workers (scheduled publishing, webhooks, media) in this process.' },
  Workers__ScheduledPublishing__IntervalSeconds: {
    group: 'workers', type: 'integer', default: 60, min: 1, max: 3600, meaning: 'How often the scheduler looks for due publications (a full batch runs again at once).',
  },
  Workers__ScheduledPublishing__LeaseSeconds: {
    group: 'workers', type: 'integer', default: 300, min: 10, max: 3600, meaning: 'How long a claimed schedule stays leased to one replica (renewed at half).',
  },
  Workers__ScheduledPublishing__BatchSize: { group: 'workers', type: 'integer', default: 100, min: 1, max: 1000, meaning: 'Schedules claimed per batch.' },
  Workers__WebhookDispatch__Enabled: { group: 'workers', type: 'boolean', default: true, meaning: 'Run the webhook dispatcher (events to deliveries) in this process, with `Workers__Enabled`.' },
  Workers__WebhookDelivery__Enabled: {
    group: 'workers', type: 'boolean', default: true, meaning: 'Run the webhook delivery worker (the POSTs) in this process, with `Workers__Enabled`; e.g. only on replicas with egress.',
  },
  Workers__WebhookRetention__Enabled: { group: 'workers', type: 'boolean', default: true, meaning: 'Run the webhook retention worker in this process, with `Workers__Enabled`.' },

  Webhook__AllowHttp: {
    group: 'webhooks', type: 'boolean', default: false,
    meaning: 'Accept plain `http://` endpoint URLs, for controlled development only (loopback and private addresses stay refused either way).',
    production: '`true` stops start-up.',
  },
  Webhook__AllowedPrivateDestinations__N: {
    group: 'webhooks', type: 'numbered list', defaultText: 'none', allowed: '`host:port` (`127.0.0.1:4000`, `[::1]:4000`, `localhost:4000`)',
    meaning: 'A developer\'s own receivers: exempt from the loopback and private address rules and allowed to use `http://`, nothing else.',
    production: 'Any entry stops start-up.',
  },
  Webhook__MaxAttempts: { group: 'webhooks', type: 'integer', default: 10, min: 1, max: 100, meaning: 'Failed attempts after which a delivery is a dead letter.' },
  Webhook__MaxEndpointsPerWorkspace: { group: 'webhooks', type: 'integer', default: 50, min: 1, max: 10_000, meaning: 'Live endpoints a workspace may have, active or not; one more is 422.' },
  Webhook__MaxEndpointsPerHost: { group: 'webhooks', type: 'integer', default: 10, min: 1, max: 10_000, meaning: 'Endpoints of one workspace whose URLs name the same host; one more is 422.' },
  Webhook__RequestTimeoutSeconds: { group: 'webhooks', type: 'integer', default: 15, min: 1, max: 120, meaning: 'One attempt, connect to answer; a timeout is a failed attempt.' },
  Webhook__Dns__TimeoutSeconds: {
    group: 'webhooks', type: 'integer', default: 5, min: 1, max: 60,
    meaning: 'The longest one DNS lookup of a webhook host may take, every try together; no answer fails the attempt as a connection failure.',
  },
  Webhook__Dns__Tries: { group: 'webhooks', type: 'integer', default: 2, min: 1, max: 5, meaning: 'Tries per DNS server within that time.' },
  Webhook__OutboxPollIntervalSeconds: { group: 'webhooks', type: 'integer', default: 30, min: 1, max: 3600, meaning: 'How often the dispatcher looks for new events when no notice woke it.' },
  Webhook__OutboxLeaseSeconds: { group: 'webhooks', type: 'integer', default: 300, min: 1, max: 1800, meaning: 'How long claimed events stay leased to one replica (renewed at half).' },
  Webhook__OutboxBatchSize: { group: 'webhooks', type: 'integer', default: 100, min: 1, max: 500, meaning: 'Events claimed per batch (a full batch runs again at once).' },
  Webhook__RetryPollIntervalSeconds: { group: 'webhooks', type: 'integer', default: 30, min: 1, max: 3600, meaning: 'How often the delivery worker looks for due deliveries when no notice woke it.' },
  Webhook__DeliveryLeaseSeconds: {
    group: 'webhooks', type: 'integer', default: 300, min: 1, max: 1800, meaning: 'How long claimed deliveries stay leased (renewed at half); must be longer than `Webhook__RequestTimeoutSeconds`.',
  },
  Webhook__DeliveryBatchSize: { group: 'webhooks', type: 'integer', default: 100, min: 1, max: 500, meaning: 'Deliveries claimed per batch.' },
  Webhook__DeliveryConcurrency: { group: 'webhooks', type: 'integer', default: 16, min: 1, max: 100, meaning: 'Attempts of one batch in flight at once, so a slow receiver holds one slot, not the batch.' },
  Webhook__RetentionDays: {
    group: 'webhooks', type: 'integer', default: 30, min: 1, max: 3650,
    meaning: 'Processed events and delivered logs older than this are deleted; pending, retrying and dead-letter deliveries never are.',
  },
  Webhook__CleanupBatchSize: { group: 'webhooks', type: 'integer', default: 100, min: 1, max: 10_000, meaning: 'Rows deleted per retention batch.' },
  Webhook__CleanupIntervalSeconds: { group: 'webhooks', type: 'integer', default: 3600, min: 1, max: 86_400, meaning: 'Pause between retention passes.' },

  Secrets__ActiveKeyId: {
    group: 'secrets', type: 'text', defaultText: 'unset', allowed: '1–64 letters, digits, `_`, `-`', readElsewhere: 'server/src/secrets/secrets-settings.ts',
    meaning: 'The keyring key new signing-secret ciphertext is written under. Unset with no keys in development and test: a development keyring is created once in `<data>/secrets/dev-keyring.json` (0600).',
    production: 'Required.',
  },
  'Secrets__EncryptionKeys__<keyId>': {
    group: 'secrets', type: 'secret', defaultText: 'unset', allowed: 'canonical Base64 of exactly 32 random bytes', readElsewhere: 'server/src/secrets/secrets-settings.ts',
    meaning: 'A keyring key under its id; keep every key that stored ciphertext still names. Missing, placeholder, invalid and wrong-length keys stop start-up.',
    production: 'The development key and weak keys stop start-up.',
  },
  Secrets__EncryptionKey: {
    group: 'secrets', type: 'secret', defaultText: 'unset', readElsewhere: 'server/src/secrets/secrets-settings.ts',
    meaning: 'The legacy v1 key: read to open v1 ciphertext, never used to write.',
  },
  Secrets__Rotation__Enabled: {
    group: 'secrets', type: 'boolean', default: false, readElsewhere: 'server/src/secrets/secrets-settings.ts',
    meaning: '`true`: re-encrypt stored secrets to the active key in batches; `false`: one read-only inventory at start-up publishes `verso.webhook.secret.rotation.remaining`.',
  },
  Secrets__Rotation__BatchSize: { group: 'secrets', type: 'integer', default: 100, min: 1, max: 500, readElsewhere: 'server/src/secrets/secrets-settings.ts', meaning: 'Rows per rotation cycle.' },
  Secrets__Rotation__DelaySeconds: {
    group: 'secrets', type: 'integer', default: 5, min: 1, max: 3600, readElsewhere: 'server/src/secrets/secrets-settings.ts',
    meaning: 'Pause between rotation cycles, and before a failed inventory is retried.',
  },

  Auth__SessionSlidingExpiryMinutes: { group: 'auth', type: 'integer', default: 480, min: 0, max: 525_600, meaning: 'A session\'s sliding lifetime; `0` means a fixed lifetime.' },
  Auth__SessionAbsoluteExpiryHours: { group: 'auth', type: 'integer', default: 8, min: 1, max: 8760, meaning: 'A session never outlives this.' },
  Auth__SessionTouchIntervalSeconds: { group: 'auth', type: 'integer', default: 300, min: 1, max: 3600, meaning: 'At most one sliding-expiry write per session per interval.' },
  Auth__ApiClientTouchIntervalSeconds: { group: 'auth', type: 'integer', default: 300, min: 1, max: 3600, meaning: 'At most one `LastUsedAt` write per API client per interval.' },
  Auth__CredentialCacheSeconds: {
    group: 'auth', type: 'integer', default: 30, min: 0, max: 300,
    meaning: 'How long a verified session or API client is served from memory; `0` turns the cache off. Changes through the API take effect at once on every replica.',
  },
  Auth__Password__MinLength: {
    group: 'auth', type: 'integer', default: DEFAULT_PASSWORD_MIN_LENGTH, min: PASSWORD_MIN_LENGTH_RANGE.min, max: PASSWORD_MIN_LENGTH_RANGE.max,
    meaning: 'Fewest characters (Unicode scalar values) a new password may have; the API enforces it, the admin states it and makes temporary passwords this long: set it for both.',
  },
  Auth__Password__MinimumScore: {
    group: 'auth', type: 'integer', default: DEFAULT_PASSWORD_MINIMUM_SCORE, min: 0, max: 4,
    meaning: 'The least zxcvbn strength score a new password may have; `0` turns the estimate off. Login never applies the password rules.',
  },
  Auth__Lockout__MaxFailures: {
    group: 'auth', type: 'integer', default: 5, min: 0, max: 1000,
    meaning: 'Failed sign-ins of one email from one client within the window that lock that client out of that account; `0` turns all sign-in throttling off.',
  },
  Auth__Lockout__WindowMinutes: { group: 'auth', type: 'integer', default: 15, min: 1, max: 1440, meaning: 'The failure window, from its first attempt.' },
  Auth__Lockout__DurationMinutes: { group: 'auth', type: 'integer', default: 15, min: 1, max: 1440, meaning: 'How long a locked client\'s sign-ins for that email are refused.' },
  Auth__Lockout__AccountSlowdownAfter: {
    group: 'auth', type: 'integer', default: 20, min: 1, max: 100_000,
    meaning: 'Failures of one email from all clients within the window after which clients without a device token are slowed.',
  },
  Auth__Lockout__MaxDelaySeconds: { group: 'auth', type: 'integer', default: 10, min: 0, max: 60, meaning: 'The longest that slowdown\'s delay grows to; `0`: no delay.' },

  Auth__Oidc__Enabled: { group: 'oidc', type: 'boolean', default: false, meaning: 'Accept OIDC/JWT bearer tokens.' },
  Auth__Oidc__Authority: {
    group: 'oidc', type: 'URL', defaultText: 'unset', allowed: 'https URL (http too when `Auth__Oidc__RequireHttpsMetadata` is false)',
    meaning: 'The issuer; its JWKS is discovered from it. Required when OIDC is on.',
    production: 'Must be https (unless `Auth__Oidc__RequireHttpsMetadata=false`).',
  },
  Auth__Oidc__Audience: { group: 'oidc', type: 'text', default: 'verso', meaning: 'The required `aud`.' },
  Auth__Oidc__ClaimsMapping__Role: { group: 'oidc', type: 'text', default: 'verso_role', meaning: 'The claim holding the role (missing or unknown: Reader).' },
  Auth__Oidc__ClaimsMapping__WorkspaceId: { group: 'oidc', type: 'text', default: 'verso_workspace', meaning: 'The claim limiting the token to one workspace.' },
  Auth__Oidc__RequireHttpsMetadata: {
    group: 'oidc', type: 'boolean', defaultText: '`true` in production, else `false`', meaning: 'Refuse a non-https authority.',
  },

  TrustedProxy__TrustedProxies__N: {
    group: 'edge', type: 'numbered list', defaultText: 'none', allowed: 'IP addresses', meaning: 'Peers whose `X-Forwarded-For` is believed.',
  },
  TrustedProxy__TrustedNetworks__N: {
    group: 'edge', type: 'numbered list', defaultText: 'none', allowed: 'CIDR networks (`10.0.0.0/8`, `fd00::/8`)', meaning: 'The same for whole networks.',
  },
  TrustedProxy__ForwardedHeadersEnabled: {
    group: 'edge', type: 'boolean', default: false, meaning: 'Declares that the API runs behind a proxy or load balancer.',
    production: 'With no trusted proxy or network (and `TrustedProxy__RequireTrustedProxiesInProduction` on), `true` stops start-up: every request would come from the proxy.',
  },
  TrustedProxy__RequireTrustedProxiesInProduction: {
    group: 'edge', type: 'boolean', default: true, meaning: '`false` lets a declared forwarded production deployment start without trusted proxies.',
  },
  IpAllowList__Ips__N: { group: 'edge', type: 'numbered list', defaultText: 'none', allowed: 'IP addresses', meaning: 'Clients exempt from rate limits and bans.' },
  IpAllowList__Networks__N: {
    group: 'edge', type: 'numbered list', defaultText: 'none', allowed: 'CIDR networks', meaning: 'Networks exempt from rate limits and bans (checked after the client is resolved).',
  },
  RateLimit__Enabled: { group: 'edge', type: 'boolean', default: true, meaning: '`false` turns the rate limit (and therefore bans) off.' },
  RateLimit__PerActor__PermitPerMinute: {
    group: 'edge', type: 'integer', defaultText: '`600` (1,000,000 under `NODE_ENV=test`)', min: 1, max: TEST_PERMITS * 10, meaning: 'Requests per actor per minute.',
  },
  RateLimit__PerIp__PermitPerMinute: {
    group: 'edge', type: 'integer', defaultText: '`60` (1,000,000 under `NODE_ENV=test`)', min: 1, max: TEST_PERMITS * 10,
    meaning: 'Requests without valid credentials, and credential operations (login, refresh, change-password), per client (address, or IPv6 prefix) per minute.',
  },
  RateLimit__MaxTrackedKeys: { group: 'edge', type: 'integer', default: 100_000, min: 100, max: 10_000_000, meaning: 'Keys one window may hold (oldest dropped first).' },
  RateLimit__Ipv6PrefixLength: {
    group: 'edge', type: 'integer', default: 64, min: 32, max: 128,
    meaning: 'An IPv6 client is its prefix of this many bits for the windows, bans and allow-list; `128` keys by the full address.',
  },
  IpBan__Enabled: { group: 'edge', type: 'boolean', default: true, meaning: '`false`: 429s never ban.' },
  IpBan__RejectionThreshold: { group: 'edge', type: 'integer', default: 20, min: 1, max: 100_000, meaning: '429s tolerated within the window; one more bans.' },
  IpBan__WindowMinutes: { group: 'edge', type: 'integer', default: 5, min: 1, max: 1440, meaning: 'The rejection window.' },
  IpBan__BanDurationHours: { group: 'edge', type: 'integer', default: 24, min: 1, max: 8760, meaning: 'How long a ban lasts.' },
  IpBan__MaxTrackedAddresses: {
    group: 'edge', type: 'integer', default: 100_000, min: 100, max: 10_000_000, meaning: 'Addresses the ban table may watch, and may hold banned (oldest dropped first).',
  },
  Cors__AllowedOrigins__N: {
    group: 'edge', type: 'numbered list', defaultText: 'none', allowed: 'exact origins (`https://app.example.com`), no wildcards or paths',
    meaning: 'Browser origins allowed to call the API; none means no cross-origin browser access.',
  },

  Seed__DefaultWorkspace__Name: { group: 'seed', type: 'text', default: 'Default', meaning: 'The workspace created on first start.' },
  Seed__DefaultWorkspace__Slug: { group: 'seed', type: 'text', default: 'default', allowed: 'a slug (lower-case letters, digits, `-`, `_`; at most 100)', meaning: 'Its slug.' },
  Seed__Admin__Email: { group: 'seed', type: 'text', default: 'admin@localhost', allowed: 'an email address', meaning: 'The superadmin created on first start (who must change the password).' },
  Seed__Admin__DisplayName: { group: 'seed', type: 'text', default: 'Administrator', meaning: 'Its display name.' },
  Seed__Admin__Password: {
    group: 'seed', type: 'secret', defaultText: 'unset',
    meaning: 'Its password, checked against the new-password rules (a bad one stops start-up naming the rule). In development, with neither this nor a hash, a random one is generated and printed once.',
    production: 'With neither this nor `Seed__Admin__PasswordHash`, no administrator is seeded (logged as an error) until a start names one.',
  },
  Seed__Admin__PasswordHash: { group: 'seed', type: 'secret', defaultText: 'unset', allowed: 'an argon2id hash (`$argon2id$…`)', meaning: 'Its password as a hash, instead of `Seed__Admin__Password`.' },
} as const satisfies Readonly<Record<string, SettingDefinition>>;

export type SettingName = keyof typeof SETTINGS;
