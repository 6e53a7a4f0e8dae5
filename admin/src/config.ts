// The admin app's settings, read once from the environment and validated like the API's: a bad value
// stops start-up with a message naming the setting.
//
// ADMIN_SETTINGS (at the end) is each setting's one definition, the same shape as the API's SETTINGS
// (server/src/config.ts): the readers take defaults and ranges from it and accept only its names, and
// `make generate` renders both into docs/configuration.md. A setting both processes read is defined
// in both; the generator refuses the two definitions when they disagree.
import net from 'node:net';
import path from 'node:path';

export type AdminEnvironment = 'development' | 'test' | 'production';

export interface AdminConfig {
  readonly environment: AdminEnvironment;
  readonly port: number;
  readonly host: string;
  /** The API origin (no trailing slash). */
  readonly apiBaseUrl: string;
  /** The admin's own release, shown on the About page next to the API's. */
  readonly version: string;
  readonly dataDirectory: string;
  /** How long Home keeps a workspace's content counts (0 = ask the API on every render). */
  readonly homeCountsCacheSeconds: number;
  /** How long a user's workspace list and a workspace's filter choices are reused (read-cache.ts; 0 = off). */
  readonly readCacheSeconds: number;
  /**
   * Admin__TrustedProxies__N: the reverse proxies (IPs or CIDRs) in front of the admin. Only a request
   * from one of them has its X-Forwarded-For believed for the browser's address, which the admin
   * forwards to the API (api.ts). Empty (the default): the socket's peer is the browser.
   */
  readonly trustedProxies: readonly string[];
  /**
   * Auth__Password__MinLength, read like the API reads it (set it for both processes): the admin
   * says it next to the new-password field and makes its generated temporary passwords at least
   * this long. The API is what enforces it.
   */
  readonly passwordMinLength: number;
  readonly auth: {
    /** The file holding the 32-byte cookie-encryption key (created with mode 0600 when missing). */
    readonly cookieKeyFile: string;
    /** Sliding expiry: a session unused this long is over. */
    readonly slidingWindowMinutes: number;
    /** Hard limit from the original sign-in, however active the session. */
    readonly maxLifetimeHours: number;
    /** Whether the cookie carries `Secure`. Off only for plain-http loopback development. */
    readonly secureCookie: boolean;
  };
}

export class AdminConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${setting} ${problem}`);
    this.name = 'AdminConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);

export function loadAdminConfig(env: Env, options: { cwd?: string; version?: string; reads?: Set<string> } = {}): AdminConfig {
  const raw = (name: AdminSettingName) => {
    options.reads?.add(name);
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const text = (name: AdminSettingName) => raw(name) ?? defaultOf(name, 'string');
  const port = (name: AdminSettingName) => {
    const v = raw(name);
    if (v === undefined) return defaultOf(name, 'number');
    if (!/^\d+$/.test(v) || Number(v) > 65535) throw new AdminConfigError(name, `must be a port number, got "${v}"`);
    return Number(v);
  };
  const int = (name: AdminSettingName) => {
    const { min, max } = ADMIN_SETTINGS[name] as AdminSettingDefinition;
    if (min === undefined || max === undefined) throw new Error(`ADMIN_SETTINGS.${name} has no range for its reader`);
    const v = raw(name);
    if (v === undefined) return defaultOf(name, 'number');
    if (!/^\d+$/.test(v)) throw new AdminConfigError(name, `must be an integer, got "${v}"`);
    const n = Number(v);
    if (n < min || n > max) throw new AdminConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  };
  const cwd = options.cwd ?? env.INIT_CWD ?? process.cwd();

  const envName = text('NODE_ENV');
  const environment = (['development', 'test', 'production'] as const).find((e) => e === envName.toLowerCase());
  if (!environment) throw new AdminConfigError('NODE_ENV', `must be one of development, test, production, got "${envName}"`);

  const apiPort = port('Api__Port');
  const apiBaseUrl = raw('Admin__ApiBaseUrl') ?? `http://127.0.0.1:${apiPort}`;
  let parsedApi: URL;
  try {
    parsedApi = new URL(apiBaseUrl);
  } catch {
    throw new AdminConfigError('Admin__ApiBaseUrl', 'must be a URL');
  }
  if (parsedApi.protocol !== 'http:' && parsedApi.protocol !== 'https:') throw new AdminConfigError('Admin__ApiBaseUrl', 'must use http or https');

  const host = text('Admin__Host');
  const dataDirectory = path.resolve(cwd, text('Data__Directory'));
  const cookieKeyFile = path.resolve(cwd, raw('Admin__Auth__CookieKeyFile') ?? path.join(dataDirectory, 'admin-cookie.key'));

  // Secure: auto (default) = on, except in development/test when the admin listens on loopback over
  // plain http (browsers drop Secure cookies on http://127.0.0.1 in some versions). Production: always on.
  const secureRaw = text('Admin__Auth__SecureCookie').toLowerCase();
  if (!['auto', 'true', 'false'].includes(secureRaw)) throw new AdminConfigError('Admin__Auth__SecureCookie', `must be auto, true or false, got "${secureRaw}"`);
  if (environment === 'production' && secureRaw === 'false') throw new AdminConfigError('Admin__Auth__SecureCookie', 'cannot be false in production');
  const secureCookie = secureRaw === 'true' || (secureRaw === 'auto' && (environment === 'production' || !isLoopback(host)));

  return {
    environment,
    port: port('Admin__Port'),
    host,
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    version: options.version ?? '0.0.0-dev',
    dataDirectory,
    homeCountsCacheSeconds: int('Admin__Home__CountsCacheSeconds'),
    readCacheSeconds: int('Admin__ReadCacheSeconds'),
    trustedProxies: trustedProxiesOf(env, options.reads),
    passwordMinLength: int('Auth__Password__MinLength'),
    auth: {
      cookieKeyFile,
      slidingWindowMinutes: int('Admin__Auth__Session__SlidingWindowMinutes'),
      maxLifetimeHours: int('Admin__Auth__Session__MaxLifetimeHours'),
      secureCookie,
    },
  };
}

