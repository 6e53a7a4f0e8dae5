// Components: reusable structured values. Version 1 starts as a Draft and is current until a
// version is published; creating a draft returns the existing one if there is one; only drafts
// change; publishing needs at least one field and archives the previous published version.
import { v7 as uuidv7 } from 'uuid';
import type { CommonQueryMethods, DatabasePool } from 'slonik';
import { conflict, notFound, validationFailed } from '../../errors.js';
import type { Actor } from '../../access/actor.js';
import {
  archivePublishedComponentVersions,
  findComponent,
  findComponentDraft,
  findComponentVersion,
  findComponentVersionById,
  listComponentVersions,
  insertComponent,
  insertComponentVersion,
  latestComponentVersion,
  listComponentFields,
  listComponents,
  markComponentVersionPublished,
  replaceComponentFields,
  setComponentCurrentVersion,
  touchComponentVersion,
  updateComponentDetails,
  type ComponentFieldRow,
  type ComponentRow,
  type ComponentVersionRow,
} from '../../db/model/components.js';
import type { operations } from '../../generated/openapi.js';
import type {
  ComponentFieldRequest,
  ComponentFieldResponse,
  ComponentRequest,
  ComponentResponse,
  ComponentSummaryResponsePagedResponse,
  ComponentVersionRequest,
  ComponentVersionResponse,
} from '../../generated/schemas.js';
import { compareIfMatch, etagOf, requireIfMatch } from '../platform/etag.js';
import { auditModelChange, auditVersionPublished } from './model-audit.js';
import { pageRequest, toPage } from '../platform/paging.js';
import { slugTaken } from './templates.js';
import { buildComponentFields } from './component-fields.js';
import { storedFieldBasics } from './field-basics.js';
import { storedPrimitiveType } from './primitive-types.js';

type ComponentListQuery = NonNullable<operations['listComponents']['parameters']['query']>;

/** A body with its ETag, as the component routes answer. */
interface Tagged<B> {
  readonly body: B;
  readonly etag: string;
}

/** A stored field apart from its id: what the API shows and what a new draft copies. */
function fieldAttributes(f: ComponentFieldRow): Omit<ComponentFieldResponse, 'id'> {
  return {
    ...storedFieldBasics(f),
    primitiveType: storedPrimitiveType(f.primitive_type),
    nestedComponentId: f.nested_component_id,
    picklistId: f.picklist_id,
    picklistRevisionId: f.picklist_revision_id,
    fieldConfig: f.field_config,
  };
}

const fieldBody = (f: ComponentFieldRow): ComponentFieldResponse => ({ id: f.id, ...fieldAttributes(f) });

export async function presentComponentVersion(db: CommonQueryMethods, v: ComponentVersionRow): Promise<ComponentVersionResponse> {
  const fields = await listComponentFields(db, [v.id]);
  return {
    id: v.id,
    componentId: v.component_id,
    versionNumber: v.version_number,
    status: v.status,
    publishedAt: v.published_at,
    notes: v.notes,
    fields: fields.map(fieldBody),
  };
}

async function presentComponent(db: CommonQueryMethods, c: ComponentRow): Promise<ComponentResponse> {
  const [version, versions] = await Promise.all([
    c.current_version_id ? findComponentVersionById(db, c.current_version_id) : null,
    listComponentVersions(db, c.id),
  ]);
  return {
    id: c.id,
    workspaceId: c.workspace_id,
    name: c.name,
    slug: c.slug,
    description: c.description,
    currentVersionId: c.current_version_id,
    currentVersion: version ? await presentComponentVersion(db, version) : null,
    versions: versions.map((v) => ({ id: v.id, versionNumber: v.version_number, status: v.status, publishedAt: v.published_at })),
    createdAt: c.created_at,
    updatedAt: c.updated_at,
  };
}

const componentEtag = (c: ComponentRow) => etagOf(c.id, c.row_version);
const versionEtag = (v: ComponentVersionRow) => etagOf(v.id, v.row_version);

async function requireComponent(db: CommonQueryMethods, workspaceId: string, id: string, forUpdate = false): Promise<ComponentRow> {
  const c = await findComponent(db, workspaceId, id, { forUpdate });
  if (!c) throw notFound('The component');
  return c;
}

async function requireComponentVersion(db: CommonQueryMethods, componentId: string, n: number, forUpdate = false) {
  const v = await findComponentVersion(db, componentId, n, { forUpdate });
  if (!v) throw notFound('The component version');
  return v;
}

function requireDraft(v: ComponentVersionRow): void {
  if (v.status !== 'Draft') throw conflict(`Version ${v.version_number} is ${v.status}; published versions are immutable.`);
}

export async function listWorkspaceComponents(
  db: DatabasePool,
  workspaceId: string,
  query: ComponentListQuery,
): Promise<ComponentSummaryResponsePagedResponse> {
  const page = pageRequest(query);
  const search = query.search?.trim() || null;
  const { rows, total } = await listComponents(db, workspaceId, search, page.pageSize, page.offset);
  return toPage(
    rows.map((c) => ({ id: c.id, name: c.name, slug: c.slug, description: c.description, currentVersionId: c.current_version_id })),
    total,
    page,
  );
}

