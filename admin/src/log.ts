// The admin's log: one JSON object per line (level, message, timestamp and fields), like the API's.
// Callers pass fields explicitly; nothing here ever serialises a request, a session or a token.
import type { Writable } from 'node:stream';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null | undefined>;

export interface AdminLogger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createAdminLogger(options: { level?: LogLevel; stream?: Pick<Writable, 'write'> } = {}): AdminLogger {
  const min = order[options.level ?? 'info'];
  const stream = options.stream ?? process.stdout;
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    if (order[level] < min) return;
    stream.write(JSON.stringify({ level, message, timestamp: new Date().toISOString(), app: 'admin', ...fields }) + '\n');
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
