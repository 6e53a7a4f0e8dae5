// Where the admin's templates and static files live. They stay in admin/src (tsc copies nothing),
// and this module resolves them the same way from admin/src (tsx, tests) and admin/dist (node).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const adminDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const viewsDir = path.join(adminDir, 'src', 'views');
export const publicDir = path.join(adminDir, 'src', 'public');
