// MCP sessions (Streamable HTTP: the server names the session in its answer to `initialize`, the
// client sends that id with every later request). The id carries what the session needs — the MCP
// client's name and version from `initialize` and the actor who opened it — so any API process of a
// cluster serves any request of the session with nothing shared between them, and a restart ends no
// session. Nothing in it is secret or trusted: the bearer token is still checked on every request,
// and a session is served only to the actor who opened it (an id used with another token is
// unknown, 404), so a copied id gives nothing. The client's name is what the client said about
// itself, as it would be in any session.
import crypto from 'node:crypto';

export interface McpSession {
  readonly clientName: string;
  readonly clientVersion: string | null;
  /** `<kind>:<id>` of the actor that initialised the session. */
  readonly actorKey: string;
}

/** Longer names are cut: the audit log and the admin's history show them in a line. */
const NAME_LIMIT = 200;
const VERSION_LIMIT = 100;

/**
 * A self-declared name as a line a person reads: control and format characters (newlines, bidi
 * overrides, zero-width joiners) are dropped, so a client cannot forge a second line in the history or
 * turn the text around; then it is cut to `n`.
 */
function cut(s: string, n: number): string {
  const plain = s.replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  return plain.length > n ? plain.slice(0, n) : plain;
}

export function clientOf(clientInfo: unknown): { clientName: string; clientVersion: string | null } {
  const info = (typeof clientInfo === 'object' && clientInfo !== null ? clientInfo : {}) as { name?: unknown; version?: unknown };
  const name = typeof info.name === 'string' ? cut(info.name, NAME_LIMIT) : '';
  const version = typeof info.version === 'string' ? cut(info.version, VERSION_LIMIT) : '';
  return { clientName: name === '' ? 'an MCP client' : name, clientVersion: version === '' ? null : version };
}

export function newSessionId(session: McpSession): string {
  const payload = { n: crypto.randomBytes(16).toString('base64url'), c: session.clientName, v: session.clientVersion, a: session.actorKey };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The session an id names, or null for an id this server did not issue. */
export function readSessionId(id: string | string[] | undefined): McpSession | null {
  if (typeof id !== 'string' || id.length > 2048 || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  try {
    const p = JSON.parse(Buffer.from(id, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof p.n !== 'string' || typeof p.c !== 'string' || typeof p.a !== 'string' || !(typeof p.v === 'string' || p.v === null)) return null;
    return { clientName: cut(p.c, NAME_LIMIT), clientVersion: p.v === null ? null : cut(p.v, VERSION_LIMIT), actorKey: p.a };
  } catch {
    return null;
  }
}
