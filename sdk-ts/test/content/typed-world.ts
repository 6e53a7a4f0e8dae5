// A workspace modelled through the SDK on the real API, for the cached and typed content tests and
// the packed-SDK consumer test: a template with every primitive field type, a component with a
// nested component, repeated fields, an Inline child template and an open composition field — all
// published — and a helper that writes an article (with an Inline author child) and publishes it.
import { createActor } from '../../../test/helpers/actors.js';
import type { TestApi } from '../../../test/helpers/api.js';
import { readWithETag, VersoClient, type OperationInput } from '../../src/index.js';

type FieldBody = OperationInput<'createTemplateField'>['body'];
type ValueBody = NonNullable<OperationInput<'createContent'>['body']['fields']>[number];

export interface TypedWorld {
  readonly client: VersoClient;
  readonly token: string;
  readonly workspaceId: string;
  readonly suffix: string;
  readonly slugs: { readonly article: string; readonly author: string; readonly callout: string; readonly seo: string; readonly card: string };
  readonly templates: { readonly article: Built; readonly author: Built; readonly callout: Built };
  readonly assets: { readonly image: string; readonly file: string };
}

export interface Built {
  readonly templateId: string;
  readonly versionId: string;
  readonly fields: Record<string, string>;
}

let counter = 0;

/** Adds `fields` to version 1 of a new template and publishes it (each write under the version's ETag). */
export async function buildTemplate(client: VersoClient, workspaceId: string, name: string, slug: string, fields: FieldBody[]): Promise<Built> {
  const t = await client.createTemplate({ path: { workspaceId }, body: { name, slug } });
  const path = { workspaceId, id: t.id, versionNumber: 1 };
  const ids: Record<string, string> = {};
  for (const field of fields) {
    const { etag } = await readWithETag(client, 'getTemplateVersion', { path });
    try {
      ids[field.key] = (await client.createTemplateField({ path, body: field }, { ifMatch: etag })).id;
    } catch (error) {
      // Name the field and the server's reasons, not just "breaks one or more rules".
      throw new Error(`field ${field.key}: ${JSON.stringify((error as { problem?: unknown }).problem ?? String(error))}`);
    }
  }
  const { etag } = await readWithETag(client, 'getTemplateVersion', { path });
  const published = await client.publishTemplateVersion({ path }, { ifMatch: etag });
  return { templateId: t.id, versionId: published.id, fields: ids };
}

async function buildComponent(client: VersoClient, workspaceId: string, name: string, slug: string, fields: OperationInput<'replaceComponentFields'>['body']): Promise<string> {
  const c = await client.createComponent({ path: { workspaceId }, body: { name, slug } });
  const path = { workspaceId, id: c.id, versionNumber: 1 };
  let { etag } = await readWithETag(client, 'getComponentVersion', { path });
  await client.replaceComponentFields({ path, body: fields }, { ifMatch: etag });
  ({ etag } = await readWithETag(client, 'getComponentVersion', { path }));
  await client.publishComponentVersion({ path }, { ifMatch: etag });
  return c.id;
}

