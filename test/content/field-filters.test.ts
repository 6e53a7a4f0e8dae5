// Field filters and field sorts on the content list (filter[<key>][<op>], sortBy=fields.<key>): every
// op on every filterable type against a data set whose answers this file computes itself, on the
// resolved (published) list and the plain one; sorts with ties and missing values both ways; a
// repeated field; ChildContent by the child's id; asOf; and each malformed filter's 400.
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { buildTemplate, createPerson, expectProblem, expectStatus, publishNow, startContentWorld, uniqueSlug, type ContentWorld } from './content-fixture.js';

interface Event {
  title: string;
  city?: string;
  price?: number;
  eventDate?: string;
  startsAt?: string;
  featured?: boolean;
  category?: string;
  author?: 'ada' | 'bob';
  labels: string[];
  body?: string;
}

// Ties (equal prices, dates, cities), missing values, negative and fractional numbers, instants
// equal in time but written with different offsets, text that sorts differently by code point
// than by dictionary ("Zurich" < "aachen"), a repeated field with several values.
const EVENTS: Event[] = [
  { title: 'Alpha', city: 'Berlin', price: 10, eventDate: '2026-12-01', startsAt: '2026-12-01T18:00:00Z', featured: true, category: 'news', author: 'ada', labels: ['music', 'outdoor'], body: 'A Night of JAZZ' },
  { title: 'Bravo', city: 'Berlin', price: 20.5, eventDate: '2026-12-24', startsAt: '2026-12-24T19:00:00+01:00', featured: false, category: 'guides', author: 'bob', labels: ['food'] },
  { title: 'Charlie', city: 'Zurich', price: 10, eventDate: '2026-12-01', startsAt: '2026-12-24T18:00:00Z', featured: true, author: 'ada', labels: [] },
  { title: 'Delta', city: 'aachen', price: -3.25, eventDate: '2025-01-15', featured: false, category: 'news', labels: ['outdoor', 'music'] },
  { title: 'Echo', price: 0, startsAt: '2027-01-01T00:00:00-05:00', category: 'guides', author: 'bob', labels: ['music'], body: 'jazz and blues' },
  { title: 'Foxtrot', city: 'Berlin', eventDate: '2026-12-24', featured: true, labels: ['kids', 'food', 'music'] },
  { title: 'Golf', city: 'Munich', price: 99.99, eventDate: '2027-03-01', startsAt: '2026-12-01T18:00:00Z', category: 'news', author: 'ada', labels: [] },
  { title: 'Hotel', labels: [] },
];

type Key = 'title' | 'city' | 'price' | 'eventDate' | 'startsAt' | 'featured' | 'category' | 'author' | 'labels' | 'body';

/** An event's values of `key`, as comparable JS values (numbers, strings, epoch ms, booleans, ids). */
function valuesOf(e: Event, key: Key, people: Record<string, string>): (string | number | boolean)[] {
  if (key === 'labels') return e.labels;
  if (key === 'author') return e.author ? [people[e.author]!] : [];
  if (key === 'startsAt') return e.startsAt ? [Date.parse(e.startsAt)] : [];
  const v = e[key];
  return v === undefined ? [] : [v];
}

/** The operand of a filter as the JS value valuesOf compares with. */
function operandOf(key: Key, text: string): string | number | boolean {
  if (key === 'price') return Number(text);
  if (key === 'startsAt') return Date.parse(text);
  if (key === 'featured') return text === 'true';
  return text;
}

const cmp = (a: string | number | boolean, b: string | number | boolean) => (a < b ? -1 : a > b ? 1 : 0);

function matches(e: Event, key: Key, op: string, text: string, people: Record<string, string>): boolean {
  const values = valuesOf(e, key, people);
  const x = operandOf(key, text);
  switch (op) {
    case 'eq': return values.some((v) => cmp(v, x) === 0);
    case 'ne': return !values.some((v) => cmp(v, x) === 0);
    case 'lt': return values.some((v) => cmp(v, x) < 0);
    case 'lte': return values.some((v) => cmp(v, x) <= 0);
    case 'gt': return values.some((v) => cmp(v, x) > 0);
    case 'gte': return values.some((v) => cmp(v, x) >= 0);
    case 'in': return text.split(',').some((t) => values.some((v) => cmp(v, operandOf(key, t)) === 0));
    case 'exists': return (values.length > 0) === (text === 'true');
    case 'contains': return values.some((v) => String(v).toLowerCase().includes(text.toLowerCase()));
    default: throw new Error(op);
  }
}

