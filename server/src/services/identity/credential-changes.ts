// The one way a service changes a credential: the change and its pg_notify share a transaction
// (other replicas hear of it exactly when it commits), and this replica evicts it right after the
// commit, before the caller's response is sent.
import type { DatabaseTransactionConnection } from 'slonik';
import { announceCredentialChange, type CredentialChange } from '../../db/identity/credential-notices.js';
import type { Db } from '../../db/pool.js';
import type { CredentialEvictor } from './credential-cache.js';

export type Announce = (change: CredentialChange) => Promise<void>;

export async function changingCredentials<T>(
  db: Db,
  credentials: CredentialEvictor,
  work: (tx: DatabaseTransactionConnection, announce: Announce) => Promise<T>,
): Promise<T> {
  const changes: CredentialChange[] = [];
  const result = await db.transaction((tx) =>
    work(tx, async (change) => {
      await announceCredentialChange(tx, change);
      changes.push(change);
    }),
  );
  for (const change of changes) credentials.evict(change);
  return result;
}
