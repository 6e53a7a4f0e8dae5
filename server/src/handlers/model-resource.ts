// Handlers for the CRUD operations that templates, components and picklists share. Each of those
// aggregates is a workspace-scoped resource at /workspaces/{workspaceId}/{collection}/{id} whose
// contract reads, writes and answers the same way (ETag on every single-resource body, If-Match on
// writes, Location on 201), so one builder per operation keeps the three from drifting apart.
import type { Dependencies } from '../dependencies.js';
import type { Actor } from '../access/actor.js';
import type { OperationHandler } from '../http/operation.js';
import { ifMatchOf, intParam, param, withEtag } from './model-request.js';

type Db = Dependencies['db'];
type Query = Readonly<Record<string, unknown>>;
interface Tagged<B = unknown> {
  readonly body: B;
  readonly etag: string;
}

export const listInWorkspace =
  (list: (db: Db, workspaceId: string, query: Query) => Promise<unknown>): OperationHandler =>
  async ({ request, deps }) => ({
    status: 200,
    body: await list(deps.db, param(request, 'workspaceId'), request.query),
  });

/** `collection` is the path segment the Location header points into (`templates`, `components`, …). */
export const createInWorkspace =
  (collection: string, create: (db: Db, actor: Actor, workspaceId: string, input: never) => Promise<Tagged<{ id: string }>>): OperationHandler =>
  async ({ request, actor, deps }) => {
    const ws = param(request, 'workspaceId');
    const { body, etag } = await create(deps.db, actor!, ws, request.body as never);
    return { status: 201, body, headers: withEtag(etag, { Location: `/api/v1/workspaces/${ws}/${collection}/${body.id}` }) };
  };

export const getById =
  (get: (db: Db, workspaceId: string, id: string) => Promise<Tagged>): OperationHandler =>
  async ({ request, deps }) => {
    const { body, etag } = await get(deps.db, param(request, 'workspaceId'), param(request, 'id'));
    return { status: 200, body, headers: withEtag(etag) };
  };

export const updateById =
  (
    update: (db: Db, actor: Actor, workspaceId: string, id: string, ifMatch: string | undefined, input: never) => Promise<Tagged>,
  ): OperationHandler =>
  async ({ request, actor, deps }) => {
    const { body, etag } = await update(
      deps.db,
      actor!,
      param(request, 'workspaceId'),
      param(request, 'id'),
      ifMatchOf(request),
      request.body as never,
    );
    return { status: 200, body, headers: withEtag(etag) };
  };

export const deleteById =
  (remove: (db: Db, actor: Actor, workspaceId: string, id: string, ifMatch: string | undefined) => Promise<unknown>): OperationHandler =>
  async ({ request, actor, deps }) => {
    await remove(deps.db, actor!, param(request, 'workspaceId'), param(request, 'id'), ifMatchOf(request));
    return { status: 204 };
  };

/** GET …/{id}/versions/{versionNumber} for templates and components. */
export const getVersionByNumber =
  (get: (db: Db, workspaceId: string, id: string, versionNumber: number) => Promise<Tagged>): OperationHandler =>
  async ({ request, deps }) => {
    const { body, etag } = await get(deps.db, param(request, 'workspaceId'), param(request, 'id'), intParam(request, 'versionNumber'));
    return { status: 200, body, headers: withEtag(etag) };
  };
