// Seeds a workspace through the real API (so every row is one the server itself wrote): picklists,
// published and draft components, published and draft templates with sections and fields, content
// items with published, draft and in-review versions, tags, a translation link, users and API
// clients. Used for the fuzzer's target workspace and, smaller, for the canary. Callers and the
// owner are inserted directly (helpers/actors.ts): sessions the fuzzer can use at once.
import crypto from 'node:crypto';
import type { ApiResponse, TestApi } from '../helpers/api.js';
import { createActor, createWorkspace, dbQuery } from '../helpers/actors.js';
import { FuzzWorld, type TemplateRecord } from './world.js';

export class SeedError extends Error {
  override name = 'SeedError';
}

const suffix = () => crypto.randomBytes(4).toString('hex');

/**
 * Sends one seeding request and insists on its status (a seed that fails is a broken setup). A
 * write refused with 412 is sent again once with the ETag of the nearest readable resource above
 * it (the version for a field, the item for a version), so seeding follows the contract's If-Match
 * rules without naming them.
 */
export async function seedCall<T = any>(api: TestApi, token: string, method: string, path: string, body: unknown, status: number): Promise<T> {
  let res: ApiResponse<T> = await api.request<T>(method, path, { body, token, unchecked: true });
  if (res.status === 412) {
    const etag = await nearestEtag(api, token, path);
    if (etag) res = await api.request<T>(method, path, { body, token, unchecked: true, headers: { 'if-match': etag } });
  }
  if (res.status !== status) {
    // The server's own account of a 5xx, when it keeps a log here (the in-process test server does).
    const id = res.headers.get('x-correlation-id');
    const line = (api.log as TestApi['log'] | undefined)?.lines.findLast((l) => id && l.correlationId === id && l.level === 'error');
    const why = line ? `\nserver log: ${JSON.stringify(line).slice(0, 600)}` : '';
    throw new SeedError(`seeding ${method} ${path} answered ${res.status}, expected ${status}: ${res.text.slice(0, 400)}${why}`);
  }
  return res.body;
}

/** The ETag of `path` or of the closest path above it that answers a GET with one. */
export async function nearestEtag(api: TestApi, token: string, path: string): Promise<string | undefined> {
  for (let p = path.split('?')[0]!; p.split('/').length > 4; p = p.slice(0, p.lastIndexOf('/'))) {
    const res = await api.request('GET', p, { token, unchecked: true });
    const etag = res.status === 200 ? res.headers.get('etag') : null;
    if (etag) return etag;
  }
  return undefined;
}

export interface SeededModel {
  readonly article: TemplateRecord & { titleFieldId: string };
  readonly person: TemplateRecord & { nameFieldId: string };
  readonly scratch: TemplateRecord;
  readonly picklists: { id: string; revisionIds: string[] }[];
  readonly components: { id: string; versions: number[] }[];
}

