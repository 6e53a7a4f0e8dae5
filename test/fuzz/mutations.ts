// The attack classes of issue #12: each turns a valid-shaped request into a hostile one, as a
// fast-check arbitrary (so the choice of slot and payload comes from the run's seed). A "slot" is a
// place a value sits: a node of the JSON body, a query pair or a path parameter.
import fc from 'fast-check';
import type { OperationSpec } from './contract-operations.js';
import type { FuzzRequest } from './fuzz-request.js';
import * as P from './payloads.js';
import { HEADER_ATTACKS } from './header-attacks.js';
import { hostileMultipart } from './hostile-multipart.js';
import { isMultipart } from './multipart-body.js';
import { WEBHOOK_URL_OPERATIONS, webhookUrlAttack } from './webhook-urls.js';

export type Slot = { where: 'body'; path: (string | number)[] } | { where: 'query'; index: number } | { where: 'path'; name: string };

export interface MutationContext {
  /** Tokens that once worked: an expired session, a revoked API client. */
  readonly staleTokens: readonly string[];
  /** The target workspace and one of its webhook endpoints (the webhook-url class). */
  readonly ws?: string;
  readonly webhookEndpoint?: () => string | undefined;
}

type Attack = (req: FuzzRequest, op: OperationSpec, ctx: MutationContext) => fc.Arbitrary<FuzzRequest>;

/** Every node of a JSON value with its path (the root is `[]`). */
function nodes(value: unknown, path: (string | number)[] = [], out: { path: (string | number)[]; value: unknown }[] = []) {
  out.push({ path, value });
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  return out;
}

const jsonBody = (req: FuzzRequest) => (req.body?.kind === 'json' ? req.body.value : undefined);

function slots(req: FuzzRequest, onlyStrings: boolean): Slot[] {
  const body = jsonBody(req);
  const bodySlots: Slot[] =
    body === undefined ? [] : nodes(body).filter((n) => (onlyStrings ? typeof n.value === 'string' : n.path.length > 0)).map((n) => ({ where: 'body', path: n.path }));
  return [
    ...bodySlots,
    ...req.query.map((_, index) => ({ where: 'query', index }) as Slot),
    ...Object.keys(req.pathParams).map((name) => ({ where: 'path', name }) as Slot),
  ];
}

