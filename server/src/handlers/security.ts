// Security: the record of IP bans the edge imposed (Admin).
import type { Handler } from '../http/operation.js';
import { listIpBans as listBans } from '../services/security/ip-ban-events.js';

export const listIpBans: Handler<'listIpBans'> = async ({ request, deps, reply }) => reply(200, await listBans(deps.db, request.query));
