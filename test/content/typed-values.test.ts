// Number, Date, DateTime and Json values (Verso's typed field types): each type's rules at their
// boundaries, refused with a 422 naming the value and the field's label, the same rules inside
// Component members, and the values' round trip through every path that carries them — create,
// read, publish, by-slug, compare, duplicate and upgrade — answered as the contract says (numbers as
// JSON numbers, dates as YYYY-MM-DD, instants in UTC to the millisecond with `Z`).
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { buildTemplate, dbQuery, expectProblem, expectStatus, publishNow, startContentWorld, uniqueSlug, type ContentWorld } from './content-fixture.js';

const SPECS_SCHEMA = {
  type: 'object',
  properties: { weight: { type: 'number' }, colour: { enum: ['red', 'blue'] } },
  required: ['weight'],
  $defs: { positive: { type: 'number', exclusiveMinimum: 0 } },
};

describe('typed values: Number, Date, DateTime and Json', () => {
  let w: ContentWorld;
  let product: { templateId: string; versionId: string; fields: Record<string, string> };
  let componentId: string;

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    const component = await w.api.post(`${w.base}/components`, { name: 'Event', slug: uniqueSlug('event') }, { token: w.reviewer });
    expectStatus(component, 201);
    componentId = component.body.id;
    const draft = `${w.base}/components/${componentId}/versions/1`;
    expectStatus(
      await w.api.put(
        `${draft}/fields`,
        [
          { key: 'seats', label: 'Seats', order: 0, primitiveType: 'Number', fieldConfig: { min: 1, integer: true } },
          { key: 'day', label: 'Day', order: 1, primitiveType: 'Date' },
          { key: 'starts', label: 'Starts', order: 2, primitiveType: 'DateTime', maxOccurrences: null },
          { key: 'extra', label: 'Extra', order: 3, primitiveType: 'Json', fieldConfig: { schema: { type: 'array', items: { type: 'string' } } } },
        ],
        { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) },
      ),
      200,
    );
    expectStatus(await w.api.post(`${draft}/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(draft, w.reviewer) }), 200);
    product = await buildTemplate(w.api, w.base, w.reviewer, 'Product', () => [
      { key: 'name', label: 'Name', primitiveType: 'Text', minOccurrences: 0 },
      { key: 'price', label: 'Price', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: null, fieldConfig: { min: 0, max: 1000, decimals: 2 } },
      { key: 'qty', label: 'Quantity', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: null, fieldConfig: { integer: true } },
      { key: 'free', label: 'Free number', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: null },
      { key: 'day', label: 'Day', primitiveType: 'Date', minOccurrences: 0, maxOccurrences: null },
      { key: 'at', label: 'Starts at', primitiveType: 'DateTime', minOccurrences: 0, maxOccurrences: null },
      { key: 'specs', label: 'Specs', primitiveType: 'Json', minOccurrences: 0, maxOccurrences: null, fieldConfig: { schema: SPECS_SCHEMA } },
      { key: 'any', label: 'Anything', primitiveType: 'Json', minOccurrences: 0, maxOccurrences: null },
      { key: 'event', label: 'Event', componentId, minOccurrences: 0, maxOccurrences: null },
    ]);
  });
  after(() => w.api.close());

  const f = (key: string) => product.fields[key]!;
  const num = (key: string, numberValue: unknown, order = 0) => ({ fieldId: f(key), order, valueKind: 'Number', numberValue });
  const date = (dateValue: unknown, order = 0) => ({ fieldId: f('day'), order, valueKind: 'Date', dateValue });
  const instant = (dateTimeValue: unknown, order = 0) => ({ fieldId: f('at'), order, valueKind: 'DateTime', dateTimeValue });
  const json = (key: string, jsonValue: unknown, order = 0) => ({ fieldId: f(key), order, valueKind: 'Json', jsonValue });
  const event = (jsonValue: unknown, order = 0) => ({ fieldId: f('event'), order, valueKind: 'Component', jsonValue });

  const create = (fields: unknown[], slug = uniqueSlug('product')) =>
    w.api.post(`${w.base}/content`, { templateVersionId: product.versionId, slug, tags: [], fields }, { token: w.editor });

  /** The stored values of the field `key`, as the API answers them. */
  const answered = (body: any, key: string) => body.fields.filter((v: any) => v.key === key);

  /** A 422 validation-failed whose errors name `/fields/<index>` with exactly `message`. */
  async function expectRefused(fields: unknown[], index: number, message: string) {
    const res = await create(fields);
    expectProblem(res, 422, 'validation-failed');
    expect(res.body.errors, JSON.stringify(res.body)).to.deep.equal({ [`/fields/${index}`]: [message] });
  }

  describe('Number', () => {
    it('accepts the bounds (inclusive), whole and decimal values, -0, 15 significant digits and 1e21, and answers JSON numbers', async () => {
      const res = await create([
        num('price', 0, 0),
        num('price', 1000, 1),
        num('price', 12.5, 2),
        num('price', 999.99, 3),
        num('qty', -3, 0),
        num('qty', 1e21, 1),
        num('free', 123456789012345, 0),
        num('free', -0, 1),
        num('free', 0.000001234, 2),
        num('free', -98765.4321098765, 3),
        num('free', 1e-7, 4),
      ]);
      expectStatus(res, 201);
      const version = await w.api.get(`${w.base}/content/${res.body.id}/versions/1`, { token: w.editor });
      expectStatus(version, 200);
      expect(answered(version.body, 'price').map((v: any) => v.numberValue)).to.deep.equal([0, 1000, 12.5, 999.99]);
      expect(answered(version.body, 'qty').map((v: any) => v.numberValue)).to.deep.equal([-3, 1e21]);
      const free = answered(version.body, 'free').map((v: any) => v.numberValue);
      expect(free).to.deep.equal([123456789012345, 0, 0.000001234, -98765.4321098765, 1e-7]);
      expect(Object.is(free[1], -0), '-0 is stored as 0').to.equal(false);
      // What PostgreSQL holds is the decimal the client sent, digit for digit (numeric, not a float).
      const stored = await dbQuery<{ t: string }>(
        w.api,
        `SELECT number_value::text AS t FROM content_field_values v JOIN content_versions cv ON cv.id = v.content_version_id
          WHERE cv.content_item_id = $1 AND v.field_id = $2 ORDER BY v.sort_order`,
        [res.body.id, f('free')],
      );
      expect(stored.map((r) => r.t)).to.deep.equal(['123456789012345', '0', '0.000001234', '-98765.4321098765', '0.0000001']);
      // Every other kind answers null in the typed members.
      for (const v of version.body.fields) {
        expect([v.textValue, v.boolValue, v.jsonValue, v.dateValue, v.dateTimeValue]).to.deep.equal([null, null, null, null, null]);
      }
    });

    it('refuses what is not a number, past min or max, a fraction in a whole-number field, too many decimals or 16 significant digits', async () => {
      // A string is not a number to the contract: 400 before any field rule.
      const text = await create([num('price', '12')]);
      expectProblem(text, 400, 'bad-request');
      expect(text.body.errors).to.have.property('/fields/0/numberValue');
      await expectRefused([num('price', null)], 0, "Field 'Price' value 0 needs a numberValue.");
      await expectRefused([{ fieldId: f('price'), order: 0, valueKind: 'Number' }], 0, "Field 'Price' value 0 needs a numberValue.");
      await expectRefused([num('qty', 1), num('price', 1000.01)], 1, "Field 'Price' value 1 is 1000.01, more than the field's maximum of 1000.");
      await expectRefused([num('price', -0.01)], 0, "Field 'Price' value 0 is -0.01, less than the field's minimum of 0.");
      await expectRefused([num('price', 1.005)], 0, "Field 'Price' value 0 is 1.005, but the field takes at most 2 digits after the point.");
      await expectRefused([num('qty', 2.5)], 0, "Field 'Quantity' value 0 is 2.5, but the field takes whole numbers only.");
      await expectRefused([num('free', 1234567890123456)], 0, "Field 'Free number' value 0 has 16 significant digits; at most 15 are kept exactly, so round it.");
      await expectRefused([num('free', 0.1 + 0.2)], 0, "Field 'Free number' value 0 has 17 significant digits; at most 15 are kept exactly, so round it.");
      // 15 digits are the most a value may have: the 16th above is refused, this one is kept.
      expectStatus(await create([num('free', 1.00000000000001)]), 201);
    });

    it('refuses a number too large for a double (1e400 parses to Infinity) as not finite', async () => {
      const body = JSON.stringify({ templateVersionId: product.versionId, slug: uniqueSlug('product'), tags: [], fields: [num('free', '__RAW__')] }).replace('"__RAW__"', '1e400');
      const res = await w.api.request('POST', `${w.base}/content`, { rawBody: body, headers: { 'content-type': 'application/json' }, token: w.editor });
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({ '/fields/0': ["Field 'Free number' value 0 must be a finite number."] });
    });
  });

  describe('Date', () => {
    it('accepts real dates, 29 February of a leap year and the years 0001 to 9999', async () => {
      const res = await create([date('2028-02-29', 0), date('2000-02-29', 1), date('0001-01-01', 2), date('9999-12-31', 3), date('2026-12-24', 4)]);
      expectStatus(res, 201);
      const version = await w.api.get(`${w.base}/content/${res.body.id}/versions/1`, { token: w.editor });
      expect(answered(version.body, 'day').map((v: any) => [v.valueKind, v.dateValue, v.numberValue])).to.deep.equal([
        ['Date', '2028-02-29', null],
        ['Date', '2000-02-29', null],
        ['Date', '0001-01-01', null],
        ['Date', '9999-12-31', null],
        ['Date', '2026-12-24', null],
      ]);
    });

    it('refuses days that do not exist, other spellings and year 0', async () => {
      await expectRefused([date('2026-02-30')], 0, `Field 'Day' value 0 is "2026-02-30", a day that does not exist.`);
      await expectRefused([date('2027-02-29')], 0, `Field 'Day' value 0 is "2027-02-29", a day that does not exist.`);
      await expectRefused([date('1900-02-29')], 0, `Field 'Day' value 0 is "1900-02-29", a day that does not exist.`);
      await expectRefused([date('2026-04-31')], 0, `Field 'Day' value 0 is "2026-04-31", a day that does not exist.`);
      await expectRefused([date('2026-13-01')], 0, `Field 'Day' value 0 is "2026-13-01", which has no month 13.`);
      await expectRefused([date('0000-06-01')], 0, `Field 'Day' value 0 is "0000-06-01", but years run from 0001 to 9999.`);
      await expectRefused([date('2026-2-3')], 0, `Field 'Day' value 0 is "2026-2-3", not a date written YYYY-MM-DD.`);
      await expectRefused([date('24.12.2026')], 0, `Field 'Day' value 0 is "24.12.2026", not a date written YYYY-MM-DD.`);
      await expectRefused([date(null)], 0, `Field 'Day' value 0 needs a dateValue.`);
    });
  });

  describe('DateTime', () => {
    it('accepts Z and ± offsets, answers UTC to the millisecond with Z, and truncates finer fractions', async () => {
      const res = await create([
        instant('2026-12-24T18:00:00+01:00', 0),
        instant('2026-12-24T17:00:00Z', 1),
        instant('2026-12-24T11:30:00-05:30', 2),
        instant('2026-12-24T17:00:00.1234567Z', 3),
        instant('2026-12-24t17:00:00.5z', 4),
        instant('2026-12-25T00:30:00+14:00', 5),
        instant('0001-01-01T00:00:00Z', 6),
        instant('9999-12-31T23:59:59.999Z', 7),
      ]);
      expectStatus(res, 201);
      const version = await w.api.get(`${w.base}/content/${res.body.id}/versions/1`, { token: w.editor });
      expect(answered(version.body, 'at').map((v: any) => v.dateTimeValue)).to.deep.equal([
        '2026-12-24T17:00:00.000Z',
        '2026-12-24T17:00:00.000Z',
        '2026-12-24T17:00:00.000Z',
        '2026-12-24T17:00:00.123Z',
        '2026-12-24T17:00:00.500Z',
        '2026-12-24T10:30:00.000Z',
        '0001-01-01T00:00:00.000Z',
        '9999-12-31T23:59:59.999Z',
      ]);
    });

    it('refuses a time without an offset (never guessed), times and offsets that do not exist, and instants outside 0001–9999', async () => {
      await expectRefused(
        [instant('2026-12-24T18:00:00')],
        0,
        `Field 'Starts at' value 0 is "2026-12-24T18:00:00", a time without an offset: add Z for UTC or the offset, as in +01:00 (a time is never guessed).`,
      );
      await expectRefused([instant('2026-12-24T24:00:00Z')], 0, `Field 'Starts at' value 0 is "2026-12-24T24:00:00Z", a time of day that does not exist.`);
      await expectRefused([instant('2026-12-24T23:59:60Z')], 0, `Field 'Starts at' value 0 is "2026-12-24T23:59:60Z", a time of day that does not exist.`);
      await expectRefused([instant('2026-02-30T10:00:00Z')], 0, `Field 'Starts at' value 0 is "2026-02-30", a day that does not exist.`);
      await expectRefused([instant('2026-12-24T10:00:00+24:00')], 0, `Field 'Starts at' value 0 is "2026-12-24T10:00:00+24:00", whose offset is not one (at most ±23:59).`);
      await expectRefused([instant('2026-12-24T10:00:00+0100')], 0, `Field 'Starts at' value 0 is "2026-12-24T10:00:00+0100", not a date and time written as RFC 3339 (2026-12-24T18:00:00+01:00).`);
      await expectRefused([instant('2026-12-24 10:00:00Z')], 0, `Field 'Starts at' value 0 is "2026-12-24 10:00:00Z", not a date and time written as RFC 3339 (2026-12-24T18:00:00+01:00).`);
      await expectRefused([instant('0001-01-01T00:30:00+01:00')], 0, `Field 'Starts at' value 0 is "0001-01-01T00:30:00+01:00", which in UTC falls outside the years 0001 to 9999.`);
      await expectRefused([instant(null)], 0, `Field 'Starts at' value 0 needs a dateTimeValue.`);
      expectProblem(await create([instant(1767225600000)]), 400, 'bad-request');
    });
  });

  describe('Json', () => {
    it('accepts any JSON value but null, and values that meet the field schema', async () => {
      const res = await create([
        json('any', { a: [1, 'two', null] }, 0),
        json('any', [], 1),
        json('any', false, 2),
        json('any', 0, 3),
        json('any', 'text', 4),
        json('specs', { weight: 2.5, colour: 'red', 'x-extra': true }, 0),
      ]);
      expectStatus(res, 201);
      const version = await w.api.get(`${w.base}/content/${res.body.id}/versions/1`, { token: w.editor });
      expect(answered(version.body, 'any').map((v: any) => v.jsonValue)).to.deep.equal([{ a: [1, 'two', null] }, [], false, 0, 'text']);
      expect(answered(version.body, 'specs').map((v: any) => v.jsonValue)).to.deep.equal([{ weight: 2.5, colour: 'red', 'x-extra': true }]);
    });

    it('refuses null, and lists each way a value fails the schema in plain words, naming the path inside the value', async () => {
      await expectRefused([json('any', null)], 0, "Field 'Anything' value 0 needs a jsonValue.");
      await expectRefused([json('specs', { weight: 'heavy' })], 0, "Field 'Specs' value 0 at /weight must be a number.");
      const res = await create([json('specs', { weight: 1 }, 0), json('specs', { colour: 'green' }, 1), json('specs', [1], 2)]);
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.deep.equal({
        '/fields/1': [`Field 'Specs' value 1 is missing the required member "weight".`, `Field 'Specs' value 1 at /colour must be "red" or "blue".`],
        '/fields/2': [`Field 'Specs' value 2 must be an object.`],
      });
      expect(res.body.detail).to.include(`Field 'Specs' value 1 at /colour must be "red" or "blue".`);
    });

    it('keeps the size and depth limits of every jsonValue', async () => {
      let deep: unknown = 1;
      for (let i = 0; i < 40; i++) deep = [deep];
      const res = await create([json('any', deep)]);
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors).to.have.property('/fields/0/jsonValue');
    });
  });

  describe('inside Component values', () => {
    it('holds members to the same rules, stores DateTime members in UTC and accepts valid ones', async () => {
      const ok = await create([event({ seats: 10, day: '2028-02-29', starts: ['2026-12-24T18:00:00+01:00', '2026-12-24T19:00:00Z'], extra: ['a'] })]);
      expectStatus(ok, 201);
      const version = await w.api.get(`${w.base}/content/${ok.body.id}/versions/1`, { token: w.editor });
      expect(answered(version.body, 'event')[0].jsonValue).to.deep.equal({
        seats: 10,
        day: '2028-02-29',
        starts: ['2026-12-24T17:00:00.000Z', '2026-12-24T19:00:00.000Z'],
        extra: ['a'],
      });
      const bad = await create([event({ seats: 0.5, day: '2026-02-30', starts: '2026-12-24T18:00:00', extra: [1] })]);
      expectProblem(bad, 422, 'validation-failed');
      expect(bad.body.errors).to.deep.equal({
        '/fields/0': [
          `Field 'Event' value 0 sets "seats" to a number that is 0.5, less than the field's minimum of 1.`,
          `Field 'Event' value 0 sets "day" to a value that is "2026-02-30", a day that does not exist.`,
          `Field 'Event' value 0 sets "starts" to a value that is "2026-12-24T18:00:00", a time without an offset: add Z for UTC or the offset, as in +01:00 (a time is never guessed).`,
          `Field 'Event' value 0 sets "extra" to a value that fails its schema: at /0 must be a string.`,
        ],
      });
      const wrongTypes = await create([event({ seats: '10', day: 20261224 })]);
      expectProblem(wrongTypes, 422, 'validation-failed');
      expect(wrongTypes.body.errors['/fields/0']).to.deep.equal([
        `Field 'Event' value 0 sets "seats" to a string, but it takes a number.`,
        `Field 'Event' value 0 sets "day" to a number, but it takes a date (a string written YYYY-MM-DD).`,
      ]);
    });
  });

  describe('round trips', () => {
    const values = () => [
      num('price', 19.99, 0),
      num('qty', 7, 0),
      date('2026-12-24', 0),
      instant('2026-12-24T18:00:00+01:00', 0),
      json('specs', { weight: 1.25 }, 0),
      json('any', ['x', { y: null }], 0),
      event({ seats: 3, day: '2026-12-24', starts: '2026-12-24T17:00:00Z' }, 0),
    ];
    const typed = (body: any) =>
      body.fields.map((v: any) => [v.key, v.valueKind, v.numberValue, v.dateValue, v.dateTimeValue, v.jsonValue]);
    const expected = [
      ['price', 'Number', 19.99, null, null, null],
      ['qty', 'Number', 7, null, null, null],
      ['day', 'Date', null, '2026-12-24', null, null],
      ['at', 'DateTime', null, null, '2026-12-24T17:00:00.000Z', null],
      ['specs', 'Json', null, null, null, { weight: 1.25 }],
      ['any', 'Json', null, null, null, ['x', { y: null }]],
      ['event', 'Component', null, null, null, { seats: 3, day: '2026-12-24', starts: '2026-12-24T17:00:00.000Z' }],
    ];

    it('create → read → publish → by-slug → preview → compare → duplicate keep every typed value as answered', async () => {
      const created = await create(values());
      expectStatus(created, 201);
      const id = created.body.id as string;
      const read = await w.api.get(`${w.base}/content/${id}/versions/1`, { token: w.editor });
      expect(typed(read.body)).to.deep.equal(expected);
      const published = await publishNow(w, id, 1);
      expect(typed(published)).to.deep.equal(expected);
      const bySlug = await w.api.get(`${w.base}/content/by-slug/${created.body.slug}`, { token: w.reader });
      expectStatus(bySlug, 200);
      expect(typed(bySlug.body)).to.deep.equal(expected);
      // A second version with one value changed: compare answers both sides typed.
      const v2 = await w.api.post(`${w.base}/content/${id}/versions`, { fields: [...values().slice(1), num('price', 24.5, 0)] }, { token: w.editor });
      expectStatus(v2, 201);
      // A preview token reads the Draft version 2 through by-slug: the preview path answers it typed too.
      const preview = await w.api.post(`${w.base}/preview-tokens`, { contentItemId: id }, { token: w.editor });
      expectStatus(preview, 201);
      const previewed = await w.api.get(`${w.base}/content/by-slug/${created.body.slug}`, { token: preview.body.token });
      expectStatus(previewed, 200);
      expect(previewed.body).to.include({ isPreview: true, versionNumber: 2 });
      expect(typed(previewed.body).find((v: any) => v[0] === 'price')).to.deep.equal(['price', 'Number', 24.5, null, null, null]);
      expect(typed(previewed.body).filter((v: any) => v[0] !== 'price')).to.deep.equal(expected.slice(1));
      const compared = await w.api.get(`${w.base}/content/${id}/compare?from=1&to=2`, { token: w.editor });
      expectStatus(compared, 200);
      expect(typed(compared.body.from)).to.deep.equal(expected);
      expect(typed(compared.body.to).find((v: any) => v[0] === 'price')).to.deep.equal(['price', 'Number', 24.5, null, null, null]);
      const copy = await w.api.post(`${w.base}/content/${id}/duplicate`, { slug: uniqueSlug('copy') }, { token: w.editor });
      expectStatus(copy, 201);
      const copied = await w.api.get(`${w.base}/content/${copy.body.id}/versions/1`, { token: w.editor });
      expect(typed(copied.body).find((v: any) => v[0] === 'price')).to.deep.equal(['price', 'Number', 24.5, null, null, null]);
      expect(typed(copied.body).filter((v: any) => v[0] !== 'price')).to.deep.equal(expected.slice(1));
    });

    it('a save of the same values (an instant in another offset, -0 for 0) keeps an approval; a changed number sends it back to Draft', async () => {
      const created = await create([...values(), num('free', 0, 0)]);
      expectStatus(created, 201);
      const id = created.body.id as string;
      const route = (action: string) => `${w.base}/content/${id}/versions/1/${action}`;
      expectStatus(await w.api.post(route('submit'), undefined, { token: w.editor }), 200);
      expectStatus(await w.api.post(route('approve'), undefined, { token: w.reviewer }), 200);
      const save = async (fields: unknown[]) => {
        const tag = (await w.api.get(`${w.base}/content/${id}/versions/1`, { token: w.editor })).headers.get('etag')!;
        return w.api.put(`${w.base}/content/${id}/versions/1`, { fields }, { token: w.editor, headers: { 'if-match': tag } });
      };
      const same = [...values().filter((v: any) => v.valueKind !== 'DateTime'), instant('2026-12-24T12:00:00-05:00', 0), num('free', -0, 0)];
      const kept = await save(same);
      expectStatus(kept, 200);
      expect(kept.body.status).to.equal('Approved');
      expect(typed(kept.body).filter((v: any) => v[0] !== 'free')).to.deep.equal(expected);
      const changed = await save([...values().slice(1), num('price', 19.98, 0), num('free', 0, 0)]);
      expectStatus(changed, 200);
      expect(changed.body).to.include({ status: 'Draft', returnedToDraftFrom: 'Approved' });
    });

    it('upgrade remaps typed values by key onto the new template version', async () => {
      const t = await buildTemplate(w.api, w.base, w.reviewer, 'Gig', () => [
        { key: 'fee', label: 'Fee', primitiveType: 'Number', minOccurrences: 0 },
        { key: 'on', label: 'On', primitiveType: 'Date', minOccurrences: 0 },
        { key: 'doors', label: 'Doors', primitiveType: 'DateTime', minOccurrences: 0 },
        { key: 'rider', label: 'Rider', primitiveType: 'Json', minOccurrences: 0 },
      ]);
      const item = await w.api.post(
        `${w.base}/content`,
        {
          templateVersionId: t.versionId,
          slug: uniqueSlug('gig'),
          tags: [],
          fields: [
            { fieldId: t.fields.fee, order: 0, valueKind: 'Number', numberValue: 250.75 },
            { fieldId: t.fields.on, order: 0, valueKind: 'Date', dateValue: '2027-01-31' },
            { fieldId: t.fields.doors, order: 0, valueKind: 'DateTime', dateTimeValue: '2027-01-31T19:30:00+01:00' },
            { fieldId: t.fields.rider, order: 0, valueKind: 'Json', jsonValue: { towels: 4 } },
          ],
        },
        { token: w.editor },
      );
      expectStatus(item, 201);
      expectStatus(await w.api.post(`${w.base}/templates/${t.templateId}/versions`, {}, { token: w.reviewer }), 201);
      const v2 = `${w.base}/templates/${t.templateId}/versions/2`;
      const published = await w.api.put(`${v2}/publish`, undefined, { token: w.reviewer, headers: await w.api.ifMatch(v2, w.reviewer) });
      expectStatus(published, 200);
      const upgraded = await w.api.post(`${w.base}/content/${item.body.id}/versions/1/upgrade-template-version`, undefined, { token: w.editor });
      expectStatus(upgraded, 200);
      expect(upgraded.body.templateVersionId).to.equal(published.body.id);
      const newIds = Object.fromEntries(published.body.fields.map((x: any) => [x.key, x.id]));
      expect(upgraded.body.fields.map((v: any) => [v.fieldId, v.numberValue, v.dateValue, v.dateTimeValue, v.jsonValue])).to.deep.equal([
        [newIds.fee, 250.75, null, null, null],
        [newIds.on, null, '2027-01-31', null, null],
        [newIds.doors, null, null, '2027-01-31T18:30:00.000Z', null],
        [newIds.rider, null, null, null, { towels: 4 }],
      ]);
    });
  });
});
