// One API per test file with a workspace, an actor per access level content distinguishes, and a
// small published model built through the API: an "article" template (Text title with maxLength,
// repeated Markdown body, picklist-bound category, SEO component, Inline author, Reference related
// item, an open "blocks" field) and a "person" template for authors.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';

export interface ContentWorld {
  readonly api: TestApi;
  readonly ws: string;
  readonly base: string;
  /** Editor with Write: writes content. */
  readonly editor: string;
  /** TemplateAdmin with Write: approves, rejects, builds the model. */
  readonly reviewer: string;
  /** Admin with Write: may override the workflow. */
  readonly admin: string;
  /** Reader with Read. */
  readonly reader: string;
  /** Editor with only Read access. */
  readonly readOnlyEditor: string;
  /** Editor without any grant on the workspace. */
  readonly stranger: string;
  readonly model: ContentModel;
}

export interface ContentModel {
  readonly article: { templateId: string; versionId: string; fields: Record<string, string> };
  readonly person: { templateId: string; versionId: string; fields: Record<string, string> };
}

export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
}

export function expectProblem(res: ApiResponse, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(res.body.type).to.equal(`https://verso.dev/errors/${code}`);
}

let counter = 0;
export const uniqueSlug = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

async function ok<T = any>(res: Promise<ApiResponse<T>>, status = 200): Promise<T> {
  const r = await res;
  expectStatus(r, status);
  return r.body;
}

/** Creates a template, adds `fields` to its draft, publishes it; returns field ids by key. */
export async function buildTemplate(
  api: TestApi,
  base: string,
  token: string,
  name: string,
  fields: (templateIds: Record<string, string>) => Record<string, unknown>[],
  templateIds: Record<string, string> = {},
) {
  const t = await ok(api.post(`${base}/templates`, { name, slug: uniqueSlug(name.toLowerCase()) }, { token }), 201);
  const ids: Record<string, string> = {};
  let order = 0;
  for (const field of fields({ ...templateIds, self: t.id })) {
    const headers = await api.ifMatch(`${base}/templates/${t.id}/versions/1`, token);
    const f = await ok(api.post(`${base}/templates/${t.id}/versions/1/fields`, { order: order++, compositionMode: 'Inline', ...field }, { token, headers }), 201);
    ids[field.key as string] = f.id;
  }
  const headers = await api.ifMatch(`${base}/templates/${t.id}/versions/1`, token);
  const published = await ok(api.put(`${base}/templates/${t.id}/versions/1/publish`, undefined, { token, headers }));
  return { templateId: t.id as string, versionId: published.id as string, fields: ids };
}

