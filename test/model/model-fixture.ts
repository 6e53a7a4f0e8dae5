// One API per test file with a workspace and an actor for every access level the content model
// distinguishes, plus small builders for templates, fields, picklists and components.
import { expect } from 'chai';
import { startTestApi, type ApiResponse, type TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';

export interface ModelWorld {
  readonly api: TestApi;
  readonly ws: string;
  /** TemplateAdmin with Write: may change the model. */
  readonly admin: string;
  /** Admin with Write: may also delete tags. */
  readonly owner: string;
  /** Reader with Read: may see the model. */
  readonly reader: string;
  /** Editor with Write: may not change the model. */
  readonly editor: string;
  /** TemplateAdmin with only Read access. */
  readonly readOnlyAdmin: string;
  /** TemplateAdmin without any grant on the workspace. */
  readonly stranger: string;
  readonly base: string;
}

export async function startModelWorld(): Promise<ModelWorld> {
  const api = await startTestApi();
  const { id: ws } = await createWorkspace(api);
  const token = async (role: 'Reader' | 'Editor' | 'TemplateAdmin' | 'Admin', grant?: 'Read' | 'Write') =>
    (await createActor(api, { role, grants: grant ? { [ws]: grant } : {} })).token;
  return {
    api,
    ws,
    admin: await token('TemplateAdmin', 'Write'),
    owner: await token('Admin', 'Write'),
    reader: await token('Reader', 'Read'),
    editor: await token('Editor', 'Write'),
    readOnlyAdmin: await token('TemplateAdmin', 'Read'),
    stranger: await token('TemplateAdmin'),
    base: `/api/v1/workspaces/${ws}`,
  };
}

/**
 * Registers the suite's hooks (start one world before its tests, close its API after) and returns
 * the world. The object is filled in by the before hook, so read it only inside tests and hooks;
 * it stays the same object, which lets helpers and closures defined in the describe body hold it.
 */
export function useModelWorld(): ModelWorld {
  const world = {} as { -readonly [K in keyof ModelWorld]: ModelWorld[K] };
  before(async () => {
    Object.assign(world, await startModelWorld());
  });
  after(() => world.api.close());
  return world;
}

/** A second workspace the same admin may write to. */
export async function otherWorkspace(world: ModelWorld): Promise<{ ws: string; base: string; admin: string }> {
  const { id } = await createWorkspace(world.api);
  const admin = (await createActor(world.api, { role: 'TemplateAdmin', grants: { [id]: 'Write' } })).token;
  return { ws: id, base: `/api/v1/workspaces/${id}`, admin };
}

export function expectProblem(res: ApiResponse, status: number, code: string): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(res.body.type).to.equal(`https://verso.dev/errors/${code}`);
}

export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
}

let counter = 0;
export const uniqueSlug = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

export async function createTemplate(world: ModelWorld, name = 'Article', slug = uniqueSlug('tpl')) {
  const res = await world.api.post(`${world.base}/templates`, { name, slug }, { token: world.admin });
  expectStatus(res, 201);
  return res.body as { id: string; slug: string; name: string; currentVersion: { id: string; versionNumber: number } };
}

export const textField = (key: string, extra: Record<string, unknown> = {}) => ({
  key,
  label: key,
  order: 0,
  compositionMode: 'Inline',
  primitiveType: 'Text',
  ...extra,
});

/**
 * `{ 'if-match': … }` for a write to a draft's sections, fields or publish: the version's current
 * ETag, or (when the version cannot be read) a tag that matches nothing, so the handler's own
 * 404/409 is what the test sees.
 */
export async function versionTag(world: ModelWorld, kind: 'templates' | 'components', id: string, versionNumber: number, token = world.admin) {
  const res = await world.api.get(`${world.base}/${kind}/${id}/versions/${versionNumber}`, { token });
  return { 'if-match': res.headers.get('etag') ?? '"no-such-version"' };
}

export async function addField(world: ModelWorld, templateId: string, versionNumber: number, field: Record<string, unknown>) {
  const headers = await versionTag(world, 'templates', templateId, versionNumber);
  return world.api.post(`${world.base}/templates/${templateId}/versions/${versionNumber}/fields`, field, { token: world.admin, headers });
}

export async function publish(world: ModelWorld, templateId: string, versionNumber: number) {
  const headers = await versionTag(world, 'templates', templateId, versionNumber);
  const res = await world.api.put(`${world.base}/templates/${templateId}/versions/${versionNumber}/publish`, undefined, { token: world.admin, headers });
  expectStatus(res, 200);
  return res.body;
}

export async function createPickList(world: ModelWorld, values: string[] = ['news', 'guides'], slug = uniqueSlug('pl')) {
  const res = await world.api.post(
    `${world.base}/picklists`,
    { name: `List ${slug}`, slug, options: values.map((v) => ({ label: v.toUpperCase(), value: v })) },
    { token: world.admin },
  );
  expectStatus(res, 201);
  return res.body as { id: string; slug: string; currentRevisionId: string; revisionId: string };
}

export async function createComponent(world: ModelWorld, name = 'SEO', slug = uniqueSlug('cmp')) {
  const res = await world.api.post(`${world.base}/components`, { name, slug }, { token: world.admin });
  expectStatus(res, 201);
  return res.body as { id: string; slug: string; currentVersion: { versionNumber: number } };
}

export { dbQuery };
