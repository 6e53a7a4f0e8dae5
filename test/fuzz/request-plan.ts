// What the fuzzer sends for an operation: a valid-shaped request built from the contract (path ids
// from the seeded world, optional query parameters, declared headers, a body from the schema with
// the world's real ids and one coherent content value mixed in), then, most of the time, one attack
// class of mutations.ts applied to it. A request is a fast-check sample drawn with a seed derived
// from the run's seed and the request's index, so (seed, index) names it.
import fc from 'fast-check';
import { FIXTURE_PASSWORD } from '../helpers/actors.js';
import type { Json, OperationSpec, ParameterSpec } from './contract-operations.js';
import type { CallerName, FuzzBody, FuzzRequest } from './fuzz-request.js';
import { appliesTo, ATTACKS, type MutationContext } from './mutations.js';
import { isMultipart, multipartBody } from './multipart-body.js';
import { schemaArbitrary, type SchemaArbitraryOptions } from './schema-arbitrary.js';
import type { FuzzWorld } from './world.js';

export const ATTACK_CLASSES = ['valid', ...Object.keys(ATTACKS)] as const;

/** Stand-ins for a path id that must be a fresh throwaway entity (filled in by `prepare`). */
export const THROWAWAY_USER = '00000000-0000-7000-8000-0000000000aa';
export const THROWAWAY_WORKSPACE = '00000000-0000-7000-8000-0000000000bb';

/**
 * Operations that end or change the caller's own credential (sign-out, refresh, password change):
 * every non-public POST under /auth/. They are sent as a throwaway user of the caller's role, so
 * the four callers' sessions live through the whole run.
 */
export const actsOnOwnCredential = (op: OperationSpec) => op.path.startsWith('/api/v1/auth/') && op.method === 'POST' && op.access.public !== true;
/** Writes to one user (update, deactivate, delete, reset password) go to a fresh throwaway user. */
const writesUser = (op: OperationSpec) => /^\/api\/v1\/users\/\{id\}/.test(op.path) && op.method !== 'GET';
/** Deleting a workspace deletes a fresh throwaway workspace, never the target. */
const deletesWorkspace = (op: OperationSpec) => op.path === '/api/v1/workspaces/{workspaceId}' && op.method === 'DELETE';

const CALLERS: fc.Arbitrary<CallerName> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<CallerName>('anonymous') },
  { weight: 1, arbitrary: fc.constant<CallerName>('Reader') },
  { weight: 1, arbitrary: fc.constant<CallerName>('Editor') },
  // Most operations need Admin to get past the access step, where the interesting code is.
  { weight: 2, arbitrary: fc.constant<CallerName>('Admin') },
);

/** One element of a list read when the value is generated (the world's pools change during a run). */
function fromPool<T>(list: () => readonly T[], fallback: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.tuple(fc.nat(), fallback).map(([n, f]) => {
    const l = list();
    return l.length ? l[n % l.length]! : f;
  });
}

export class RequestPlanner {
  private readonly cache = new Map<string, fc.Arbitrary<FuzzRequest>>();

  constructor(
    private readonly document: Json,
    private readonly world: FuzzWorld,
    private readonly mutation: MutationContext,
    /** Attack classes to draw from (all by default). */
    private readonly attacks: readonly string[] = ATTACK_CLASSES,
  ) {}

  /** Request `index` of a run seeded with `seed`, against `op`. */
  generate(op: OperationSpec, seed: number, index: number): FuzzRequest {
    let arb = this.cache.get(op.operationId);
    if (!arb) this.cache.set(op.operationId, (arb = this.requestArbitrary(op)));
    const req = fc.sample(arb, { seed: requestSeed(seed, index), numRuns: 1 })[0]!;
    // Every eighth request to a GET goes out as HEAD, answered as that GET without a body (the
    // contract's blanket rule); chosen by index, so the draws of every other request stay as they were.
    return op.method === 'GET' && req.method === 'GET' && index % 8 === 7 ? { ...req, method: 'HEAD' } : req;
  }

