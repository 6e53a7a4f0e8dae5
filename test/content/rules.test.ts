// The pure rules of content: value validation, renumbering, key remapping, the serving rule and
// the workflow transitions — no database needed.
import { expect } from 'chai';
import { ApiError } from '../../server/src/errors.js';
import { renumberValues } from '../../server/src/services/content-field-order.js';
import { compareServingPreference, pickServingVersion, type ServingCandidate } from '../../server/src/services/content-serving-rule.js';
import { remapValuesByKey, validateFieldValues, type FieldSchema, type FieldValueInput } from '../../server/src/services/content-validation.js';
import { assertPublishable, nextStatus } from '../../server/src/services/content-workflow.js';

const field = (id: string, key: string, extra: Partial<FieldSchema> = {}): FieldSchema => ({
  id,
  key,
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
  componentRequiredKeys: [],
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
  const seo = field('f-seo', 'seo', { primitiveType: null, componentId: 'c1', componentRequiredKeys: ['metaTitle'] });
  const author = field('f-author', 'author', { primitiveType: null, targetTemplateId: 't-person' });
  const blocks = field('f-blocks', 'blocks', { primitiveType: null, isOpen: true, allowedTemplateIds: ['t-quote'] });
  const fields = [title, category, seo, author, blocks];
  const children = new Map([
    ['person-1', { templateId: 't-person' }],
    ['quote-1', { templateId: 't-quote' }],
  ]);
  const t = (value: string, order = 0): FieldValueInput => ({ fieldId: 'f-title', order, valueKind: 'Text', textValue: value });

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
    expect(errorsOf(() => validateFieldValues(fields, [], children))).to.deep.equal({ 'fields.title': ["Field 'title' requires at least 1 value."] });
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), t('b', 1)], children))).to.deep.equal({ 'fields.title': ["Field 'title' allows at most 1 value."] });
    expect(errorsOf(() => validateFieldValues(fields, [t('toolong')], children))['/fields/0']![0]).to.match(/'title'.*maxLength of 5/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'nope', order: 0, valueKind: 'Text', textValue: 'x' }], children))['/fields/1']![0])
      .to.match(/not on the template version/);
    expect(errorsOf(() => validateFieldValues(fields, [{ ...t('a'), valueKind: 'Boolean', boolValue: true }], children))['/fields/0']![0])
      .to.equal("Field 'title' takes Text, not Boolean.");
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'sports' }], children))['/fields/1']![0])
      .to.match(/"sports" is not an option/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-seo', order: 0, valueKind: 'Component', jsonValue: { metaDescription: 'd' } }], children))['/fields/1']![0])
      .to.match(/missing the component's required key "metaTitle"/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-author', order: 0, valueKind: 'ChildContent', childContentItemId: 'quote-1' }], children))['/fields/1']![0])
      .to.match(/another template/);
    expect(errorsOf(() => validateFieldValues(fields, [t('a'), { fieldId: 'f-blocks', order: 0, valueKind: 'ChildContent', childContentItemId: 'ghost' }], children))['/fields/1']![0])
      .to.match(/does not exist/);
    expect(errorsOf(() => validateFieldValues(fields, [
      t('a'),
      { fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'news' },
      { fieldId: 'f-cat', order: 1, valueKind: 'PickList', textValue: 'news' },
    ], children))).to.deep.equal({ 'fields.category': ["Field 'category' allows at most 1 value."] });
  });

  it('reports every problem at once', () => {
    const errors = errorsOf(() => validateFieldValues(fields, [{ fieldId: 'f-cat', order: 0, valueKind: 'PickList', textValue: 'x' }], children));
    expect(Object.keys(errors).sort()).to.deep.equal(['/fields/0', 'fields.title']);
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
  it('allows the documented moves and repeats of the current status', () => {
    expect(nextStatus('submit', 'Draft')).to.equal('Review');
    expect(nextStatus('approve', 'Review')).to.equal('Approved');
    expect(nextStatus('reject', 'Review')).to.equal('Draft');
    expect(nextStatus('archive', 'Published')).to.equal('Archived');
    expect(nextStatus('restore', 'Archived')).to.equal('Draft');
    expect(nextStatus('submit', 'Review')).to.equal('Review');
  });

  it('refuses everything else with invalid-state-transition', () => {
    for (const [action, from] of [['submit', 'Approved'], ['approve', 'Draft'], ['archive', 'Draft'], ['restore', 'Published']] as const) {
      expect(() => nextStatus(action, from)).to.throw(ApiError).with.property('code', 'invalid-state-transition');
    }
    expect(() => assertPublishable('Draft', false)).to.throw(ApiError).with.property('code', 'invalid-state-transition');
    expect(() => assertPublishable('Published', true)).to.throw(ApiError).with.property('code', 'invalid-state-transition');
    expect(() => assertPublishable('Review', true)).to.not.throw();
  });
});
