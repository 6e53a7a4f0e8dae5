// The preview tokens of a release end with it: a deleted release's tokens are revoked (kept for the
// audit trail), so none outlives it as a token of the whole workspace.
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

export async function revokeReleaseTokenRows(db: CommonQueryMethods, releaseId: string): Promise<readonly string[]> {
  return db.anyFirst(sql.type(z.object({ id: z.string() }))`
    UPDATE preview_tokens SET revoked_at = now() WHERE release_id = ${releaseId} AND revoked_at IS NULL RETURNING id`);
}
