// JSON log lines (winston) carrying the request's correlation id, trace id and actor.
//
// Secrets must never reach a log: any property whose name looks like a credential is replaced
// before the line is written, wherever it is nested.
import winston from 'winston';
import { currentRequestContext } from '../context/request-context.js';

export type Logger = winston.Logger;

const SECRET_KEY = /(pass(word)?|secret|token|authorization|cookie|hash|api[-_]?key)/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

const withRequestContext = winston.format((info) => {
  const ctx = currentRequestContext();
  if (ctx) {
    info.correlationId ??= ctx.correlationId;
    info.traceId ??= ctx.traceId;
    if (ctx.actor) info.actor ??= ctx.actor;
  }
  for (const key of Object.keys(info)) {
    if (key === 'level' || key === 'message') continue;
    info[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(info[key]);
  }
  return info;
});

export function createLogger(options: { level: string; silent?: boolean; stream?: NodeJS.WritableStream }): Logger {
  return winston.createLogger({
    level: options.level,
    silent: options.silent ?? false,
    format: winston.format.combine(
      winston.format.timestamp(),
      winston.format.errors({ stack: true }),
      withRequestContext(),
      winston.format.json(),
    ),
    transports: [
      options.stream
        ? new winston.transports.Stream({ stream: options.stream })
        : new winston.transports.Console(),
    ],
  });
}
