// The admin app's settings, read once from the environment and validated like the API's.
export interface AdminConfig {
  readonly port: number;
  readonly host: string;
  readonly apiBaseUrl: string;
}

export function loadAdminConfig(env: Readonly<Record<string, string | undefined>>): AdminConfig {
  const int = (name: string, fallback: number) => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new Error(`Invalid configuration: ${name} must be a port number, got "${raw}"`);
    return Number(raw);
  };
  const apiPort = int('Api__Port', 5000);
  const apiBaseUrl = env.Admin__ApiBaseUrl?.trim() || `http://127.0.0.1:${apiPort}`;
  try {
    new URL(apiBaseUrl);
  } catch {
    throw new Error('Invalid configuration: Admin__ApiBaseUrl must be a URL');
  }
  return { port: int('Admin__Port', 5001), host: env.Admin__Host?.trim() || '127.0.0.1', apiBaseUrl: apiBaseUrl.replace(/\/+$/, '') };
}
