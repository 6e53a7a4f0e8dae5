// A site in three languages through the SDK against the real API: the workspace's locales saved and
// read, an English page translated with createContentTranslation, translation status and the
// missing translations paged, by-slug and the list read with `locale` (fallback, alternates,
// Content-Language, shared fields), and the content cache kept exact by the server's own signed
// webhook deliveries: publishing the German member ends the German reader's English fallback, and
// publishing English shares its new `code` with the German member's cached read.
import { expect } from 'chai';
import { createActor } from '../../../test/helpers/actors.js';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../../../test/helpers/https-receiver.js';
import { createTestCa } from '../../../test/helpers/test-ca.js';
import { within } from '../../../test/helpers/wait.js';
import { loopbackSender } from '../../../test/webhooks/webhook-fixture.js';
import { createContentCache, readWithETag, VersoApiError, VersoClient, type ContentCache, type ObservedResponse } from '../../src/index.js';
import { buildTemplate, type Built } from '../content/typed-world.js';

describe('SDK end to end: localization (locales, translations, reads in a locale, the cache kept exact by webhooks)', function () {
  this.timeout(120_000);
  let receiver: HttpsReceiver;
  let api: TestApi;
  let client: VersoClient;
  let workspaceId: string;
  let page: Built;
  let secret: string;
  let english: { id: string; slug: string };
  let german: { id: string; slug: string };
  const seen: ObservedResponse[] = [];
  let cache: ContentCache;
  const suffix = Math.random().toString(36).slice(2, 8);
  const bySlugReads = () => seen.filter((r) => r.operationId === 'getContentBySlug').length;

  const fields = (v: { title: string; code: string }) => [
    { fieldId: page.fields.title!, order: 0, valueKind: 'Text' as const, textValue: v.title },
    { fieldId: page.fields.code!, order: 0, valueKind: 'Text' as const, textValue: v.code },
  ];
  const valueOf = (version: { fields: readonly { key?: string | null; textValue?: string | null }[] }, key: string) => version.fields.find((f) => f.key === key)?.textValue;

  /** The content deliveries about `itemId` of `type` this test caused, waited for by that. */
  async function deliveryOf(type: string, itemId: string, after: number): Promise<ReceivedRequest> {
    const ours = () =>
      receiver.requests.slice(after).filter((r) => {
        const p = JSON.parse(r.body.toString('utf8')) as Record<string, unknown>;
        return p.type === type && p.contentItemId === itemId;
      });
    await within(15_000, async () => ours().length > 0);
    return ours()[0]!;
  }

  before(async () => {
    const ca = await createTestCa();
    receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: ['hooks.example.test'] }) });
    api = await startTestApi({ overrides: { webhookSender: loopbackSender(ca.cert) } });
    const { token } = await createActor(api, { role: 'Admin', superadmin: true });
    client = new VersoClient({ baseUrl: api.url, token });
    workspaceId = (await client.createWorkspace({ body: { name: `Languages ${suffix}`, slug: `languages-${suffix}` } })).id;
    page = await buildTemplate(client, workspaceId, 'Page', `page-${suffix}`, [
      { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' },
      { key: 'code', label: 'Product code', order: 1, compositionMode: 'Inline', maxOccurrences: 1, primitiveType: 'Text', localized: false },
    ]);
    secret = (await client.createWebhookEndpoint({
      path: { workspaceId },
      body: { name: 'Site cache', url: `https://hooks.example.test:${receiver.port}/verso`, events: ['content.version_published', 'content.created', 'workspace.updated'] },
    })).secret;
    cache = createContentCache(new VersoClient({ baseUrl: api.url, token, onResponse: (r) => void seen.push(r) }), { partition: () => 'public' });
  });
  after(async () => {
    await api?.close();
    await receiver?.close();
  });

  it('saves and reads the workspace locales (canonical codes, full chains), and the cached read ends with the workspace.updated delivery', async () => {
    const { etag } = await readWithETag(client, 'getWorkspaceLocales', { path: { workspaceId } });
    const before = receiver.requests.length;
    const saved = await client.updateWorkspaceLocales(
      {
        path: { workspaceId },
        body: {
          defaultLocale: 'en',
          locales: [
            { code: 'en', name: 'English', fallback: [] },
            { code: 'de', name: 'Deutsch', fallback: ['en'] },
            { code: 'de-ch', name: 'Deutsch (Schweiz)', fallback: ['de'] },
          ],
        },
      },
      { ifMatch: etag },
    );
    expect(saved.defaultLocale).to.equal('en');
    expect(saved.locales.map((l) => [l.code, l.fallback])).to.deep.equal([['en', []], ['de', ['en']], ['de-CH', ['de', 'en']]]);
    expect(await cache.getWorkspaceLocales({ path: { workspaceId } })).to.deep.equal(saved);

    // A chain naming a locale that is not configured: 422 in words, with the SDK's typed error.
    const refused = await client
      .updateWorkspaceLocales({ path: { workspaceId }, body: { defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: [] }, { code: 'fr', name: 'Français', fallback: ['it'] }] } }, { ifMatch: (await readWithETag(client, 'getWorkspaceLocales', { path: { workspaceId } })).etag })
      .catch((e: unknown) => e);
    expect(refused).to.be.instanceOf(VersoApiError).with.property('status', 422);

    const reads = seen.length;
    await cache.getWorkspaceLocales({ path: { workspaceId } });
    expect(seen.length, 'answered from the cache').to.equal(reads);
    const updates = () => receiver.requests.slice(before).filter((r) => JSON.parse(r.body.toString('utf8')).type === 'workspace.updated');
    await within(15_000, async () => updates().length > 0);
    const updated = updates()[0]!;
    expect(await cache.invalidateFromWebhook(updated.body, updated.headers, secret)).to.deep.include({ scope: 'workspace', workspaceId });
    await cache.getWorkspaceLocales({ path: { workspaceId } });
    expect(seen.length).to.equal(reads + 1);
  });

  it('translates a page (createContentTranslation), reports each locale\'s state and pages the missing translations', async () => {
    const made = await client.createContent({
      path: { workspaceId },
      body: { templateVersionId: page.versionId, slug: `about-us-${suffix}`, localeCode: 'en', tags: [], fields: fields({ title: 'About us', code: 'A-1' }) },
    });
    await client.publishContentVersion({ path: { workspaceId, id: made.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
    english = { id: made.id, slug: made.slug! };

    const translation = await client.createContentTranslation({ path: { workspaceId, id: english.id }, body: { localeCode: 'de', slug: `ueber-uns-${suffix}` } });
    german = { id: translation.id, slug: translation.slug! };
    expect(translation.localeCode).to.equal('de');
    expect(translation.translationGroupId).to.be.a('string');

    const status = await client.getContentTranslationStatus({ path: { workspaceId, id: english.id } });
    expect(status.defaultLocale).to.equal('en');
    expect(status.locales.map((l) => [l.localeCode, l.state, l.isSource])).to.deep.equal([
      ['en', 'Published', true],
      ['de', 'Draft', false],
      ['de-CH', 'Missing', false],
    ]);

    const missing = [];
    for await (const m of client.listAll('listMissingTranslations', { path: { workspaceId } })) missing.push([m.source.id, m.localeCode, m.state]);
    expect(missing).to.deep.equal([[english.id, 'de-CH', 'Missing']]);
  });

  it('reads by slug and lists in a locale: fallback along the chain, alternates of members that serve, Content-Language, the locale in the cache key', async () => {
    const read = await client.call('getContentBySlug', { path: { workspaceId, slug: english.slug }, query: { locale: 'de-ch' } });
    expect(read.data.contentItemId, 'German is a Draft: the chain falls back to English').to.equal(english.id);
    expect(read.data.requestedLocale).to.equal('de-CH');
    expect(read.data.alternates).to.deep.equal([{ localeCode: 'en', slug: english.slug, contentItemId: english.id }]);
    expect(read.headers.get('content-language')).to.equal('en');

    const entries = [];
    for await (const item of client.listAll('listContent', { path: { workspaceId }, query: { locale: 'de-CH', templateId: page.templateId, resolve: true } })) entries.push(item.id);
    expect(entries, 'one entry for the group').to.deep.equal([english.id]);

    const before = bySlugReads();
    const fallback = await cache.getContentBySlug({ path: { workspaceId, slug: english.slug }, query: { locale: 'de-CH' } });
    expect(fallback.localeCode).to.equal('en');
    await cache.getContentBySlug({ path: { workspaceId, slug: english.slug }, query: { locale: 'de-ch' } });
    await cache.getContentBySlug({ path: { workspaceId, slug: english.slug } });
    expect(bySlugReads() - before, 'de-CH once (both spellings), no locale once').to.equal(2);
  });

  it('publishing the German member ends the cached fallback at once (its delivery names the group), and an English publish shares its new code with the German reads', async () => {
    const deCh = { path: { workspaceId, slug: english.slug }, query: { locale: 'de-CH' } };
    const plainGerman = { path: { workspaceId, slug: german.slug } };
    await cache.getContentBySlug(deCh);

    const path = { workspaceId, id: german.id, versionNumber: 1 };
    const { etag } = await readWithETag(client, 'getContentVersion', { path });
    await client.updateContentVersion({ path, body: { fields: fields({ title: 'Über uns', code: 'ignored' }).slice(0, 1) } }, { ifMatch: etag });
    let mark = receiver.requests.length;
    await client.publishContentVersion({ path, body: { overrideWorkflow: true } });
    const published = await deliveryOf('content.version_published', german.id, mark);
    const payload = JSON.parse(published.body.toString('utf8')) as { translationGroupId?: string; localeCode?: string };
    expect(payload.localeCode).to.equal('de');
    const done = await cache.invalidateFromWebhook(published.body, published.headers, secret);
    expect(done).to.deep.include({ scope: 'item', contentItemId: german.id, translationGroupId: payload.translationGroupId });
    expect(done.contentItemIds).to.include.members([german.id, english.id]);

    const now = await cache.getContentBySlug(deCh);
    expect([now.contentItemId, valueOf(now, 'title'), valueOf(now, 'code')]).to.deep.equal([german.id, 'Über uns', 'A-1']);
    expect(now.alternates?.map((a) => a.localeCode)).to.deep.equal(['de', 'en']);
    expect(valueOf(await cache.getContentBySlug(plainGerman), 'code'), 'shared from English').to.equal('A-1');

    // A new English version with another code: the German reads share it once the delivery is handled.
    const next = await client.createContentVersion({ path: { workspaceId, id: english.id }, body: { fields: fields({ title: 'About us', code: 'A-2' }) } });
    mark = receiver.requests.length;
    await client.publishContentVersion({ path: { workspaceId, id: english.id, versionNumber: next.versionNumber }, body: { overrideWorkflow: true } });
    const englishPublished = await deliveryOf('content.version_published', english.id, mark);
    const reads = bySlugReads();
    expect(valueOf(await cache.getContentBySlug(plainGerman), 'code'), 'still cached until the delivery').to.equal('A-1');
    expect(bySlugReads()).to.equal(reads);
    await cache.invalidateFromWebhook(englishPublished.body, englishPublished.headers, secret);
    expect(valueOf(await cache.getContentBySlug(plainGerman), 'code')).to.equal('A-2');
    expect(valueOf(await cache.getContentBySlug(deCh), 'code')).to.equal('A-2');
    expect(bySlugReads() - reads).to.equal(2);
  });
});
