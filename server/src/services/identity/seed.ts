// First start: the default workspace and the first administrator, so a fresh install can be
// signed into. Runs under an advisory lock in one transaction, so replicas starting together seed
// once; each part is created only when none of its kind exists yet.
import crypto from 'node:crypto';
import { sql } from 'slonik';
import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config.js';
import type { Db } from '../../db/pool.js';
import { countWorkspaces, insertWorkspace } from '../../db/identity/workspaces.js';
import { countUsers, insertUser } from '../../db/identity/users.js';
import type { Logger } from '../../logging/logger.js';
import { recordAudit } from '../platform/audit.js';
import { hashPassword } from './password-hashing.js';
import { passwordViolations, type PasswordPolicy } from './password-rules.js';
import { userAuditView } from './user-presenter.js';

/** "verso seed" in ASCII; distinct from the migration lock. */
const SEED_LOCK_KEY = 0x766572736f5364;

export async function seedIdentity(db: Db, config: Config, logger: Logger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(sql.unsafe`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countWorkspaces(tx)) === 0) {
      const { name, slug } = config.seed.defaultWorkspace;
      const ws = await insertWorkspace(tx, { id: uuidv7(), name, slug, description: null, publicMedia: true, allMediaPublic: false, previewUrl: null });
      await recordAudit(tx, { workspaceId: ws.id, entityType: 'Workspace', entityId: ws.id, action: 'Created', actor: null, after: { name, slug } });
      logger.info('seeded the default workspace', { event: 'seed_workspace', workspaceId: ws.id, slug });
    }
    if ((await countUsers(tx)) > 0) return;
    const seed = config.seed.admin;
    let passwordHash = seed.passwordHash;
    let generated: string | null = null;
    if (!passwordHash) {
      if (seed.password === null && config.environment === 'production') {
        // A password nobody can read would lock the install; seeding waits for a start that names one.
        logger.error('no administrator seeded: set Seed__Admin__Password or Seed__Admin__PasswordHash and restart', { event: 'seed_admin_skipped' });
        return;
      }
      generated = seed.password === null ? oneTimeSeedPassword(config.auth.password) : null;
      passwordHash = await hashPassword(seed.password ?? generated!);
    }
    const user = await insertUser(tx, {
      id: uuidv7(),
      email: seed.email,
      displayName: seed.displayName,
      passwordHash,
      role: 'Admin',
      isSuperAdmin: true,
      mustChangePassword: true,
    });
    await recordAudit(tx, { workspaceId: null, entityType: 'User', entityId: user.id, action: 'Created', actor: null, after: userAuditView(user, passwordHash) });
    logger.info('seeded the administrator', { event: 'seed_admin', userId: user.id, email: seed.email });
    if (generated && config.environment === 'development') {
      // Printed once, on purpose, so a developer can sign in; it must be changed at first login.
      process.stderr.write(`\nVerso seeded the administrator ${seed.email} with the one-time password: ${generated}\n` +
        'It must be changed at first sign-in. Set Seed__Admin__Password to choose it instead.\n\n');
    }
  });
}

/**
 * The development seed's one-time password: random base64url text of at least 24 characters (144
 * bits), longer when Auth__Password__MinLength asks for more, and checked against the same rules as
 * any new password so the printed password is always one the change-password form would take too.
 */
export function oneTimeSeedPassword(policy: PasswordPolicy): string {
  const length = Math.max(24, policy.minLength);
  for (;;) {
    const candidate = crypto.randomBytes(Math.ceil((length * 3) / 4)).toString('base64url').slice(0, length);
    if (passwordViolations(candidate, policy).length === 0) return candidate;
  }
}
