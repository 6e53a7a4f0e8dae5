// What verso-typegen reads from a workspace, through the SDK's own client: every template's
// published version, every component's published version, and the options of every picklist
// revision a PickList field binds (for a union of option values).
import type { VersoClient } from '../client.js';
import type { components } from '../generated/openapi.js';

type Schemas = components['schemas'];
export type TemplateField = Schemas['TemplateFieldResponse'];
export type ComponentField = Schemas['ComponentFieldResponse'];

export interface PublishedTemplate {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly versionNumber: number;
  readonly fields: readonly TemplateField[];
}

export interface PublishedComponent {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly versionNumber: number;
  readonly fields: readonly ComponentField[];
}

export interface WorkspaceModel {
  readonly workspace: { readonly id: string; readonly name: string; readonly slug: string };
  readonly templates: readonly PublishedTemplate[];
  /** By component id. */
  readonly components: ReadonlyMap<string, PublishedComponent>;
  /** Option values by picklist revision id. */
  readonly picklistOptions: ReadonlyMap<string, readonly string[]>;
}

/** Reads the workspace's published model. API failures surface as the SDK's errors (VersoApiError …). */
export async function readWorkspaceModel(client: VersoClient, workspaceId: string): Promise<WorkspaceModel> {
  const workspace = await client.getWorkspace({ path: { workspaceId } });
  const path = { workspaceId };

  const templates: PublishedTemplate[] = [];
  for await (const t of client.listAll('listTemplates', { path, query: { pageSize: 100 } })) {
    if (!t.currentVersionId) continue; // never published: nothing to write content against
    const version = await client.getTemplateVersionById({ path: { workspaceId, versionId: t.currentVersionId } });
    templates.push({ id: t.id, name: t.name, slug: t.slug, versionNumber: version.versionNumber, fields: version.fields });
  }

  const componentsById = new Map<string, PublishedComponent>();
  for await (const c of client.listAll('listComponents', { path, query: { pageSize: 100 } })) {
    const detail = await client.getComponent({ path: { workspaceId, id: c.id } });
    let version = detail.currentVersion?.status === 'Published' ? detail.currentVersion : null;
    const published = detail.versions.find((v) => v.status === 'Published');
    if (!version && published) version = await client.getComponentVersion({ path: { workspaceId, id: c.id, versionNumber: published.versionNumber } });
    if (version) componentsById.set(c.id, { id: c.id, name: detail.name, slug: detail.slug, versionNumber: version.versionNumber, fields: version.fields });
  }

  const picklistOptions = new Map<string, string[]>();
  const bound = [...templates.flatMap((t) => t.fields), ...[...componentsById.values()].flatMap((c) => c.fields)];
  for (const f of bound) {
    if (f.primitiveType !== 'PickList' || !f.picklistId || !f.picklistRevisionId || picklistOptions.has(f.picklistRevisionId)) continue;
    const revision = await client.getPickListRevision({ path: { workspaceId, id: f.picklistId, revisionId: f.picklistRevisionId } });
    picklistOptions.set(f.picklistRevisionId, revision.options.map((o) => o.value));
  }

  return { workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug }, templates, components: componentsById, picklistOptions };
}
