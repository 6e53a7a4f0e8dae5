// Handlers for the CRUD operations that templates, components and picklists share. Each of those
// aggregates is a workspace-scoped resource at /workspaces/{workspaceId}/{collection}/{id} whose
// contract reads, writes and answers the same way (ETag on every single-resource body, If-Match on
// writes, Location on 201), so one builder per operation keeps the three from drifting apart.
//
// Every builder is generic over the operationId K it serves: the service it wraps must take K's
// request types and answer K's response schema, and what it builds is bound as `Handler<K>`
// (`export const getTemplate: Handler<'getTemplate'> = getById(templates.getTemplate)`, K inferred
// from the binding). Inside a generic body TypeScript cannot resolve K's contract types, so a
// builder's context is the slice of OperationContext<K> it reads — the route's path parameters and
// a `reply` for the one status it answers — and the binding checks, per K, that K's context
// provides that slice (its route has those parameters, that status has that body and headers).
import type { Actor } from '../access/actor.js';
import type { Dependencies } from '../dependencies.js';
import type { operations } from '../generated/openapi.js';
import type { OperationId } from '../generated/operations.js';
import type { HandlerResponse, HeaderParams, QueryParams, RequestBody } from '../http/operation.js';
import { withEtag } from './response-headers.js';

type Db = Dependencies['db'];
type Responses<K extends OperationId> = operations[K]['responses'];

/** The JSON body the contract gives status S of operation K. */
type JsonBody<K extends OperationId, S extends number> = S extends keyof Responses<K>
  ? Responses<K>[S] extends { content: { 'application/json': infer B } }
    ? B
    : never
  : never;

/** A single resource as the model's services answer it: the body and its ETag. */
interface Tagged<B> {
  readonly body: B;
  readonly etag: string;
}

interface WorkspacePath {
  readonly workspaceId: string;
}
interface ResourcePath extends WorkspacePath {
  readonly id: string;
}
interface VersionPath extends ResourcePath {
  readonly versionNumber: number;
}
interface IfMatchHeader {
  readonly 'if-match'?: string;
}
/** The operations that declare If-Match: a guarded write's builder serves no other. */
type GuardedOperationId = { [K in OperationId]: 'if-match' extends keyof HeaderParams<K> ? K : never }[OperationId];

/** The part of OperationContext<K> a builder reads; `reply` answers the builder's one status. */
interface Slice<K extends OperationId, Request, Reply extends (...args: never[]) => HandlerResponse<K>> {
  readonly request: Request;
  readonly actor: Actor;
  readonly deps: Dependencies;
  readonly reply: Reply;
}
type ReadSlice<K extends OperationId, Request, Reply extends (...args: never[]) => HandlerResponse<K>> = Omit<Slice<K, Request, Reply>, 'actor'>;

type OkWithEtag<K extends OperationId> = (status: 200, body: JsonBody<K, 200>, headers: { ETag: string }) => HandlerResponse<K>;

/** GET /workspaces/{workspaceId}/{collection}: one page, filtered by the operation's query. */
export const listInWorkspace =
  <K extends OperationId>(list: (db: Db, workspaceId: string, query: QueryParams<K>) => Promise<JsonBody<K, 200>>) =>
  async ({
    request,
    deps,
    reply,
  }: ReadSlice<K, { readonly params: WorkspacePath; readonly query: QueryParams<K> }, (status: 200, body: JsonBody<K, 200>) => HandlerResponse<K>>) =>
    reply(200, await list(deps.db, request.params.workspaceId, request.query));

/** POST /workspaces/{workspaceId}/{collection}; `collection` is the path segment Location points into. */
export const createInWorkspace =
  <K extends OperationId>(
    collection: string,
    create: (db: Db, actor: Actor, workspaceId: string, input: RequestBody<K>) => Promise<Tagged<JsonBody<K, 201> & { readonly id: string }>>,
  ) =>
  async ({
    request,
    actor,
    deps,
    reply,
  }: Slice<
    K,
    { readonly params: WorkspacePath; readonly body: RequestBody<K> },
    (status: 201, body: JsonBody<K, 201>, headers: { ETag: string; Location: string }) => HandlerResponse<K>
  >) => {
    const ws = request.params.workspaceId;
    const { body, etag } = await create(deps.db, actor, ws, request.body);
    return reply(201, body, withEtag(etag, { Location: `/api/v1/workspaces/${ws}/${collection}/${body.id}` }));
  };

/** GET /workspaces/{workspaceId}/{collection}/{id}. */
export const getById =
  <K extends OperationId>(get: (db: Db, workspaceId: string, id: string) => Promise<Tagged<JsonBody<K, 200>>>) =>
  async ({ request, deps, reply }: ReadSlice<K, { readonly params: ResourcePath }, OkWithEtag<K>>) => {
    const { body, etag } = await get(deps.db, request.params.workspaceId, request.params.id);
    return reply(200, body, withEtag(etag));
  };

/** PUT /workspaces/{workspaceId}/{collection}/{id} under If-Match. */
export const updateById =
  <K extends GuardedOperationId>(
    update: (
      db: Db,
      actor: Actor,
      workspaceId: string,
      id: string,
      ifMatch: string | undefined,
      input: RequestBody<K>,
    ) => Promise<Tagged<JsonBody<K, 200>>>,
  ) =>
  async ({
    request,
    actor,
    deps,
    reply,
  }: Slice<K, { readonly params: ResourcePath; readonly headers: IfMatchHeader; readonly body: RequestBody<K> }, OkWithEtag<K>>) => {
    const { workspaceId, id } = request.params;
    const { body, etag } = await update(deps.db, actor, workspaceId, id, request.headers['if-match'], request.body);
    return reply(200, body, withEtag(etag));
  };

/** DELETE /workspaces/{workspaceId}/{collection}/{id} under If-Match. */
export const deleteById =
  <K extends GuardedOperationId>(remove: (db: Db, actor: Actor, workspaceId: string, id: string, ifMatch: string | undefined) => Promise<void>) =>
  async ({
    request,
    actor,
    deps,
    reply,
  }: Slice<K, { readonly params: ResourcePath; readonly headers: IfMatchHeader }, (status: 204) => HandlerResponse<K>>) => {
    await remove(deps.db, actor, request.params.workspaceId, request.params.id, request.headers['if-match']);
    return reply(204);
  };

/** GET …/{id}/versions/{versionNumber} for templates and components. */
export const getVersionByNumber =
  <K extends OperationId>(get: (db: Db, workspaceId: string, id: string, versionNumber: number) => Promise<Tagged<JsonBody<K, 200>>>) =>
  async ({ request, deps, reply }: ReadSlice<K, { readonly params: VersionPath }, OkWithEtag<K>>) => {
    const { workspaceId, id, versionNumber } = request.params;
    const { body, etag } = await get(deps.db, workspaceId, id, versionNumber);
    return reply(200, body, withEtag(etag));
  };
