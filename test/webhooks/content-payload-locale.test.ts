// Content webhooks name the item's locale and translation group as the event was written
// (WebhookContentEventPayload.localeCode, translationGroupId): on every content event, from every
// writer — an item route, the one-statement publish, a translation, a deletion — and as the
// receiver gets it (each payload checked against the contract's schema).
import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fs from 'node:fs';
import path from 'node:path';
import { startTestApi } from '../helpers/api.js';
import { createArticle, dbQuery, expectStatus, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describe('content webhook payloads: localeCode and translationGroupId', function () {
  let w: ContentWorld;
  let validPayload: (payload: unknown) => boolean;
  before(async () => {
    w = await startContentWorld(await startTestApi());
    const document = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../openapi/dist/openapi.json'), 'utf8'));
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(document, 'contract');
    validPayload = ajv.compile({ $ref: 'contract#/components/schemas/WebhookContentEventPayload' });
  });
  after(() => w.api.close());

  const eventsOf = async (itemId: string) =>
    dbQuery<{ id: string; event_type: string; payload: Record<string, unknown> }>(
      w.api,
      `SELECT id, event_type, payload FROM outbox_events WHERE payload->>'contentItemId' = $1 ORDER BY seq`,
      [itemId],
    );
  /** The body a receiver gets: the payload with the event's type and id (db/webhooks/outbox-dispatch.ts). */
  const delivered = (e: { id: string; event_type: string; payload: Record<string, unknown> }) => ({ type: e.event_type, id: e.id, ...e.payload });
  const localeAndGroup = (events: { event_type: string; payload: Record<string, unknown> }[]) =>
    events.map((e) => [e.event_type, e.payload.localeCode, e.payload.translationGroupId]);

  it('an item without a group says null; every payload still matches the contract', async () => {
    const item = await createArticle(w, 'Plain', { localeCode: null });
    await publishNow(w, item.id, 1);
    const events = await eventsOf(item.id);
    expect(localeAndGroup(events)).to.deep.equal([
      ['content.created', null, null],
      ['content.version_published', null, null],
    ]);
    for (const e of events) expect(validPayload(delivered(e)), JSON.stringify(e.payload)).to.equal(true);
  });

  it('every event of a grouped item carries its locale and group, as they were when the event was written', async () => {
    const source = await createArticle(w, 'Hello', { localeCode: 'en' });
    const translated = await w.api.post(`${w.base}/content/${source.id}/translations`, { localeCode: 'fr-CA' }, { token: w.editor });
    expectStatus(translated, 201);
    const member = translated.body;
    const group = member.translationGroupId;
    await publishNow(w, member.id, 1);
    const etag = (await w.api.get(`${w.base}/content/${member.id}`, { token: w.editor })).headers.get('etag')!;
    const moved = await w.api.put(`${w.base}/content/${member.id}`, { slug: member.slug, localeCode: 'fr', translationGroupId: group, tags: [] }, { token: w.editor, headers: { 'if-match': etag } });
    expectStatus(moved, 200);
    const deleted = await w.api.delete(`${w.base}/content/${member.id}`, { token: w.editor, headers: { 'if-match': moved.headers.get('etag')! } });
    expectStatus(deleted, 204);

    const events = await eventsOf(member.id);
    expect(localeAndGroup(events)).to.deep.equal([
      ['content.created', 'fr-CA', group],
      ['content.version_published', 'fr-CA', group],
      ['content.updated', 'fr', group],
      ['content.deleted', 'fr', group],
    ]);
    // The source joined the group when the translation was made: its event says so.
    expect(localeAndGroup(await eventsOf(source.id))).to.deep.equal([
      ['content.created', 'en', null],
      ['content.updated', 'en', group],
    ]);
    for (const e of events) expect(validPayload(delivered(e)), JSON.stringify(e.payload)).to.equal(true);
  });
});
