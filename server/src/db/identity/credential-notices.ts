// The cross-replica half of credential invalidation: a change that ends or alters a credential
// announces itself with pg_notify inside its own transaction. PostgreSQL delivers a notification
// only when (and only if) that transaction commits, so a listener never evicts too early (a later
// lookup could re-cache the old row) nor hears about a change that was rolled back.
import { sql, type CommonQueryMethods } from 'slonik';

export const CREDENTIAL_CHANNEL = 'verso_auth_invalidation';

/** What changed. `all` is the safe answer to anything a listener cannot decode. */
export type CredentialChange =
  | { readonly kind: 'session'; readonly tokenHash: string }
  | { readonly kind: 'user'; readonly userId: string }
  | { readonly kind: 'api-client'; readonly clientId: string }
  | { readonly kind: 'preview-token'; readonly tokenId: string }
  | { readonly kind: 'workspace'; readonly workspaceId: string }
  | { readonly kind: 'all' };

export async function announceCredentialChange(tx: CommonQueryMethods, change: CredentialChange): Promise<void> {
  await tx.query(sql.unsafe`SELECT pg_notify(${CREDENTIAL_CHANNEL}, ${JSON.stringify(change)})`);
}

export function parseCredentialChange(payload: string | undefined): CredentialChange {
  try {
    const c = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (c.kind === 'session' && typeof c.tokenHash === 'string') return { kind: 'session', tokenHash: c.tokenHash };
    if (c.kind === 'user' && typeof c.userId === 'string') return { kind: 'user', userId: c.userId };
    if (c.kind === 'api-client' && typeof c.clientId === 'string') return { kind: 'api-client', clientId: c.clientId };
    if (c.kind === 'preview-token' && typeof c.tokenId === 'string') return { kind: 'preview-token', tokenId: c.tokenId };
    if (c.kind === 'workspace' && typeof c.workspaceId === 'string') return { kind: 'workspace', workspaceId: c.workspaceId };
  } catch {
    // fall through: an unreadable notice evicts everything rather than nothing
  }
  return { kind: 'all' };
}
