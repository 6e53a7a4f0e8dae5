// The pure rules of content: value validation, renumbering, key remapping, the serving rule and
// the workflow transitions — no database needed.
import { expect } from 'chai';
import { ApiError } from '../../server/src/errors.js';
import { renumberValues } from '../../server/src/services/content/content-field-order.js';
import { compareServingPreference, pickServingVersion, type ServingCandidate } from '../../server/src/services/delivery/content-serving-rule.js';
import { NO_NUMBER_RULES, type ComponentFieldSchema, type ComponentSchema, type FieldSchema } from '../../server/src/db/content/content-schema.js';
import { MAX_COMPONENT_DEPTH } from '../../server/src/services/content/component-values.js';
import { missingRequiredFields, remapValuesByKey, validateFieldValues } from '../../server/src/services/content/content-validation.js';
import type { ContentFieldValueRequest } from '../../server/src/generated/schemas.js';
import { assertPublishable, nextStatus } from '../../server/src/services/content/content-workflow.js';
import { checkDate, checkDateTime, decimalDigits, numberProblem } from '../../server/src/services/content/typed-values.js';

const field = (id: string, key: string, extra: Partial<FieldSchema> = {}): FieldSchema => ({
  id,
  key,
  label: '',
  isRequired: false,
  minOccurrences: 0,
  maxOccurrences: null,
  isOpen: false,
  compositionMode: 'Inline',
  primitiveType: 'Text',
  targetTemplateId: null,
  componentId: null,
  allowedTemplateIds: [],
  allowedPrimitiveTypes: [],
  maxLength: null,
  picklist: null,
  component: null,
  numberRules: NO_NUMBER_RULES,
  jsonSchema: undefined,
  ...extra,
});

const componentField = (key: string, extra: Partial<ComponentFieldSchema> = {}): ComponentFieldSchema => ({
  key,
  isRequired: false,
  minOccurrences: 0,
  maxOccurrences: null,
  primitiveType: 'Text',
  nestedComponent: null,
  maxLength: null,
  picklist: null,
  numberRules: NO_NUMBER_RULES,
  jsonSchema: undefined,
  ...extra,
});

function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ApiError);
    expect((err as ApiError).code).to.equal('validation-failed');
    return (err as ApiError).extensions.errors as Record<string, string[]>;
  }
  throw new Error('expected a validation failure');
}