const TRUSTED_PROXY_KEY = /^Admin__TrustedProxies__(\d+)$/;

/** Admin__TrustedProxies__N in index order, each an IP address or a CIDR network (checked by node:net). */
function trustedProxiesOf(env: Env, reads?: Set<string>): string[] {
  reads?.add('Admin__TrustedProxies__N' satisfies AdminSettingName);
  const entries = Object.entries(env)
    .map(([key, value]) => ({ key, index: TRUSTED_PROXY_KEY.exec(key)?.[1], value: value?.trim() ?? '' }))
    .filter((e) => e.index !== undefined && e.value !== '')
    .sort((a, b) => Number(a.index) - Number(b.index));
  for (const { key, value } of entries) {
    const [address = '', prefix, ...rest] = value.split('/');
    const family = net.isIP(address);
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || rest.length > 0) throw new AdminConfigError(key, `must be an IP address or a CIDR network such as 10.0.0.0/8, got "${value}"`);
  }
  return entries.map((e) => e.value);
}

/** One setting's definition: the same shape as the API's SettingDefinition (server/src/config.ts). */
export interface AdminSettingDefinition {
  readonly group: string;
  readonly type: 'integer' | 'boolean' | 'text' | 'URL' | 'choice' | 'list' | 'numbered list' | 'secret';
  readonly default?: number | boolean | string;
  readonly defaultText?: string;
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
  readonly allowed?: string;
  readonly meaning: string;
  readonly production?: string;
  readonly readElsewhere?: string;
}

export const ADMIN_SETTINGS = {
  NODE_ENV: {
    group: 'general', type: 'choice', default: 'development', values: ['development', 'test', 'production'],
    meaning: 'The environment; production always marks the cookie `Secure`.',
  },
  Data__Directory: { group: 'general', type: 'text', default: '.data', meaning: 'Where the admin keeps its cookie key by default.' },
  Api__Port: { group: 'api', type: 'integer', default: 5000, min: 0, max: 65535, meaning: 'The API\'s port, for the default `Admin__ApiBaseUrl`.' },
  Admin__Port: { group: 'admin', type: 'integer', default: 5001, min: 0, max: 65535, meaning: 'The port the admin app listens on.' },
  Admin__ApiBaseUrl: {
    group: 'admin', type: 'URL', defaultText: '`http://127.0.0.1:${Api__Port}`', allowed: 'http or https URL',
    meaning: 'The API the admin app calls.',
  },
  Auth__Password__MinLength: {
    group: 'auth', type: 'integer', default: 12, min: 8, max: 128,
    meaning: 'Stated next to the new-password field; generated temporary passwords are at least this long.',
  },
  Admin__Host: { group: 'admin', type: 'text', default: '127.0.0.1', meaning: 'The address the admin app listens on.' },
  Admin__Auth__CookieKeyFile: {
    group: 'admin', type: 'text', defaultText: '`<data>/admin-cookie.key`',
    meaning: 'The cookie-encryption key (32 random bytes, base64url), created with mode 0600 on first start; replacing or losing it signs everyone out. A missing file that cannot be created stops start-up.',
  },
  Admin__Auth__Session__SlidingWindowMinutes: { group: 'admin', type: 'integer', default: 60, min: 1, max: 24 * 60, meaning: 'An admin session unused this long is over.' },
  Admin__Auth__Session__MaxLifetimeHours: { group: 'admin', type: 'integer', default: 8, min: 1, max: 24 * 30, meaning: 'An admin session never outlives this, counted from sign-in.' },
  Admin__Auth__SecureCookie: {
    group: 'admin', type: 'choice', default: 'auto', values: ['auto', 'true', 'false'],
    meaning: '`Secure` on the admin cookie: `auto` is on, except in development and test when the admin listens on loopback over plain http.',
    production: '`false` stops start-up.',
  },
  Admin__Home__CountsCacheSeconds: {
    group: 'admin', type: 'integer', default: 10, min: 0, max: 300,
    meaning: 'How long Home keeps a workspace\'s content counts and review-queue sections; `0` asks the API on every render.',
  },
  Admin__ReadCacheSeconds: {
    group: 'admin', type: 'integer', default: 5, min: 0, max: 300,
    meaning: 'How long a user\'s workspace list and a workspace\'s filter choices are reused; `0` is off. Changes made through the admin show at once; the API checks every call regardless.',
  },
  Admin__TrustedProxies__N: {
    group: 'admin', type: 'numbered list', defaultText: 'none', allowed: 'IP addresses or CIDR networks',
    meaning: 'Proxies in front of the admin whose `X-Forwarded-For` the admin believes (and forwards to the API as the browser\'s address).',
  },
} as const satisfies Readonly<Record<string, AdminSettingDefinition>>;

export type AdminSettingName = keyof typeof ADMIN_SETTINGS;

function defaultOf<K extends 'string' | 'number'>(name: AdminSettingName, kind: K): { string: string; number: number }[K] {
  const value: unknown = (ADMIN_SETTINGS[name] as AdminSettingDefinition).default;
  if (typeof value !== kind) throw new Error(`ADMIN_SETTINGS.${name} has no ${kind} default for its reader`);
  return value as { string: string; number: number }[K];
}
