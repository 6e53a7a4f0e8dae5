// The MCP resources: each published template of the workspaces the caller reaches, as the JSON
// Schema of a draft's content (template-schema.ts). Listing and reading go through the API like the
// tools do (the caller's token, its access), so a resource shows nothing its token cannot read.
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { TemplateResponse, TemplateVersionResponse } from '../generated/schemas.js';
import { templateContentSchema } from './template-schema.js';

/** A GET through the API as the caller: the status and the parsed JSON body. */
export type ApiGet = (url: string) => Promise<{ readonly status: number; readonly body: unknown }>;

/** A resource that cannot be read: the message says why, in words. */
export class ResourceUnavailableError extends Error {}

const URI = /^verso:\/\/workspaces\/([0-9a-fA-F-]{36})\/templates\/([0-9a-fA-F-]{36})\/content-schema$/;
const MIME_TYPE = 'application/schema+json';
const PAGE_SIZE = 100;
/** Listing stops here: a resource list is for choosing, and each page costs a request. */
const MAX_PAGES = 20;

export const templateSchemaResourceTemplate: ResourceTemplate = {
  uriTemplate: 'verso://workspaces/{workspaceId}/templates/{templateId}/content-schema',
  name: 'template-content-schema',
  title: "A published template's draft content",
  description: 'The JSON Schema of the content a draft of this template holds (the createContent body), from its published version.',
  mimeType: MIME_TYPE,
};

export const templateSchemaUri = (workspaceId: string, templateId: string) => `verso://workspaces/${workspaceId}/templates/${templateId}/content-schema`;

interface Page<T> {
  readonly items: readonly T[];
  readonly totalPages: number;
}

async function* allItems<T>(get: ApiGet, path: string): AsyncGenerator<T> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const res = await get(`${path}?page=${page}&pageSize=${PAGE_SIZE}`);
    if (res.status !== 200) return;
    const body = res.body as Page<T>;
    yield* body.items;
    if (page >= body.totalPages) return;
  }
}

export async function listTemplateResources(get: ApiGet): Promise<Resource[]> {
  const resources: Resource[] = [];
  for await (const ws of allItems<{ id: string; slug: string; name: string }>(get, '/api/v1/workspaces')) {
    for await (const t of allItems<TemplateResponse>(get, `/api/v1/workspaces/${ws.id}/templates`)) {
      if (!t.currentVersionId) continue; // never published: nothing to write content against
      resources.push({
        uri: templateSchemaUri(ws.id, t.id),
        name: `${ws.slug}/${t.slug}`,
        title: `${t.name} (${ws.name})`,
        description: t.description ?? `Draft content of the template "${t.name}" in the workspace "${ws.name}".`,
        mimeType: MIME_TYPE,
      });
    }
  }
  return resources;
}

function problemDetail(body: unknown, status: number): string {
  const p = (typeof body === 'object' && body !== null ? body : {}) as { title?: unknown; detail?: unknown };
  return `${typeof p.title === 'string' ? p.title : `HTTP ${status}`}${typeof p.detail === 'string' ? `: ${p.detail}` : ''}`;
}

export async function readTemplateResource(get: ApiGet, uri: string): Promise<ReadResourceResult> {
  const match = URI.exec(uri);
  if (!match) throw new ResourceUnavailableError(`No such resource: ${uri}. Template schemas are named ${templateSchemaResourceTemplate.uriTemplate}.`);
  const [, workspaceId, templateId] = match as unknown as [string, string, string];
  const template = await get(`/api/v1/workspaces/${workspaceId}/templates/${templateId}`);
  if (template.status !== 200) throw new ResourceUnavailableError(problemDetail(template.body, template.status));
  const t = template.body as TemplateResponse;
  if (!t.currentVersionId) throw new ResourceUnavailableError(`The template "${t.name}" has no published version yet.`);
  const version = await get(`/api/v1/workspaces/${workspaceId}/templates/versions/${t.currentVersionId}`);
  if (version.status !== 200) throw new ResourceUnavailableError(problemDetail(version.body, version.status));
  const schema = templateContentSchema(uri, t, version.body as TemplateVersionResponse);
  return { contents: [{ uri, mimeType: MIME_TYPE, text: JSON.stringify(schema, null, 2) }] };
}