describe('content value validation', () => {
  const title = field('f-title', 'title', { isRequired: true, minOccurrences: 1, maxOccurrences: 1, maxLength: 5 });
  const category = field('f-cat', 'category', { primitiveType: 'PickList', picklist: { multiple: false, options: [{ value: 'news', label: 'News' }] } });
  const seoComponent: ComponentSchema = { id: 'c1', fields: [componentField('metaTitle', { isRequired: true, minOccurrences: 1 }), componentField('metaDescription')] };
  const seo = field('f-seo', 'seo', { primitiveType: null, componentId: 'c1', component: seoComponent });
  const author = field('f-author', 'author', { primitiveType: null, targetTemplateId: 't-person' });
  const blocks = field('f-blocks', 'blocks', { primitiveType: null, isOpen: true, allowedTemplateIds: ['t-quote'] });
  const fields = [title, category, seo, author, blocks];
  const children = new Map([
    ['person-1', { templateId: 't-person' }],
    ['quote-1', { templateId: 't-quote' }],
  ]);
  const t = (value: string, order = 0): ContentFieldValueRequest => ({ fieldId: 'f-title', order, valueKind: 'Text', textValue: value });

  it('accepts valid values, keeps only the member each kind uses and snapshots picklist labels', () => {
    const out = validateFieldValues(
      fields,
      [
        { ...t('Hi'), boolValue: true },
        { fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'NEWS' },
        { fieldId: 'f-seo', order: 0, valueKind: 'Component', jsonValue: { metaTitle: 'x' } },
        { fieldId: 'f-author', order: 0, valueKind: 'ChildContent', childContentItemId: 'person-1' },
        { fieldId: 'f-blocks', order: 0, valueKind: 'ChildContent', childContentItemId: 'quote-1' },
      ],
      children,
    );
    expect(out[0]).to.include({ textValue: 'Hi', boolValue: null });
    expect(out[1]).to.include({ textValue: 'news', displayLabel: 'News' });
    expect(out[2]!.jsonValue).to.deep.equal({ metaTitle: 'x' });
    expect(out[3]).to.include({ childContentItemId: 'person-1' });
  });

  it('names the field for each rule it breaks', () => {
    // A Draft may be incomplete (#25): a save does not count minimums; leaving Draft does.
    expect(validateFieldValues(fields, [], children)).to.deep.equal([]);
    // Editors read labels; a blank label falls back to the key. The pointer keeps the key either way.
    expect(missingRequiredFields(fields, [])).to.deep.equal({ '/fields/title': ["Field 'title' requires at least 1 value."] });
    expect(missingRequiredFields([{ ...title, label: 'Headline' }], [])).to.deep.equal({ '/fields/title': ["Field 'Headline' requires at least 1 value."] });
    expect(missingRequiredFields(fields, [t('a')])).to.deep.equal({});
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), t('b', 1)], children))).to.deep.equal({ '/fields/title': ["Field 'title' allows at most 1 value."] });
    expect(errorsOf(() => validateFieldValues(fields, [t('toolong')], children))['/fields/0']![0]).to.match(/'title'.*maxLength of 5/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'nope', order: 0, valueKind: 'Text', textValue: 'x' }], children))['/fields/1']![0])
      .to.match(/not on the template version/);
    expect(errorsOf(() => validateFieldValues(fields, [{ ...t('a'), valueKind: 'Boolean', boolValue: true }], children))['/fields/0']![0])
      .to.equal("Field 'title' takes Text, not Boolean.");
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'sports' }], children))['/fields/1']![0])
      .to.match(/"sports" is not an option/);
    const seo = { fieldId: 'f-seo', order: 0, valueKind: 'Component' as const, jsonValue: { metaDescription: 'd' } };
    expect(validateFieldValues(fields, [t('a'), seo], children)).to.have.length(2);
    expect(missingRequiredFields(fields, [t('a'), seo])['/fields/seo']![0]).to.match(/missing the component's required key "metaTitle"/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-author', order: 0, valueKind: 'ChildContent', childContentItemId: 'quote-1' }], children))['/fields/1']![0])
      .to.match(/another template/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-blocks', order: 0, valueKind: 'ChildContent', childContentItemId: 'ghost' }], children))['/fields/1']![0])
      .to.match(/does not exist/);
    expect(errorsOf(() => validateFieldValues(fields, [
      t('a'),
      { fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'news' },
      { fieldId: 'f-cat', order: 1, valueKind: 'PickList', textValue: 'news' },
    ], children))).to.deep.equal({ '/fields/category': ["Field 'category' allows at most 1 value."] });
  });

  it('names the field by its label on a save as on submit, by its key when the label is blank; the pointer keeps the key', () => {
    const labelled = [{ ...title, label: 'Headline' }, { ...category, label: ' Section ' }, { ...author, label: 'Written by' }];
    expect(errorsOf(() => validateFieldValues(labelled, [t('a'), t('b', 1)], children))).to.deep.equal({ '/fields/title': ["Field 'Headline' allows at most 1 value."] });
    expect(errorsOf(() => validateFieldValues(labelled, [{ ...t('a'), valueKind: 'Boolean', boolValue: true }], children)))
      .to.deep.equal({ '/fields/0': ["Field 'Headline' takes Text, not Boolean."] });
    expect(errorsOf(() => validateFieldValues(labelled, [t('toolong')], children))['/fields/0']![0]).to.match(/^Field 'Headline' value 0 .*maxLength of 5/);
    expect(errorsOf(() => validateFieldValues(labelled, [{ fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'sports' }], children))['/fields/0']![0])
      .to.match(/^Field 'Section' value 0 .*"sports" is not an option/);
    expect(errorsOf(() => validateFieldValues(labelled, [{ fieldId: 'f-author', order: 0, valueKind: 'ChildContent', childContentItemId: 'quote-1' }], children))['/fields/0']![0])
      .to.match(/^Field 'Written by' value 0 .*another template/);
    expect(errorsOf(() => validateFieldValues([{ ...title, label: '   ' }], [t('a'), t('b', 1)], children))).to.deep.equal({ '/fields/title': ["Field 'title' allows at most 1 value."] });
  });

  it('reports every problem at once', () => {
    const errors = errorsOf(() => validateFieldValues(fields, [t('a'), t('b', 1), { fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'x' }], children));
    expect(Object.keys(errors).sort()).to.deep.equal(['/fields/2', '/fields/title']);
  });
});

