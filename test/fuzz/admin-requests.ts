// The admin classes (issue #23): requests to every admin route (admin-target.ts) with a malformed
// escape, a NUL, an oversized field or body, an unknown content encoding or charset, hostile form
// fields, or a missing or wrong CSRF token. A request is a FuzzRequest like the API's (the route's
// `:name` parameters become `{name}`), drawn from the run's seed and its index, sent with the
// caller's session cookie. The admin's oracle: an answer at all, never a 5xx, a client error as an
// HTML page, nothing leaked in the body, no error line or stack in the admin's log, and a write
// without its token refused.
import type { AdminRoute } from './admin-target.js';
import type { CallerName, FuzzRequest } from './fuzz-request.js';
import { leaks, type Check } from './oracle.js';
import * as P from './payloads.js';
import { header, type RawResponse } from './raw-http.js';
import { requestSeed } from './request-plan.js';
import type { FuzzWorld } from './world.js';

export const ADMIN_ATTACKS = ['admin-escape', 'admin-nul', 'admin-oversized', 'admin-encoding', 'admin-form', 'admin-csrf'] as const;
export type AdminAttack = (typeof ADMIN_ATTACKS)[number];

export type AdminCheck = Check | 'not-html-page' | 'log-error' | 'log-stack' | 'csrf-not-refused';

/** Posts that end or change the fuzzing session itself: they never get a valid token. */
const SELF_DESTRUCTIVE = new Set(['/admin-auth/logout', '/account/password']);

/** Form fields the admin's forms read, so hostile values reach the handlers. */
const FIELDS = ['email', 'password', 'name', 'slug', 'url', 'displayName', 'returnUrl', 'altText', 'confirm', 'events', 'label', 'key', 'q', '_etag', 'theme', 'timeZoneId'];

/** A small seeded generator (mulberry32): admin requests are a pure function of (seed, index). */
function rng(seed: number): { int(n: number): number; pick<T>(list: readonly T[]): T; uuid(): string } {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  // A version-7-shaped id no entity has (the ids the server makes carry a timestamp of now).
  const uuid = () => `00000000-0000-7000-8000-${Array.from({ length: 12 }, () => int(16).toString(16)).join('')}`;
  return { int, pick: (list) => list[int(list.length)]!, uuid };
}

export class AdminPlanner {
  constructor(
    private readonly routes: readonly AdminRoute[],
    private readonly world: FuzzWorld,
    private readonly classes: readonly AdminAttack[] = ADMIN_ATTACKS,
  ) {
    if (routes.length === 0 || classes.length === 0) throw new Error('the admin planner needs a route and a class');
  }

  /** How many requests a sweep takes: every route with every class once. */
  get sweepSize(): number {
    return this.routes.length * this.classes.length;
  }

  /** Sweep request `i`: route `i mod routes`, class `i div routes`; the rest from the seed. */
  sweep(seed: number, i: number): FuzzRequest {
    const route = this.routes[i % this.routes.length]!;
    const attack = this.classes[Math.floor(i / this.routes.length) % this.classes.length]!;
    return this.build(route, attack, rng(requestSeed(seed, -1 - i)));
  }

  /** Random request `index` of a run. */
  generate(seed: number, index: number): FuzzRequest {
    const r = rng(requestSeed(seed, index));
    return this.build(r.pick(this.routes), r.pick(this.classes), r);
  }

