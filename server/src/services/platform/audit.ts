// The audit writer every service calls inside the transaction that makes its change, so an entry
// exists exactly when the change commits. An entry holds the delta: before and after per changed
// property. Secret-bearing values never reach the log in clear: PasswordHash, Secret and TokenHash
// become `redacted:` + the first 12 hex characters of their SHA-256 (spec, Audit log entry), which
// still shows *that* a secret changed and lets an operator match a known value.
import crypto from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CommonQueryMethods } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import { insertAuditEntry } from '../../db/platform/audit.js';
import type { Actor } from '../../access/actor.js';
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

export function isSecretProperty(name: string): boolean {
  return SECRET_PROPERTY.test(name.replace(/_/g, '').toLowerCase());
}

export function redactSecret(value: unknown): unknown {
  if (value === null || value === undefined) return null;
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
    delta[key] = isSecretProperty(key) ? { before: redactSecret(b), after: redactSecret(a) } : { before: b, after: a };
  }
  return delta;
}

export async function recordAudit(tx: CommonQueryMethods, record: AuditRecord): Promise<void> {
  const actor = record.actor;
  await insertAuditEntry(tx, {
    id: uuidv7(),
    workspaceId: record.workspaceId,
    entityType: record.entityType,
    entityId: record.entityId,
    contentItemId: record.contentItemId ?? null,
    action: record.action,
    actorType: actor ? actor.kind : 'System',
    actorId: actor ? actor.id : null,
    actorDisplayName: actor ? (actor.displayName ?? actor.email ?? null) : null,
    changeDelta: changeDelta(record.before, record.after),
  });
}
