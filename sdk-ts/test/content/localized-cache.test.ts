// The content cache and localized reads, against a local HTTP server that answers as the API does
// (so each case can name exactly which member a read served and which alternates it listed): the
// locale is part of the keys, an entry depends on every item and translation group its answer
// names, and a signed content event ends every entry that depended on any member of its group —
// by the group, by the items its purgeKeys name — and nothing else.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { signatureHeaders } from '../../../server/src/services/webhooks/delivery-signature.js';
import { contentQuery, createContentCache, MemoryContentCacheStore, VersoClient, type ContentCache } from '../../src/index.js';
import { sha256Hex } from '../../src/content/sha256.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const SECRET = 'whsec_bG9jYWxpemVkLWNhY2hlLXRlc3Qtc2VjcmV0LTMyYnl0ZXM';
const ws = crypto.randomUUID();
const id = () => crypto.randomUUID();

interface Member {
  readonly contentItemId: string;
  readonly translationGroupId: string | null;
  readonly localeCode: string | null;
  readonly slug: string;
}

/** A by-slug answer serving `served`, with `alternates` when the read named a locale, and `fields`. */
function version(served: Member, o: { requestedLocale?: string; alternates?: Member[]; fields?: unknown[] } = {}) {
  return {
    id: id(),
    contentItemId: served.contentItemId,
    translationGroupId: served.translationGroupId,
    localeCode: served.localeCode,
    slug: served.slug,
    versionNumber: 1,
    status: 'Published',
    ...(o.requestedLocale ? { requestedLocale: o.requestedLocale, alternates: (o.alternates ?? []).map((m) => ({ localeCode: m.localeCode, slug: m.slug, contentItemId: m.contentItemId })) } : {}),
    fields: o.fields ?? [],
  };
}

/** A delivery signed as the server signs it, carrying `payload` (type and id added). */
function delivery(type: string, payload: Record<string, unknown>) {
  const eventId = id();
  const body = Buffer.from(JSON.stringify({ type, id: eventId, workspaceId: ws, ...payload }), 'utf8');
  const headers = signatureHeaders({ secret: SECRET, eventId, eventType: type, body, timestamp: Math.floor(Date.now() / 1000) });
  return { body, headers };
}