  private build(route: AdminRoute, attack: AdminAttack, r: ReturnType<typeof rng>): FuzzRequest {
    const caller = r.pick<CallerName>(['anonymous', 'Reader', 'Editor', 'Admin', 'Admin']);
    const pathParams = Object.fromEntries(route.params.map((p) => [p, this.paramValue(route, p, r)]));
    const base: FuzzRequest = {
      operationId: `admin ${route.method} ${route.path}`,
      attack,
      caller,
      method: route.method,
      pathTemplate: route.path.replace(/:(\w+)/g, '{$1}'),
      pathParams,
      query: [],
      headers: [],
    };
    const post = route.method === 'POST';
    // A write carries the caller's token unless it would end the fuzzing session itself.
    const token = post && !SELF_DESTRUCTIVE.has(route.path) ? '{csrf}' : 'none';
    const formOf = (fields: [string, string][]) => form([...(token === '{csrf}' ? [['_csrf', token] as [string, string]] : []), ...fields]);
    const someFields = (): [string, string][] => [[r.pick(FIELDS), 'fuzz'], [r.pick(FIELDS), 'x']];
    const withForm = (req: FuzzRequest, fields: [string, string][], note: string): FuzzRequest => ({ ...req, body: post ? formOf(fields) : req.body, note });
    const slotParam = route.params.length ? r.pick(route.params) : undefined;

    switch (attack) {
      case 'admin-escape': {
        const raw = r.pick(P.INVALID_UTF8_ENCODED);
        if (slotParam && r.int(3) > 0) return withForm({ ...base, rawPathParams: { [slotParam]: raw }, note: `path {${slotParam}} ← raw ${raw}` }, someFields(), `path {${slotParam}} ← raw ${raw}`);
        if (post && r.int(2) === 0) return { ...base, body: { kind: 'raw', bytes: Buffer.from(`_csrf=${token === 'none' ? '' : token}&${r.pick(FIELDS)}=${raw}&${raw}=1`), contentType: FORM }, note: `form field ← raw ${raw}` };
        return withForm({ ...base, rawQuery: `returnUrl=${raw}&${raw}=1&page=${raw}` }, someFields(), `query ← raw ${raw}`);
      }
      case 'admin-nul': {
        const nul = r.pick(P.NUL_STRINGS);
        if (slotParam && r.int(3) === 0) return withForm({ ...base, pathParams: { ...pathParams, [slotParam]: nul } }, someFields(), `path {${slotParam}} ← ${JSON.stringify(nul)}`);
        if (post && r.int(3) > 0) return withForm(base, [[r.pick(FIELDS), nul], [r.pick(FIELDS), nul]], `form fields ← ${JSON.stringify(nul)}`);
        return withForm({ ...base, query: [['returnUrl', `/${nul}`], [r.pick(FIELDS), nul]] }, someFields(), `query ← ${JSON.stringify(nul)}`);
      }
      case 'admin-oversized': {
        const variant = r.int(post ? 5 : 2);
        if (variant === 0) return withForm({ ...base, query: [['q', 'q'.repeat(60 * 1024)]], protocolLevel: true }, someFields(), 'query q ← 60 KB');
        if (variant === 1 && slotParam) return withForm({ ...base, pathParams: { ...pathParams, [slotParam]: 'p'.repeat(60 * 1024) }, protocolLevel: true }, someFields(), `path {${slotParam}} ← 60 KB`);
        if (variant === 1) return withForm({ ...base, query: [['returnUrl', '/' + 'r'.repeat(8 * 1024)]] }, someFields(), 'returnUrl ← 8 KB');
        if (variant === 2) return withForm(base, [[r.pick(FIELDS), 'f'.repeat(P.ONE_MB)]], 'form field ← 1 MB');
        if (variant === 3) return { ...base, body: { kind: 'raw', bytes: Buffer.from(`_csrf=${token === 'none' ? '' : token}&big=${'b'.repeat(9 * P.ONE_MB)}`), contentType: FORM }, note: 'form of 9 MB (over the admin\'s 8 MB)' };
        return { ...base, body: { kind: 'raw', bytes: Buffer.from(`_csrf=${token === 'none' ? '' : token}&${Array.from({ length: 20_001 }, (_, i) => `f${i}=1`).join('&')}`), contentType: FORM }, note: '20,001 form fields' };
      }
      case 'admin-encoding': {
        const bytes = Buffer.from(new URLSearchParams([...(token === '{csrf}' ? [['_csrf', token] as [string, string]] : []), ['email', 'a@b.test'], ['name', 'x']] as [string, string][]).toString());
        const variant = r.int(3);
        if (variant === 0) {
          const encoding = r.pick([...P.CONTENT_ENCODINGS, 'identity', 'zstd']);
          return { ...base, headers: [['Content-Encoding', encoding]], body: { kind: 'raw', bytes, contentType: FORM }, note: `Content-Encoding: ${encoding} (body not encoded)` };
        }
        if (variant === 1) {
          const charset = r.pick(['utf-16', 'x-fuzz', 'latin1', 'utf-7', '"; boundary=x"']);
          return { ...base, body: { kind: 'raw', bytes, contentType: `${FORM}; charset=${charset}` }, note: `charset=${charset}` };
        }
        const type = r.pick(['application/json', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=x', 'multipart/form-data; a="; boundary=x"', 'application/x-www-form-urlencoded;;;=', '*/*']);
        return { ...base, body: { kind: 'raw', bytes, contentType: type }, note: `Content-Type: ${type}` };
      }
      case 'admin-form': {
        const variant = r.int(4);
        const name = r.pick(FIELDS);
        if (variant === 0) return withForm(base, [[name, 'one'], [name, 'two'], [name, 'three']], `${name} three times`);
        if (variant === 1) return withForm(base, [['__proto__', 'x'], ['constructor', 'x'], [`${name}[__proto__][isSuperAdmin]`, 'true'], ['hasOwnProperty', 'x']], 'prototype keys');
        if (variant === 2) return withForm(base, [[name, r.pick([...P.SQL_STRINGS, ...P.TRAVERSAL_STRINGS, ...P.BROKEN_UNICODE_STRINGS])], ['returnUrl', r.pick(['//evil.example', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)'])]], `${name} and returnUrl hostile`);
        return withForm(base, [], 'only the token');
      }
      case 'admin-csrf': {
        const variant = r.int(4);
        const method = 'POST';
        const sent: [string, string][] = variant === 0 ? [] : variant === 1 ? [['_csrf', '']] : variant === 2 ? [['_csrf', 'x'.repeat(32)]] : [['_csrf', '{otherCsrf}']];
        return {
          ...base,
          method,
          operationId: `admin POST ${route.path}`,
          body: form([...sent, ['name', 'csrf probe'], ['email', 'csrf@example.test']]),
          note: ['no _csrf', 'empty _csrf', 'a made-up _csrf', "another session's _csrf"][variant]!,
        };
      }
    }
  }

  private paramValue(route: AdminRoute, name: string, r: ReturnType<typeof rng>): string {
    const w = this.world;
    if (r.int(10) === 0) return r.uuid();
    const kind = route.path.split('/')[route.path.split('/').indexOf(`:${name}`) - 1];
    const pick = (list: readonly string[]) => (list.length ? r.pick(list) : r.uuid());
    switch (name) {
      case 'workspaceId':
        return w.ws;
      case 'itemId':
        return pick(w.contents.map((c) => c.id));
      case 'versionNumber':
      case 'n':
        return String(1 + r.int(2));
      case 'sectionId':
        return pick(w.templates.flatMap((t) => t.versions.flatMap((v) => v.sectionIds)));
      case 'fieldId':
        return pick(w.templates.flatMap((t) => t.versions.flatMap((v) => v.fieldIds)));
      case 'revisionId':
        return pick(w.picklists.flatMap((p) => p.revisionIds));
      case 'packageId':
        return pick(w.packages);
      case 'action':
        return r.pick(['submit', 'approve', 'reject', 'publish', 'unpublish', 'archive', 'nonsense']);
      case 'file':
        return r.pick(['admin.css', 'admin.js', 'missing.png', '..%2fpackage.json']);
      case 'id':
        switch (kind) {
          case 'templates':
            return pick(w.templates.map((t) => t.id));
          case 'components':
            return pick(w.components.map((c) => c.id));
          case 'picklists':
            return pick(w.picklists.map((p) => p.id));
          case 'tags':
            return pick(w.tags);
          case 'media':
            return pick(w.media);
          case 'users':
            return pick(w.users.map((u) => u.id));
          case 'api-clients':
            return pick(w.clients);
          case 'webhooks':
            return pick(w.webhooks);
          default:
            // workspaces/:id: never a real workspace (a delete through the admin must not hit the target).
            return r.uuid();
        }
      default:
        return r.uuid();
    }
  }
}

const FORM = 'application/x-www-form-urlencoded';
const form = (fields: [string, string][]) => ({ kind: 'raw' as const, bytes: Buffer.from(new URLSearchParams(fields).toString()), contentType: FORM });

/** Judges an admin answer together with the admin's log lines written while it was handled. */
export function judgeAdmin(req: FuzzRequest, res: RawResponse, logLines: readonly Record<string, unknown>[]): AdminCheck[] {
  if (res.status === 0) return ['no-response'];
  const checks: AdminCheck[] = [];
  if (res.status >= 500) checks.push('server-error');
  const type = (header(res, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  // serve-static answers a write to a file with a bare 405 (Allow: GET, HEAD); Node's HTTP layer
  // answers an oversized head with a bare 431.
  const bare = (res.status === 405 && header(res, 'allow') !== undefined) || (req.protocolLevel && (res.status === 431 || res.status === 414));
  if (res.status >= 400 && type !== 'text/html' && !bare) checks.push('not-html-page');
  if (type === '' || /json|text\/(?:html|plain)/.test(type)) checks.push(...leaks(res.body.toString('utf8')));
  if (logLines.some((l) => l.level === 'error')) checks.push('log-error');
  if (logLines.some((l) => 'stack' in l || /\n\s+at .+:\d+:\d+/.test(JSON.stringify(l)))) checks.push('log-stack');
  // A write without its token is refused (403, or an earlier 4xx such as the static files' 405); only
  // signing out without a session may go through, as there is nothing to end.
  const anonymousLogout = req.caller === 'anonymous' && req.pathTemplate === '/admin-auth/logout';
  if (req.attack === 'admin-csrf' && res.status < 400 && !anonymousLogout) checks.push('csrf-not-refused');
  return checks;
}
