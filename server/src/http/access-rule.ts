// The access rule each operation declares in the contract (`x-verso-access`).
//
// One generic step (http/authorize.ts) enforces it before any handler runs, so a handler can never
// forget a check and the contract tells callers the truth about who may call what.
import { ROLE_RANK, WORKSPACE_ACCESS_RANK, type RoleName, type WorkspaceAccess } from '../access/roles.js';

export type AccessRule =
  | { readonly public: true }
  | {
      readonly public?: false;
      readonly role: RoleName;
      /** Access needed on the `workspaceId` path parameter; absent for global operations. */
      readonly workspace?: WorkspaceAccess;
      readonly superadmin?: boolean;
      /** A preview token may call it (the delivery reads, issue #27); every other operation refuses one with 403. */
      readonly preview?: boolean;
      /**
       * A delivery-only API client may call it (the published reads, issue #35 §4). Opt-in per
       * operation, so an operation added later refuses such a client until the contract says otherwise.
       */
      readonly delivery?: boolean;
    };


/** Checks a rule read from the document; start-up fails on a malformed one. */
export function parseAccessRule(operationId: string, raw: unknown): AccessRule {
  const fail = (why: string): never => {
    throw new Error(`operation ${operationId}: x-verso-access ${why}`);
  };
  if (raw === null || typeof raw !== 'object') return fail('is missing');
  const rule = raw as Record<string, unknown>;
  const known = new Set(['public', 'role', 'workspace', 'superadmin', 'preview', 'delivery']);
  for (const key of Object.keys(rule)) if (!known.has(key)) fail(`has unknown key "${key}"`);
  if (rule.public === true) {
    if (Object.keys(rule).length !== 1) fail('public: true takes no other keys');
    return { public: true };
  }
  if (typeof rule.role !== 'string' || !(rule.role in ROLE_RANK)) fail('needs role: Reader|Editor|TemplateAdmin|Admin');
  if (rule.workspace !== undefined && !Object.hasOwn(WORKSPACE_ACCESS_RANK, rule.workspace as string)) {
    fail('workspace must be None, Read or Write');
  }
  if (rule.superadmin !== undefined && typeof rule.superadmin !== 'boolean') fail('superadmin must be a boolean');
  if (rule.preview !== undefined && typeof rule.preview !== 'boolean') fail('preview must be a boolean');
  if (rule.delivery !== undefined && typeof rule.delivery !== 'boolean') fail('delivery must be a boolean');
  // Only a Reader-level read can be a delivery read: a delivery-only client must never write.
  if (rule.delivery === true && (rule.role !== 'Reader' || rule.superadmin === true || rule.workspace === 'Write')) {
    fail('delivery: true is for reads open to a Reader');
  }
  return {
    role: rule.role as RoleName,
    ...(rule.workspace !== undefined ? { workspace: rule.workspace as WorkspaceAccess } : {}),
    ...(rule.superadmin !== undefined ? { superadmin: rule.superadmin as boolean } : {}),
    ...(rule.preview === true ? { preview: true } : {}),
    ...(rule.delivery === true ? { delivery: true } : {}),
  };
}
