import { expect } from 'chai';
import { buildTemplate, dbQuery, expectProblem, expectStatus, newVersion, startContentWorld, text, uniqueSlug, type ContentWorld } from './content-fixture.js';

describe('POST …/versions/{n}/upgrade-template-version', () => {
  let w: ContentWorld;
  before(async () => {
    w = await startContentWorld();
  });
  after(() => w.api.close());

  /** A template whose v1 has heading + obsolete and whose published v2 has heading + extra (optional). */
  async function evolvingTemplate(v2Extra: Record<string, unknown> = {}) {
    const t = await buildTemplate(w.api, w.base, w.reviewer, 'Page', () => [
      { key: 'heading', label: 'Heading', primitiveType: 'Text', minOccurrences: 1, isRequired: true },
      { key: 'obsolete', label: 'Obsolete', primitiveType: 'Text', minOccurrences: 0 },
    ]);
    const item = await w.api.post(
      `${w.base}/content`,
      { templateVersionId: t.versionId, slug: uniqueSlug('page'), tags: [], fields: [text(t.fields.heading!, 'Hi'), text(t.fields.obsolete!, 'old')] },
      { token: w.editor },
    );
    expectStatus(item, 201);
    expectStatus(await w.api.post(`${w.base}/templates/${t.templateId}/versions`, {}, { token: w.reviewer }), 201);
    const v2 = (await w.api.get(`${w.base}/templates/${t.templateId}/versions/2`, { token: w.reviewer })).body;
    const obsolete2 = v2.fields.find((f: any) => f.key === 'obsolete').id;
    expectStatus(await w.api.delete(`${w.base}/templates/${t.templateId}/versions/2/fields/${obsolete2}`, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/templates/${t.templateId}/versions/2`, w.reviewer) }), 204);
    expectStatus(await w.api.post(`${w.base}/templates/${t.templateId}/versions/2/fields`, { key: 'extra', label: 'Extra', order: 2, compositionMode: 'Inline', primitiveType: 'Text', minOccurrences: 0, ...v2Extra }, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/templates/${t.templateId}/versions/2`, w.reviewer) }), 201);
    const published = await w.api.put(`${w.base}/templates/${t.templateId}/versions/2/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(`${w.base}/templates/${t.templateId}/versions/2`, w.reviewer) });
    expectStatus(published, 200);
    const fieldIds = Object.fromEntries(published.body.fields.map((f: any) => [f.key, f.id]));
    return { t, itemId: item.body.id as string, v2Id: published.body.id as string, v2Fields: fieldIds as Record<string, string> };
  }

  it('without a body (no Content-Type, zero length) remaps values by key, drops vanished keys and moves the item', async () => {
    const { itemId, v2Id, v2Fields } = await evolvingTemplate();
    const res = await w.api.request('POST', `${w.base}/content/${itemId}/versions/1/upgrade-template-version`, { token: w.editor });
    expectStatus(res, 200);
    expect(res.headers.get('etag')).to.match(/^".+"$/);
    expect(res.body.templateVersionId).to.equal(v2Id);
    expect(res.body.fields.map((f: any) => [f.fieldId, f.key, f.textValue])).to.deep.equal([[v2Fields.heading, 'heading', 'Hi']]);
    const item = await w.api.get(`${w.base}/content/${itemId}`, { token: w.reader });
    expect(item.body.templateVersionId).to.equal(v2Id);
    const events = await dbQuery<{ event_type: string; payload: any }>(w.api, `SELECT event_type, payload FROM outbox_events WHERE entity_id = $1`, [res.body.id]);
    expect(events.map((e) => [e.event_type, e.payload.templateVersionId])).to.deep.equal([['content.version_template_upgraded', v2Id]]);
  });

  it('with fields replaces the values using the target\'s field ids; an older version does not move the item', async () => {
    const { t, itemId, v2Id, v2Fields } = await evolvingTemplate();
    await newVersion(w, itemId, { fields: [text(t.fields.heading!, 'v2 of the item')] });
    const res = await w.api.post(`${w.base}/content/${itemId}/versions/1/upgrade-template-version`, { fields: [text(v2Fields.heading!, 'new'), text(v2Fields.extra!, 'more')] }, { token: w.editor });
    expectStatus(res, 200);
    expect(res.body.fields.map((f: any) => [f.key, f.textValue])).to.deep.equal([['heading', 'new'], ['extra', 'more']]);
    expect((await w.api.get(`${w.base}/content/${itemId}`, { token: w.reader })).body.templateVersionId).to.equal(t.versionId);
    expect(res.body.templateVersionId).to.equal(v2Id);
  });

  it('answers 422 and changes nothing when the upgraded values fail validation', async () => {
    const { t, itemId } = await evolvingTemplate({ isRequired: true, minOccurrences: 1 });
    const before = await w.api.get(`${w.base}/content/${itemId}/versions/1`, { token: w.reader });
    const wrongIds = await w.api.post(`${w.base}/content/${itemId}/versions/1/upgrade-template-version`, { fields: [text(t.fields.heading!, 'x')] }, { token: w.editor });
    expectProblem(wrongIds, 422, 'validation-failed');
    const after = await w.api.get(`${w.base}/content/${itemId}/versions/1`, { token: w.reader });
    expect(after.body).to.deep.equal(before.body);
    expect(after.headers.get('etag')).to.equal(before.headers.get('etag'));
  });

  it('upgrades a Draft onto a template version with a new required field: an incomplete Draft, refused on submit', async () => {
    const { itemId } = await evolvingTemplate({ isRequired: true, minOccurrences: 1 });
    const res = await w.api.post(`${w.base}/content/${itemId}/versions/1/upgrade-template-version`, {}, { token: w.editor });
    expectStatus(res, 200);
    expect(res.body.status).to.equal('Draft');
    expect(res.body).to.not.have.property('returnedToDraftFrom');
    const submit = await w.api.post(`${w.base}/content/${itemId}/versions/1/submit`, undefined, { token: w.editor });
    expectProblem(submit, 422, 'validation-failed');
    expect(submit.body.errors).to.deep.equal({ '/fields/extra': ["Field 'Extra' requires at least 1 value."] });
  });

  it('clears a schedule, refuses Published versions and templates without a published version (409)', async () => {
    const { itemId } = await evolvingTemplate();
    await w.api.post(`${w.base}/content/${itemId}/versions/1/submit`, undefined, { token: w.editor });
    await w.api.post(`${w.base}/content/${itemId}/versions/1/approve`, undefined, { token: w.reviewer });
    expectStatus(await w.api.post(`${w.base}/content/${itemId}/versions/1/publish`, { publishAt: '2099-01-01T00:00:00Z' }, { token: w.editor }), 200);
    const upgraded = await w.api.post(`${w.base}/content/${itemId}/versions/1/upgrade-template-version`, undefined, { token: w.editor });
    expectStatus(upgraded, 200);
    // The template version changed: what was approved is not this any more (#25).
    expect(upgraded.body).to.include({ status: 'Draft', publishAt: null, returnedToDraftFrom: 'Approved' });
    await w.api.post(`${w.base}/content/${itemId}/versions/1/submit`, undefined, { token: w.editor });
    await w.api.post(`${w.base}/content/${itemId}/versions/1/approve`, undefined, { token: w.reviewer });
    expectStatus(await w.api.post(`${w.base}/content/${itemId}/versions/1/publish`, {}, { token: w.editor }), 200);
    expectProblem(await w.api.post(`${w.base}/content/${itemId}/versions/1/upgrade-template-version`, undefined, { token: w.editor }), 409, 'conflict');

    const draftOnly = await w.api.post(`${w.base}/templates`, { name: 'Unpublished', slug: uniqueSlug('unpub') }, { token: w.reviewer });
    const item = await w.api.post(`${w.base}/content`, { templateVersionId: draftOnly.body.currentVersion.id, tags: [], fields: [] }, { token: w.editor });
    expectStatus(item, 201);
    expectProblem(await w.api.post(`${w.base}/content/${item.body.id}/versions/1/upgrade-template-version`, undefined, { token: w.editor }), 409, 'conflict');
  });
});