describe('GET /workspaces/{workspaceId}/content with field filters and field sorts', () => {
  let w: ContentWorld;
  let events: { templateId: string; versionId: string; fields: Record<string, string> };
  const people: Record<string, string> = {};
  const ids: string[] = [];

  before(async () => {
    w = await startContentWorld(await startTestApi({ env: { Workers__Enabled: 'false' } }));
    const picklist = await w.api.post(`${w.base}/picklists`, { name: 'Kind', slug: uniqueSlug('kind'), options: [
      { label: 'News', value: 'news' },
      { label: 'Guides', value: 'guides' },
    ] }, { token: w.reviewer });
    expectStatus(picklist, 201);
    events = await buildTemplate(w.api, w.base, w.reviewer, 'Event', () => [
      { key: 'title', label: 'Title', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'city', label: 'City', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'price', label: 'Price', primitiveType: 'Number', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'eventDate', label: 'Date', primitiveType: 'Date', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'startsAt', label: 'Starts', primitiveType: 'DateTime', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'featured', label: 'Featured', primitiveType: 'Boolean', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'category', label: 'Category', primitiveType: 'PickList', minOccurrences: 0, maxOccurrences: 1,
        picklistId: picklist.body.id, picklistRevisionId: picklist.body.currentRevisionId },
      { key: 'author', label: 'Author', templateId: w.model.person.templateId, compositionMode: 'Reference', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'labels', label: 'Labels', primitiveType: 'Text', minOccurrences: 0, maxOccurrences: null },
      { key: 'body', label: 'Body', primitiveType: 'Markdown', minOccurrences: 0, maxOccurrences: 1 },
      { key: 'poster', label: 'Poster', primitiveType: 'Media', minOccurrences: 0, maxOccurrences: 1 },
    ]);
    people.ada = (await createPerson(w, 'Ada')).id;
    people.bob = (await createPerson(w, 'Bob')).id;
    for (const e of EVENTS) {
      const item = await createEvent(e);
      await publishNow(w, item, 1);
      ids.push(item);
    }
  });
  after(() => w.api.close());

  function fieldValues(e: Event) {
    const f = (key: string) => events.fields[key]!;
    const out: Record<string, unknown>[] = [{ fieldId: f('title'), order: 0, valueKind: 'Text', textValue: e.title }];
    if (e.city !== undefined) out.push({ fieldId: f('city'), order: 0, valueKind: 'Text', textValue: e.city });
    if (e.price !== undefined) out.push({ fieldId: f('price'), order: 0, valueKind: 'Number', numberValue: e.price });
    if (e.eventDate !== undefined) out.push({ fieldId: f('eventDate'), order: 0, valueKind: 'Date', dateValue: e.eventDate });
    if (e.startsAt !== undefined) out.push({ fieldId: f('startsAt'), order: 0, valueKind: 'DateTime', dateTimeValue: e.startsAt });
    if (e.featured !== undefined) out.push({ fieldId: f('featured'), order: 0, valueKind: 'Boolean', boolValue: e.featured });
    if (e.category !== undefined) out.push({ fieldId: f('category'), order: 0, valueKind: 'PickList', textValue: e.category });
    if (e.author !== undefined) out.push({ fieldId: f('author'), order: 0, valueKind: 'ChildContent', childContentItemId: people[e.author] });
    e.labels.forEach((l, i) => out.push({ fieldId: f('labels'), order: i, valueKind: 'Text', textValue: l }));
    if (e.body !== undefined) out.push({ fieldId: f('body'), order: 0, valueKind: 'Markdown', textValue: e.body });
    return out;
  }

  async function createEvent(e: Event): Promise<string> {
    const res = await w.api.post(`${w.base}/content`, { templateVersionId: events.versionId, slug: uniqueSlug('event'), tags: [], fields: fieldValues(e) }, { token: w.editor });
    expectStatus(res, 201);
    return res.body.id as string;
  }

  const list = async (query: string) => {
    const res = await w.api.get(`${w.base}/content?templateId=${events.templateId}&pageSize=100&${query}`, { token: w.reader });
    expectStatus(res, 200);
    return res.body as { items: { id: string }[]; totalCount: number };
  };
  const idsOf = (page: { items: { id: string }[] }) => page.items.map((i) => i.id);
  const sorted = (xs: string[]) => [...xs].sort();

  const CASES: [Key, string, string][] = [
    ['price', 'eq', '10'], ['price', 'ne', '10'], ['price', 'lt', '10'], ['price', 'lte', '10'], ['price', 'gt', '0'],
    ['price', 'gte', '20.5'], ['price', 'in', '0,99.99,7'], ['price', 'exists', 'true'], ['price', 'exists', 'false'], ['price', 'eq', '1e1'],
    ['eventDate', 'eq', '2026-12-24'], ['eventDate', 'ne', '2026-12-24'], ['eventDate', 'lt', '2026-12-24'], ['eventDate', 'lte', '2026-12-24'],
    ['eventDate', 'gt', '2026-12-01'], ['eventDate', 'gte', '2026-12-01'], ['eventDate', 'in', '2025-01-15,2027-03-01'], ['eventDate', 'exists', 'false'],
    ['startsAt', 'eq', '2026-12-24T19:00:00+01:00'], ['startsAt', 'eq', '2026-12-24T18:00:00Z'], ['startsAt', 'ne', '2026-12-01T19:00:00+01:00'],
    ['startsAt', 'lt', '2026-12-24T18:00:00Z'], ['startsAt', 'lte', '2026-12-24T18:00:00Z'], ['startsAt', 'gt', '2026-12-24T18:00:00Z'],
    ['startsAt', 'gte', '2027-01-01T05:00:00Z'], ['startsAt', 'in', '2026-12-01T18:00:00Z,2027-01-01T05:00:00Z'], ['startsAt', 'exists', 'true'],
    ['featured', 'eq', 'true'], ['featured', 'eq', 'false'], ['featured', 'ne', 'true'], ['featured', 'in', 'true,false'], ['featured', 'exists', 'false'],
    ['city', 'eq', 'Berlin'], ['city', 'eq', 'berlin'], ['city', 'ne', 'Berlin'], ['city', 'lt', 'Munich'], ['city', 'lte', 'Munich'], ['city', 'gt', 'Munich'],
    ['city', 'gte', 'Zurich'], ['city', 'in', 'Zurich,aachen'], ['city', 'contains', 'ERL'], ['city', 'exists', 'false'],
    ['body', 'contains', 'jazz'], ['body', 'eq', 'jazz and blues'], ['body', 'exists', 'true'],
    ['category', 'eq', 'news'], ['category', 'ne', 'news'], ['category', 'in', 'news,guides'], ['category', 'exists', 'false'],
    ['labels', 'eq', 'music'], ['labels', 'ne', 'music'], ['labels', 'in', 'kids,food'], ['labels', 'lt', 'kids'], ['labels', 'exists', 'false'],
  ];

  it('answers every op on every type with exactly the matching items, published and plain', async () => {
    for (const [key, op, value] of CASES) {
      const expected = sorted(ids.filter((_, i) => matches(EVENTS[i]!, key, op, value, people)));
      const query = `filter[${key}][${op}]=${encodeURIComponent(value)}`;
      for (const resolve of [true, false]) {
        const page = await list(`${query}&resolve=${resolve}`);
        expect(sorted(idsOf(page)), `${query} resolve=${resolve}`).to.deep.equal(expected);
        expect(page.totalCount, `${query} resolve=${resolve} totalCount`).to.equal(expected.length);
      }
    }
  });

  it('matches ChildContent by the child item id: the events whose author is Ada', async () => {
    const expected = sorted(ids.filter((_, i) => EVENTS[i]!.author === 'ada'));
    expect(expected).to.have.length(3);
    expect(sorted(idsOf(await list(`resolve=true&filter[author][eq]=${people.ada}`)))).to.deep.equal(expected);
    expect(sorted(idsOf(await list(`resolve=true&filter[author][eq]=${people.ada!.toUpperCase()}`)))).to.deep.equal(expected);
    const either = sorted(ids.filter((_, i) => EVENTS[i]!.author !== undefined));
    expect(sorted(idsOf(await list(`resolve=true&filter[author][in]=${people.ada},${people.bob}`)))).to.deep.equal(either);
  });

  it('combines filters with AND', async () => {
    const expected = sorted(ids.filter((_, i) => matches(EVENTS[i]!, 'city', 'eq', 'Berlin', people) && matches(EVENTS[i]!, 'eventDate', 'gte', '2026-12-02', people)));
    expect(expected).to.have.length(2);
    for (const resolve of [true, false]) {
      expect(sorted(idsOf(await list(`resolve=${resolve}&filter[city][eq]=Berlin&filter[eventDate][gte]=2026-12-02`)))).to.deep.equal(expected);
    }
  });

  /** The order a field sort must give: first values in order, ties by id, items without one last (by id). */
  function expectedOrder(key: Key, desc: boolean): string[] {
    const dir = desc ? -1 : 1;
    const keyed = ids.map((id, i) => ({ id, v: valuesOf(EVENTS[i]!, key, people)[0] }));
    const valued = keyed.filter((k) => k.v !== undefined).sort((a, b) => dir * (cmp(a.v!, b.v!) || cmp(a.id, b.id)));
    const missing = keyed.filter((k) => k.v === undefined).sort((a, b) => dir * cmp(a.id, b.id));
    return [...valued, ...missing].map((k) => k.id);
  }

  for (const key of ['price', 'eventDate', 'startsAt', 'featured', 'city', 'category', 'author', 'labels', 'title'] as Key[]) {
    it(`sorts by fields.${key} both ways: ties by id, items without a value last, pages that fit together`, async () => {
      for (const desc of [false, true]) {
        const expected = expectedOrder(key, desc);
        for (const resolve of [true, false]) {
          const query = `sortBy=fields.${key}&sortDesc=${desc}&resolve=${resolve}`;
          expect(idsOf(await list(query)), query).to.deep.equal(expected);
          const paged: string[] = [];
          for (let page = 1; page <= 3; page++) {
            const res = await w.api.get(`${w.base}/content?templateId=${events.templateId}&${query}&pageSize=3&page=${page}`, { token: w.reader });
            expectStatus(res, 200);
            expect(res.body.totalCount).to.equal(EVENTS.length);
            paged.push(...idsOf(res.body));
          }
          expect(paged, `${query} paged`).to.deep.equal(expected);
        }
      }
    });
  }

  it('sorts by a field under a filter on it, and under a filter on another field', async () => {
    const inRange = expectedOrder('eventDate', false).filter((id) => matches(EVENTS[ids.indexOf(id)]!, 'eventDate', 'gte', '2026-12-01', people));
    const page = await list('resolve=true&filter[eventDate][gte]=2026-12-01&sortBy=fields.eventDate&sortDesc=false');
    expect(idsOf(page)).to.deep.equal(inRange);
    expect(page.totalCount).to.equal(inRange.length);
    const berlin = expectedOrder('price', true).filter((id) => EVENTS[ids.indexOf(id)]!.city === 'Berlin');
    expect(idsOf(await list('resolve=true&filter[city][eq]=Berlin&sortBy=fields.price&sortDesc=true'))).to.deep.equal(berlin);
    const noPrice = expectedOrder('title', false).filter((id) => EVENTS[ids.indexOf(id)]!.price === undefined);
    expect(idsOf(await list('resolve=true&filter[price][exists]=false&sortBy=fields.price&sortDesc=false'))).to.deep.equal(
      [...noPrice].sort(),
    );
  });

  it('sorts by title: the served version\'s on a published read, the latest version\'s on the plain list', async () => {
    const byTitle = [...ids].sort((a, b) => cmp(EVENTS[ids.indexOf(a)]!.title, EVENTS[ids.indexOf(b)]!.title));
    expect(idsOf(await list('resolve=true&sortBy=title&sortDesc=false'))).to.deep.equal(byTitle);
    expect(idsOf(await list('resolve=false&sortBy=Title&sortDesc=true'))).to.deep.equal([...byTitle].reverse());
  });

  describe('refused filters (400 naming the parameter)', () => {
    const refused = async (query: string, parameter: string, withTemplate = true) => {
      const res = await w.api.get(`${w.base}/content?${withTemplate ? `templateId=${events.templateId}&` : ''}${query}`, { token: w.reader });
      expectProblem(res, 400, 'bad-request');
      expect(Object.keys(res.body.errors), query).to.include(parameter);
      for (const sentence of res.body.errors[parameter]) expect(sentence).to.match(/^[A-Z"].*[.)]$/);
      return res.body;
    };

    it('without templateId', async () => {
      await refused('filter[price][eq]=1', 'query.filter[price][eq]', false);
      await refused('sortBy=fields.price', 'query.sortBy', false);
    });

    it('an unknown key, an op the type does not support, a type that cannot be filtered', async () => {
      await refused('filter[nope][eq]=1', 'query.filter[nope][eq]');
      await refused('sortBy=fields.nope', 'query.sortBy');
      await refused('filter[featured][lt]=true', 'query.filter[featured][lt]');
      await refused('filter[price][contains]=1', 'query.filter[price][contains]');
      await refused('filter[category][gt]=news', 'query.filter[category][gt]');
      await refused('filter[poster][exists]=true', 'query.filter[poster][exists]');
      await refused('sortBy=fields.poster', 'query.sortBy');
    });

    it('a value that does not parse as the field\'s type', async () => {
      await refused('filter[price][eq]=ten', 'query.filter[price][eq]');
      await refused('filter[price][gt]=Infinity', 'query.filter[price][gt]');
      await refused('filter[price][in]=1,x', 'query.filter[price][in]');
      await refused('filter[eventDate][eq]=2026-02-30', 'query.filter[eventDate][eq]');
      await refused('filter[eventDate][gte]=2026-12', 'query.filter[eventDate][gte]');
      await refused('filter[startsAt][gte]=2026-12-01T18:00:00', 'query.filter[startsAt][gte]');
      await refused('filter[startsAt][gte]=2026-02-30T18:00:00Z', 'query.filter[startsAt][gte]');
      await refused('filter[featured][eq]=yes', 'query.filter[featured][eq]');
      await refused('filter[author][eq]=ada', 'query.filter[author][eq]');
      await refused('filter[category][eq]=sports', 'query.filter[category][eq]');
      await refused(`filter[price][in]=${Array.from({ length: 101 }, (_, i) => i).join(',')}`, 'query.filter[price][in]');
    });

    it('an unknown op or a malformed key, before any field is looked at', async () => {
      await refused('filter[price][between]=1', 'query.filter[price][between]');
      await refused('filter[price][exists]=maybe', 'query.filter[price][exists]');
      await refused('filter[price]=1', 'query.filter[price]');
      await refused('filter[price][eq][x]=1', 'query.filter[price][eq][x]');
      await refused('filter=1', 'query.filter');
      await refused('filter[][eq]=1', 'query.filter[][eq]');
      await refused('filter[price][eq]=1&filter[price][eq]=2', 'query.filter[price][eq]');
      // A key no field could have is the contract's to refuse (propertyNames), under the parameter's name.
      await refused('filter[1x][eq]=1', 'query.filter[1x]');
    });
  });

  it('reads what is served at asOf: a later version with another value, in a future window', async () => {
    const item = await createEvent({ title: 'India', city: 'Paris', price: 5, labels: [] });
    await publishNow(w, item, 1);
    const start = new Date(Date.now() + 3_600_000).toISOString();
    const end = new Date(Date.now() + 7_200_000).toISOString();
    const v2 = await w.api.post(`${w.base}/content/${item}/versions`, {
      effectiveStartAt: start, effectiveEndAt: end, fields: fieldValues({ title: 'India', city: 'Paris', price: 500, labels: [] }),
    }, { token: w.editor });
    expectStatus(v2, 201);
    await publishNow(w, item, 2);
    const at = (instant: string) => `resolve=true&asOf=${encodeURIComponent(instant)}`;
    const during = new Date(Date.now() + 5_400_000).toISOString();
    expect(idsOf(await list(`filter[price][eq]=5&${at(new Date().toISOString())}`))).to.deep.equal([item]);
    expect(idsOf(await list(`filter[price][eq]=5&${at(during)}`))).to.deep.equal([]);
    expect(idsOf(await list(`filter[price][eq]=500&${at(during)}`))).to.deep.equal([item]);
    expect(idsOf(await list(`filter[price][gte]=100&sortBy=fields.price&${at(during)}`))).to.deep.equal([item]);
    expect(idsOf(await list(`filter[price][eq]=5&${at(new Date(Date.now() + 9_000_000).toISOString())}`))).to.deep.equal([item]);
    // A version without a window serves for all time, so the past reads v1's value too.
    expect(idsOf(await list(`filter[price][eq]=5&${at('2020-01-01T00:00:00Z')}`))).to.deep.equal([item]);
    // The plain list compares the latest version's values.
    expect(idsOf(await list('resolve=false&filter[price][eq]=500'))).to.deep.equal([item]);
  });
});
