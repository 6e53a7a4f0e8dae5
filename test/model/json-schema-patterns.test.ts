// The regular expressions of a Json field's schema (`pattern`, `patternProperties`) run in linear
// time: a pattern that makes a backtracking engine take minutes on one value (^(a+)+$) answers at
// once with the right verdict, a pattern that needs backtracking (lookaround, backreferences) is
// refused when the schema is saved, naming the field, and ordinary patterns — Unicode classes with
// the u semantics Ajv gives them included — accept and refuse as before.
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { buildTemplate, expectProblem, expectStatus, startContentWorld, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';

/** A value that makes a backtracking engine try every split of the a's before failing on the "!". */
const EVIL = `${'a'.repeat(40)}!`;

const SCHEMAS = {
  nested: { type: 'string', pattern: '^(a+)+$' },
  keys: { type: 'object', patternProperties: { '^(a|a)+$': { type: 'number' } }, additionalProperties: false },
  code: { type: 'string', pattern: '^[A-Z]{2}-\\d+$' },
  word: { type: 'string', pattern: '^\\p{L}+$' },
  three: { type: 'string', pattern: '^.{3}$' },
  named: { type: 'string', pattern: '^(?<year>\\d{4})-\\u0041$' },
  // The classes whose meaning differs between JavaScript and RE2 keep JavaScript's: \s takes Unicode's
  // spaces (a no-break space), . stops at a carriage return as at a line feed.
  spaced: { type: 'string', pattern: '^[\\d\\s]+$' },
  solid: { type: 'string', pattern: '^\\S+$' },
  line: { type: 'string', pattern: '^.+$' },
  // A pattern inside data (`const`) is a value, not a regular expression: nothing to refuse.
  data: { const: { pattern: '(?<=a)b' } },
};

describe('Json field schemas: patterns in linear time', () => {
  let w: ContentWorld;
  let model: { versionId: string; fields: Record<string, string> };

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    model = await buildTemplate(w.api, w.base, w.reviewer, 'Patterned', () =>
      Object.entries(SCHEMAS).map(([key, schema]) => ({ key, label: `Field ${key}`, primitiveType: 'Json', minOccurrences: 0, maxOccurrences: null, fieldConfig: { schema } })),
    );
  });
  after(() => w.api.close());

  const json = (key: keyof typeof SCHEMAS, jsonValue: unknown, order = 0) => ({ fieldId: model.fields[key]!, order, valueKind: 'Json', jsonValue });
  const create = (fields: unknown[]) =>
    w.api.post(`${w.base}/content`, { templateVersionId: model.versionId, slug: uniqueSlug('patterned'), tags: [], fields }, { token: w.editor });

  it('checks a value against a catastrophic pattern promptly, with the right verdict, in pattern and patternProperties', async () => {
    const refused = await create([json('nested', EVIL, 0), json('keys', { [EVIL]: 1 }, 0)]);
    expectProblem(refused, 422, 'validation-failed');
    expect(refused.body.errors).to.deep.equal({
      '/fields/0': ["Field 'Field nested' value 0 must match the pattern ^(a+)+$."],
      '/fields/1': [`Field 'Field keys' value 1 has the member "${EVIL}", which the schema does not allow.`],
    });
    const wrongType = await create([json('keys', { aaaa: 'four' })]);
    expectProblem(wrongType, 422, 'validation-failed');
    expect(wrongType.body.errors).to.deep.equal({ '/fields/0': ["Field 'Field keys' value 0 at /aaaa must be a number."] });
    expectStatus(await create([json('nested', 'a'.repeat(40), 0), json('keys', { aaaa: 4, a: 1 }, 0)]), 201);
  });

  it('runs ordinary patterns as JavaScript reads them: classes, counts, Unicode letters, code points and spaces, named groups, the dot', async () => {
    const accepted = await create([
      json('code', 'AB-12', 0),
      json('word', 'Élan', 0),
      json('word', 'Ωμέγα', 1),
      json('three', 'a😀b', 0),
      json('named', '2026-A', 0),
      json('spaced', '1\u00a02 3', 0),
      json('solid', 'a-b', 0),
      json('line', 'a b\u00a0c', 0),
      json('data', { pattern: '(?<=a)b' }, 0),
    ]);
    expectStatus(accepted, 201);
    const refused = await create([json('code', 'ab-12', 0), json('code', 'AB-', 1), json('word', 'abc1', 0), json('three', 'a😀bc', 0), json('named', '26-A', 0), json('solid', 'a\u00a0b', 0), json('line', 'a\rb', 0), json('spaced', '1x', 0)]);
    expectProblem(refused, 422, 'validation-failed');
    expect(refused.body.errors).to.deep.equal({
      '/fields/0': ["Field 'Field code' value 0 must match the pattern ^[A-Z]{2}-\\d+$."],
      '/fields/1': ["Field 'Field code' value 1 must match the pattern ^[A-Z]{2}-\\d+$."],
      '/fields/2': ["Field 'Field word' value 2 must match the pattern ^\\p{L}+$."],
      '/fields/3': ["Field 'Field three' value 3 must match the pattern ^.{3}$."],
      '/fields/4': ["Field 'Field named' value 4 must match the pattern ^(?<year>\\d{4})-\\u0041$."],
      '/fields/5': ["Field 'Field solid' value 5 must match the pattern ^\\S+$."],
      '/fields/6': ["Field 'Field line' value 6 must match the pattern ^.+$."],
      '/fields/7': ["Field 'Field spaced' value 7 must match the pattern ^[\\d\\s]+$."],
    });
  });

  it('refuses, when the schema is saved, a pattern that needs backtracking or that the engine cannot read, naming the field', async () => {
    const t = await w.api.post(`${w.base}/templates`, { name: 'Refused', slug: uniqueSlug('refused') }, { token: w.reviewer });
    expectStatus(t, 201);
    const draft = `${w.base}/templates/${t.body.id}/versions/1`;
    const because = (feature: string, pattern: string) =>
      `the schema of field 'Email' uses a regular expression feature Verso does not run: ${feature} in the pattern ${JSON.stringify(pattern)} (patterns run in linear time, so without lookahead, lookbehind or backreferences)`;
    const cases: [unknown, string][] = [
      [{ type: 'string', pattern: '(?<=@)example\\.com$' }, because('a lookbehind, (?<=…) or (?<!…),', '(?<=@)example\\.com$')],
      [{ properties: { host: { pattern: '(?<!www\\.)example' } } }, because('a lookbehind, (?<=…) or (?<!…),', '(?<!www\\.)example')],
      [{ patternProperties: { '^(?!x-)': true } }, because('a lookahead, (?=…) or (?!…),', '^(?!x-)')],
      [{ pattern: '^(a)\\1$' }, because('a backreference, \\1 or \\k<name>,', '^(a)\\1$')],
      [{ pattern: '^(?<c>a)\\k<c>$' }, because('a backreference, \\1 or \\k<name>,', '^(?<c>a)\\k<c>$')],
      [{ pattern: '^\\p{Letter}+$' }, because('syntax the linear-time engine cannot read (invalid character class range: "\\p{Letter}"),', '^\\p{Letter}+$')],
      [{ pattern: '^\\k$' }, `the schema of field 'Email' has the pattern "^\\\\k$", which is not a valid regular expression (with the u flag)`],
    ];
    for (const [schema, message] of cases) {
      const res = await w.api.post(
        `${draft}/fields`,
        { key: 'email', label: 'Email', order: 0, compositionMode: 'Inline', primitiveType: 'Json', fieldConfig: { schema } },
        { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) },
      );
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors, JSON.stringify(schema)).to.deep.equal({ '/fieldConfig/schema': [message] });
    }
    const fields = await w.api.get(draft, { token: w.reviewer });
    expectStatus(fields, 200);
    expect(fields.body.fields).to.deep.equal([]);
  });
});