async function buildModel(api: TestApi, base: string, token: string): Promise<ContentModel> {
  const picklist = await ok(
    api.post(`${base}/picklists`, { name: 'Category', slug: uniqueSlug('category'), options: [
      { label: 'News', value: 'news' },
      { label: 'Guides', value: 'guides' },
    ] }, { token }),
    201,
  );
  const component = await ok(api.post(`${base}/components`, { name: 'SEO', slug: uniqueSlug('seo') }, { token }), 201);
  const draft = `${base}/components/${component.id}/versions/1`;
  await ok(api.put(`${draft}/fields`, [
    { key: 'metaTitle', label: 'Meta title', order: 0, isRequired: true, minOccurrences: 1, primitiveType: 'Text' },
    { key: 'metaDescription', label: 'Meta description', order: 1, isRequired: false, minOccurrences: 0, primitiveType: 'Text' },
  ], { token, headers: await api.ifMatch(draft, token) }));
  await ok(api.post(`${draft}/publish`, undefined, { token, headers: await api.ifMatch(draft, token) }));
  const person = await buildTemplate(api, base, token, 'Person', () => [
    { key: 'name', label: 'Name', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    { key: 'friends', label: 'Friends', isOpen: true, minOccurrences: 0 },
  ]);
  const article = await buildTemplate(api, base, token, 'Article', () => [
    { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1, fieldConfig: { maxLength: 20 } },
    { key: 'body', label: 'Body', primitiveType: 'Markdown', minOccurrences: 0 },
    { key: 'category', label: 'Category', primitiveType: 'PickList', minOccurrences: 0, picklistId: picklist.id, picklistRevisionId: picklist.currentRevisionId },
    { key: 'seo', label: 'SEO', componentId: component.id, minOccurrences: 0, maxOccurrences: 1 },
    { key: 'author', label: 'Author', templateId: person.templateId, compositionMode: 'Inline', minOccurrences: 0, maxOccurrences: 1 },
    { key: 'related', label: 'Related', isOpen: true, compositionMode: 'Reference', minOccurrences: 0 },
    { key: 'blocks', label: 'Blocks', isOpen: true, compositionMode: 'Inline', minOccurrences: 0 },
  ]);
  return { article, person };
}

/**
 * A content world on an API whose delivery reads all reach PostgreSQL (the in-process cache off,
 * workers off, purge keys in `Surrogate-Key`), reporting every statement to `onStatement`: the stored
 * documents' and list pages' suites.
 */
export async function startColdDeliveryWorld(onStatement: (sql: string) => void): Promise<{ readonly api: TestApi; readonly w: ContentWorld }> {
  const api = await startTestApi({
    env: { Workers__Enabled: 'false', Delivery__CacheSeconds: '0', Delivery__PurgeKeyHeaders: 'Surrogate-Key' },
    onStatement,
  });
  return { api, w: await startContentWorld(api) };
}

export async function startContentWorld(api?: TestApi): Promise<ContentWorld> {
  api ??= await startTestApi();
  const { id: ws } = await createWorkspace(api);
  const token = async (role: 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin', grant?: 'Read' | 'Write') =>
    (await createActor(api, { role, grants: grant ? { [ws]: grant } : {} })).token;
  const base = `/api/v1/workspaces/${ws}`;
  const reviewer = await token('TemplateAdmin', 'Write');
  return {
    api,
    ws,
    base,
    editor: await token('Editor', 'Write'),
    reviewer,
    admin: await token('Admin', 'Write'),
    reader: await token('Reader', 'Read'),
    readOnlyEditor: await token('Editor', 'Read'),
    stranger: await token('Editor'),
    model: await buildModel(api, base, reviewer),
  };
}

export const text = (fieldId: string, value: string, order = 0) => ({ fieldId, order, valueKind: 'Text', textValue: value });
export const child = (fieldId: string, childContentItemId: string, order = 0) => ({ fieldId, order, valueKind: 'ChildContent', childContentItemId });

/** Creates an article (version 1 Draft) through the API. */
export async function createArticle(w: ContentWorld, title: string, extra: Record<string, unknown> = {}, fields: unknown[] = []) {
  const res = await w.api.post(
    `${w.base}/content`,
    { templateVersionId: w.model.article.versionId, slug: uniqueSlug('article'), localeCode: 'en', tags: [], fields: [text(w.model.article.fields.title!, title), ...fields], ...extra },
    { token: w.editor },
  );
  expectStatus(res, 201);
  return res.body as { id: string; slug: string; versions: { versionNumber: number }[] } & Record<string, any>;
}

export async function createPerson(w: ContentWorld, name: string, friends: string[] = [], slug = uniqueSlug('person')) {
  const res = await w.api.post(
    `${w.base}/content`,
    {
      templateVersionId: w.model.person.versionId,
      slug,
      tags: [],
      fields: [text(w.model.person.fields.name!, name), ...friends.map((id, i) => child(w.model.person.fields.friends!, id, i))],
    },
    { token: w.editor },
  );
  expectStatus(res, 201);
  return res.body as { id: string; slug: string } & Record<string, any>;
}

/** Publishes version `n` of an item the quick way: an Admin's override. */
export async function publishNow(w: ContentWorld, itemId: string, n: number, body: Record<string, unknown> = { overrideWorkflow: true }) {
  const res = await w.api.post(`${w.base}/content/${itemId}/versions/${n}/publish`, body, { token: w.admin });
  expectStatus(res, 200);
  return res.body.version as Record<string, any>;
}

export async function newVersion(w: ContentWorld, itemId: string, body: Record<string, unknown>) {
  const res = await w.api.post(`${w.base}/content/${itemId}/versions`, body, { token: w.editor });
  expectStatus(res, 201);
  return res.body as Record<string, any>;
}

export { dbQuery };