describe('Content cache: localized reads (locale in keys, translation groups in invalidation)', function () {
  let server: FakeHttpServer;
  let cache: ContentCache;
  let store: MemoryContentCacheStore;
  const bySlugRequests = () => server.requests.filter((r) => r.url.includes('/content/by-slug/')).length;
  const slugInput = (slug: string, locale?: string) => ({ path: { workspaceId: ws, slug }, query: locale ? { locale } : {} });

  beforeEach(async () => {
    server = await startFakeHttpServer();
    store = new MemoryContentCacheStore();
    cache = createContentCache(new VersoClient({ baseUrl: server.url, token: 'reader-token', retry: { maxAttempts: 1 } }), { partition: () => 'public', store });
  });
  afterEach(async () => {
    await server.close();
  });

  it('keeps the locale in the keys: each locale its own entry, one entry for two spellings of one locale, no locale the key it always had', async () => {
    const bare = await cache.keyOf('getContentBySlug', slugInput('about-us'));
    // The key a read without locale had before locales existed: slug, expandChildren (default true), asOf.
    expect(bare.endsWith(`:slug:${await sha256Hex('["about-us",true,null]')}`)).to.equal(true);
    const de = await cache.keyOf('getContentBySlug', slugInput('about-us', 'de'));
    const deCh = await cache.keyOf('getContentBySlug', slugInput('about-us', 'de-CH'));
    expect(new Set([bare, de, deCh]).size).to.equal(3);
    expect(await cache.keyOf('getContentBySlug', slugInput('about-us', 'DE-ch'))).to.equal(deCh);
    const list = (locale?: string) => cache.keyOf('listContent', { path: { workspaceId: ws }, query: { pageSize: 10, ...(locale ? { locale } : {}) } });
    expect(await list('de-CH')).to.equal(await list('de-ch'));
    expect(await list('de-CH')).to.not.equal(await list('de'));
    expect(await list()).to.not.equal(await list('de'));
    // contentQuery passes the locale through with the field filters and sort it writes.
    expect(contentQuery({ templateId: id(), locale: 'de-CH', sort: '-title', filter: { price: { gte: 1 } } })).to.include({ locale: 'de-CH', sortBy: 'title', sortDesc: true });

    // Reads: the German and the English reads of one slug are two requests, and each is answered from its own entry after.
    const group = id();
    const en: Member = { contentItemId: id(), translationGroupId: group, localeCode: 'en', slug: 'about-us' };
    const german: Member = { contentItemId: id(), translationGroupId: group, localeCode: 'de', slug: 'ueber-uns' };
    server.script(
      { body: version(german, { requestedLocale: 'de', alternates: [german, en] }), headers: { 'content-language': 'de' } },
      { body: version(en, { requestedLocale: 'en', alternates: [german, en] }), headers: { 'content-language': 'en' } },
    );
    expect((await cache.getContentBySlug(slugInput('about-us', 'de'))).localeCode).to.equal('de');
    expect((await cache.getContentBySlug(slugInput('about-us', 'en'))).localeCode).to.equal('en');
    expect((await cache.getContentBySlug(slugInput('about-us', 'DE'))).alternates?.map((a) => a.slug)).to.deep.equal(['ueber-uns', 'about-us']);
    expect((await cache.getContentBySlug(slugInput('about-us', 'en'))).requestedLocale).to.equal('en');
    expect(bySlugRequests()).to.equal(2);
    expect(server.requests.map((r) => new URL(r.url, server.url).searchParams.get('locale'))).to.deep.equal(['de', 'en']);
  });

  it('a content event ends every entry that depended on its translation group (fallbacks, alternates, shared fields) and no other', async () => {
    const group = id();
    const en: Member = { contentItemId: id(), translationGroupId: group, localeCode: 'en', slug: 'about-us' };
    const german: Member = { contentItemId: id(), translationGroupId: group, localeCode: 'de', slug: 'ueber-uns' };
    const other: Member = { contentItemId: id(), translationGroupId: id(), localeCode: 'en', slug: 'contact' };
    const warm = async () => {
      await cache.getContentBySlug(slugInput('about-us', 'de-CH'));
      await cache.getContentBySlug(slugInput('ueber-uns'));
      await cache.getContentBySlug(slugInput('contact', 'de-CH'));
    };
    // de-CH falls back to English (no Swiss or German member serves yet); the German member read
    // without locale serves itself with English's shared fields (only its group says so).
    server.script(
      { body: version(en, { requestedLocale: 'de-CH', alternates: [en] }) },
      { body: version(german) },
      { body: version(other, { requestedLocale: 'de-CH', alternates: [other] }) },
    );
    await warm();
    expect(bySlugRequests()).to.equal(3);
    await warm();
    expect(bySlugRequests(), 'all three answered from the cache').to.equal(3);

    // The German member is published: an item no entry named (the fallback read served English; the
    // plain read named only the German item), and no purge keys (a server from before purge keys).
    const { body, headers } = delivery('content.version_published', { contentItemId: german.contentItemId, translationGroupId: group, localeCode: 'de' });
    const result = await cache.invalidateFromWebhook(body, headers, SECRET);
    expect(result).to.include({ scope: 'item', workspaceId: ws, contentItemId: german.contentItemId, translationGroupId: group });
    expect(result.contentItemIds).to.deep.equal([german.contentItemId]);

    server.script({ body: version(german, { requestedLocale: 'de-CH', alternates: [german, en] }) }, { body: version(german) });
    expect((await cache.getContentBySlug(slugInput('about-us', 'de-CH'))).localeCode, 'the fallback ended at once').to.equal('de');
    await cache.getContentBySlug(slugInput('ueber-uns'));
    await cache.getContentBySlug(slugInput('contact', 'de-CH'));
    expect(bySlugRequests(), 'the two reads of the group went to the API, the other group stayed cached').to.equal(5);

    // invalidateTranslationGroup does the same by hand.
    await cache.invalidateTranslationGroup(ws, group);
    server.script({ body: version(german, { requestedLocale: 'de-CH', alternates: [german, en] }) });
    await cache.getContentBySlug(slugInput('about-us', 'de-CH'));
    await cache.getContentBySlug(slugInput('contact', 'de-CH'));
    expect(bySlugRequests()).to.equal(6);
  });

  it('an entry depends on its alternates and on children whose member in the locale is missing, through the purgeKeys a content event names', async () => {
    const pageGroup = id();
    const childGroup = id();
    const page: Member = { contentItemId: id(), translationGroupId: pageGroup, localeCode: 'de', slug: 'start' };
    const pageEn: Member = { contentItemId: id(), translationGroupId: pageGroup, localeCode: 'en', slug: 'home' };
    const childEn: Member = { contentItemId: id(), translationGroupId: childGroup, localeCode: 'en', slug: 'teaser' };
    const childDe: Member = { contentItemId: id(), translationGroupId: childGroup, localeCode: 'de', slug: 'anreisser' };
    // The child value names the English child; its German member is a Draft and no member serves in
    // the reader's locale chain, so `child` is absent and the answer carries no group of the child.
    const fields = [{ key: 'teaser', childContentItemId: childEn.contentItemId }];
    const read = () => cache.getContentBySlug(slugInput('start', 'de'));
    server.script({ body: version(page, { requestedLocale: 'de', alternates: [page, pageEn], fields }) });
    await read();
    await read();
    expect(bySlugRequests()).to.equal(1);

    // The German child is published: an event about an item the page never named, of a group it
    // does not know; its purge keys name every member of the child's group and the page embedding it.
    const childEvent = delivery('content.version_published', {
      contentItemId: childDe.contentItemId,
      translationGroupId: childGroup,
      localeCode: 'de',
      purgeKeys: [`list-${ws}`, `item-${childDe.contentItemId}`, `item-${childEn.contentItemId}`, `item-${page.contentItemId}`],
    });
    const result = await cache.invalidateFromWebhook(childEvent.body, childEvent.headers, SECRET);
    expect(result.contentItemIds).to.deep.equal([childDe.contentItemId, childEn.contentItemId, page.contentItemId].map((x) => x.toLowerCase()));
    server.script({ body: version(page, { requestedLocale: 'de', alternates: [page, pageEn], fields: [{ ...fields[0], child: version(childDe) }] }) });
    await read();
    await read();
    expect(bySlugRequests()).to.equal(2);

    // An alternate's own event (an item of another group would not do): the English page is unpublished.
    const alternateEvent = delivery('content.version_status_changed', { contentItemId: pageEn.contentItemId, translationGroupId: null, localeCode: 'en' });
    await cache.invalidateFromWebhook(alternateEvent.body, alternateEvent.headers, SECRET);
    server.script({ body: version(page, { requestedLocale: 'de', alternates: [page], fields }) });
    await read();
    expect(bySlugRequests(), 'an alternate is a dependency by its item id').to.equal(3);

    // An unrelated item's event leaves the entry.
    const unrelated = delivery('content.version_published', { contentItemId: id(), translationGroupId: id(), purgeKeys: [`list-${ws}`] });
    expect((await cache.invalidateFromWebhook(unrelated.body, unrelated.headers, SECRET)).scope).to.equal('item');
    await read();
    expect(bySlugRequests()).to.equal(3);

    // Too many dependents to name (`ws-<id>`): the whole workspace.
    const wide = delivery('content.version_published', { contentItemId: childEn.contentItemId, translationGroupId: childGroup, purgeKeys: [`ws-${ws}`, `list-${ws}`] });
    expect((await cache.invalidateFromWebhook(wide.body, wide.headers, SECRET)).scope).to.equal('workspace');
    server.script({ body: version(page, { requestedLocale: 'de', alternates: [page], fields }) });
    await read();
    expect(bySlugRequests()).to.equal(4);
  });

  it('caches the workspace locales until the workspace is invalidated (saving them sends workspace.updated), not on a content event', async () => {
    const locales = { defaultLocale: 'en', locales: [{ code: 'en', name: 'English', fallback: [] }, { code: 'de', name: 'Deutsch', fallback: ['en'] }] };
    const localeRequests = () => server.requests.filter((r) => r.url.endsWith('/locales')).length;
    server.script({ body: locales });
    expect(await cache.getWorkspaceLocales({ path: { workspaceId: ws } })).to.deep.equal(locales);
    await cache.getWorkspaceLocales({ path: { workspaceId: ws } });
    expect(localeRequests()).to.equal(1);
    const content = delivery('content.version_published', { contentItemId: id(), translationGroupId: id() });
    await cache.invalidateFromWebhook(content.body, content.headers, SECRET);
    await cache.getWorkspaceLocales({ path: { workspaceId: ws } });
    expect(localeRequests()).to.equal(1);
    const saved = delivery('workspace.updated', {});
    expect((await cache.invalidateFromWebhook(saved.body, saved.headers, SECRET)).scope).to.equal('workspace');
    const changed = { ...locales, locales: [...locales.locales, { code: 'fr', name: 'Français', fallback: ['en'] }] };
    server.script({ body: changed });
    expect((await cache.getWorkspaceLocales({ path: { workspaceId: ws } })).locales.map((l) => l.code)).to.deep.equal(['en', 'de', 'fr']);
    expect(localeRequests()).to.equal(2);
  });

  it('refetches an entry written by an SDK from before translations (its groups are unknown), then serves the new one', async () => {
    const member: Member = { contentItemId: id(), translationGroupId: id(), localeCode: 'de', slug: 'ueber-uns' };
    const key = await cache.keyOf('getContentBySlug', slugInput('ueber-uns'));
    await store.set(key, { value: { startedAt: Date.now(), items: [member.contentItemId], data: version(member) }, expiresAt: Date.now() + 60_000 });
    server.script({ body: version(member) });
    await cache.getContentBySlug(slugInput('ueber-uns'));
    await cache.getContentBySlug(slugInput('ueber-uns'));
    expect(bySlugRequests()).to.equal(1);
    expect(((await store.get(key))?.value as { groups?: string[] }).groups).to.deep.equal([member.translationGroupId!.toLowerCase()]);
  });
});