describe('component values', () => {
  const choices = (multiple: boolean, ...values: string[]) => ({ multiple, options: values.map((v) => ({ value: v, label: v.toUpperCase() })) });
  const cta: ComponentSchema = {
    id: 'c-cta',
    fields: [
      componentField('label', { isRequired: true, maxLength: 10 }),
      componentField('style', { primitiveType: 'PickList', picklist: choices(false, 'primary', 'secondary') }),
      componentField('url', { primitiveType: 'Link', maxOccurrences: 1 }),
      componentField('newTab', { primitiveType: 'Boolean' }),
      componentField('icon', { primitiveType: 'Media' }),
      componentField('divider', { primitiveType: 'Separator', maxOccurrences: 1 }),
    ],
  };
  const hero: ComponentSchema = {
    id: 'c-hero',
    fields: [
      componentField('heading', { minOccurrences: 1, maxOccurrences: 1 }),
      componentField('body', { primitiveType: 'Markdown', maxOccurrences: 1 }),
      componentField('intro', { primitiveType: 'RichText', maxOccurrences: 1 }),
      componentField('cta', { primitiveType: null, nestedComponent: cta, maxOccurrences: 1 }),
      componentField('links', { primitiveType: null, nestedComponent: cta, minOccurrences: 0, maxOccurrences: 3 }),
      componentField('topics', { primitiveType: 'PickList', picklist: choices(true, 'news', 'Guides', 'tips'), maxOccurrences: 2 }),
      componentField('quotes', { primitiveType: 'Quote' }),
      componentField('attachment', { primitiveType: 'File', maxOccurrences: 1 }),
    ],
  };
  const heroField = field('f-hero', 'hero', { primitiveType: null, componentId: 'c-hero', component: hero });
  // The asset ids the workspace has (Media and File members must name one of them).
  const assets = new Set(['media-1', 'file-1']);
  const validate = (jsonValue: unknown) =>
    validateFieldValues([heroField], [{ fieldId: 'f-hero', order: 0, valueKind: 'Component', jsonValue }], new Map(), assets)[0]!.jsonValue as Record<string, any>;
  const problems = (jsonValue: unknown) => errorsOf(() => validate(jsonValue))['/fields/0']!;
  const missing = (jsonValue: unknown) => missingRequiredFields([heroField], [{ fieldId: 'f-hero', valueKind: 'Component', jsonValue }])['/fields/hero'];

  it('accepts every kind of member, single or as a list, and keeps the object otherwise unchanged', () => {
    const value = {
      heading: 'Hello',
      body: '# md',
      intro: '<p>x</p>',
      cta: { label: 'Go', style: 'primary', url: { href: 'https://x.test' }, newTab: false, icon: 'media-1', divider: [1, { any: true }] },
      links: [{ label: 'One', url: 'https://one.test' }, { label: 'Two' }],
      topics: ['news', 'tips'],
      quotes: ['q1', { text: 'q2', by: 'someone' }],
      attachment: 'file-1',
    };
    expect(validate(value)).to.deep.equal(value);
    expect(validate({ heading: 'h', topics: 'news', quotes: 'one', links: { label: 'single' } })).to.deep.equal({ heading: 'h', topics: 'news', quotes: 'one', links: { label: 'single' } });
    expect(validate({ heading: 'h', cta: { label: '😀'.repeat(10) } }).cta.label).to.equal('😀'.repeat(10));
  });

  it('stores picklist values with the option\'s own spelling, single or multiple', () => {
    expect(validate({ heading: 'h', cta: { label: 'x', style: 'PRIMARY' }, topics: ['guides', 'NEWS'] })).to.deep.equal({
      heading: 'h',
      cta: { label: 'x', style: 'primary' },
      topics: ['Guides', 'news'],
    });
  });

  it('requires required keys (isRequired or minOccurrences > 0) at every level, counting null, "" and [] as missing, when leaving Draft', () => {
    // A Draft stores what it has (#25)…
    expect(validate({ cta: { style: 'primary' } })).to.deep.equal({ cta: { style: 'primary' } });
    // …and the completeness check names what is missing.
    expect(missing({ cta: { style: 'primary' } })).to.deep.equal([`Field 'hero' is missing the component's required keys "heading", "cta.label".`]);
    expect(missing({ heading: '', links: [{ label: 'ok' }, { label: null }] })).to.deep.equal([
      `Field 'hero' is missing the component's required keys "heading", "links[1].label".`,
    ]);
    expect(missing({ HEADING: [], cta: {} })).to.deep.equal([`Field 'hero' is missing the component's required keys "heading", "cta.label".`]);
    expect(missing({ Heading: 'keys match case-insensitively' })).to.equal(undefined);
    expect(validate({ Heading: 'keys match case-insensitively' })).to.deep.equal({ Heading: 'keys match case-insensitively' });
  });

  it('checks picklist values against the bound revision and `multiple`', () => {
    expect(problems({ heading: 'h', cta: { label: 'x', style: 'huge' } })).to.deep.equal([
      `Field 'hero' value 0 sets "cta.style" to "huge", which is not an option of its picklist revision.`,
    ]);
    expect(problems({ heading: 'h', cta: { label: 'x', style: ['primary'] } })).to.deep.equal([
      `Field 'hero' value 0 sets "cta.style" to a list, but it takes a single value.`,
    ]);
    expect(problems({ heading: 'h', cta: { label: 'x', style: 3 } })).to.deep.equal([
      `Field 'hero' value 0 sets "cta.style" to a number, but it takes an option value (a string).`,
    ]);
    expect(problems({ heading: 'h', topics: ['news', 'sport'] })).to.deep.equal([
      `Field 'hero' value 0 sets "topics[1]" to "sport", which is not an option of its picklist revision.`,
    ]);
    expect(problems({ heading: 'h', topics: ['news', 'tips', 'guides'] })).to.deep.equal([
      `Field 'hero' value 0 sets "topics" to 3 values, but it takes at most 2.`,
    ]);
    const unbound = field('f-x', 'x', { primitiveType: null, componentId: 'c-x', component: { id: 'c-x', fields: [componentField('pick', { primitiveType: 'PickList', picklist: null })] } });
    expect(errorsOf(() => validateFieldValues([unbound], [{ fieldId: 'f-x', order: 0, valueKind: 'Component', jsonValue: { pick: 'a' } }], new Map()))['/fields/0'])
      .to.deep.equal([`Field 'x' value 0 sets "pick" to "a", which is not an option of its picklist revision.`]);
  });

  it('checks the type of every primitive member and Text maxLength in code points', () => {
    expect(problems({
      heading: 1,
      body: false,
      intro: {},
      cta: { label: 'x'.repeat(11), url: 5, newTab: 'yes', icon: { id: 'm' } },
      quotes: [null],
      attachment: 7,
    })).to.deep.equal([
      `Field 'hero' value 0 sets "heading" to a number, but it takes a string.`,
      `Field 'hero' value 0 sets "body" to a boolean, but it takes a string.`,
      `Field 'hero' value 0 sets "intro" to an object, but it takes a string.`,
      `Field 'hero' value 0 sets "cta.label" to a text longer than its maxLength of 10 characters.`,
      `Field 'hero' value 0 sets "cta.url" to a number, but it takes a string or an object.`,
      `Field 'hero' value 0 sets "cta.newTab" to a string, but it takes a boolean.`,
      `Field 'hero' value 0 sets "cta.icon" to an object, but it takes a media asset id (a string).`,
      `Field 'hero' value 0 sets "quotes[0]" to null, but it takes a string or an object.`,
      `Field 'hero' value 0 sets "attachment" to a number, but it takes a file asset id (a string).`,
    ]);
  });

  it('takes a list only where maxOccurrences allows one, bounded by min and max occurrences', () => {
    expect(problems({ heading: ['a', 'b'] })).to.deep.equal([`Field 'hero' value 0 sets "heading" to a list, but it takes a single value.`]);
    expect(problems({ heading: 'h', cta: [{ label: 'x' }] })).to.deep.equal([`Field 'hero' value 0 sets "cta" to a list, but it takes a single value.`]);
    const links = (n: number) => Array.from({ length: n }, (_, i) => ({ label: `l${i}` }));
    expect(problems({ heading: 'h', links: links(4) })).to.deep.equal([`Field 'hero' value 0 sets "links" to 4 values, but it takes at most 3.`]);
    const atLeastTwo = field('f-y', 'y', { primitiveType: null, componentId: 'c-y', component: { id: 'c-y', fields: [componentField('tags', { minOccurrences: 2, maxOccurrences: null })] } });
    const y = (jsonValue: unknown) => validateFieldValues([atLeastTwo], [{ fieldId: 'f-y', order: 0, valueKind: 'Component', jsonValue }], new Map());
    expect(y({ tags: ['one'] })[0]!.jsonValue).to.deep.equal({ tags: ['one'] });
    expect(missingRequiredFields([atLeastTwo], [{ fieldId: 'f-y', valueKind: 'Component', jsonValue: { tags: ['one'] } }])).to.deep.equal({
      '/fields/y': [`Field 'y' sets "tags" to 1 value, but it takes at least 2.`],
    });
    expect(y({ tags: ['one', 'two', 'three'] })[0]!.jsonValue).to.deep.equal({ tags: ['one', 'two', 'three'] });
  });

  it('validates nested components as objects, single or in a list', () => {
    expect(problems({ heading: 'h', cta: 'Go' })).to.deep.equal([
      `Field 'hero' value 0 sets "cta" to a string, but it takes an object keyed by its component's field keys.`,
    ]);
    expect(problems({ heading: 'h', links: [{ label: 'ok', style: 'nope' }, ['x']] })).to.deep.equal([
      `Field 'hero' value 0 sets "links[0].style" to "nope", which is not an option of its picklist revision.`,
      `Field 'hero' value 0 sets "links[1]" to a list, but it takes an object keyed by its component's field keys.`,
    ]);
    expect(problems([{ heading: 'h' }])).to.deep.equal([`Field 'hero' value 0 needs a jsonValue object keyed by the component's field keys.`]);
    expect(problems(null)).to.deep.equal([`Field 'hero' value 0 needs a jsonValue object keyed by the component's field keys.`]);
  });

  it('keeps keys the current component version does not know, at every level, and never fails on them', () => {
    const json = JSON.parse('{"heading":"h","retired":{"deep":[1,2]},"cta":{"label":"x","oldStyle":42},"__proto__":{"polluted":true}}');
    const out = validate(json);
    expect(out.retired).to.deep.equal({ deep: [1, 2] });
    expect(out.cta).to.deep.equal({ label: 'x', oldStyle: 42 });
    expect(Object.keys(out)).to.include('__proto__');
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });

  it(`bounds nesting at ${MAX_COMPONENT_DEPTH} components even when a bad row makes the graph cyclic`, () => {
    const loopFields: ComponentFieldSchema[] = [];
    const loop: ComponentSchema = { id: 'c-loop', fields: loopFields };
    loopFields.push(componentField('name'), componentField('next', { primitiveType: null, nestedComponent: loop, maxOccurrences: 1 }));
    const loopField = field('f-loop', 'loop', { primitiveType: null, componentId: 'c-loop', component: loop });
    const chain = (levels: number) => {
      let value: Record<string, unknown> = { name: 'leaf' };
      for (let i = 1; i < levels; i++) value = { name: `l${i}`, next: value };
      return value;
    };
    const run = (jsonValue: unknown) => validateFieldValues([loopField], [{ fieldId: 'f-loop', order: 0, valueKind: 'Component', jsonValue }], new Map());
    expect(run(chain(MAX_COMPONENT_DEPTH))[0]!.jsonValue).to.deep.equal(chain(MAX_COMPONENT_DEPTH));
    const deepPath = Array.from({ length: MAX_COMPONENT_DEPTH }, () => 'next').join('.');
    expect(errorsOf(() => run(chain(MAX_COMPONENT_DEPTH + 1)))['/fields/0']).to.deep.equal([
      `Field 'loop' value 0 nests components more than ${MAX_COMPONENT_DEPTH} levels deep at "${deepPath}".`,
    ]);
    // Deeper still, the jsonValue depth limit (json-value-limits.ts) refuses the value before any walk.
    expect(errorsOf(() => run(chain(200_000)))).to.have.all.keys('/fields/0/jsonValue');
  });

  it('reports each bad member as its own message beside the other fields\' problems', () => {
    const title = field('f-title', 'title', { isRequired: true, minOccurrences: 1 });
    const errors = errorsOf(() => validateFieldValues([title, heroField], [{ fieldId: 'f-hero', order: 0, valueKind: 'Component', jsonValue: { cta: { style: 'x', newTab: 1 } } }], new Map()));
    expect(errors).to.have.all.keys('/fields/0');
    expect(errors['/fields/0']).to.deep.equal([
      `Field 'hero' value 0 sets "cta.style" to "x", which is not an option of its picklist revision.`,
      `Field 'hero' value 0 sets "cta.newTab" to a number, but it takes a boolean.`,
    ]);
  });
});