/** The content model of one workspace: what templates, fields and values refer to. */
export async function seedModel(api: TestApi, base: string, token: string): Promise<SeededModel> {
  const call = <T = any>(method: string, path: string, body: unknown, status = 200) => seedCall<T>(api, token, method, base + path, body, status);
  const picklists = [];
  for (const name of ['Category', 'Region', 'Mood']) {
    const options = ['one', 'two', 'three'].map((v) => ({ label: `${name} ${v}`, value: v }));
    const p = await call('POST', '/picklists', { name, slug: `${name.toLowerCase()}-${suffix()}`, options }, 201);
    picklists.push({ id: p.id as string, revisionIds: [p.currentRevisionId as string] });
  }
  const components = [];
  for (const [i, name] of ['SEO', 'Address', 'Draft block'].entries()) {
    const c = await call('POST', '/components', { name, slug: `cmp-${i}-${suffix()}` }, 201);
    await call('PUT', `/components/${c.id}/versions/1/fields`, [
      { key: 'title', label: 'Title', order: 0, isRequired: true, minOccurrences: 1, primitiveType: 'Text' },
      { key: 'note', label: 'Note', order: 1, isRequired: false, minOccurrences: 0, primitiveType: 'Markdown' },
    ]);
    // The last one stays a draft: drafts and published versions answer differently.
    if (i < 2) await call('POST', `/components/${c.id}/versions/1/publish`, undefined);
    components.push({ id: c.id as string, versions: [1] });
  }
  const template = async (name: string, fields: Record<string, unknown>[], publish: boolean): Promise<TemplateRecord & { fieldByKey: Record<string, string> }> => {
    const t = await call('POST', '/templates', { name, slug: `${name.toLowerCase()}-${suffix()}` }, 201);
    const section = await call('POST', `/templates/${t.id}/versions/1/sections`, { name: 'Main', order: 0 }, 201);
    const fieldByKey: Record<string, string> = {};
    for (const [order, field] of fields.entries()) {
      const f = await call('POST', `/templates/${t.id}/versions/1/fields`, { order, compositionMode: 'Inline', sectionId: section.id, ...field }, 201);
      fieldByKey[field.key as string] = f.id;
    }
    const v1 = { number: 1, id: t.currentVersion.id as string, sectionIds: [section.id as string], fieldIds: Object.values(fieldByKey) };
    if (publish) await call('PUT', `/templates/${t.id}/versions/1/publish`, undefined);
    return { id: t.id as string, versions: [v1], fieldByKey };
  };
  const person = await template('Person', [
    { key: 'name', label: 'Name', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    { key: 'friends', label: 'Friends', isOpen: true, minOccurrences: 0 },
  ], true);
  const article = await template('Article', [
    { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1, fieldConfig: { maxLength: 200 } },
    { key: 'body', label: 'Body', primitiveType: 'Markdown', minOccurrences: 0 },
    { key: 'category', label: 'Category', primitiveType: 'PickList', minOccurrences: 0, picklistId: picklists[0]!.id, picklistRevisionId: picklists[0]!.revisionIds[0] },
    { key: 'seo', label: 'SEO', componentId: components[0]!.id, minOccurrences: 0, maxOccurrences: 1 },
    { key: 'author', label: 'Author', templateId: person.id, minOccurrences: 0, maxOccurrences: 1 },
    { key: 'related', label: 'Related', isOpen: true, compositionMode: 'Reference', minOccurrences: 0 },
  ], true);
  // Version 2 of the article is a draft with a section and a field of its own.
  const v2 = await call('POST', `/templates/${article.id}/versions`, { notes: 'fuzz draft' }, 201);
  const s2 = await call('POST', `/templates/${article.id}/versions/${v2.versionNumber}/sections`, { name: 'Extra', order: 1 }, 201);
  const f2 = await call('POST', `/templates/${article.id}/versions/${v2.versionNumber}/fields`, { key: 'subtitle', label: 'Subtitle', order: 9, compositionMode: 'Inline', primitiveType: 'Text', sectionId: s2.id }, 201);
  article.versions.push({ number: v2.versionNumber, id: v2.id, sectionIds: [s2.id], fieldIds: [...article.versions[0]!.fieldIds, f2.id] });
  const scratch = await template('Scratch', [{ key: 'x', label: 'X', primitiveType: 'Text' }, { key: 'y', label: 'Y', primitiveType: 'Boolean' }], false);
  return {
    article: { ...article, titleFieldId: article.fieldByKey.title! },
    person: { ...person, nameFieldId: person.fieldByKey.name! },
    scratch,
    picklists,
    components,
  };
}

/** Content items with versions in several states; answers their ids, slugs and version numbers. */
export async function seedContent(api: TestApi, base: string, token: string, model: SeededModel, count: number) {
  const call = <T = any>(method: string, path: string, body: unknown, status = 200) => seedCall<T>(api, token, method, base + path, body, status);
  const title = (text: string) => ({ fieldId: model.article.titleFieldId, order: 0, valueKind: 'Text', textValue: text });
  const items: { id: string; slug: string; versions: number[] }[] = [];
  for (let i = 0; i < count; i++) {
    const slug = `item-${i}-${suffix()}`;
    const tags = [['news'], ['guides', 'news'], ['fuzz'], []][i % 4]!;
    const created = await call('POST', '/content', { templateVersionId: model.article.versions[0]!.id, slug, localeCode: i % 2 ? 'de' : 'en', tags, fields: [title(`Title ${i}`)] }, 201);
    const id = created.id as string;
    const versions = [1];
    if (i % 3 !== 2) await call('POST', `/content/${id}/versions/1/publish`, { overrideWorkflow: true });
    if (i % 2 === 0) {
      await call('POST', `/content/${id}/versions`, { fields: [title(`Title ${i} v2`)] }, 201);
      versions.push(2);
      if (i % 4 === 0) await call('POST', `/content/${id}/versions/2/submit`, undefined);
    }
    items.push({ id, slug, versions });
  }
  const person = await call('POST', '/content', { templateVersionId: model.person.versions[0]!.id, slug: `person-${suffix()}`, tags: [], fields: [{ fieldId: model.person.nameFieldId, order: 0, valueKind: 'Text', textValue: 'Ada' }] }, 201);
  items.push({ id: person.id, slug: person.slug, versions: [1] });
  // Best effort: the link gives translation reads something to list, but a server that fails it
  // is the fuzzer's finding to report, not a reason to stop seeding.
  await api.request('POST', `${base}/content/${items[0]!.id}/link-translation`, { body: { targetContentItemId: items[1]!.id }, token, unchecked: true });
  return items;
}

/** The fuzzer's target: a seeded workspace, its callers, and everything the pools start with. */
export async function seedWorld(api: TestApi): Promise<FuzzWorld> {
  const { id: ws } = await createWorkspace(api, { slug: `fuzz-target-${suffix()}` });
  const owner = await createActor(api, { role: 'Admin', superadmin: true, grants: { [ws]: 'Write' } });
  const world = new FuzzWorld(api, ws, owner.token);
  const caller = async (role: 'Reader' | 'Editor' | 'Admin') => {
    const a = await createActor(api, { role, superadmin: role === 'Admin', grants: { [ws]: role === 'Reader' ? 'Read' : 'Write' } });
    world.loginEmails.push(a.email);
    return { name: role, role, token: a.token, userId: a.id } as const;
  };
  world.callers = { anonymous: { name: 'anonymous' }, Reader: await caller('Reader'), Editor: await caller('Editor'), Admin: await caller('Admin') };
  world.replenish = async (w) => replenish(w);
  await replenish(world);
  const call = <T = any>(method: string, path: string, body: unknown, status = 200) => seedCall<T>(api, owner.token, method, path, body, status);
  for (let i = 0; i < 3; i++) {
    const c = await call('POST', '/api/v1/clients', { name: `fuzz client ${i}`, role: ['Reader', 'Editor', 'Admin'][i], workspaceId: ws }, 201);
    world.clients.push(c.client.id);
  }
  for (let i = 0; i < 2; i++) {
    const email = `fuzz-user-${i}-${suffix()}@example.test`;
    const u = await call('POST', '/api/v1/users', { email, displayName: `Fuzz ${i}`, role: 'Editor', temporaryPassword: `Temp-${suffix()}-Password1`, isSuperAdmin: false, workspaceAccesses: [{ workspaceId: ws, accessLevel: 'Write' }] }, 201);
    world.users.push({ id: u.userId, email });
  }
  const expired = await createActor(api, { role: 'Admin', superadmin: true, grants: { [ws]: 'Write' } });
  await dbQuery(api, `UPDATE user_sessions SET expires_at = now() - interval '1 hour' WHERE user_id = $1`, [expired.id]);
  const revoked = await call('POST', '/api/v1/clients', { name: 'fuzz revoked', role: 'Admin', workspaceId: ws }, 201);
  await call('POST', `/api/v1/clients/${revoked.client.id}/revoke`, undefined);
  world.staleTokens.push(expired.token, revoked.token);
  const official = await call('GET', '/api/v1/packages/official', undefined);
  world.packages.push(...((official.items ?? []) as { id: string }[]).map((p) => p.id));
  const viewer = await api.request('GET', '/swagger', { unchecked: true });
  world.assets.push(...new Set([...String(viewer.text).matchAll(/\/swagger\/assets\/([\w.-]+)/g)].map((m) => m[1]!)));
  return world;
}

async function replenish(world: FuzzWorld): Promise<void> {
  const model = await seedModel(world.api, world.base, world.ownerToken);
  world.templates.push(model.article, model.person, model.scratch);
  world.picklists.push(...model.picklists);
  world.components.push(...model.components);
  world.article = { templateVersionId: model.article.versions[0]!.id, titleFieldId: model.article.titleFieldId };
  world.contents.push(...(await seedContent(world.api, world.base, world.ownerToken, model, 8)));
  const tags = await seedCall(world.api, world.ownerToken, 'GET', `${world.base}/tags?pageSize=100`, undefined, 200);
  for (const t of (tags.items ?? []) as { id: string }[]) if (!world.tags.includes(t.id)) world.tags.push(t.id);
  world.media.push(...(await seedMedia(world.api, world.base, world.ownerToken, 3)));
  if (world.webhooks.length === 0) world.webhooks.push(await seedWebhookEndpoint(world.api, world.base, world.ownerToken));
}

/**
 * One webhook endpoint, switched off at once: it gives updates (the webhook-url class) a real
 * endpoint to aim at, and gets no deliveries, so no lookup of its name ever runs.
 */
async function seedWebhookEndpoint(api: TestApi, base: string, token: string): Promise<string> {
  const body = { name: 'fuzz seed endpoint', url: `https://hooks-${suffix()}.example.invalid/verso`, events: ['content.created'] };
  const created = await seedCall(api, token, 'POST', `${base}/webhooks`, body, 201);
  const id = created.endpoint.id as string;
  await seedCall(api, token, 'PUT', `${base}/webhooks/${id}`, { ...body, isActive: false }, 200);
  return id;
}

/** Uploads `count` small images (multipart, as a client sends them); returns their ids. */
export async function seedMedia(api: TestApi, base: string, token: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const boundary = `----seed${suffix()}`;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="altText"\r\n\r\nSeed image ${i}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="seed-${i}.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await api.request('POST', `${base}/media`, { rawBody: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, token, unchecked: true });
    if (res.status !== 201) throw new SeedError(`seeding POST ${base}/media answered ${res.status}: ${res.text.slice(0, 400)}`);
    ids.push((res.body as { id: string }).id);
  }
  return ids;
}