  private requestArbitrary(op: OperationSpec): fc.Arbitrary<FuzzRequest> {
    const others = this.attacks.filter((a) => a !== 'valid' && appliesTo(a, op));
    // One request in five stays valid-shaped: those reach the handlers' happy paths and grow the world.
    const chosen =
      others.length === 0
        ? fc.constant('valid')
        : this.attacks.includes('valid')
          ? fc.oneof({ weight: 1, arbitrary: fc.constant('valid') }, { weight: 4, arbitrary: fc.constantFrom(...others) })
          : fc.constantFrom(...others);
    return fc.tuple(this.validArbitrary(op), chosen).chain(([req, name]) => (name === 'valid' ? fc.constant(req) : ATTACKS[name]!(req, op, this.mutation)));
  }

  /** Request `index` of a run, valid-shaped, then turned into `attack` by `apply` (the sweep's cases). */
  generateValid(op: OperationSpec, seed: number, index: number): FuzzRequest {
    return fc.sample(this.validArbitrary(op), { seed: requestSeed(seed, index), numRuns: 1 })[0]!;
  }

  private validArbitrary(op: OperationSpec): fc.Arbitrary<FuzzRequest> {
    const options: SchemaArbitraryOptions = { override: (name, schema, fromSchema) => this.override(name, schema, fromSchema) };
    const query = op.parameters
      .filter((p) => p.in === 'query')
      .map((p) => {
        const value = schemaArbitrary(this.document, p.schema, options, p.name).map((v) => queryPairs(p, v));
        return p.required ? value : fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: value });
      });
    const headers = op.parameters
      .filter((p) => p.in === 'header')
      .map((p) => {
        const value = schemaArbitrary(this.document, p.schema, options).map((v) => [p.name, String(v)] as const);
        return p.required ? value : fc.option(value, { nil: undefined });
      });
    // A required body is always there (leaving it out is the missing-field class's job).
    const bodyValue = op.body ? schemaArbitrary(this.document, op.body.schema, options) : undefined;
    const body = !bodyValue ? fc.constant(undefined) : op.body!.required ? bodyValue : fc.option(bodyValue, { nil: undefined, freq: 3 });
    // A multipart operation gets a real form built from the generated value (multipart-body.ts).
    const multipart = isMultipart(op.body?.mediaTypes[0]);
    const encodedBody: fc.Arbitrary<FuzzBody | undefined> = multipart
      ? body.chain((v) => (v === undefined ? fc.constant(undefined) : multipartBody(v)))
      : body.map((v) => (v === undefined ? undefined : { kind: 'json' as const, value: v, contentType: op.body!.mediaTypes[0]! }));
    // Half the guarded writes carry the resource's real ETag, so they can get past the precondition.
    const guarded = op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'if-match');
    return fc
      .record({
        caller: CALLERS,
        pathParams: this.pathArbitrary(op),
        query: fc.tuple(...query).map((q) => q.flat()),
        headers: fc.tuple(...headers).map((h) => h.filter((x) => x !== undefined)),
        body: encodedBody,
        ifMatchFromRead: guarded ? fc.boolean() : fc.constant(false),
      })
      .map(({ caller, pathParams, query, headers, body, ifMatchFromRead }) => ({
        operationId: op.operationId,
        attack: 'valid',
        caller,
        method: op.method,
        pathTemplate: op.path,
        pathParams,
        query,
        headers,
        body,
        ifMatchFromRead,
      }));
  }

  /** Path ids that exist, chosen coherently (a field of a version of the template in the path). */
  private pathArbitrary(op: OperationSpec): fc.Arbitrary<Record<string, string>> {
    const params = op.parameters.filter((p) => p.in === 'path');
    const random = fc.tuple(...params.map((p) => schemaArbitrary(this.document, p.schema).map(String)));
    return fc.tuple(fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), fc.array(fc.nat(15), { minLength: params.length, maxLength: params.length }), random).map(([picks, dice, randoms]) => {
      const w = this.world;
      const at = <T>(list: readonly T[], k: number) => (list.length ? list[picks[k]! % list.length] : undefined);
      const out: Record<string, string> = {};
      const segments = op.path.split('/');
      const parent = (name: string) => segments[segments.indexOf(`{${name}}`) - 1];
      const kind = parent('id');
      const template = kind === 'templates' ? at(w.templates, 0) : undefined;
      const tVersion = template ? at(template.versions, 1) : undefined;
      const component = kind === 'components' ? at(w.components, 0) : undefined;
      const picklist = kind === 'picklists' ? at(w.picklists, 0) : undefined;
      const content = kind === 'content' ? at(w.contents, 0) : undefined;
      const asset = kind === 'media' ? at(w.media, 0) : undefined;
      params.forEach((p, i) => {
        // One parameter in sixteen is random: ids that do not exist must be answered well too.
        if (dice[i] === 0) return void (out[p.name] = randoms[i]!);
        let value: string | number | undefined;
        switch (p.name) {
          case 'workspaceId':
            value = deletesWorkspace(op) ? THROWAWAY_WORKSPACE : w.ws;
            break;
          case 'id':
            if (kind === 'users') value = writesUser(op) ? THROWAWAY_USER : at(w.users, 0)?.id;
            else if (kind === 'clients') value = at(w.clients, 0);
            else if (kind === 'tags') value = at(w.tags, 0);
            else if (kind === 'media') value = asset;
            else if (kind === 'webhooks') value = at(w.webhooks, 0);
            else value = (template ?? component ?? picklist ?? content)?.id;
            break;
          case 'versionNumber':
            value = tVersion?.number ?? (component ? at(component.versions, 1) : undefined) ?? (content ? at(content.versions, 1) : undefined);
            break;
          case 'versionId':
            value = at(w.templates.flatMap((t) => t.versions.map((v) => v.id)), 1);
            break;
          case 'sectionId':
            value = tVersion ? at(tVersion.sectionIds, 2) : undefined;
            break;
          case 'fieldId':
            value = tVersion ? at(tVersion.fieldIds, 2) : undefined;
            break;
          case 'revisionId':
            value = picklist ? at(picklist.revisionIds, 1) : undefined;
            break;
          case 'packageId':
            value = at(w.packages, 0);
            break;
          case 'slug':
            value = at(w.contents.filter((c) => c.slug), 0)?.slug;
            break;
          case 'asset':
            value = at(w.assets, 0);
            break;
        }
        out[p.name] = value === undefined ? randoms[i]! : String(value);
      });
      return out;
    });
  }

  /** Real ids (and the fixture password) for the properties and parameters that name them. */
  private override(name: string, schema: Json, fromSchema: () => fc.Arbitrary<unknown>): fc.Arbitrary<unknown> | undefined {
    const w = this.world;
    const ids = (list: () => readonly string[]) => fc.oneof({ weight: 3, arbitrary: fromPool(list, fc.uuid()) }, { weight: 1, arbitrary: fromSchema() });
    switch (name) {
      case 'workspaceId':
        return ids(() => [w.ws]);
      case 'templateVersionId':
        return ids(() => [w.article.templateVersionId, w.article.templateVersionId, ...w.templates.flatMap((t) => t.versions.map((v) => v.id))]);
      case 'templateId':
      case 'allowedTemplateId':
        return ids(() => w.templates.map((t) => t.id));
      case 'componentId':
      case 'nestedComponentId':
        return ids(() => w.components.map((c) => c.id));
      case 'picklistId':
        return ids(() => w.picklists.map((p) => p.id));
      case 'picklistRevisionId':
        return ids(() => w.picklists.flatMap((p) => p.revisionIds));
      case 'sectionId':
        return ids(() => w.templates.flatMap((t) => t.versions.flatMap((v) => v.sectionIds)));
      case 'fieldId':
        return ids(() => [w.article.titleFieldId, ...w.templates.flatMap((t) => t.versions.flatMap((v) => v.fieldIds))]);
      case 'mediaAssetId':
      case 'fileAssetId':
        return ids(() => w.media);
      case 'childContentItemId':
      case 'targetContentItemId':
        return ids(() => w.contents.map((c) => c.id));
      case 'entityId':
        return fc.oneof(fc.nat().map((n) => w.anyId(n)), fromSchema());
      case 'actorUserId':
        return ids(() => Object.values(w.callers).flatMap((c) => (c.userId ? [c.userId] : [])));
      case 'slug':
        // The content list's slug filter; a slug the request creates (it has a pattern) stays new.
        if (schema.pattern) return undefined;
        return fc.oneof({ weight: 1, arbitrary: fromPool(() => w.contents.map((c) => c.slug).filter(Boolean), fc.constant('missing')) }, { weight: 2, arbitrary: fromSchema() });
      case 'tags':
        return typeof schema.type === 'string' && schema.type === 'string' ? fc.constantFrom('news', 'guides,news', 'fuzz', 'NEWS , guides') : undefined;
      case 'email':
        return fc.oneof(fromPool(() => w.loginEmails, fc.constant('nobody@example.test')), fromSchema());
      case 'password':
      case 'currentPassword':
        return fc.oneof(fc.constant(FIXTURE_PASSWORD), fromSchema());
      case 'fields':
        // A value the article's published version accepts, so content writes also succeed.
        if (!JSON.stringify(schema).includes('ContentFieldValueRequest') && !JSON.stringify(schema).includes('FieldValueList')) return undefined;
        return fc.oneof(
          fc.string({ minLength: 1, maxLength: 40 }).map((t) => [{ fieldId: w.article.titleFieldId, order: 0, valueKind: 'Text', textValue: t }]),
          fromSchema(),
        );
      default:
        return undefined;
    }
  }
}

