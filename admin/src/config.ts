// The admin app's settings, read once from the environment and validated like the API's: a bad value
// stops start-up with a message naming the setting.
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

export function loadAdminConfig(env: Env, options: { cwd?: string; version?: string } = {}): AdminConfig {
  const raw = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const port = (name: string, fallback: number) => {
    const v = raw(name);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v) || Number(v) > 65535) throw new AdminConfigError(name, `must be a port number, got "${v}"`);
    return Number(v);
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const v = raw(name);
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v)) throw new AdminConfigError(name, `must be an integer, got "${v}"`);
    const n = Number(v);
    if (n < min || n > max) throw new AdminConfigError(name, `must be between ${min} and ${max}, got ${n}`);
    return n;
  };
  const cwd = options.cwd ?? env.INIT_CWD ?? process.cwd();

  const envName = raw('NODE_ENV') ?? 'development';
  const environment = (['development', 'test', 'production'] as const).find((e) => e === envName.toLowerCase());
  if (!environment) throw new AdminConfigError('NODE_ENV', `must be one of development, test, production, got "${envName}"`);

  const apiPort = port('Api__Port', 5000);
  const apiBaseUrl = raw('Admin__ApiBaseUrl') ?? `http://127.0.0.1:${apiPort}`;
  let parsedApi: URL;
  try {
    parsedApi = new URL(apiBaseUrl);
  } catch {
    throw new AdminConfigError('Admin__ApiBaseUrl', 'must be a URL');
  }
  if (parsedApi.protocol !== 'http:' && parsedApi.protocol !== 'https:') throw new AdminConfigError('Admin__ApiBaseUrl', 'must use http or https');

  const host = raw('Admin__Host') ?? '127.0.0.1';
  const dataDirectory = path.resolve(cwd, raw('Data__Directory') ?? '.data');
  const cookieKeyFile = path.resolve(cwd, raw('Admin__Auth__CookieKeyFile') ?? path.join(dataDirectory, 'admin-cookie.key'));

  // Secure: auto (default) = on, except in development/test when the admin listens on loopback over
  // plain http (browsers drop Secure cookies on http://127.0.0.1 in some versions). Production: always on.
  const secureRaw = (raw('Admin__Auth__SecureCookie') ?? 'auto').toLowerCase();
  if (!['auto', 'true', 'false'].includes(secureRaw)) throw new AdminConfigError('Admin__Auth__SecureCookie', `must be auto, true or false, got "${secureRaw}"`);
  if (environment === 'production' && secureRaw === 'false') throw new AdminConfigError('Admin__Auth__SecureCookie', 'cannot be false in production');
  const secureCookie = secureRaw === 'true' || (secureRaw === 'auto' && (environment === 'production' || !isLoopback(host)));

  return {
    environment,
    port: port('Admin__Port', 5001),
    host,
    apiBaseUrl: apiBaseUrl.replace(/\/+$/, ''),
    version: options.version ?? '0.0.0-dev',
    dataDirectory,
    homeCountsCacheSeconds: int('Admin__Home__CountsCacheSeconds', 10, 0, 300),
    readCacheSeconds: int('Admin__ReadCacheSeconds', 5, 0, 300),
    trustedProxies: trustedProxiesOf(env),
    passwordMinLength: int('Auth__Password__MinLength', 12, 8, 128),
    auth: {
      cookieKeyFile,
      slidingWindowMinutes: int('Admin__Auth__Session__SlidingWindowMinutes', 60, 1, 24 * 60),
      maxLifetimeHours: int('Admin__Auth__Session__MaxLifetimeHours', 8, 1, 24 * 30),
      secureCookie,
    },
  };
}

const TRUSTED_PROXY_KEY = /^Admin__TrustedProxies__(\d+)$/;

/** Admin__TrustedProxies__N in index order, each an IP address or a CIDR network (checked by node:net). */
function trustedProxiesOf(env: Env): string[] {
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
