import type { OperationHandler } from '../http/operation.js';

export const getCurrentUser: OperationHandler = ({ actor }) => ({
  status: 200,
  body: {
    kind: actor!.kind,
    id: actor!.id,
    email: actor!.email,
    displayName: actor!.displayName,
    role: actor!.role,
    isSuperAdmin: actor!.isSuperAdmin,
  },
});