const slotName = (s: Slot) => (s.where === 'body' ? `body/${s.path.join('/')}` : s.where === 'query' ? `query #${s.index}` : `path {${s.name}}`);
const label = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return s.length > 40 ? `${JSON.stringify(s.slice(0, 20))}… (${s.length} chars)` : JSON.stringify(s);
};

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[path[0]!] = setAt(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

export function setSlot(req: FuzzRequest, slot: Slot, value: unknown, attack: string): FuzzRequest {
  const note = `${slotName(slot)} ← ${label(value)}`;
  if (slot.where === 'body' && req.body?.kind === 'json') {
    return { ...req, attack, note, body: { ...req.body, value: setAt(req.body.value, slot.path, value) } };
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (slot.where === 'query') return { ...req, attack, note, query: req.query.map((q, i) => (i === slot.index ? [q[0], text] : q)) };
  if (slot.where === 'path') return { ...req, attack, note, pathParams: { ...req.pathParams, [slot.name]: text } };
  return req;
}

/** Puts one of `payloads` into a string slot (a new `q` query pair when the request has none). */
function plant(attack: string, payloads: fc.Arbitrary<string>): Attack {
  return (req) => {
    const candidates = slots(req, true);
    if (candidates.length === 0) return payloads.map((p) => ({ ...req, attack, query: [...req.query, ['q', p] as const], note: `query q ← ${label(p)}` }));
    return fc.tuple(fc.constantFrom(...candidates), payloads).map(([slot, p]) => setSlot(req, slot, p, attack));
  };
}

/** Replaces the JSON at a body slot by raw text (or the whole body), keeping the rest of the document. */
function splice(req: FuzzRequest, op: OperationSpec, slot: Slot | undefined, text: Buffer, attack: string, note: string): FuzzRequest {
  const contentType = req.body?.contentType ?? op.body?.mediaTypes[0] ?? 'application/json';
  if (!slot || slot.where !== 'body' || req.body?.kind !== 'json') return { ...req, attack, note: `body ← ${note}`, body: { kind: 'raw', bytes: text, contentType } };
  const marker = '\u0001FUZZ-SPLICE\u0001';
  const json = JSON.stringify(setAt(req.body.value, slot.path, marker));
  const [before, after] = json.split(JSON.stringify(marker));
  return { ...req, attack, note: `${slotName(slot)} ← ${note}`, body: { kind: 'raw', bytes: Buffer.concat([Buffer.from(before!), text, Buffer.from(after ?? '')]), contentType } };
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

const wrongType: Attack = (req) => {
  const candidates = slots(req, false);
  if (candidates.length === 0) return fc.constantFrom(...P.WRONG_TYPE_VALUES).map((v) => ({ ...req, attack: 'wrong-type', note: `body ← ${label(v)}`, body: { kind: 'json', value: v, contentType: 'application/json' } }));
  return fc.tuple(fc.constantFrom(...candidates), fc.nat()).map(([slot, n]) => {
    if (slot.where !== 'body') return setSlot(req, slot, P.WRONG_TYPE_STRINGS[n % P.WRONG_TYPE_STRINGS.length], 'wrong-type');
    const current = slot.path.reduce<any>((v, k) => v?.[k], jsonBody(req));
    const others = P.WRONG_TYPE_VALUES.filter((v) => typeOf(v) !== typeOf(current));
    return setSlot(req, slot, others[n % others.length], 'wrong-type');
  });
};

const missingField: Attack = (req) => {
  const body = jsonBody(req);
  const keyed = body === undefined ? [] : nodes(body).filter((n) => n.path.length > 0 && typeof n.path[n.path.length - 1] === 'string');
  const choices: fc.Arbitrary<FuzzRequest>[] = [
    fc.constant({ ...req, attack: 'missing-field', note: 'no body', body: undefined }),
    fc.constant({ ...req, attack: 'missing-field', note: 'body {}', body: { kind: 'json' as const, value: {}, contentType: req.body?.contentType ?? 'application/json' } }),
  ];
  if (keyed.length > 0) {
    choices.push(
      fc.constantFrom(...keyed).map((n) => {
        const parent = n.path.slice(0, -1);
        const key = n.path[n.path.length - 1] as string;
        const container = { ...(parent.reduce<any>((v, k) => v[k], body) as object) } as Record<string, unknown>;
        delete container[key];
        return { ...req, attack: 'missing-field', note: `drop body/${n.path.join('/')}`, body: { ...req.body!, value: setAt(body, parent, container) } } as FuzzRequest;
      }),
    );
  }
  const names = Object.keys(req.pathParams);
  if (names.length > 0) choices.push(fc.constantFrom(...names).map((name) => ({ ...req, attack: 'missing-field', note: `path {${name}} empty`, pathParams: { ...req.pathParams, [name]: '' } })));
  return fc.oneof(...choices);
};

const hugeString: Attack = (req, op) =>
  fc.oneof(
    { weight: 4, arbitrary: plant('huge-string', fc.constantFrom('a'.repeat(P.ONE_MB), '\u00e9'.repeat(P.ONE_MB / 2), '\u{1F600}'.repeat(P.ONE_MB / 4)))(req, op, { staleTokens: [] }) },
    // Past Api__MaxRequestBodyBytes (4 MiB): the answer must be a problem, not a dropped connection.
    { weight: 1, arbitrary: fc.constant(splice(req, op, undefined, Buffer.from(`{"x":"${'a'.repeat(5 * P.ONE_MB)}"}`), 'huge-string', '5 MB document')) },
  ).map((r) => (r.note?.startsWith('body') ? r : { ...r, protocolLevel: true }));

const deepNesting: Attack = (req, op) => {
  const texts = [
    { note: `${P.DEEP} nested arrays`, text: '['.repeat(P.DEEP) + ']'.repeat(P.DEEP) },
    { note: `${P.DEEP} nested objects`, text: '{"a":'.repeat(P.DEEP) + '1' + '}'.repeat(P.DEEP) },
    { note: `${P.DEEP} nested mixed`, text: '[{"a":'.repeat(P.DEEP / 2) + 'null' + '}]'.repeat(P.DEEP / 2) },
  ];
  const candidates: (Slot | undefined)[] = [undefined, ...slots(req, false).filter((s) => s.where === 'body')];
  return fc.tuple(fc.constantFrom(...candidates), fc.constantFrom(...texts)).map(([slot, t]) => splice(req, op, slot, Buffer.from(t.text), 'deep-nesting', t.note));
};

const brokenUnicode: Attack = (req, op) => {
  const bodySlots = slots(req, true).filter((s) => s.where === 'body');
  const params = Object.keys(req.pathParams);
  const choices = [plant('broken-unicode', fc.constantFrom(...P.BROKEN_UNICODE_STRINGS))(req, op, { staleTokens: [] })];
  // Bytes that are not UTF-8 at all, inside a JSON string.
  if (bodySlots.length > 0) {
    choices.push(
      fc.tuple(fc.constantFrom(...bodySlots), fc.constantFrom(...P.INVALID_UTF8)).map(([slot, bytes]) =>
        splice(req, op, slot, Buffer.concat([Buffer.from('"x'), bytes, Buffer.from('y"')]), 'broken-unicode', `invalid UTF-8 ${bytes.toString('hex')}`),
      ),
    );
  }
  // …and percent-encoded in the URL.
  choices.push(
    fc.tuple(fc.constantFrom(...(params.length ? params : [''])), fc.constantFrom(...P.INVALID_UTF8_ENCODED)).map(([name, raw]) =>
      name
        ? { ...req, attack: 'broken-unicode', note: `path {${name}} ← raw ${raw}`, rawPathParams: { ...req.rawPathParams, [name]: raw } }
        : { ...req, attack: 'broken-unicode', note: `query ← raw ${raw}`, rawQuery: `q=${raw}&${raw}=1` },
    ),
  );
  return fc.oneof(...choices);
};

const pathTraversal: Attack = (req, op) => {
  const params = Object.keys(req.pathParams);
  const planted = plant('path-traversal', fc.constantFrom(...P.TRAVERSAL_STRINGS))(req, op, { staleTokens: [] });
  if (params.length === 0) return planted;
  const raw = fc.tuple(fc.constantFrom(...params), fc.constantFrom(...P.RAW_TRAVERSAL_SEGMENTS)).map(([name, segment]) => ({
    ...req,
    attack: 'path-traversal',
    note: `path {${name}} ← raw ${segment}`,
    rawPathParams: { ...req.rawPathParams, [name]: segment },
  }));
  return fc.oneof(planted, raw);
};

const invalidJson: Attack = (req, op) =>
  fc.constantFrom(...P.INVALID_JSON, ...P.HOSTILE_JSON).map((text) => ({
    ...req,
    attack: 'invalid-json',
    note: `body ← ${label(text)}`,
    body: { kind: 'raw', bytes: Buffer.from(text, 'utf8'), contentType: op.body?.mediaTypes[0] ?? 'application/json' },
  }));

const wrongContentType: Attack = (req) => {
  const bytes = Buffer.from(JSON.stringify(jsonBody(req) ?? {}));
  return fc.oneof(
    fc.constantFrom(...P.WRONG_CONTENT_TYPES, undefined).map((contentType) => ({
      ...req,
      attack: 'wrong-content-type',
      note: contentType === undefined ? 'no Content-Type' : `Content-Type: ${contentType}`,
      body: { kind: 'raw' as const, bytes, contentType },
    })),
    fc.constantFrom(...P.CONTENT_ENCODINGS).map((encoding) => ({
      ...req,
      attack: 'wrong-content-type',
      note: `Content-Encoding: ${encoding} (body not encoded)`,
      headers: [...req.headers, ['Content-Encoding', encoding] as const],
      body: { kind: 'raw' as const, bytes, contentType: 'application/json' },
    })),
  );
};

const duplicateQuery: Attack = (req, op) => {
  const declared = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const names = declared.length ? declared : ['page', 'q'];
  return fc.tuple(fc.constantFrom(...names), fc.constantFrom(...P.WRONG_TYPE_STRINGS), fc.nat(5)).map(([name, other, variant]) => {
    const current = req.query.find(([k]) => k === name)?.[1] ?? '1';
    const forms: [string, string | undefined][] = [
      [`${name}=${current}, ${name}=${other}`, undefined],
      [`${name}=${current}, ${name.toUpperCase()}=${other}`, undefined],
      [`${name}[]=1&${name}[]=2`, `${name}[]=1&${name}[]=2`],
      [`${name}[a]=1`, `${name}[a]=1`],
      [`${name}[__proto__][isSuperAdmin]=true`, `${name}[__proto__][isSuperAdmin]=true`],
      [`${name} ×50`, Array.from({ length: 50 }, (_, i) => `${name}=${i}`).join('&')],
    ];
    const [note, raw] = forms[variant]!;
    if (raw) return { ...req, attack: 'duplicate-query', note, rawQuery: raw };
    const upper = variant === 1 ? name.toUpperCase() : name;
    return { ...req, attack: 'duplicate-query', note, query: [...req.query.filter(([k]) => k !== name), [name, current] as const, [upper, other] as const] };
  });
};

const longUrl: Attack = (req) => {
  const big = 'a'.repeat(100 * 1024);
  const params = Object.keys(req.pathParams);
  const forms: FuzzRequest[] = [
    { ...req, note: 'query q ← 100 KB', query: [...req.query, ['q', big]] },
    { ...req, note: '100 KB of query pairs', rawQuery: Array.from({ length: 25_000 }, () => 'x=1').join('&') },
    ...params.map((name) => ({ ...req, note: `path {${name}} ← 100 KB`, pathParams: { ...req.pathParams, [name]: big } })),
  ];
  return fc.constantFrom(...forms).map((r) => ({ ...r, attack: 'long-url', protocolLevel: true }));
};

const headerInjection: Attack = (req) =>
  fc.constantFrom(...HEADER_ATTACKS).map((h) => ({
    ...req,
    attack: 'header-injection',
    note: h.note,
    headers: [...req.headers, ...h.headers],
    protocolLevel: h.protocolLevel,
    ...(h.body ? { body: { kind: 'raw' as const, bytes: Buffer.from(h.body), contentType: 'application/json' } } : {}),
  }));

const bogusToken: Attack = (req, _op, ctx) =>
  fc
    .constantFrom(
      ...P.BOGUS_AUTHORIZATIONS.map((a) => [a]),
      ...ctx.staleTokens.map((t) => [`Bearer ${t}`]),
      // `{token}` is the caller's real token, filled in when the request is sent.
      ['Bearer {token}x'],
      ['Bearer {token} {token}'],
      ['Bearer  {token}'],
      ['Bearer {token}', 'Bearer x'],
      ['Bearer x', 'Bearer {token}'],
    )
    .map((authorization) => ({ ...req, attack: 'bogus-token', note: `Authorization: ${authorization.map((a) => label(a)).join(' + ')}`, authorization }));

export const ATTACKS: Readonly<Record<string, Attack>> = {
  'wrong-type': wrongType,
  'missing-field': missingField,
  'huge-string': hugeString,
  'deep-nesting': deepNesting,
  nul: plant('nul', fc.constantFrom(...P.NUL_STRINGS)),
  'broken-unicode': brokenUnicode,
  sql: plant('sql', fc.constantFrom(...P.SQL_STRINGS)),
  'path-traversal': pathTraversal,
  'invalid-json': invalidJson,
  'wrong-content-type': wrongContentType,
  'duplicate-query': duplicateQuery,
  'long-url': longUrl,
  'header-injection': headerInjection,
  'bogus-token': bogusToken,
  'webhook-url': (req, op, ctx) => webhookUrlAttack(ctx.webhookEndpoint ?? (() => undefined), ctx.ws ?? req.pathParams.workspaceId ?? '')(req, op),
  'hostile-multipart': (req) => hostileMultipart(req),
};

/** Classes aimed at one surface: drawn only for the operations they apply to (every other class applies to all). */
export const ATTACK_SCOPE: Readonly<Record<string, (op: OperationSpec) => boolean>> = {
  'webhook-url': (op) => WEBHOOK_URL_OPERATIONS.has(op.operationId),
  'hostile-multipart': (op) => isMultipart(op.body?.mediaTypes[0]),
};

export const appliesTo = (attack: string, op: OperationSpec) => ATTACK_SCOPE[attack]?.(op) ?? true;