describe('typed value rules', () => {
  it('counts significant digits and digits after the point as the shortest decimal spells the number', () => {
    const cases: [number, number, number][] = [
      [0, 0, 0],
      [-0, 0, 0],
      [1e21, 1, 0],
      [100, 1, 0],
      [120.5, 4, 1],
      [1e-7, 1, 7],
      [0.000001234, 4, 9],
      [123456789012345, 15, 0],
      [1234567890123456, 16, 0],
      [0.1 + 0.2, 17, 17],
      [-98765.4321098765, 15, 10],
      [1.5e300, 2, 0],
      [5e-324, 1, 324],
    ];
    for (const [n, significant, fraction] of cases) expect(decimalDigits(n), String(n)).to.deep.equal({ significant, fraction });
  });

  it('applies min and max inclusively, integer and decimals, in that order of report', () => {
    const rules = { min: -1, max: 1, integer: false, decimals: 1 };
    expect([-1, 1, 0.5, -0.5].map((n) => numberProblem(n, rules))).to.deep.equal([null, null, null, null]);
    expect(numberProblem(1.1, rules)).to.equal("is 1.1, more than the field's maximum of 1");
    expect(numberProblem(0.25, rules)).to.equal('is 0.25, but the field takes at most 1 digit after the point');
    expect(numberProblem(0.5, { ...rules, decimals: 0 })).to.equal('is 0.5, but the field takes no digits after the point');
    expect(numberProblem(Number.NaN, rules)).to.equal('must be a finite number');
    expect(numberProblem(Number.NEGATIVE_INFINITY, NO_NUMBER_RULES)).to.equal('must be a finite number');
  });

  it('reads dates and instants of every year from 0001 to 9999, the Gregorian leap rule, and offsets to the minute', () => {
    expect(checkDate('2000-02-29')).to.deep.equal({ date: '2000-02-29' });
    expect(checkDate('2100-02-29')).to.have.property('problem');
    expect(checkDate('0004-02-29')).to.deep.equal({ date: '0004-02-29' });
    expect(checkDateTime('0099-06-01T12:00:00Z')).to.deep.equal({ instant: '0099-06-01T12:00:00.000Z' });
    expect(checkDateTime('2026-03-29T02:30:00+05:45')).to.deep.equal({ instant: '2026-03-28T20:45:00.000Z' });
    expect(checkDateTime('2026-12-31T23:30:00-01:00')).to.deep.equal({ instant: '2027-01-01T00:30:00.000Z' });
    expect(checkDateTime('9999-12-31T23:30:00-01:00')).to.have.property('problem');
    expect(checkDateTime('2026-12-24T17:00:00.999999999Z')).to.deep.equal({ instant: '2026-12-24T17:00:00.999Z' });
  });
});