export async function buildTypedWorld(api: TestApi): Promise<TypedWorld> {
  const suffix = `${++counter}${Math.random().toString(36).slice(2, 7)}`;
  const { token } = await createActor(api, { role: 'Admin', superadmin: true });
  const client = new VersoClient({ baseUrl: api.url, token });
  const ws = await client.createWorkspace({ body: { name: `Typed ${suffix}`, slug: `typed-${suffix}` } });
  const workspaceId = ws.id;
  const slugs = { article: `article-${suffix}`, author: `author-${suffix}`, callout: `callout-${suffix}`, seo: `seo-${suffix}`, card: `link-card-${suffix}` };

  const picklist = await client.createPickList({
    path: { workspaceId },
    body: { name: 'Category', slug: `category-${suffix}`, options: [{ label: 'News', value: 'news' }, { label: 'Guides', value: 'guides' }, { label: 'Long reads', value: 'long-reads' }] },
  });
  const card = await buildComponent(client, workspaceId, 'Link card', slugs.card, [
    { key: 'label', label: 'Label', order: 0, isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' },
    { key: 'href', label: 'Target', order: 1, maxOccurrences: 1, primitiveType: 'Link' },
  ]);
  const seo = await buildComponent(client, workspaceId, 'SEO', slugs.seo, [
    { key: 'metaTitle', label: 'Meta title', order: 0, isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' },
    { key: 'keywords', label: 'Keywords', order: 1, minOccurrences: 0, maxOccurrences: 5, primitiveType: 'Text' },
    { key: 'noIndex', label: 'Hide from search engines', order: 2, maxOccurrences: 1, primitiveType: 'Boolean' },
    { key: 'card', label: 'Share card', order: 3, maxOccurrences: 1, nestedComponentId: card },
  ]);
  const author = await buildTemplate(client, workspaceId, 'Author', slugs.author, [
    { key: 'name', label: 'Name', order: 0, compositionMode: 'Inline', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    { key: 'bio', label: 'Biography', order: 1, compositionMode: 'Inline', primitiveType: 'Markdown', maxOccurrences: 1 },
  ]);
  const callout = await buildTemplate(client, workspaceId, 'Callout', slugs.callout, [
    { key: 'text', label: 'Text', order: 0, compositionMode: 'Inline', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
  ]);
  const f = (key: string, label: string, rest: Partial<FieldBody>): FieldBody => ({ key, label, order: 0, compositionMode: 'Inline', maxOccurrences: 1, ...rest }) as FieldBody;
  const fields: FieldBody[] = [
    f('title', 'Title', { primitiveType: 'Text', isRequired: true, minOccurrences: 1, fieldConfig: { maxLength: 80 } }),
    f('summary', 'Summary', { primitiveType: 'RichText' }),
    f('body', 'Body', { primitiveType: 'Markdown' }),
    f('paragraphs', 'Paragraphs', { primitiveType: 'Text', maxOccurrences: 10 }),
    f('featured', 'Featured', { primitiveType: 'Boolean' }),
    f('category', 'Category', { primitiveType: 'PickList', picklistId: picklist.id, picklistRevisionId: picklist.revisionId }),
    f('topics', 'Topics', { primitiveType: 'PickList', picklistId: picklist.id, picklistRevisionId: picklist.revisionId, maxOccurrences: null, fieldConfig: { multiple: true } }),
    f('hero', 'Hero image', { primitiveType: 'Media' }),
    f('attachment', 'Attachment', { primitiveType: 'File' }),
    f('website', 'Website', { primitiveType: 'Link' }),
    f('pullQuote', 'Pull quote', { primitiveType: 'Quote' }),
    f('divider', 'Divider', { primitiveType: 'Separator' }),
    f('seo', 'SEO', { componentId: seo }),
    f('author', 'Author', { templateId: author.templateId, compositionMode: 'Inline' }),
    f('blocks', 'Blocks', { isOpen: true, compositionMode: 'Inline', maxOccurrences: null, allowedTypes: [{ allowedTemplateId: author.templateId }, { allowedTemplateId: callout.templateId }] }),
  ].map((x, order) => ({ ...x, order }));
  const article = await buildTemplate(client, workspaceId, 'Article', slugs.article, fields);

  const upload = async (name: string, type: string, bytes: Uint8Array) =>
    (await client.uploadMedia({ path: { workspaceId }, body: { file: new File([bytes], name, { type }) } })).id;
  // A 1×1 PNG.
  const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
  const assets = { image: await upload('hero.png', 'image/png', png), file: await upload('terms.pdf', 'application/pdf', new TextEncoder().encode('%PDF-1.4\n%%EOF\n')) };

  return { client, token, workspaceId, suffix, slugs, templates: { article, author, callout }, assets };
}

/** The values of an article with every field set, and the plain object toContent must give for it. */
export function articleValues(w: TypedWorld, authorItemId: string, blockAuthorItemId: string, calloutItemId: string, title = 'Typed content'): { fields: ValueBody[]; expected: Record<string, unknown> } {
  const a = w.templates.article.fields;
  const v = (key: string, value: Omit<ValueBody, 'fieldId' | 'order'>, order = 0): ValueBody => ({ fieldId: a[key]!, order, ...value }) as ValueBody;
  const seo = { metaTitle: 'Typed | Verso', keywords: ['cms', 'types'], noIndex: false, card: { label: 'Read it', href: 'https://example.com/typed' } };
  const fields: ValueBody[] = [
    v('title', { valueKind: 'Text', textValue: title }),
    v('summary', { valueKind: 'RichText', textValue: '<p>Rich <b>summary</b></p>' }),
    v('body', { valueKind: 'Markdown', textValue: '# Body\n\nMarkdown.' }),
    v('paragraphs', { valueKind: 'Text', textValue: 'First' }, 0),
    v('paragraphs', { valueKind: 'Text', textValue: 'Second' }, 1),
    v('featured', { valueKind: 'Boolean', boolValue: true }),
    v('category', { valueKind: 'PickList', textValue: 'guides' }),
    v('topics', { valueKind: 'PickList', textValue: 'news' }, 0),
    v('topics', { valueKind: 'PickList', textValue: 'long-reads' }, 1),
    v('hero', { valueKind: 'Media', mediaAssetId: w.assets.image }),
    v('attachment', { valueKind: 'File', fileAssetId: w.assets.file }),
    v('website', { valueKind: 'Link', jsonValue: { href: 'https://verso.dev', text: 'Verso' } }),
    v('pullQuote', { valueKind: 'Quote', textValue: 'Types make it pleasant.' }),
    v('seo', { valueKind: 'Component', jsonValue: seo }),
    v('author', { valueKind: 'ChildContent', childContentItemId: authorItemId }),
    v('blocks', { valueKind: 'ChildContent', childContentItemId: calloutItemId }, 0),
    v('blocks', { valueKind: 'ChildContent', childContentItemId: blockAuthorItemId }, 1),
  ];
  const expected = {
    title,
    summary: '<p>Rich <b>summary</b></p>',
    body: '# Body\n\nMarkdown.',
    paragraphs: ['First', 'Second'],
    featured: true,
    category: 'guides',
    topics: ['news', 'long-reads'],
    hero: w.assets.image,
    attachment: w.assets.file,
    website: { href: 'https://verso.dev', text: 'Verso' },
    pullQuote: 'Types make it pleasant.',
    seo,
    author: { name: 'Ada Lovelace', bio: 'Wrote the first program.' },
    blocks: [{ template: w.slugs.callout, content: { text: 'An inline callout' } }, { template: w.slugs.author, content: { name: 'Grace Hopper', bio: null } }],
  };
  return { fields, expected };
}

/** Creates an item of `template` and publishes its version 1 (an Admin's override); returns its id. */
export async function publishItem(w: TypedWorld, template: Built, slug: string, values: ValueBody[]): Promise<string> {
  const item = await w.client.createContent({ path: { workspaceId: w.workspaceId }, body: { templateVersionId: template.versionId, slug, tags: [], fields: values } });
  await w.client.publishContentVersion({ path: { workspaceId: w.workspaceId, id: item.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
  return item.id;
}

/** Creates and publishes an author item; returns its id. */
export async function publishAuthor(w: TypedWorld, name: string, bio: string | null, slug = `author-${w.suffix}-${++counter}`): Promise<string> {
  const a = w.templates.author.fields;
  const values: ValueBody[] = [{ fieldId: a.name!, order: 0, valueKind: 'Text', textValue: name }];
  if (bio !== null) values.push({ fieldId: a.bio!, order: 0, valueKind: 'Markdown', textValue: bio });
  return publishItem(w, w.templates.author, slug, values);
}

/** Creates and publishes an article with every field set; returns its id, slug and the expected plain object. */
export async function publishArticle(w: TypedWorld, slug = `post-${w.suffix}-${++counter}`, title?: string) {
  const author = await publishAuthor(w, 'Ada Lovelace', 'Wrote the first program.');
  const block = await publishAuthor(w, 'Grace Hopper', null);
  const callout = await publishItem(w, w.templates.callout, `callout-${w.suffix}-${++counter}`, [{ fieldId: w.templates.callout.fields.text!, order: 0, valueKind: 'Text', textValue: 'An inline callout' }]);
  const { fields, expected } = articleValues(w, author, block, callout, title);
  const item = await w.client.createContent({ path: { workspaceId: w.workspaceId }, body: { templateVersionId: w.templates.article.versionId, slug, localeCode: 'en', tags: [], fields } });
  await w.client.publishContentVersion({ path: { workspaceId: w.workspaceId, id: item.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
  return { id: item.id, slug, authorId: author, blockAuthorId: block, calloutId: callout, expected };
}
