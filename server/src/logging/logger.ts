// JSON log lines (winston) carrying the request's correlation id, trace id and actor.
//
// Secrets must never reach a log: any property whose name looks like a credential is replaced
// before the line is written, wherever it is nested.
//
// Errors must say why: an Error's name, message and stack are not enumerable, so JSON would write
// `{ err }` as `{}`. Every Error in a line, at any depth, is written out field by field instead.
import winston from 'winston';
import { currentRequestContext } from '../context/request-context.js';

export type Logger = winston.Logger;

const SECRET_KEY = /(pass(word)?|secret|token|authorization|cookie|hash|api[-_]?key)/i;
const MAX_DEPTH = 8;
/** What a system or driver error carries to say which call failed where; read even when not enumerable. */
const ERROR_DETAILS = ['code', 'errno', 'syscall', 'address', 'port'] as const;

function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return errorFields(value, depth, seen);
  if (value instanceof Date) return value;
  // Deeper than anything a log line should hold; cut rather than write what was not checked.
  if (depth > MAX_DEPTH || seen.has(value)) return '[truncated]';
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : redact(v, depth + 1, seen);
    return out;
  } finally {
    seen.delete(value); // the same object twice side by side is fine; only a cycle is cut
  }
}

/**
 * An Error as plain fields: name, message, code/errno/syscall/address/port when present, its other
 * own primitive properties (a pg error's detail, hint, constraint…), the cause chain, an
 * AggregateError's inner errors, then the stack. Non-primitive properties other than errors are
 * left out so that an error holding a socket or a request cannot drag it into the log.
 */
function errorFields(err: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = { name: err.name, message: err.message };
  if (depth > MAX_DEPTH || seen.has(err)) return out;
  seen.add(err);
  try {
    const record = err as unknown as Record<string, unknown>;
    for (const key of ERROR_DETAILS) if (record[key] !== undefined) out[key] = record[key];
    for (const [k, v] of Object.entries(err)) {
      if (k in out || k === 'cause' || k === 'errors' || k === 'stack' || v === undefined) continue;
      if (SECRET_KEY.test(k)) out[k] = '[redacted]';
      else if (v === null || typeof v !== 'object' || v instanceof Error) out[k] = redact(v, depth + 1, seen);
    }
    if (err.cause !== undefined) out.cause = redact(err.cause, depth + 1, seen);
    if (err instanceof AggregateError) out.errors = err.errors.map((e: unknown) => redact(e, depth + 1, seen));
    if (err.stack) out.stack = err.stack;
    return out;
  } finally {
    seen.delete(err);
  }
}

/**
 * One line saying why something failed, for a person reading a terminal: the message, then each
 * cause's message (skipped when the message already quotes it). An error with an empty message
 * (an AggregateError from a refused dual-stack connect) is described by its code or inner errors.
 */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  const seen = new Set<unknown>();
  for (let e: unknown = err; e !== undefined && e !== null && !seen.has(e) && parts.length < 10; e = (e as Error).cause) {
    seen.add(e);
    const text = e instanceof Error ? ownReason(e) : String(e);
    if (text && !parts.some((p) => p.includes(text))) parts.push(text);
    if (!(e instanceof Error)) break;
  }
  return parts.join(': ') || 'no reason given';
}

function ownReason(err: Error): string {
  if (err.message) return err.message;
  if (err instanceof AggregateError && err.errors.length > 0) return [...new Set(err.errors.map((e: unknown) => describeError(e)))].join('; ');
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? `${err.name} ${code}` : err.name;
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