describe('renumbering repeated values', () => {
  it('renumbers equal orders in submitted sequence and keeps distinct orders', () => {
    const out = renumberValues([
      { fieldId: 'a', order: 0, tag: 'first' },
      { fieldId: 'b', order: 3, tag: 'b' },
      { fieldId: 'a', order: 0, tag: 'second' },
      { fieldId: 'a', order: 0, tag: 'third' },
      { fieldId: 'a', order: 9, tag: 'last' },
    ]);
    expect(out.map((v) => [v.tag, v.order])).to.deep.equal([['first', 0], ['b', 3], ['second', 1], ['third', 2], ['last', 9]]);
  });
});

describe('remapping values by key', () => {
  it('moves values to the target field with the same key (case-insensitive) and drops the rest', () => {
    const out = remapValuesByKey(
      [{ fieldId: 's1', v: 1 }, { fieldId: 's2', v: 2 }, { fieldId: 's1', v: 3 }],
      [{ id: 's1', key: 'Title' }, { id: 's2', key: 'gone' }],
      [{ id: 't1', key: 'title' }, { id: 't9', key: 'new' }],
    );
    expect(out).to.deep.equal([{ fieldId: 't1', v: 1 }, { fieldId: 't1', v: 3 }]);
  });
});

describe('the serving rule', () => {
  const v = (n: number, window: [string, string] | null, publishedAt: string, status = 'Published'): ServingCandidate & { n: number } => ({
    n,
    status,
    versionNumber: n,
    effectiveStartAt: window?.[0] ?? null,
    effectiveEndAt: window?.[1] ?? null,
    publishedAt,
  });
  const at = new Date('2026-06-15T12:00:00Z');
  const versions = [
    v(1, null, '2026-01-01T00:00:00Z'),
    v(2, ['2026-06-01T00:00:00Z', '2026-07-01T00:00:00Z'], '2026-01-02T00:00:00Z'),
    v(3, ['2026-06-10T00:00:00Z', '2026-06-20T00:00:00Z'], '2026-01-01T00:00:00Z'),
    v(4, ['2026-06-10T00:00:00Z', '2026-06-20T00:00:00Z'], '2026-01-03T00:00:00Z'),
    v(5, null, '2026-02-01T00:00:00Z', 'Archived'),
  ];

  it('prefers bounded windows, then the shorter, then the later publish, then the higher number', () => {
    expect(pickServingVersion(versions, at)!.n).to.equal(4);
    expect(pickServingVersion(versions.filter((x) => x.n !== 4), at)!.n).to.equal(3);
    expect(pickServingVersion(versions.filter((x) => x.n !== 4 && x.n !== 3), at)!.n).to.equal(2);
    expect(pickServingVersion([v(7, null, '2026-01-01T00:00:00Z'), v(6, null, '2026-01-01T00:00:00Z')], at)!.n).to.equal(7);
  });

  it('treats windows as half-open and ignores versions that are not Published', () => {
    expect(pickServingVersion(versions, new Date('2026-06-20T00:00:00Z'))!.n).to.equal(2);
    expect(pickServingVersion(versions, new Date('2026-07-01T00:00:00Z'))!.n).to.equal(1);
    expect(pickServingVersion([versions[4]!], at)).to.equal(null);
    expect(compareServingPreference(versions[0]!, versions[1]!)).to.be.greaterThan(0);
  });
});

