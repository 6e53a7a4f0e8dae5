import { expect } from 'chai';
import {
  addField,
  createTemplate,
  dbQuery,
  expectProblem,
  expectStatus,
  otherWorkspace,
  publish,
  useModelWorld,
  textField,
  versionTag,
} from './model-fixture.js';

describe('template versions', () => {
  const w = useModelWorld();

  describe('PUT …/templates/{id}/versions/{versionNumber}/publish', () => {
    it('publishes the draft, moves currentVersionId and records template.version_published in the outbox', async () => {
      const t = await createTemplate(w);
      expectStatus(await addField(w, t.id, 1, textField('title')), 201);
      const res = await w.api.put(`${w.base}/templates/${t.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) });
      expectStatus(res, 200);
      expect(res.body).to.include({ versionNumber: 1, status: 'Published' });
      expect(res.body.publishedAt).to.be.a('string');
      const tpl = await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader });
      expect(tpl.body.currentVersionId).to.equal(res.body.id);
      expect(tpl.body.currentVersion.status).to.equal('Published');
      const events = await dbQuery(w.api, `SELECT event_type, entity_type, workspace_id, payload FROM outbox_events WHERE entity_id = $1`, [res.body.id]);
      expect(events).to.deep.equal([
        {
          event_type: 'template.version_published',
          entity_type: 'TemplateVersion',
          workspace_id: w.ws,
          payload: { templateId: t.id, templateVersionId: res.body.id, versionNumber: 1, workspaceId: w.ws },
        },
      ]);
    });

    it('audits the field edit and the status change in the same transactions', async () => {
      const t = await createTemplate(w);
      expectStatus(await addField(w, t.id, 1, textField('title')), 201);
      const v = await publish(w, t.id, 1);
      const rows = await dbQuery(w.api, `SELECT entity_type, action, change_delta FROM audit_log WHERE entity_id = ANY($1) ORDER BY occurred_at, id`, [[t.id, v.id]]);
      expect(rows.map((r) => `${r.entity_type}:${r.action}`)).to.deep.equal([
        'Template:Created',
        'TemplateVersion:Created',
        'TemplateVersion:Updated',
        'TemplateVersion:StatusChanged',
        'Template:Updated',
      ]);
    });

    it('answers 409 for a version that is not a Draft, and 404 for an unknown number', async () => {
      const t = await createTemplate(w);
      await publish(w, t.id, 1);
      expectProblem(await w.api.put(`${w.base}/templates/${t.id}/versions/1/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 409, 'conflict');
      expectProblem(await w.api.put(`${w.base}/templates/${t.id}/versions/7/publish`, undefined, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 7) }), 404, 'not-found');
    });

    it('answers 412 when a sent If-Match is stale', async () => {
      const t = await createTemplate(w);
      const stale = (await w.api.get(`${w.base}/templates/${t.id}/versions/1`, { token: w.reader })).headers.get('etag')!;
      expectStatus(await addField(w, t.id, 1, textField('title')), 201);
      const res = await w.api.put(`${w.base}/templates/${t.id}/versions/1/publish`, undefined, { token: w.admin, headers: { 'if-match': stale } });
      expectProblem(res, 412, 'concurrency-mismatch');
    });

    it('archives the previous published version, which stays readable and immutable', async () => {
      const t = await createTemplate(w);
      const v1 = await publish(w, t.id, 1);
      expectStatus(await w.api.post(`${w.base}/templates/${t.id}/versions`, {}, { token: w.admin }), 201);
      const v2 = await publish(w, t.id, 2);
      const old = await w.api.get(`${w.base}/templates/${t.id}/versions/1`, { token: w.reader });
      expect(old.body.status).to.equal('Archived');
      expect((await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader })).body.currentVersionId).to.equal(v2.id);
      expectProblem(await addField(w, t.id, 1, textField('late')), 409, 'conflict');
      const byId = await w.api.get(`${w.base}/templates/versions/${v1.id}`, { token: w.reader });
      expectStatus(byId, 200);
      expect(byId.body).to.include({ id: v1.id, templateId: t.id, status: 'Archived' });
    });

    it('takes turns with a concurrent field edit sent with the same tag: the result is consistent either way', async () => {
      for (let round = 0; round < 4; round++) {
        const t = await createTemplate(w);
        const headers = await versionTag(w, 'templates', t.id, 1);
        const [edit, pub] = await Promise.all([
          w.api.post(`${w.base}/templates/${t.id}/versions/1/fields`, textField('raced'), { token: w.admin, headers }),
          w.api.put(`${w.base}/templates/${t.id}/versions/1/publish`, undefined, { token: w.admin, headers }),
        ]);
        const version = await w.api.get(`${w.base}/templates/${t.id}/versions/1`, { token: w.reader });
        if (edit.status === 201) {
          // The edit went first, so the publish carried a stale tag.
          expectProblem(pub, 412, 'concurrency-mismatch');
          expect(version.body).to.include({ status: 'Draft' });
          expect(version.body.fields.map((f: any) => f.key)).to.deep.equal(['raced']);
        } else {
          expectStatus(pub, 200);
          expectProblem(edit, 409, 'conflict');
          expect(version.body.fields).to.deep.equal([]);
        }
      }
    });
  });

  describe('POST …/templates/{id}/versions', () => {
    it('copies the published structure into a new draft with new field ids and the same keys', async () => {
      const t = await createTemplate(w);
      const section = await w.api.post(`${w.base}/templates/${t.id}/versions/1/sections`, { name: 'Header', order: 0 }, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) });
      expectStatus(await addField(w, t.id, 1, textField('title', { sectionId: section.body.id, isRequired: true, minOccurrences: 1, fieldConfig: { maxLength: 80 } })), 201);
      expectStatus(await addField(w, t.id, 1, textField('body', { primitiveType: 'Markdown', order: 1 })), 201);
      const v1 = await publish(w, t.id, 1);
      const res = await w.api.post(`${w.base}/templates/${t.id}/versions`, { notes: 'second pass' }, { token: w.admin });
      expectStatus(res, 201);
      expect(res.headers.get('location')).to.equal(`${w.base}/templates/${t.id}/versions/2`);
      expect(res.body).to.include({ versionNumber: 2, status: 'Draft', notes: 'second pass' });
      expect(res.body.fields.map((f: any) => f.key)).to.deep.equal(['body', 'title']);
      expect(res.body.fields.map((f: any) => f.id)).to.not.include.members(v1.fields.map((f: any) => f.id));
      expect(res.body.sections).to.have.length(1);
      expect(res.body.sections[0].id).to.not.equal(section.body.id);
      const title = res.body.fields.find((f: any) => f.key === 'title');
      expect(title).to.include({ sectionId: res.body.sections[0].id, isRequired: true, minOccurrences: 1 });
      expect(title.fieldConfig).to.deep.equal({ maxLength: 80 });
      const tpl = await w.api.get(`${w.base}/templates/${t.id}`, { token: w.reader });
      expect(tpl.body.currentVersionId).to.equal(v1.id);
      expect(tpl.body.currentVersion.versionNumber).to.equal(1);
    });

    it('starts a draft from an older (archived) version when asked, and refuses a number the template lacks', async () => {
      const t = await createTemplate(w);
      expectStatus(await addField(w, t.id, 1, textField('first')), 201);
      await publish(w, t.id, 1);
      expectStatus(await w.api.post(`${w.base}/templates/${t.id}/versions`, {}, { token: w.admin }), 201);
      expectStatus(await addField(w, t.id, 2, textField('second', { order: 1 })), 201);
      await publish(w, t.id, 2);
      const missing = await w.api.post(`${w.base}/templates/${t.id}/versions`, { sourceVersionNumber: 9 }, { token: w.admin });
      expectProblem(missing, 422, 'validation-failed');
      expect(missing.body.errors).to.have.property('/sourceVersionNumber');
      const fromV1 = await w.api.post(`${w.base}/templates/${t.id}/versions`, { sourceVersionNumber: 1 }, { token: w.admin });
      expectStatus(fromV1, 201);
      expect(fromV1.body).to.include({ versionNumber: 3, status: 'Draft' });
      expect(fromV1.body.fields.map((f: any) => f.key)).to.deep.equal(['first']);
    });

    it('answers 409 while a draft exists', async () => {
      const t = await createTemplate(w);
      expectProblem(await w.api.post(`${w.base}/templates/${t.id}/versions`, {}, { token: w.admin }), 409, 'conflict');
    });

    it('creates exactly one draft when two requests race', async () => {
      const t = await createTemplate(w);
      await publish(w, t.id, 1);
      const results = await Promise.all([1, 2, 3].map(() => w.api.post(`${w.base}/templates/${t.id}/versions`, {}, { token: w.admin })));
      expect(results.map((r) => r.status).sort()).to.deep.equal([201, 409, 409]);
      const drafts = await dbQuery(w.api, `SELECT version_number FROM template_versions WHERE template_id = $1 AND status = 'Draft'`, [t.id]);
      expect(drafts).to.deep.equal([{ version_number: 2 }]);
    });
  });

  describe('GET …/templates/{id}/versions and …/versions/{versionNumber}', () => {
    it('lists newest first with field counts', async () => {
      const t = await createTemplate(w);
      expectStatus(await addField(w, t.id, 1, textField('a')), 201);
      await publish(w, t.id, 1);
      expectStatus(await w.api.post(`${w.base}/templates/${t.id}/versions`, {}, { token: w.admin }), 201);
      expectStatus(await addField(w, t.id, 2, textField('b')), 201);
      const res = await w.api.get(`${w.base}/templates/${t.id}/versions`, { token: w.reader });
      expectStatus(res, 200);
      expect(res.body.items.map((v: any) => [v.versionNumber, v.status, v.fieldCount])).to.deep.equal([
        [2, 'Draft', 2],
        [1, 'Published', 1],
      ]);
      expect(res.body.totalCount).to.equal(2);
    });

    it('answers 404 for a version of a template in another workspace', async () => {
      const t = await createTemplate(w);
      const other = await otherWorkspace(w);
      const foreign = await w.api.post(`${other.base}/templates`, { name: 'Foreign', slug: 'foreign' }, { token: other.admin });
      expectProblem(await w.api.get(`${w.base}/templates/versions/${foreign.body.currentVersion.id}`, { token: w.admin }), 404, 'not-found');
      expectProblem(await w.api.get(`${w.base}/templates/${foreign.body.id}/versions/1`, { token: w.admin }), 404, 'not-found');
      expectStatus(await w.api.get(`${w.base}/templates/versions/${t.currentVersion.id}`, { token: w.reader }), 200);
    });
  });
});
