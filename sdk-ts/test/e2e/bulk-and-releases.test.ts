// Bulk actions and releases through the SDK against the real API: per-item results of a bulk
// action, an atomic one refused as a VersoBulkActionError with nothing changed, a release built,
// validated, refused as a VersoReleaseProblemsError, previewed through a preview token naming it,
// published and reverted — and the content cache kept exact by the server's own signed
// `release.published` delivery alone: the entries' reads end, an item outside the release stays cached.
import { expect } from 'chai';
import { createActor } from '../../../test/helpers/actors.js';
import { startTestApi, type TestApi } from '../../../test/helpers/api.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../../../test/helpers/https-receiver.js';
import { createTestCa } from '../../../test/helpers/test-ca.js';
import { within } from '../../../test/helpers/wait.js';
import { loopbackSender } from '../../../test/webhooks/webhook-fixture.js';
import {
  createContentCache,
  readWithETag,
  VersoApiError,
  VersoBulkActionError,
  VersoClient,
  VersoReleaseProblemsError,
  type ContentCache,
  type ObservedResponse,
  type ReleasePublishedPayload,
} from '../../src/index.js';
import { buildTemplate, type Built } from '../content/typed-world.js';

describe('SDK end to end: bulk actions and releases', function () {
  this.timeout(120_000);
  let receiver: HttpsReceiver;
  let api: TestApi;
  let client: VersoClient;
  let token: string;
  let workspaceId: string;
  let note: Built;
  let secret: string;
  const suffix = Math.random().toString(36).slice(2, 8);
  let counter = 0;

  const fields = (title: string) => [{ fieldId: note.fields.title!, order: 0, valueKind: 'Text' as const, textValue: title }];
  async function draft(title: string): Promise<{ id: string; slug: string }> {
    const slug = `note-${suffix}-${++counter}`;
    const item = await client.createContent({ path: { workspaceId }, body: { templateVersionId: note.versionId, slug, localeCode: 'en', tags: [], fields: fields(title) } });
    return { id: item.id, slug };
  }
  async function published(title: string): Promise<{ id: string; slug: string }> {
    const item = await draft(title);
    await client.publishContentVersion({ path: { workspaceId, id: item.id, versionNumber: 1 }, body: { overrideWorkflow: true } });
    return item;
  }
  const statusOf = async (id: string, versionNumber: number) => (await client.getContentVersion({ path: { workspaceId, id, versionNumber } })).status;
  const titleOf = (version: { fields: readonly { key?: string | null; textValue?: string | null }[] }) => version.fields.find((f) => f.key === 'title')?.textValue;

  before(async () => {
    const ca = await createTestCa();
    receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: ['hooks.example.test'] }) });
    api = await startTestApi({ overrides: { webhookSender: loopbackSender(ca.cert) } });
    ({ token } = await createActor(api, { role: 'Admin', superadmin: true }));
    client = new VersoClient({ baseUrl: api.url, token });
    workspaceId = (await client.createWorkspace({ body: { name: `Campaign ${suffix}`, slug: `campaign-${suffix}` } })).id;
    note = await buildTemplate(client, workspaceId, 'Note', `note-${suffix}`, [
      { key: 'title', label: 'Title', order: 0, compositionMode: 'Inline', isRequired: true, minOccurrences: 1, maxOccurrences: 1, primitiveType: 'Text' },
    ]);
    // Only release.published: the cache must be kept exact by the release's event alone.
    secret = (await client.createWebhookEndpoint({
      path: { workspaceId },
      body: { name: 'Site cache', url: `https://hooks.example.test:${receiver.port}/verso`, events: ['release.published'] },
    })).secret;
  });
  after(async () => {
    await api?.close();
    await receiver?.close();
  });

  describe('bulkContentAction', () => {
    it('answers one typed result per item in the order sent: the ones that applied ok, a missing item failed with its 404', async () => {
      const x = await draft('X');
      const y = await draft('Y');
      const missing = '01900000-0000-7000-8000-000000000000';
      const { results } = await client.bulkContentAction({ path: { workspaceId }, body: { action: 'submit', items: [{ id: x.id }, { id: missing }, { id: y.id, versionNumber: 1 }] } });

      expect(results.map((r) => [r.id, r.versionNumber, r.status])).to.deep.equal([[x.id, 1, 'ok'], [missing, null, 'failed'], [y.id, 1, 'ok']]);
      expect(results[0]!.problem).to.equal(null);
      expect(results[1]!.problem?.status).to.equal(404);
      expect(await statusOf(x.id, 1)).to.equal('Review');
      expect(await statusOf(y.id, 1)).to.equal('Review');
    });

    it('atomic: any failing item is a VersoBulkActionError listing the failures, and nothing changed', async () => {
      const x = await draft('Atomic X');
      const y = await draft('Atomic Y');
      await client.submitContentVersion({ path: { workspaceId, id: x.id, versionNumber: 1 } });
      // y is a Draft: it has no version in Review to approve.
      const error = await client
        .bulkContentAction({ path: { workspaceId }, body: { action: 'approve', atomic: true, items: [{ id: x.id }, { id: y.id }] } })
        .catch((e: unknown) => e);

      expect(error).to.be.instanceOf(VersoBulkActionError).and.instanceOf(VersoApiError);
      const bulk = error as VersoBulkActionError;
      expect(bulk.name).to.equal('VersoBulkActionError');
      expect(bulk.status).to.equal(422);
      expect(bulk.operationId).to.equal('bulkContentAction');
      expect(bulk.results.map((r) => [r.id, r.status])).to.deep.equal([[y.id, 'failed']]);
      expect(bulk.results[0]!.problem?.status).to.be.within(400, 499);
      expect(await statusOf(x.id, 1), 'the item that would have succeeded was not approved').to.equal('Review');
    });

    it('a request the server refuses as a whole (an id named twice) is a plain VersoApiError 400', async () => {
      const x = await draft('Twice');
      const error = (await client.bulkContentAction({ path: { workspaceId }, body: { action: 'submit', items: [{ id: x.id }, { id: x.id }] } }).catch((e: unknown) => e)) as VersoApiError;
      expect(error).to.be.instanceOf(VersoApiError).and.not.instanceOf(VersoBulkActionError);
      expect(error.status).to.equal(400);
    });
  });

  describe('releases', () => {
    let changed: { id: string; slug: string };
    let added: { id: string; slug: string };
    let outside: { id: string; slug: string };
    let releaseId: string;

    before(async () => {
      changed = await published('Old title');
      await client.createContentVersion({ path: { workspaceId, id: changed.id }, body: { fields: fields('New title') } });
      added = await draft('Brand new');
      outside = await published('Untouched');
    });

    it('creates a release, adds entries, lists it, and validation names the entry that is not Approved', async () => {
      const release = await client.createRelease({ path: { workspaceId }, body: { name: `Launch ${suffix}`, description: 'Spring campaign' } });
      releaseId = release.id;
      expect(release.state).to.equal('Open');
      await client.addReleaseEntry({ path: { workspaceId, id: releaseId }, body: { itemId: changed.id, versionNumber: 2, action: 'publish' } });
      const withBoth = await client.addReleaseEntry({ path: { workspaceId, id: releaseId }, body: { itemId: added.id, versionNumber: 1, action: 'publish' } });
      expect(withBoth.entries.map((e) => [e.itemId, e.versionNumber, e.action])).to.deep.equal([[changed.id, 2, 'publish'], [added.id, 1, 'publish']]);

      const listed: string[] = [];
      for await (const r of client.listAll('listReleases', { path: { workspaceId }, query: { state: 'Open' } })) listed.push(r.id);
      expect(listed).to.include(releaseId);

      const validation = await client.validateRelease({ path: { workspaceId, id: releaseId } });
      expect(validation.ready).to.equal(false);
      expect(validation.problems.map((p) => [p.itemId, p.reason]).sort()).to.deep.equal([[added.id, 'NotApproved'], [changed.id, 'NotApproved']].sort());
    });

    it('publishing a release with problems is a VersoReleaseProblemsError listing them, and nothing changed', async () => {
      const error = await client.publishRelease({ path: { workspaceId, id: releaseId } }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(VersoReleaseProblemsError).and.instanceOf(VersoApiError);
      const refused = error as VersoReleaseProblemsError;
      expect(refused.status).to.equal(422);
      expect(refused.problems.map((p) => p.reason)).to.deep.equal(['NotApproved', 'NotApproved']);
      expect(refused.problems.every((p) => typeof p.message === 'string' && p.message.length > 0)).to.equal(true);
      expect(await statusOf(changed.id, 2)).to.equal('Draft');
      expect((await client.getRelease({ path: { workspaceId, id: releaseId } })).state).to.equal('Open');
    });

    it('a preview token naming the release reads the site as after it; the cached site is unchanged meanwhile', async () => {
      for (const item of [changed, added]) {
        await client.submitContentVersion({ path: { workspaceId, id: item.id, versionNumber: item === changed ? 2 : 1 } });
        await client.approveContentVersion({ path: { workspaceId, id: item.id, versionNumber: item === changed ? 2 : 1 } });
      }
      expect(await client.validateRelease({ path: { workspaceId, id: releaseId } })).to.deep.equal({ ready: true, problems: [] });

      const minted = await client.createPreviewToken({ path: { workspaceId }, body: { releaseId, expiresInMinutes: 10 } });
      expect(minted.previewToken.releaseId).to.equal(releaseId);
      expect(minted.previewToken.contentItemId).to.equal(null);
      const preview = new VersoClient({ baseUrl: api.url, token: minted.token });
      expect(titleOf(await preview.getContentBySlug({ path: { workspaceId, slug: changed.slug } }))).to.equal('New title');
      expect(titleOf(await preview.getContentBySlug({ path: { workspaceId, slug: added.slug } }))).to.equal('Brand new');
      expect(titleOf(await preview.getContentBySlug({ path: { workspaceId, slug: outside.slug } }))).to.equal('Untouched');

      const site = (await client.getContentBySlug({ path: { workspaceId, slug: changed.slug } }));
      expect(titleOf(site), 'the site still serves version 1').to.equal('Old title');
    });

    it('publishes it; the release.published delivery alone ends the cached reads of its items and the lists, not of an item outside it', async () => {
      const seen: ObservedResponse[] = [];
      const reader = new VersoClient({ baseUrl: api.url, token, onResponse: (r) => void seen.push(r) });
      const cache: ContentCache = createContentCache(reader, { partition: () => 'public' });
      const reads = () => seen.filter((r) => r.operationId === 'getContentBySlug' || r.operationId === 'listContent').length;
      const bySlug = (slug: string) => cache.getContentBySlug({ path: { workspaceId, slug } });
      const list = () => cache.listContent({ path: { workspaceId }, query: { status: 'Published', pageSize: 50 } });
      expect(titleOf(await bySlug(changed.slug))).to.equal('Old title');
      await bySlug(outside.slug);
      const listedBefore = (await list()).items.map((i) => i.id);
      expect(listedBefore).not.to.include(added.id);
      const warmed = reads();
      await bySlug(changed.slug);
      await bySlug(outside.slug);
      await list();
      expect(reads(), 'all three are served from the cache').to.equal(warmed);

      const done = await client.publishRelease({ path: { workspaceId, id: releaseId } });
      expect(done.state).to.equal('Published');
      expect(done.entries.find((e) => e.itemId === changed.id)?.servedBeforeVersionNumber).to.equal(1);

      const delivery: ReceivedRequest = await (async () => {
        const ours = () => receiver.requests.filter((r) => (JSON.parse(r.body.toString('utf8')) as { releaseId?: string }).releaseId === releaseId);
        await within(15_000, async () => ours().length > 0);
        return ours()[0]!;
      })();
      const invalidation = await cache.invalidateFromWebhook(delivery.body, delivery.headers, secret);
      expect(invalidation.scope).to.equal('release');
      expect(invalidation.releaseId).to.equal(releaseId);
      expect(invalidation.workspaceId).to.equal(workspaceId);
      expect(invalidation.contentItemIds).to.include.members([changed.id.toLowerCase(), added.id.toLowerCase()]);
      expect(invalidation.contentItemIds).not.to.include(outside.id.toLowerCase());
      if (invalidation.event.type !== 'release.published') throw new Error(`unexpected ${invalidation.event.type}`);
      const payload: ReleasePublishedPayload = invalidation.event.payload;
      expect(payload.entries.map((e) => e.itemId).sort()).to.deep.equal([changed.id, added.id].sort());
      expect(payload.purgeKeys).to.include(`item-${changed.id}`);

      const before = reads();
      expect(titleOf(await bySlug(changed.slug)), 'the entry is read again').to.equal('New title');
      expect(reads()).to.equal(before + 1);
      await bySlug(outside.slug);
      expect(reads(), 'the item outside the release is still served from the cache').to.equal(before + 1);
      expect((await list()).items.map((i) => i.id), 'the lists are read again').to.include(added.id);
      expect(reads()).to.equal(before + 2);
    });

    it('reverts it: each item serves what it served before, and a Reverted release can be deleted', async () => {
      const reverted = await client.revertRelease({ path: { workspaceId, id: releaseId } });
      expect(reverted.state).to.equal('Reverted');
      expect(titleOf(await client.getContentBySlug({ path: { workspaceId, slug: changed.slug } }))).to.equal('Old title');
      const gone = (await client.getContentBySlug({ path: { workspaceId, slug: added.slug } }).catch((e: unknown) => e)) as VersoApiError;
      expect(gone).to.be.instanceOf(VersoApiError);
      expect(gone.status).to.equal(404);

      const { etag } = await readWithETag(client, 'getRelease', { path: { workspaceId, id: releaseId } });
      await client.deleteRelease({ path: { workspaceId, id: releaseId } }, { ifMatch: etag });
      const missing = (await client.getRelease({ path: { workspaceId, id: releaseId } }).catch((e: unknown) => e)) as VersoApiError;
      expect(missing.status).to.equal(404);
    });

    it('updates and removes entries under the release\'s rules (If-Match on update; removing an entry that is not there is 404)', async () => {
      const item = await draft('Later');
      const release = await client.createRelease({ path: { workspaceId }, body: { name: `Later ${suffix}` } });
      await client.addReleaseEntry({ path: { workspaceId, id: release.id }, body: { itemId: item.id, versionNumber: 1, action: 'publish' } });
      const { etag } = await readWithETag(client, 'getRelease', { path: { workspaceId, id: release.id } });
      const publishAt = new Date(Date.now() + 86_400_000).toISOString();
      const scheduled = await client.updateRelease({ path: { workspaceId, id: release.id }, body: { name: `Later ${suffix}`, publishAt } }, { ifMatch: etag });
      expect(scheduled.state).to.equal('Scheduled');
      expect(new Date(scheduled.publishAt!).getTime()).to.equal(new Date(publishAt).getTime());

      await client.removeReleaseEntry({ path: { workspaceId, id: release.id, itemId: item.id } });
      expect((await client.getRelease({ path: { workspaceId, id: release.id } })).entries).to.deep.equal([]);
      const again = (await client.removeReleaseEntry({ path: { workspaceId, id: release.id, itemId: item.id } }).catch((e: unknown) => e)) as VersoApiError;
      expect(again.status).to.equal(404);
    });
  });
});
