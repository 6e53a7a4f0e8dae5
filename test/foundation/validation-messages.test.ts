import { expect } from 'chai';
import fs from 'node:fs';
import { FORMAT_SENTENCES, MESSAGES_KEYWORD, toValidationErrors } from '../../server/src/http/validation-messages.js';
import { startContentWorld, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

/** JSON Schema's own wording, which must never reach a client. */
const SCHEMA_WORDING = /\bmust (match|be equal|NOT|have required|have (more|fewer)|pass|be (string|number|integer|boolean|array|object|null)\b)|must match format|anyOf|oneOf|\bpattern\b/;

function expectNoSchemaWording(errors: Record<string, string[]>) {
  for (const [at, messages] of Object.entries(errors)) {
    for (const m of messages) expect(m, `${at}: ${m}`).not.to.match(SCHEMA_WORDING);
  }
}

describe('readable validation messages (400 bad-request errors)', () => {
  describe('the contract', () => {
    const document = JSON.parse(fs.readFileSync(new URL('../../openapi/dist/openapi.json', import.meta.url), 'utf8'));

    it('has a sentence next to every pattern, enum and format (or a format sentence the server knows)', () => {
      const missing: string[] = [];
      let seen = 0;
      const walk = (node: unknown, at: string) => {
        if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${at}/${i}`));
        if (!node || typeof node !== 'object') return;
        const schema = node as Record<string, unknown>;
        const messages = (schema[MESSAGES_KEYWORD] ?? {}) as Record<string, unknown>;
        if (typeof schema.pattern === 'string') {
          seen++;
          if (typeof messages.pattern !== 'string') missing.push(`${at}: pattern ${schema.pattern}`);
        }
        if (Array.isArray(schema.enum)) {
          seen++;
          if (typeof messages.enum !== 'string') missing.push(`${at}: enum ${schema.enum.join(', ')}`);
        }
        if (typeof schema.format === 'string') {
          seen++;
          if (typeof messages.format !== 'string' && !FORMAT_SENTENCES[schema.format]) missing.push(`${at}: format ${schema.format}`);
        }
        for (const [key, value] of Object.entries(schema)) if (key !== MESSAGES_KEYWORD && key !== 'examples' && key !== 'example') walk(value, `${at}/${key}`);
      };
      walk(document, '#');
      expect(seen, 'constraints found').to.be.greaterThan(300);
      expect(missing, 'add x-verso-messages: { <keyword>: "<sentence>" } next to these').to.deep.equal([]);
    });

    it('keeps every x-verso-messages a map of keyword to a sentence', () => {
      const bad: string[] = [];
      const walk = (node: unknown, at: string) => {
        if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${at}/${i}`));
        if (!node || typeof node !== 'object') return;
        const schema = node as Record<string, unknown>;
        if (MESSAGES_KEYWORD in schema) {
          for (const [keyword, sentence] of Object.entries(schema[MESSAGES_KEYWORD] as object)) {
            if (!(keyword in schema)) bad.push(`${at}: ${keyword} has a sentence but no constraint`);
            if (typeof sentence !== 'string' || !/^[A-Z].*\.$/.test(sentence)) bad.push(`${at}: ${keyword} is not a sentence: ${String(sentence)}`);
          }
        }
        for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
      };
      walk(document, '#');
      expect(bad).to.deep.equal([]);
    });
  });

  describe('generic sentences for keywords without one in the contract', () => {
    const one = (keyword: string, params: Record<string, unknown>, instancePath = '/requestBody/x') =>
      toValidationErrors([{ instancePath, keyword, params }]);

    it('says what is wrong with the limit in words', () => {
      expect(one('required', { missingProperty: 'name' }, '/requestBody')).to.deep.equal({ '/name': ['This field is required.'] });
      expect(one('type', { type: 'integer' })).to.deep.equal({ '/x': ['Must be a whole number.'] });
      expect(one('type', { type: 'number' })).to.deep.equal({ '/x': ['Must be a number.'] });
      expect(one('type', { type: 'string,null' })).to.deep.equal({ '/x': ['Must be text or empty (null).'] });
      expect(one('minLength', { limit: 1 })).to.deep.equal({ '/x': ['Must not be empty.'] });
      expect(one('minLength', { limit: 12 })).to.deep.equal({ '/x': ['Must be at least 12 characters long.'] });
      expect(one('maxLength', { limit: 200 })).to.deep.equal({ '/x': ['Must be at most 200 characters long.'] });
      expect(one('minimum', { limit: 1, comparison: '>=' })).to.deep.equal({ '/x': ['Must be 1 or more.'] });
      expect(one('maximum', { limit: 100, comparison: '<=' })).to.deep.equal({ '/x': ['Must be 100 or less.'] });
      expect(one('maxItems', { limit: 100 })).to.deep.equal({ '/x': ['Must list at most 100 values.'] });
      expect(one('additionalProperties', { additionalProperty: 'colour' }, '/requestBody')).to.deep.equal({ '/colour': ['This field is not part of the request; remove it.'] });
      expect(one('enum', { allowedValues: ['Read', 'Write'] })).to.deep.equal({ '/x': ['Must be Read or Write.'] });
      expect(one('format', { format: 'uuid' })).to.deep.equal({ '/x': [FORMAT_SENTENCES.uuid] });
      expect(one('minimum', { limit: 1 }, '/query/page')).to.deep.equal({ 'query.page': ['Must be 1 or more.'] });
    });

    it('tells an empty string that it is empty, not also that it breaks its pattern', () => {
      const parentSchema = { type: 'string', minLength: 1, pattern: '\\S', [MESSAGES_KEYWORD]: { pattern: 'Must not be blank.' } };
      expect(
        toValidationErrors([
          { instancePath: '/requestBody/name', keyword: 'minLength', params: { limit: 1 }, parentSchema, data: '' },
          { instancePath: '/requestBody/name', keyword: 'pattern', params: { pattern: '\\S' }, parentSchema, data: '' },
        ]),
      ).to.deep.equal({ '/name': ['Must not be empty.'] });
    });

    it('prefers the sentence the contract keeps next to the constraint', () => {
      const parentSchema = { type: 'string', pattern: '^a$', [MESSAGES_KEYWORD]: { pattern: 'Use only the letter a.' } };
      expect(toValidationErrors([{ instancePath: '/requestBody/x', keyword: 'pattern', params: { pattern: '^a$' }, parentSchema }])).to.deep.equal({ '/x': ['Use only the letter a.'] });
    });
  });

  describe('through the API', () => {
    let w: ContentWorld;
    before(async () => {
      w = await startContentWorld();
    });
    after(() => w.api.close());

    it('a slug that breaks the pattern gets the contract sentence at /slug (nullable slug: no "must be null")', async () => {
      const res = await w.api.post(`${w.base}/content`, { templateVersionId: w.model.article.versionId, slug: 'Hello World', fields: [] }, { token: w.editor });
      expect(res.status).to.equal(400);
      expect(res.body.type).to.equal('https://verso.dev/errors/bad-request');
      expect(res.body.detail).to.equal('One or more values are invalid.');
      expect(res.body.errors).to.deep.equal({ '/slug': ['Use lower-case letters and digits, words joined by - or _, such as my-first-article.'] });
    });

    it('names each input by its pointer, deep ones included, with one sentence per finding', async () => {
      const res = await w.api.post(
        `${w.base}/content`,
        {
          templateVersionId: 'not-an-id',
          slug: uniqueSlug('ok'),
          tags: ['x'.repeat(101)],
          fields: [text(w.model.article.fields.title!, 'ok'), text(w.model.article.fields.title!, 'ok', 1), { fieldId: w.model.article.fields.title, order: -1, valueKind: 'Media', mediaAssetId: 'abc' }],
        },
        { token: w.editor },
      );
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.deep.equal({
        '/templateVersionId': [FORMAT_SENTENCES.uuid],
        '/tags/0': ['Must be at most 100 characters long.'],
        '/fields/2/order': ['Must be 0 or more.'],
        '/fields/2/mediaAssetId': [FORMAT_SENTENCES.uuid],
      });
      expectNoSchemaWording(res.body.errors);
    });

    it('reports a missing required field and a wrong type in words', async () => {
      const res = await w.api.post(`${w.base}/content`, { slug: 42, fields: [{ fieldId: w.model.article.fields.title, order: 'first', valueKind: 'Poem' }] }, { token: w.editor });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.deep.equal({
        '/templateVersionId': ['This field is required.'],
        '/slug': ['Must be text or empty (null).'],
        '/fields/0/order': ['Must be a whole number.'],
        '/fields/0/valueKind': ['Must be Text, RichText, Markdown, Boolean, PickList, Media, File, Link, Quote, Separator, ChildContent, Component, Number, Date, DateTime or Json.'],
      });
    });

    it('explains query parameters too (query.<name>)', async () => {
      const res = await w.api.get(`${w.base}/content?page=0&sortBy=popularity`, { token: w.editor });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.deep.equal({
        'query.page': ['Must be 1 or more.'],
        'query.sortBy': ['Sort by createdAt, updatedAt, slug, title or fields.<fieldKey> (a field of the template named by templateId).'],
      });
      // A field filter's key and op are checked by the contract too, each named as it was sent.
      const filter = await w.api.get(`${w.base}/content?filter[9lives][eq]=x&filter[price][between]=1`, { token: w.editor });
      expect(filter.status).to.equal(400);
      expect(filter.body.errors).to.deep.equal({
        'query.filter[9lives]': ['Name a field by its key: a letter, then letters, digits, - or _ (at most 64), such as eventDate.'],
        'query.filter[price][between]': ['Not a filter condition: use eq, ne, lt, lte, gt, gte, in, exists or contains.'],
      });
      expectNoSchemaWording(filter.body.errors);
    });

    it('uses the sentences of the template form', async () => {
      const res = await w.api.post(`${w.base}/templates`, { name: '   ', slug: 'Not A Slug' }, { token: w.reviewer });
      expect(res.status).to.equal(400);
      expect(res.body.errors).to.deep.equal({
        '/name': ['Must not be blank: type something other than spaces.'],
        '/slug': ['Use lower-case letters and digits, words joined by single dashes, such as blog-article.'],
      });
    });
  });
});
