// invalidateFromWebhook with deliveries the real API sends: its own workers sign them and the real
// egress client delivers them over TLS to a receiver on loopback; the test hands each delivery's
// exact bytes and headers to the cache, as a receiver's route would, and checks by counting real
// requests that exactly what the event names was invalidated — and nothing for a delivery that
// does not verify.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../../../test/helpers/https-receiver.js';
import { createTestCa } from '../../../test/helpers/test-ca.js';
import { within } from '../../../test/helpers/wait.js';
import { loopbackSender } from '../../../test/webhooks/webhook-fixture.js';
import { createContentCache, readWithETag, VersoClient, VersoWebhookError, type ContentCache, type ObservedResponse, type WebhookEventType } from '../../src/index.js';
import { articleValues, buildTypedWorld, publishArticle, type TypedWorld } from './typed-world.js';

const ALL_EVENTS: WebhookEventType[] = [
  'content.created', 'content.updated', 'content.deleted', 'content.version_created', 'content.version_updated', 'content.version_deleted',
  'content.version_status_changed', 'content.version_published', 'content.version_template_upgraded', 'template.version_published', 'workspace.updated',
];

describe('Content cache: invalidateFromWebhook with real signed deliveries', function () {
  this.timeout(90_000);
  let receiver: HttpsReceiver;
  let api: TestApi;
  let w: TypedWorld;
  let a: Awaited<ReturnType<typeof publishArticle>>;
  let b: Awaited<ReturnType<typeof publishArticle>>;
  let secret: string;
  const seen: ObservedResponse[] = [];
  let cache: ContentCache;
  let audience = 'p1';

  const count = (op: string) => seen.filter((r) => r.operationId === op).length;
  const slug = (s: string) => ({ path: { workspaceId: w.workspaceId, slug: s } });
  /** Reads a and b by slug, a by id and the list, in two partitions; returns how many requests that took by operation. */
  async function warm(): Promise<{ bySlug: number; byId: number; list: number; titleOfA: string }> {
    const before = [count('getContentBySlug'), count('getContent'), count('listContent')];
    let titleOfA = '';
    for (const p of ['p1', 'p2']) {
      audience = p;
      const version = await cache.getContentBySlug(slug(a.slug));
      titleOfA = version.fields.find((f) => f.key === 'title')!.textValue!;
      await cache.getContentBySlug(slug(b.slug));
      await cache.getContent({ path: { workspaceId: w.workspaceId, id: a.id } });
      await cache.listContent({ path: { workspaceId: w.workspaceId }, query: { pageSize: 50 } });
    }
    return { bySlug: count('getContentBySlug') - before[0]!, byId: count('getContent') - before[1]!, list: count('listContent') - before[2]!, titleOfA };
  }
  /**
   * The deliveries this test caused: one of each of `types` whose body matches `about` (the item,
   * version or template the test changed), waited for by those — never "whatever arrived since
   * the last call", which under load can be a late delivery of another test's event (issue #23).
   */
  async function deliveriesOf(types: readonly string[], about: (payload: Record<string, unknown>) => boolean): Promise<ReceivedRequest[]> {
    const ours = () => receiver.requests.filter((r) => {
      const payload = JSON.parse(r.body.toString('utf8')) as Record<string, unknown>;
      return types.includes(String(payload.type)) && about(payload);
    });
    await within(15_000, async () => types.every((t) => ours().some((r) => JSON.parse(r.body.toString('utf8')).type === t)));
    return ours();
  }

  before(async () => {
    const ca = await createTestCa();
    receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: ['hooks.example.test'] }) });
    api = await startTestApi({ overrides: { webhookSender: loopbackSender(ca.cert) } });
    w = await buildTypedWorld(api);
    a = await publishArticle(w);
    b = await publishArticle(w);
    const created = await w.client.createWebhookEndpoint({
      path: { workspaceId: w.workspaceId },
      body: { name: 'Cache invalidation', url: `https://hooks.example.test:${receiver.port}/verso`, events: ALL_EVENTS },
    });
    secret = created.secret;
    const reader = new VersoClient({ baseUrl: api.url, token: w.token, onResponse: (r) => void seen.push(r) });
    cache = createContentCache(reader, { partition: () => audience });
  });
  after(async () => {
    await api?.close();
    await receiver?.close();
  });

  it('a content change: each delivery invalidates that item (by slug, by id, every partition) and the lists, not the other item', async () => {
    expect(await warm()).to.deep.include({ bySlug: 4, byId: 2, list: 2 });
    expect(await warm(), 'warm').to.deep.equal({ bySlug: 0, byId: 0, list: 0, titleOfA: 'Typed content' });

    const { fields } = articleValues(w, a.authorId, a.blockAuthorId, a.calloutId, 'Retitled');
    const v2 = await w.client.createContentVersion({ path: { workspaceId: w.workspaceId, id: a.id }, body: { duplicateFromVersionNumber: 1, fields } });
    await w.client.publishContentVersion({ path: { workspaceId: w.workspaceId, id: a.id, versionNumber: v2.versionNumber }, body: { overrideWorkflow: true } });
    const deliveries = await deliveriesOf(['content.version_created', 'content.version_published'], (p) => p.contentVersionId === v2.id);
    expect(deliveries.map((d) => d.headers['x-verso-event'])).to.include.members(['content.version_created', 'content.version_published']);
    expect(await warm(), 'stale until a delivery arrives: the cache cannot know by itself').to.deep.include({ bySlug: 0, titleOfA: 'Typed content' });

    for (const d of deliveries) {
      const done = await cache.invalidateFromWebhook(d.body, d.headers, secret);
      expect(done).to.deep.include({ scope: 'item', workspaceId: w.workspaceId, contentItemId: a.id });
      expect(done.event.type).to.equal(JSON.parse(d.body.toString('utf8')).type);
      expect(done.event.type).to.equal(d.headers['x-verso-event']);
    }
    expect(await warm()).to.deep.equal({ bySlug: 2, byId: 2, list: 2, titleOfA: 'Retitled' });
    expect(await warm()).to.deep.equal({ bySlug: 0, byId: 0, list: 0, titleOfA: 'Retitled' });
  });

  it('a delivery that does not verify is refused with the verifier\'s error and invalidates nothing', async () => {
    await w.client.updateContent({ path: { workspaceId: w.workspaceId, id: b.id }, body: { slug: b.slug, localeCode: 'en', tags: ['touched'] } }, { ifMatch: (await readWithETag(w.client, 'getContent', { path: { workspaceId: w.workspaceId, id: b.id } })).etag });
    const [d] = await deliveriesOf(['content.updated'], (p) => p.contentItemId === b.id);
    const tampered = Buffer.from(d!.body);
    tampered[tampered.length - 2] = tampered[tampered.length - 2]! ^ 1;
    const forged = await cache.invalidateFromWebhook(tampered, d!.headers, secret).catch((e: unknown) => e);
    expect(forged).to.be.instanceOf(VersoWebhookError).with.property('reason', 'signature_mismatch');
    const wrongSecret = await cache.invalidateFromWebhook(d!.body, d!.headers, 'whsec_not-the-secret').catch((e: unknown) => e);
    expect(wrongSecret).to.be.instanceOf(VersoWebhookError).with.property('reason', 'signature_mismatch');
    const late = await cache.invalidateFromWebhook(d!.body, d!.headers, secret, { now: () => Date.now() + 600_000 }).catch((e: unknown) => e);
    expect(late).to.be.instanceOf(VersoWebhookError).with.property('reason', 'timestamp_too_old');
    // The type that decides what is invalidated is the signed body's: a relabelled delivery is refused.
    const relabelled = await cache.invalidateFromWebhook(d!.body, { ...d!.headers, 'x-verso-event': 'workspace.updated' }, secret).catch((e: unknown) => e);
    expect(relabelled).to.be.instanceOf(VersoWebhookError).with.property('reason', 'header_mismatch');
    expect(await warm(), 'nothing invalidated').to.deep.include({ bySlug: 0, byId: 0, list: 0 });

    const done = await cache.invalidateFromWebhook(d!.body, d!.headers, secret);
    expect(done).to.deep.include({ scope: 'item', contentItemId: b.id });
    expect(await warm(), "b by slug and the lists; a's entries stay").to.deep.include({ bySlug: 2, byId: 0, list: 2 });
  });

  it('a template publication and a workspace update invalidate the whole workspace', async () => {
    const template = w.templates.callout.templateId;
    const draft = await w.client.createTemplateVersion({ path: { workspaceId: w.workspaceId, id: template }, body: { notes: 'v2' } });
    const path = { workspaceId: w.workspaceId, id: template, versionNumber: draft.versionNumber };
    await w.client.publishTemplateVersion({ path }, { ifMatch: (await readWithETag(w.client, 'getTemplateVersion', { path })).etag });
    const [published] = await deliveriesOf(['template.version_published'], (p) => p.templateVersionId === draft.id);
    expect(await cache.invalidateFromWebhook(published!.body, published!.headers, secret)).to.deep.include({ scope: 'workspace', workspaceId: w.workspaceId });
    expect(await warm()).to.deep.include({ bySlug: 4, byId: 2, list: 2 });

    const ws = await readWithETag(w.client, 'getWorkspace', { path: { workspaceId: w.workspaceId } });
    await w.client.updateWorkspace({ path: { workspaceId: w.workspaceId }, body: { name: 'Renamed', slug: ws.data.slug } }, { ifMatch: ws.etag });
    const [updated] = await deliveriesOf(['workspace.updated'], (p) => p.workspaceId === w.workspaceId && p.name === 'Renamed');
    const done = await cache.invalidateFromWebhook(new Uint8Array(updated!.body), new Headers(Object.entries(updated!.headers).map(([k, v]) => [k, String(v)])), secret);
    expect(done).to.deep.include({ scope: 'workspace', workspaceId: w.workspaceId });
    expect(await warm()).to.deep.include({ bySlug: 4, byId: 2, list: 2 });
  });
});
