import { expect } from 'chai';
import {
  addField,
  createComponent,
  createPickList,
  createTemplate,
  expectProblem,
  expectStatus,
  otherWorkspace,
  publish,
  useModelWorld,
  textField,
  versionTag,
} from './model-fixture.js';

describe('template sections and fields', () => {
  const w = useModelWorld();

  const fieldsOf = async (templateId: string, n = 1) => (await w.api.get(`${w.base}/templates/${templateId}/versions/${n}`, { token: w.reader })).body;

  describe('sections', () => {
    it('adds, changes and removes a section; removing moves its fields to the root', async () => {
      const t = await createTemplate(w);
      const added = await w.api.post(`${w.base}/templates/${t.id}/versions/1/sections`, { name: 'Header', order: 0, isCollapsible: true }, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) });
      expectStatus(added, 201);
      expect(added.body).to.include({ name: 'Header', order: 0, isCollapsible: true, description: null });
      const changed = await w.api.put(
        `${w.base}/templates/${t.id}/versions/1/sections/${added.body.id}`,
        { name: 'Top', description: 'First', order: 2 },
        { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) },
      );
      expectStatus(changed, 200);
      expect(changed.body).to.deep.equal({ id: added.body.id, name: 'Top', description: 'First', order: 2, isCollapsible: false });
      expectStatus(await addField(w, t.id, 1, textField('title', { sectionId: added.body.id })), 201);
      expectStatus(await w.api.delete(`${w.base}/templates/${t.id}/versions/1/sections/${added.body.id}`, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 204);
      const v = await fieldsOf(t.id);
      expect(v.sections).to.deep.equal([]);
      expect(v.fields[0]).to.include({ key: 'title', sectionId: null });
      expectProblem(await w.api.delete(`${w.base}/templates/${t.id}/versions/1/sections/${added.body.id}`, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 404, 'not-found');
    });

    it('refuses section changes on a published version (409)', async () => {
      const t = await createTemplate(w);
      await publish(w, t.id, 1);
      expectProblem(await w.api.post(`${w.base}/templates/${t.id}/versions/1/sections`, { name: 'Late', order: 0 }, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 409, 'conflict');
    });
  });

  describe('fields', () => {
    it('adds a field with every member and reads it back', async () => {
      const t = await createTemplate(w);
      const res = await addField(w, t.id, 1, {
        key: 'title',
        label: 'Title',
        helpText: 'Shown in lists',
        order: 3,
        isRequired: true,
        minOccurrences: 1,
        maxOccurrences: 1,
        compositionMode: 'Inline',
        primitiveType: 'Text',
        fieldConfig: { maxLength: 120 },
      });
      expectStatus(res, 201);
      expect(res.headers.get('etag')).to.match(/^".+"$/);
      expect(res.body).to.deep.include({
        key: 'title',
        label: 'Title',
        helpText: 'Shown in lists',
        order: 3,
        isRequired: true,
        minOccurrences: 1,
        maxOccurrences: 1,
        isOpen: false,
        compositionMode: 'Inline',
        primitiveType: 'Text',
        templateId: null,
        componentId: null,
        picklistId: null,
        picklistRevisionId: null,
        allowedTypes: [],
        fieldConfig: { maxLength: 120 },
        sectionId: null,
      });
      expect((await fieldsOf(t.id)).fields).to.deep.equal([res.body]);
    });

    it('names each broken rule in a 422 validation-failed', async () => {
      const t = await createTemplate(w);
      const cases: [Record<string, unknown>, string][] = [
        [{ ...textField('a'), primitiveType: null }, '/primitiveType'],
        [{ ...textField('b'), templateId: t.id }, '/primitiveType'],
        [{ ...textField('c'), minOccurrences: 3, maxOccurrences: 2 }, '/maxOccurrences'],
        [{ ...textField('d'), fieldConfig: { maxLength: 0 } }, '/fieldConfig/maxLength'],
        [{ ...textField('e'), fieldConfig: { maxLength: 'long' } }, '/fieldConfig/maxLength'],
        [{ ...textField('f'), primitiveType: null, isOpen: true, allowedTypes: [{ primitiveType: 'Text' }] }, '/allowedTypes/0/primitiveType'],
        [{ ...textField('g'), sectionId: '01900000-0000-7000-8000-00000000dead' }, '/sectionId'],
        [{ ...textField('h'), primitiveType: 'PickList' }, '/picklistId'],
        [{ ...textField('i'), primitiveType: null, componentId: '01900000-0000-7000-8000-00000000dead' }, '/componentId'],
      ];
      for (const [field, pointer] of cases) {
        const res = await addField(w, t.id, 1, field);
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors, `${JSON.stringify(field)}`).to.have.property(pointer);
      }
      expect((await fieldsOf(t.id)).fields).to.deep.equal([]);
    });

    it('checks the settings of Number and Json fields, naming the field, and keeps those that hold', async () => {
      const t = await createTemplate(w);
      const number = (key: string, fieldConfig: Record<string, unknown>) => ({ ...textField(key), label: 'Price', primitiveType: 'Number', fieldConfig });
      const json = (key: string, schema: unknown) => ({ ...textField(key), label: 'Specs', primitiveType: 'Json', fieldConfig: { schema } });
      const refused: [Record<string, unknown>, string, string][] = [
        [number('n1', { min: 'low' }), '/fieldConfig/min', "the minimum of field 'Price' must be a number"],
        [number('n2', { max: true }), '/fieldConfig/max', "the maximum of field 'Price' must be a number"],
        [number('n3', { min: 10, max: 9.5 }), '/fieldConfig/max', "the maximum of field 'Price' (9.5) is less than its minimum (10)"],
        [number('n4', { integer: 'yes' }), '/fieldConfig/integer', `"integer" of field 'Price' must be true or false`],
        [number('n5', { decimals: 13 }), '/fieldConfig/decimals', "the decimals of field 'Price' must be a whole number from 0 to 12"],
        [number('n6', { decimals: -1 }), '/fieldConfig/decimals', "the decimals of field 'Price' must be a whole number from 0 to 12"],
        [number('n7', { decimals: 1.5 }), '/fieldConfig/decimals', "the decimals of field 'Price' must be a whole number from 0 to 12"],
        [json('j1', 'object'), '/fieldConfig/schema', "the schema of field 'Specs' must be a JSON Schema: an object (or true or false)"],
        [json('j2', { $ref: 'https://example.com/schema.json' }), '/fieldConfig/schema',
          `the schema of field 'Specs' refers to "https://example.com/schema.json", outside itself; a schema may refer only to its own parts (#/$defs/…)`],
        [json('j3', { properties: { a: { $ref: 'other.json#/x' } } }), '/fieldConfig/schema',
          `the schema of field 'Specs' refers to "other.json#/x", outside itself; a schema may refer only to its own parts (#/$defs/…)`],
      ];
      for (const [field, pointer, message] of refused) {
        const res = await addField(w, t.id, 1, field);
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors, JSON.stringify(field)).to.deep.equal({ [pointer]: [message] });
      }
      // A schema that does not compile: where and why, in plain words.
      const broken: [unknown, string][] = [
        [{ type: 'integr' }, `the schema of field 'Specs' is not a valid JSON Schema (draft 2020-12): at /type must be "array", "boolean", "integer", "null", "number", "object" or "string"`],
        [{ minimum: 'ten' }, "the schema of field 'Specs' is not a valid JSON Schema (draft 2020-12): at /minimum must be a number"],
        [{ properties: { a: { $ref: '#/$defs/missing' } } }, `the schema of field 'Specs' refers to "#/$defs/missing", which it does not define`],
      ];
      for (const [schema, message] of broken) {
        const res = await addField(w, t.id, 1, json('bad', schema));
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors, JSON.stringify(schema)).to.deep.equal({ '/fieldConfig/schema': [message] });
      }
      const kept = [
        number('price', { min: -5, max: 5, integer: false, decimals: 0 }),
        number('loose', { min: null, max: null, decimals: null, unit: 'EUR' }),
        json('specs', { type: 'object', $defs: { w: { type: 'number' } }, properties: { weight: { $ref: '#/$defs/w' } }, 'x-note': 'kept' }),
        json('always', true),
        json('data', { const: { $ref: 'https://example.com/not-a-reference' } }),
      ];
      for (const [i, field] of kept.entries()) expectStatus(await addField(w, t.id, 1, { ...field, order: i }), 201);
      expect((await fieldsOf(t.id)).fields.map((f: any) => [f.key, f.primitiveType, f.fieldConfig])).to.deep.equal(kept.map((f) => [f.key, f.primitiveType, f.fieldConfig]));
    });

    it('rejects an open field that allows a primitive type (spec rule) but accepts one that allows templates', async () => {
      const t = await createTemplate(w);
      const block = await createTemplate(w, 'Quote block');
      const bad = await addField(w, t.id, 1, { key: 'blocks', label: 'Blocks', order: 0, compositionMode: 'Inline', isOpen: true, allowedTypes: [{ primitiveType: 'Text' }] });
      expectProblem(bad, 422, 'validation-failed');
      const ok = await addField(w, t.id, 1, {
        key: 'blocks',
        label: 'Blocks',
        order: 0,
        compositionMode: 'Inline',
        isOpen: true,
        maxOccurrences: null,
        allowedTypes: [{ allowedTemplateId: block.id }],
      });
      expectStatus(ok, 201);
      expect(ok.body.allowedTypes).to.have.length(1);
      expect(ok.body.allowedTypes[0]).to.include({ allowedTemplateId: block.id, primitiveType: null });
    });

    it('answers 409 for a key already used in the version, whatever its case', async () => {
      const t = await createTemplate(w);
      expectStatus(await addField(w, t.id, 1, textField('Title')), 201);
      expectProblem(await addField(w, t.id, 1, textField('tITLE')), 409, 'conflict');
    });

    it('accepts only templates, components and picklists of the workspace', async () => {
      const t = await createTemplate(w);
      const other = await otherWorkspace(w);
      const foreignTemplate = await w.api.post(`${other.base}/templates`, { name: 'F', slug: 'f' }, { token: other.admin });
      const foreignComponent = await w.api.post(`${other.base}/components`, { name: 'F', slug: 'f' }, { token: other.admin });
      const foreignList = await w.api.post(`${other.base}/picklists`, { name: 'F', slug: 'f', options: [{ label: 'A', value: 'a' }] }, { token: other.admin });
      const cases: [Record<string, unknown>, string][] = [
        [{ ...textField('a'), primitiveType: null, templateId: foreignTemplate.body.id }, '/templateId'],
        [{ ...textField('b'), primitiveType: null, componentId: foreignComponent.body.id }, '/componentId'],
        [{ ...textField('c'), primitiveType: 'PickList', picklistId: foreignList.body.id, picklistRevisionId: foreignList.body.revisionId }, '/picklistId'],
        [{ ...textField('d'), primitiveType: null, isOpen: true, allowedTypes: [{ allowedTemplateId: foreignTemplate.body.id }] }, '/allowedTypes/0/allowedTemplateId'],
      ];
      for (const [field, pointer] of cases) {
        const res = await addField(w, t.id, 1, field);
        expectProblem(res, 422, 'validation-failed');
        expect(res.body.errors).to.have.property(pointer);
      }
    });

    it('binds a picklist revision, which a field keeps until a draft rebinds it', async () => {
      const list = await createPickList(w, ['news', 'guides']);
      const t = await createTemplate(w);
      const wrongRevision = await addField(w, t.id, 1, { ...textField('x'), primitiveType: 'PickList', picklistId: list.id, picklistRevisionId: t.currentVersion.id });
      expectProblem(wrongRevision, 422, 'validation-failed');
      expect(wrongRevision.body.errors).to.have.property('/picklistRevisionId');
      const bound = await addField(w, t.id, 1, { ...textField('category'), primitiveType: 'PickList', picklistId: list.id, picklistRevisionId: list.revisionId });
      expectStatus(bound, 201);
      await publish(w, t.id, 1);
      const etag = (await w.api.get(`${w.base}/picklists/${list.id}`, { token: w.reader })).headers.get('etag')!;
      const updated = await w.api.put(
        `${w.base}/picklists/${list.id}`,
        { name: 'List', slug: list.slug, options: [{ label: 'News', value: 'news' }] },
        { token: w.admin, headers: { 'if-match': etag } },
      );
      expectStatus(updated, 200);
      const draft = await w.api.post(`${w.base}/templates/${t.id}/versions`, {}, { token: w.admin });
      const copied = draft.body.fields[0];
      expect(copied.picklistRevisionId).to.equal(list.revisionId);
      const rebound = await w.api.put(
        `${w.base}/templates/${t.id}/versions/2/fields/${copied.id}`,
        { ...textField('category'), primitiveType: 'PickList', picklistId: list.id, picklistRevisionId: updated.body.revisionId },
        { token: w.admin, headers: await versionTag(w, 'templates', t.id, 2) },
      );
      expectStatus(rebound, 200);
      expect(rebound.body).to.include({ id: copied.id, picklistRevisionId: updated.body.revisionId });
      expect((await fieldsOf(t.id, 1)).fields[0].picklistRevisionId).to.equal(list.revisionId);
    });

    it('accepts the picklist binding inside fieldConfig, as upstream clients send it', async () => {
      const list = await createPickList(w);
      const t = await createTemplate(w);
      const res = await addField(w, t.id, 1, {
        ...textField('kind'),
        primitiveType: 'PickList',
        fieldConfig: { picklistId: list.id, picklistRevisionId: list.revisionId, multiple: true },
      });
      expectStatus(res, 201);
      expect(res.body).to.include({ picklistId: list.id, picklistRevisionId: list.revisionId });
    });

    it('replaces and removes fields and reorders them', async () => {
      const t = await createTemplate(w);
      const a = (await addField(w, t.id, 1, textField('a', { order: 0 }))).body;
      const b = (await addField(w, t.id, 1, textField('b', { order: 1 }))).body;
      const c = (await addField(w, t.id, 1, textField('c', { order: 2 }))).body;
      const changed = await w.api.put(`${w.base}/templates/${t.id}/versions/1/fields/${b.id}`, textField('B', { label: 'Bee', order: 1, primitiveType: 'Markdown' }), { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) });
      expectStatus(changed, 200);
      expect(changed.body).to.include({ id: b.id, key: 'B', label: 'Bee', primitiveType: 'Markdown' });
      expectProblem(await w.api.put(`${w.base}/templates/${t.id}/versions/1/fields/${b.id}`, textField('A'), { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 409, 'conflict');
      const reorder = await w.api.put(
        `${w.base}/templates/${t.id}/versions/1/fields/reorder`,
        [
          { fieldId: c.id, order: 0 },
          { fieldId: a.id, order: 1 },
          { fieldId: b.id, order: 2 },
        ],
        { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) },
      );
      expectStatus(reorder, 204);
      expect((await fieldsOf(t.id)).fields.map((f: any) => f.key)).to.deep.equal(['c', 'a', 'B']);
      const unknown = await w.api.put(`${w.base}/templates/${t.id}/versions/1/fields/reorder`, [{ fieldId: t.id, order: 0 }], { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) });
      expectProblem(unknown, 422, 'validation-failed');
      expectStatus(await w.api.delete(`${w.base}/templates/${t.id}/versions/1/fields/${a.id}`, { token: w.admin, headers: await versionTag(w, 'templates', t.id, 1) }), 204);
      expect((await fieldsOf(t.id)).fields.map((f: any) => f.key)).to.deep.equal(['c', 'B']);
    });

    it('checks a sent If-Match against the version ETag (412 when stale)', async () => {
      const t = await createTemplate(w);
      const first = await addField(w, t.id, 1, textField('a'));
      const etag = first.headers.get('etag')!;
      const ok = await w.api.post(`${w.base}/templates/${t.id}/versions/1/fields`, textField('b'), { token: w.admin, headers: { 'if-match': etag } });
      expectStatus(ok, 201);
      const stale = await w.api.post(`${w.base}/templates/${t.id}/versions/1/fields`, textField('c'), { token: w.admin, headers: { 'if-match': etag } });
      expectProblem(stale, 412, 'concurrency-mismatch');
    });
  });

  describe('composition cycles', () => {
    const compose = (key: string, templateId: string, mode = 'Inline') => ({ key, label: key, order: 0, compositionMode: mode, templateId });

    it('refuses a template composing itself (cycle of length 1)', async () => {
      const a = await createTemplate(w, 'Self');
      const res = await addField(w, a.id, 1, compose('me', a.id, 'Reference'));
      expectProblem(res, 422, 'circular-template-reference');
      expect(res.body.cycle).to.deep.equal(['Self', 'Self']);
    });

    it('refuses a cycle of length 2, even between a draft and a published version', async () => {
      const a = await createTemplate(w, 'Alpha');
      const b = await createTemplate(w, 'Beta');
      expectStatus(await addField(w, a.id, 1, compose('b', b.id)), 201);
      await publish(w, a.id, 1);
      const res = await addField(w, b.id, 1, compose('a', a.id));
      expectProblem(res, 422, 'circular-template-reference');
      expect(res.body.cycle).to.deep.equal(['Beta', 'Alpha', 'Beta']);
    });

    it('refuses a cycle of length 5 and accepts the same chain without its closing edge', async () => {
      const ts = [];
      for (const name of ['T1', 'T2', 'T3', 'T4', 'T5']) ts.push(await createTemplate(w, name));
      for (let i = 0; i < 4; i++) expectStatus(await addField(w, ts[i]!.id, 1, compose('next', ts[i + 1]!.id)), 201);
      const res = await addField(w, ts[4]!.id, 1, compose('back', ts[0]!.id));
      expectProblem(res, 422, 'circular-template-reference');
      expect(res.body.cycle).to.deep.equal(['T5', 'T1', 'T2', 'T3', 'T4', 'T5']);
      expect((await fieldsOf(ts[4]!.id)).fields).to.deep.equal([]);
    });

    it('leaves open (polymorphic) fields out of the cycle check, as the spec says', async () => {
      const a = await createTemplate(w, 'Page');
      const res = await addField(w, a.id, 1, { key: 'children', label: 'Children', order: 0, compositionMode: 'Inline', isOpen: true, allowedTypes: [{ allowedTemplateId: a.id }] });
      expectStatus(res, 201);
    });
  });

  describe('components as field types', () => {
    it('accepts a component of the workspace', async () => {
      const c = await createComponent(w);
      const t = await createTemplate(w);
      const res = await addField(w, t.id, 1, { key: 'seo', label: 'SEO', order: 0, compositionMode: 'Inline', componentId: c.id });
      expectStatus(res, 201);
      expect(res.body).to.include({ componentId: c.id, primitiveType: null });
    });
  });
});
