// The example's content, created through the API with the TypeScript SDK, so a new developer and
// the tests start from the same model: the `article` template (model.ts), public media on, three
// published articles (one with a hero image and the other two as related articles), and a
// delivery-only token for the site. With a site URL it also sets the workspace's Preview URL.
//
//   VERSO_API_URL=http://127.0.0.1:5000 VERSO_WORKSPACE_ID=<id> VERSO_ADMIN_TOKEN=<an Admin's token> \
//     [SITE_URL=http://127.0.0.1:4000] node --import tsx examples/site/seed.ts
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { readWithETag, uploadMediaFile, VersoClient, type components } from '@verso/sdk';
import { ARTICLE_FIELDS, ARTICLE_TEMPLATE_FIELDS, ARTICLE_TEMPLATE_SLUG } from './model.js';

type ValueRequest = components['schemas']['ContentFieldValueRequest'];

export interface SeedOptions {
  /** A client holding an Admin's token with Write on the workspace (it builds the model and publishes). */
  readonly client: VersoClient;
  readonly workspaceId: string;
  /** The site's address: sets the workspace's Preview URL to `<siteUrl>/api/preview?slug={slug}&locale={locale}&token={token}`. */
  readonly siteUrl?: string;
}

export interface SeededArticle {
  readonly id: string;
  readonly slug: string;
  readonly title: string;
}

export interface SeededExample {
  readonly templateId: string;
  readonly templateVersionId: string;
  /** Field ids by key. */
  readonly fieldIds: Record<string, string>;
  readonly heroAssetId: string;
  /** The article with the hero and the related articles first, then the two related ones. */
  readonly articles: readonly SeededArticle[];
  /** A delivery-only token for the site (VERSO_TOKEN), shown once. */
  readonly deliveryToken: string;
}

/** A 1600×900 gradient, so the hero has renditions at every published width up to 1600. */
async function heroImage(): Promise<Buffer> {
  const width = 1600;
  const height = 900;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = 30 + (x * 120) / width;
      raw[i + 1] = 80 + (y * 120) / height;
      raw[i + 2] = 160;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
}

export async function seedExample({ client, workspaceId, siteUrl }: SeedOptions): Promise<SeededExample> {
  const taken = await client.listTemplates({ path: { workspaceId }, query: { search: ARTICLE_TEMPLATE_SLUG, pageSize: 100 } });
  if (taken.items.some((t) => t.slug === ARTICLE_TEMPLATE_SLUG)) {
    throw new Error(`This workspace already has a template with the slug "${ARTICLE_TEMPLATE_SLUG}": seed a new workspace.`);
  }

  // The template: created with a Draft version 1, fields added one by one (each write If-Match the draft's tag), published.
  const template = await client.createTemplate({ path: { workspaceId }, body: { name: 'Article', slug: ARTICLE_TEMPLATE_SLUG } });
  const draft = { workspaceId, id: template.id, versionNumber: 1 };
  const fieldIds: Record<string, string> = {};
  for (const [order, field] of ARTICLE_TEMPLATE_FIELDS.entries()) {
    const { etag } = await readWithETag(client, 'getTemplateVersion', { path: draft });
    const created = await client.createTemplateField({ path: draft, body: { ...field, order } }, { ifMatch: etag });
    fieldIds[field.key] = created.id;
  }
  const { etag } = await readWithETag(client, 'getTemplateVersion', { path: draft });
  const published = await client.publishTemplateVersion({ path: draft }, { ifMatch: etag });

  // Public media on, so delivery answers carry rendition URLs (srcset); the Preview URL when the site's address is known.
  const workspace = await readWithETag(client, 'getWorkspace', { path: { workspaceId } });
  await client.updateWorkspace(
    {
      path: { workspaceId },
      body: {
        name: workspace.data.name,
        slug: workspace.data.slug,
        publicMedia: true,
        ...(siteUrl ? { previewUrl: `${siteUrl.replace(/\/+$/, '')}/api/preview?slug={slug}&locale={locale}&token={token}` } : {}),
      },
    },
    { ifMatch: workspace.etag },
  );

  const hero = await uploadMediaFile(client, {
    workspaceId,
    fileName: 'harbour.jpg',
    contentType: 'image/jpeg',
    altText: 'A blue gradient standing in for a photograph',
    file: new Blob([new Uint8Array(await heroImage())]),
  });

  const text = (key: string, value: string, order = 0): ValueRequest => ({ fieldId: fieldIds[key]!, order, valueKind: key === ARTICLE_FIELDS.body ? 'Markdown' : 'Text', textValue: value }) as ValueRequest;
  const create = async (slug: string, title: string, values: ValueRequest[]): Promise<SeededArticle> => {
    const item = await client.createContent({
      path: { workspaceId },
      body: { templateVersionId: published.id, slug, tags: [], fields: [text(ARTICLE_FIELDS.title, title), ...values] },
    });
    await client.publishContentVersion({ path: { workspaceId, id: item.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
    return { id: item.id, slug, title };
  };

  const markdown = await create('writing-in-markdown', 'Writing in Markdown', [
    text(ARTICLE_FIELDS.body, 'Bodies are **Markdown**: headings, lists, links and `code`.\n\n- one\n- two\n'),
  ]);
  const images = await create('images-for-every-screen', 'Images for every screen', [
    text(ARTICLE_FIELDS.body, 'The hero image is served at the width each screen needs, from one upload.'),
  ]);
  const welcome = await create('welcome', 'Welcome to the example site', [
    text(ARTICLE_FIELDS.body, '## Hello\n\nThis page is rendered by **examples/site** from content in Verso.\n\n<script>alert(1)</script> stays text.'),
    { fieldId: fieldIds[ARTICLE_FIELDS.hero]!, order: 0, valueKind: 'Media', mediaAssetId: hero.id } as ValueRequest,
    { fieldId: fieldIds[ARTICLE_FIELDS.related]!, order: 0, valueKind: 'ChildContent', childContentItemId: markdown.id } as ValueRequest,
    { fieldId: fieldIds[ARTICLE_FIELDS.related]!, order: 1, valueKind: 'ChildContent', childContentItemId: images.id } as ValueRequest,
  ]);

  const delivery = await client.createApiClient({
    body: { name: `Example site ${new Date().toISOString().slice(0, 19)}`, role: 'Reader', scope: 'Delivery', workspaceId },
  });

  return {
    templateId: template.id,
    templateVersionId: published.id,
    fieldIds,
    heroAssetId: hero.id,
    articles: [welcome, markdown, images],
    deliveryToken: delivery.token,
  };
}

/** `make example-seed`: the settings from the environment, the delivery token printed once. */
async function main(): Promise<void> {
  const { VERSO_API_URL: baseUrl, VERSO_WORKSPACE_ID: workspaceId, VERSO_ADMIN_TOKEN: token, SITE_URL: siteUrl } = process.env;
  if (!baseUrl || !workspaceId || !token) {
    console.error('Set VERSO_API_URL, VERSO_WORKSPACE_ID and VERSO_ADMIN_TOKEN (an Admin\'s token with Write on the workspace); SITE_URL is optional.');
    process.exit(64);
  }
  const seeded = await seedExample({ client: new VersoClient({ baseUrl, token }), workspaceId, siteUrl });
  console.log(`Seeded ${seeded.articles.length} articles: ${seeded.articles.map((a) => a.slug).join(', ')}.`);
  console.log(`The site's delivery-only token (shown once): VERSO_TOKEN=${seeded.deliveryToken}`);
}

// Run as a command only, and without a top-level await: a module with one cannot be require()d, and
// the tests import this file (mocha would load their whole graph a second time through import()).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