export async function getComponent(db: DatabasePool, workspaceId: string, id: string): Promise<Tagged<ComponentResponse>> {
  const c = await requireComponent(db, workspaceId, id);
  return { body: await presentComponent(db, c), etag: componentEtag(c) };
}

export async function createComponent(db: DatabasePool, actor: Actor, workspaceId: string, input: ComponentRequest): Promise<Tagged<ComponentResponse>> {
  const id = uuidv7();
  await db
    .transaction(async (tx) => {
      await insertComponent(tx, { id, workspaceId, name: input.name.trim(), slug: input.slug, description: input.description ?? null });
      const v = await insertComponentVersion(tx, { id: uuidv7(), componentId: id, status: 'Draft', notes: null });
      await setComponentCurrentVersion(tx, id, v.id);
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'Component',
        entityId: id,
        action: 'Created',
        after: { name: input.name, slug: input.slug, description: input.description ?? null },
      });
    })
    .catch((err) => slugTaken(err, 'component', input.slug));
  return getComponent(db, workspaceId, id);
}

export async function updateComponent(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  ifMatch: string | undefined,
  input: ComponentRequest,
): Promise<Tagged<ComponentResponse>> {
  await db
    .transaction(async (tx) => {
      const c = await requireComponent(tx, workspaceId, id, true);
      requireIfMatch(ifMatch, componentEtag(c));
      const after = { name: input.name.trim(), slug: input.slug, description: input.description ?? null };
      await updateComponentDetails(tx, id, after);
      await auditModelChange(tx, actor, {
        workspaceId,
        entityType: 'Component',
        entityId: id,
        action: 'Updated',
        before: { name: c.name, slug: c.slug, description: c.description },
        after,
      });
    })
    .catch((err) => slugTaken(err, 'component', input.slug));
  return getComponent(db, workspaceId, id);
}

export async function createComponentDraft(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  input: ComponentVersionRequest,
): Promise<Tagged<ComponentVersionResponse> & { readonly created: boolean }> {
  const { version, created } = await db.transaction(async (tx) => {
    await requireComponent(tx, workspaceId, id, true);
    const existing = await findComponentDraft(tx, id);
    if (existing) return { version: existing, created: false };
    const latest = await latestComponentVersion(tx, id);
    const draft = await insertComponentVersion(tx, { id: uuidv7(), componentId: id, status: 'Draft', notes: input.notes ?? null });
    if (latest) {
      const fields = await listComponentFields(tx, [latest.id]);
      await replaceComponentFields(
        tx,
        draft.id,
        fields.map((f) => ({ id: uuidv7(), ...fieldAttributes(f) })),
      );
    }
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'ComponentVersion',
      entityId: draft.id,
      action: 'Created',
      after: { componentId: id, versionNumber: draft.version_number, status: 'Draft' },
    });
    return { version: draft, created: true };
  });
  return { body: await presentComponentVersion(db, version), etag: versionEtag(version), created };
}

export async function getComponentVersion(db: DatabasePool, workspaceId: string, id: string, versionNumber: number): Promise<Tagged<ComponentVersionResponse>> {
  await requireComponent(db, workspaceId, id);
  const v = await requireComponentVersion(db, id, versionNumber);
  return { body: await presentComponentVersion(db, v), etag: versionEtag(v) };
}

export async function replaceFields(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  versionNumber: number,
  ifMatch: string | undefined,
  inputs: readonly ComponentFieldRequest[],
): Promise<Tagged<ComponentVersionResponse>> {
  const version = await db.transaction(async (tx) => {
    await requireComponent(tx, workspaceId, id);
    const v = await requireComponentVersion(tx, id, versionNumber, true);
    requireDraft(v);
    compareIfMatch(ifMatch, versionEtag(v));
    const fields = await buildComponentFields(tx, { workspaceId, componentId: id, versionId: v.id }, inputs, uuidv7);
    await replaceComponentFields(tx, v.id, fields);
    await touchComponentVersion(tx, v.id);
    await auditModelChange(tx, actor, {
      workspaceId,
      entityType: 'ComponentVersion',
      entityId: v.id,
      action: 'Updated',
      after: { fields: fields.map((f) => f.key) },
    });
    return (await findComponentVersionById(tx, v.id))!;
  });
  return { body: await presentComponentVersion(db, version), etag: versionEtag(version) };
}

export async function publishComponentVersion(
  db: DatabasePool,
  actor: Actor,
  workspaceId: string,
  id: string,
  versionNumber: number,
  ifMatch: string | undefined,
): Promise<Tagged<ComponentResponse>> {
  await db.transaction(async (tx) => {
    await requireComponent(tx, workspaceId, id, true);
    const v = await requireComponentVersion(tx, id, versionNumber, true);
    requireDraft(v);
    compareIfMatch(ifMatch, versionEtag(v));
    if ((await listComponentFields(tx, [v.id])).length === 0) {
      throw validationFailed({ '/fields': ['a component version needs at least one field to be published'] }, 'The version has no fields.');
    }
    const archived = await archivePublishedComponentVersions(tx, id);
    await markComponentVersionPublished(tx, v.id);
    await setComponentCurrentVersion(tx, id, v.id);
    await auditVersionPublished(tx, actor, { workspaceId, entityType: 'ComponentVersion', publishedId: v.id, archivedIds: archived });
  });
  return getComponent(db, workspaceId, id);
}
