// Validation shared by users and account preferences: IANA time zones and workspace grants.
import type { CommonQueryMethods } from 'slonik';
import { existingWorkspaceIds } from '../../db/identity/users.js';
import { validationFailed } from '../../errors.js';
import type { UserWorkspaceAccessRequest, WorkspaceAccessLevel } from '../../generated/schemas.js';

const IANA_NAME = /^(UTC|[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+|[A-Z]{3,5}[0-9]?([A-Z]{3})?)$/;

/** An IANA time zone id the runtime knows (Europe/Berlin, UTC); offsets like +01:00 are not ids. */
export function isKnownTimeZone(id: string): boolean {
  if (!IANA_NAME.test(id)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

export function assertTimeZone(id: string | null | undefined, pointer: string): void {
  if (id === null || id === undefined) return;
  if (!isKnownTimeZone(id)) throw validationFailed({ [pointer]: [`"${id}" is not a known IANA time zone id.`] });
}

/** Collapses duplicates to the strongest grant (Write wins); an unknown workspace is 422. */
export async function normaliseGrants(
  db: CommonQueryMethods,
  requested: readonly UserWorkspaceAccessRequest[],
): Promise<Map<string, WorkspaceAccessLevel>> {
  const grants = new Map<string, WorkspaceAccessLevel>();
  for (const g of requested) {
    const id = g.workspaceId.toLowerCase();
    if (grants.get(id) !== 'Write') grants.set(id, g.accessLevel);
  }
  const existing = await existingWorkspaceIds(db, [...grants.keys()]);
  const errors: Record<string, string[]> = {};
  requested.forEach((g, i) => {
    if (!existing.has(g.workspaceId.toLowerCase())) errors[`/workspaceAccesses/${i}/workspaceId`] = ['No such workspace.'];
  });
  if (Object.keys(errors).length) throw validationFailed(errors, 'A workspace grant names a workspace that does not exist.');
  return grants;
}