/** A per-request seed: distinct for every (seed, index), stable across runs. */
export function requestSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) | 0;
}

/** Swaps the throwaway stand-ins for fresh entities and picks the token the request goes out with. */
export async function prepare(req: FuzzRequest, op: OperationSpec, world: FuzzWorld): Promise<{ request: FuzzRequest; token?: string }> {
  let request = req;
  if (req.pathParams.id === THROWAWAY_USER) request = { ...request, pathParams: { ...request.pathParams, id: (await world.throwawayUser()).id } };
  if (req.pathParams.workspaceId === THROWAWAY_WORKSPACE) request = { ...request, pathParams: { ...request.pathParams, workspaceId: await world.throwawayWorkspace() } };
  const caller = world.callers[req.caller];
  if (caller.role && actsOnOwnCredential(op)) return { request, token: (await world.throwawayCaller(caller.role)).token };
  return { request, token: caller.token };
}

/**
 * A query parameter's value as the pairs a client sends: a deepObject object as `name[key][…]=value`
 * (so the field filters reach the service's own checks rather than the router's 400 for JSON text),
 * anything else as one pair, non-strings as JSON.
 */
function queryPairs(p: ParameterSpec, value: unknown): (readonly [string, string])[] {
  if (p.style !== 'deepObject' || typeof value !== 'object' || value === null) {
    return [[p.name, typeof value === 'string' ? value : JSON.stringify(value)]];
  }
  const pairs: (readonly [string, string])[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      for (const [k, inner] of Object.entries(v)) walk(`${prefix}[${k}]`, inner);
    } else pairs.push([prefix, typeof v === 'string' ? v : JSON.stringify(v)]);
  };
  walk(p.name, value);
  return pairs;
}
