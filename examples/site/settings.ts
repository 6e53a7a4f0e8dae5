// The example site's settings, read once from the environment. A missing or malformed one stops the
// start with a sentence naming it, rather than a site that fails on its first request.

export interface SiteSettings {
  /** Verso's API, e.g. http://127.0.0.1:5000 (no trailing slash). */
  readonly apiUrl: string;
  readonly workspaceId: string;
  /** A delivery-only API-client token: reads what is published, nothing else. */
  readonly token: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** The admin's origin: the only page that may frame this site, and the only one live preview listens to. */
  readonly adminOrigin: string | null;
}

function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http or https URL, got ${JSON.stringify(value)}`);
  return url.origin;
}

export function readSettings(env: Record<string, string | undefined> = process.env): SiteSettings {
  const missing = ['VERSO_API_URL', 'VERSO_WORKSPACE_ID', 'VERSO_TOKEN'].filter((name) => !env[name]);
  if (missing.length > 0) throw new Error(`Set ${missing.join(', ')} (docs/live-preview.md: The example site)`);
  const apiUrl = env.VERSO_API_URL!.replace(/\/+$/, '');
  originOf('VERSO_API_URL', apiUrl);
  const port = Number(env.PORT ?? '4000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${JSON.stringify(env.PORT)}`);
  const admin = env.VERSO_ADMIN_ORIGIN?.trim();
  return {
    apiUrl,
    workspaceId: env.VERSO_WORKSPACE_ID!,
    token: env.VERSO_TOKEN!,
    port,
    adminOrigin: admin ? originOf('VERSO_ADMIN_ORIGIN', admin) : null,
  };
}
