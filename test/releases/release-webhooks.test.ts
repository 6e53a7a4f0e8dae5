// The release.published webhook: one delivery per published release to an endpoint subscribed to it,
// its body as the contract's WebhookReleasePublishedPayload says, with the union of the purge keys of
// the entries' own content events (what a CDN purges once for the whole release).
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { startTestApi } from '../helpers/api.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { createPerson, dbQuery, expectStatus, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';
import { deliveryWorker, dispatcher, runOnce, ScriptedSender, type WebhookWorld } from '../webhooks/webhook-fixture.js';
import { addEntry, approve, approvedArticle, createRelease, releasesOf } from './release-fixture.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describe('release.published webhooks', function () {
  this.timeout(60_000);
  let w: ContentWorld;
  let hooks: WebhookWorld;
  let validPayload: ((payload: unknown) => boolean) & { errors?: unknown };
  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    hooks = { api: w.api, ws: w.ws, base: w.base, editor: w.editor, readOnlyEditor: w.readOnlyEditor, reader: w.reader, stranger: w.stranger, workerLog: new MemoryLog() };
    const document = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../openapi/dist/openapi.json'), 'utf8'));
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(document, 'contract');
    validPayload = ajv.compile({ $ref: 'contract#/components/schemas/WebhookReleasePublishedPayload' });
  });
  after(() => w.api.close());

  it('delivers one release.published with the union of the entries\' purge keys, embedding items included', async () => {
    const endpoint = await w.api.post(`${w.base}/webhooks`, { name: 'CDN', url: 'https://hooks.example.test/purge', events: ['release.published'] }, { token: w.editor });
    expectStatus(endpoint, 201);
    const article = await approvedArticle(w, 'Campaign');
    const author = await createPerson(w, 'Author');
    await approve(w, author.id);
    // A served page that embeds the author: its key is in the author's purge keys.
    const page = await createPerson(w, 'Team page', [author.id]);
    await publishNow(w, page.id, 1);
    const r = await createRelease(w);
    await addEntry(w, r.id, article.id, 1);
    await addEntry(w, r.id, author.id, 1);
    expectStatus(await w.api.post(`${releasesOf(w)}/${r.id}/publish`, undefined, { token: w.editor }), 200);

    const sender = new ScriptedSender();
    await runOnce(dispatcher(hooks));
    await runOnce(deliveryWorker(hooks, sender));
    expect(sender.requests).to.have.length(1);
    const request = sender.requests[0]!;
    const body = JSON.parse(request.body.toString());
    expect(request.headers['X-Verso-Event'] ?? request.headers['x-verso-event']).to.equal('release.published');
    expect(validPayload(body), JSON.stringify(validPayload.errors)).to.equal(true);
    expect(body).to.deep.include({ type: 'release.published', releaseId: r.id, workspaceId: w.ws, name: 'Spring campaign' });
    const events = await dbQuery(w.api, `SELECT payload FROM outbox_events WHERE event_type LIKE 'content.%' AND payload->>'contentItemId' = ANY($1) AND event_type <> 'content.created'`, [[article.id, author.id]]);
    const union = [...new Set(events.flatMap((e) => e.payload.purgeKeys as string[]))].sort();
    expect([...body.purgeKeys].sort()).to.deep.equal(union);
    expect(body.purgeKeys).to.include.members([`list-${w.ws}`, `item-${article.id}`, `item-${author.id}`, `item-${page.id}`]);
  });
});
