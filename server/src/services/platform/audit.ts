// The audit writer every service calls inside the transaction that makes its change, so an entry
// exists exactly when the change commits. An entry holds the delta: before and after per changed
// property. Secret-bearing values never reach the log in clear. PasswordHash and TokenHash become
// `redacted:` + the first 12 hex characters of their SHA-256 (spec, Audit log entry): what is hashed
// there is itself a salted argon2 hash or the digest of a 256-bit random token, so the prefix gives
// nothing to guess against. A Secret (a webhook's signing secret, which the caller may choose) is
// the bare text `redacted`: 48 bits of an unsalted digest of a chosen secret let anyone who reads
// the audit log test guesses offline (issue #23). The delta still shows *that* it changed, since
// entries compare the values before redacting them.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CommonQueryMethods } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import { auditRows, insertAuditEntries, insertAuditEntry, type AuditEntry } from '../../db/platform/audit.js';
import type { Actor } from '../../access/actor.js';
import { currentCallOrigin } from '../../context/call-origin.js';
import type { AuditAction, AuditLogResponse } from '../../generated/schemas.js';

export type { AuditAction };

export interface AuditRecord {
  /** Null for entities outside any workspace (users, unscoped API clients). */
  readonly workspaceId: string | null;
  readonly entityType: string;
  readonly entityId: string;
  /** For entries of a content item or one of its versions: the item (the item's history filter). */
  readonly contentItemId?: string;
  readonly action: AuditAction;
  /** Null for changes the system makes on its own (seed, workers). */
  readonly actor: Actor | null;
  readonly before?: Readonly<Record<string, unknown>> | null;
  readonly after?: Readonly<Record<string, unknown>> | null;
}

/** Before and after per changed property, as an entry of the log presents it. */
export type ChangeDelta = AuditLogResponse['changeDelta'];

const SECRET_PROPERTY = /(passwordhash|secret|tokenhash)$/;
/** Properties holding a secret itself rather than a digest of one: never hashed, not even in part. */
const PLAIN_SECRET_PROPERTY = /secret$/;

const normalName = (name: string) => name.replace(/_/g, '').toLowerCase();

export function isSecretProperty(name: string): boolean {
  return SECRET_PROPERTY.test(normalName(name));
}

/** What the log records for a secret-bearing property's value (null stays null). */
export function redactSecret(value: unknown, property: string): unknown {
  if (value === null || value === undefined) return null;
  if (PLAIN_SECRET_PROPERTY.test(normalName(property))) return 'redacted';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `redacted:${crypto.createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 12)}`;
}

/** Before/after for every property whose value differs, secrets redacted. */
export function changeDelta(
  before: Readonly<Record<string, unknown>> | null | undefined,
  after: Readonly<Record<string, unknown>> | null | undefined,
): ChangeDelta {
  const delta: ChangeDelta = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (isDeepStrictEqual(b, a)) continue;
    delta[key] = isSecretProperty(key) ? { before: redactSecret(b, key), after: redactSecret(a, key) } : { before: b, after: a };
  }
  return delta;
}

const marks = new AsyncLocalStorage<Readonly<Record<string, unknown>>>();

/**
 * Runs `fn` with `extra` added to the `after` of every entry it records, through whichever service
 * records it: a bulk action marks its items' entries `bulk: true`, so the log says how each change
 * was made without every service taking a parameter for it.
 */
export function withAuditMarks<T>(extra: Readonly<Record<string, unknown>>, fn: () => Promise<T>): Promise<T> {
  return marks.run(extra, fn);
}

export async function recordAudit(tx: CommonQueryMethods, record: AuditRecord): Promise<void> {
  await insertAuditEntry(tx, auditEntry(record));
}

/** Several records in one statement, in this order (a write that makes several changes at once). */
export async function recordAudits(tx: CommonQueryMethods, records: readonly AuditRecord[]): Promise<void> {
  await insertAuditEntries(tx, records.map(auditEntry));
}

/** The log's rows for `records`, in order, for a statement that writes them itself (content publication). */
export function auditRowsOf(records: readonly AuditRecord[]): Record<string, unknown>[] {
  return auditRows(records.map(auditEntry));
}

function marked(after: AuditRecord['after']): AuditRecord['after'] {
  const extra = marks.getStore();
  return extra ? { ...after, ...extra } : after;
}

function auditEntry(record: AuditRecord): AuditEntry {
  const actor = record.actor;
  return {
    id: uuidv7(),
    workspaceId: record.workspaceId,
    entityType: record.entityType,
    entityId: record.entityId,
    contentItemId: record.contentItemId ?? null,
    action: record.action,
    actorType: actor ? actor.kind : 'System',
    actorId: actor ? actor.id : null,
    actorDisplayName: actor ? (actor.displayName ?? actor.email ?? null) : null,
    changeDelta: changeDelta(record.before, marked(record.after)),
    // Set only by the MCP server's in-process dispatch (context/call-origin.ts).
    origin: currentCallOrigin() ?? null,
  };
}