describe('the workflow', () => {
  it('allows the documented moves', () => {
    expect(nextStatus('submit', 'Draft')).to.equal('Review');
    expect(nextStatus('approve', 'Review')).to.equal('Approved');
    expect(nextStatus('reject', 'Review')).to.equal('Draft');
    expect(nextStatus('archive', 'Published')).to.equal('Archived');
    expect(nextStatus('restore', 'Archived')).to.equal('Draft');
  });

  it('refuses everything else with invalid-state-transition, repeats of the current status included (#25)', () => {
    const repeats = [['submit', 'Review'], ['approve', 'Approved'], ['reject', 'Draft'], ['archive', 'Archived'], ['restore', 'Draft']] as const;
    for (const [action, from] of [['submit', 'Approved'], ['approve', 'Draft'], ['archive', 'Draft'], ['restore', 'Published'], ...repeats] as const) {
      expect(() => nextStatus(action, from)).to.throw(ApiError).with.property('code', 'invalid-state-transition');
    }
    expect(() => assertPublishable('Draft', false)).to.throw(ApiError).with.property('code', 'invalid-state-transition');
    expect(() => assertPublishable('Published', true)).to.throw(ApiError).with.property('code', 'invalid-state-transition');
    expect(() => assertPublishable('Review', true)).to.not.throw();
  });
});
