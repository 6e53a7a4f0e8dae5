// contentQuery: field filters and sorts written as values become listContent's query, and the request
// builder sends the `filter` deepObject as `filter[<fieldKey>][<op>]=<value>` (it could not send an
// object parameter at all before). Every op with each operand type, the sorts, the mistakes refused
// before sending, and the paged iterator carrying the query to every page of a real HTTP exchange.
import { expect } from 'chai';
import { contentQuery, operationSpecs, VersoClient, type ListContentQuery } from '../../src/index.js';
import { buildOperationRequest } from '../../src/operations/build-request.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const WS = '0190f3a1-7c2b-7d4e-9a10-1234567890ab';
const TEMPLATE = '0190f3a1-7c2b-7d4e-9a10-00000000000a';
const AUTHOR = '0190f3a1-7c2b-7d4e-9a10-00000000000b';
const OTHER = '0190f3a1-7c2b-7d4e-9a10-00000000000c';

/** The query string listContent sends for `query`, as written on the wire. */
function wire(query: ListContentQuery): string {
  const request = buildOperationRequest('listContent', operationSpecs.listContent, { path: { workspaceId: WS }, query }, {
    baseUrl: 'https://cms.example.com',
    ifMatch: undefined,
    extraHeaders: undefined,
    trackedETag: () => undefined,
  });
  return new URL(request.url).search.slice(1);
}

/** The pairs the server reads (decoded). */
const pairs = (query: ListContentQuery) => [...new URLSearchParams(wire(query))];

describe('contentQuery: field filters and sorts as listContent query parameters', () => {
  it('writes the brief example as filter[<key>][<op>] pairs, sortBy=fields.<key> and sortDesc', () => {
    const query = contentQuery({
      templateId: TEMPLATE,
      filter: {
        price: { gte: 10, lte: 20 },
        eventDate: { gte: '2026-12-01' },
        author: { eq: AUTHOR },
        featured: { eq: true },
        city: { in: ['Berlin', 'Hamburg'] },
        summary: { exists: true },
      },
      sort: '-eventDate',
    });
    expect(wire(query)).to.equal(
      `templateId=${TEMPLATE}&filter[price][gte]=10&filter[price][lte]=20&filter[eventDate][gte]=2026-12-01&filter[author][eq]=${AUTHOR}` +
        '&filter[featured][eq]=true&filter[city][in]=Berlin%2CHamburg&filter[summary][exists]=true&sortBy=fields.eventDate&sortDesc=true',
    );
  });

  it('writes every op with numbers, booleans, strings, Date objects and lists', () => {
    const at = new Date('2026-12-24T17:00:00.000Z');
    const query = contentQuery({
      templateId: TEMPLATE,
      filter: {
        n: { eq: 3, ne: -0.5, lt: 1e3, lte: 12.25, gt: 0, gte: 1000000, in: [1, 2.5, -3] },
        d: { eq: '2026-02-28', gt: '2026-01-01', in: ['2026-12-24', '2026-12-31'] },
        t: { lt: at, gte: '2026-12-24T18:00:00+01:00', in: [at, new Date(Date.UTC(2027, 0, 1))] },
        b: { eq: false, ne: true, in: [true, false] },
        text: { eq: 'Ünïcode & spaces', ne: 'x', contains: 'berl', in: ['a b', 'c'] },
        child: { in: [AUTHOR, OTHER], ne: OTHER },
        json: { exists: false },
      },
    });
    expect(pairs(query)).to.deep.equal([
      ['templateId', TEMPLATE],
      ['filter[n][eq]', '3'],
      ['filter[n][ne]', '-0.5'],
      ['filter[n][lt]', '1000'],
      ['filter[n][lte]', '12.25'],
      ['filter[n][gt]', '0'],
      ['filter[n][gte]', '1000000'],
      ['filter[n][in]', '1,2.5,-3'],
      ['filter[d][eq]', '2026-02-28'],
      ['filter[d][gt]', '2026-01-01'],
      ['filter[d][in]', '2026-12-24,2026-12-31'],
      ['filter[t][lt]', '2026-12-24T17:00:00.000Z'],
      ['filter[t][gte]', '2026-12-24T18:00:00+01:00'],
      ['filter[t][in]', '2026-12-24T17:00:00.000Z,2027-01-01T00:00:00.000Z'],
      ['filter[b][eq]', 'false'],
      ['filter[b][ne]', 'true'],
      ['filter[b][in]', 'true,false'],
      ['filter[text][eq]', 'Ünïcode & spaces'],
      ['filter[text][ne]', 'x'],
      ['filter[text][contains]', 'berl'],
      ['filter[text][in]', 'a b,c'],
      ['filter[child][in]', `${AUTHOR},${OTHER}`],
      ['filter[child][ne]', OTHER],
      ['filter[json][exists]', 'false'],
    ]);
    // A value's own brackets and ampersands stay encoded: only the keys' brackets are left readable.
    expect(wire(contentQuery({ templateId: TEMPLATE, filter: { text: { eq: 'a]=b&[c' } } }))).to.equal(`templateId=${TEMPLATE}&filter[text][eq]=a%5D%3Db%26%5Bc`);
  });

  it('sorts by a field ascending or descending, by the built-in keys, and by fields.<key> for a field named like one', () => {
    const sortOf = (sort: string) => {
      const q = contentQuery({ templateId: TEMPLATE, sort }) as { sortBy?: string; sortDesc?: boolean };
      return [q.sortBy, q.sortDesc];
    };
    // The server sorts descending by default: ascending is always sent.
    expect(sortOf('eventDate')).to.deep.equal(['fields.eventDate', false]);
    expect(sortOf('-eventDate')).to.deep.equal(['fields.eventDate', true]);
    expect(sortOf('-createdAt')).to.deep.equal(['createdAt', true]);
    expect(sortOf('updatedAt')).to.deep.equal(['updatedAt', false]);
    expect(sortOf('slug')).to.deep.equal(['slug', false]);
    expect(sortOf('-title')).to.deep.equal(['title', true]);
    expect(sortOf('fields.title')).to.deep.equal(['fields.title', false]);
    expect(sortOf('-fields.price')).to.deep.equal(['fields.price', true]);
    expect(wire(contentQuery({ templateId: TEMPLATE, sort: 'price', resolve: true, pageSize: 10 }))).to.equal(
      `templateId=${TEMPLATE}&resolve=true&pageSize=10&sortBy=fields.price&sortDesc=false`,
    );
  });

  it('leaves out undefined conditions and fields, and keeps the other query parameters as they are', () => {
    const query = contentQuery({ templateId: TEMPLATE, status: 'Published', filter: { price: { gte: undefined }, city: undefined, year: { lt: 2027, gt: undefined } } });
    expect(query).to.deep.equal({ templateId: TEMPLATE, status: 'Published', filter: { year: { lt: '2027' } } });
    expect(contentQuery({ templateId: TEMPLATE, filter: {} })).to.deep.equal({ templateId: TEMPLATE });
  });

  it('refuses before sending what the server would answer 400 for', () => {
    const q = (query: unknown) => () => contentQuery(query as never);
    expect(q({ filter: { price: { gte: 1 } } })).to.throw(TypeError, 'contentQuery needs templateId');
    expect(q({ templateId: TEMPLATE, filter: { price: { gte: Number.NaN } } })).to.throw(RangeError, 'filter[price][gte] must be a finite number, got NaN');
    expect(q({ templateId: TEMPLATE, filter: { price: { lt: Infinity } } })).to.throw(RangeError, 'filter[price][lt] must be a finite number');
    expect(q({ templateId: TEMPLATE, filter: { when: { lt: new Date('nope') } } })).to.throw(RangeError, 'filter[when][lt] is an invalid Date');
    expect(q({ templateId: TEMPLATE, filter: { city: { in: [] } } })).to.throw(RangeError, 'filter[city][in] needs at least one value');
    expect(q({ templateId: TEMPLATE, filter: { city: { in: Array.from({ length: 101 }, (_, i) => `c${i}`) } } })).to.throw(RangeError, 'at most 100 values');
    expect(q({ templateId: TEMPLATE, filter: { city: { in: ['Berlin', 'Hamburg, Altona'] } } })).to.throw(TypeError, 'filter[city][in][1] contains a comma');
    expect(q({ templateId: TEMPLATE, filter: { city: { like: 'x' } } })).to.throw(TypeError, 'filter[city][like]: like is not a filter op');
    expect(q({ templateId: TEMPLATE, filter: { city: { exists: 'yes' } } })).to.throw(TypeError, 'filter[city][exists] must be true or false');
    expect(q({ templateId: TEMPLATE, filter: { city: 'Berlin' } })).to.throw(TypeError, 'filter.city must be an object of conditions');
    expect(q({ templateId: TEMPLATE, filter: { '1st': { eq: 'x' } } })).to.throw(TypeError, '"1st" is not a field key');
    expect(q({ templateId: TEMPLATE, filter: { tags: { eq: ['a'] } } })).to.throw(TypeError, 'filter[tags][eq] must be a string, number, boolean or Date');
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, { exists: true }]));
    expect(q({ templateId: TEMPLATE, filter: many })).to.throw(RangeError, 'at most 20 fields, got 21');
    expect(q({ templateId: TEMPLATE, sort: '-' })).to.throw(TypeError, 'sort: "-" is neither createdAt');
    expect(q({ templateId: TEMPLATE, sort: 'fields.a.b' })).to.throw(TypeError, 'is neither createdAt');
    expect(q({ templateId: TEMPLATE, sort: 'price', sortBy: 'slug' })).to.throw(TypeError, 'sort, or sortBy and sortDesc, not both');
  });

  it('the request builder sends a filter given directly in the contract shape', () => {
    expect(wire({ templateId: TEMPLATE, filter: { price: { gte: '10' }, summary: { exists: 'true' } }, sortBy: 'fields.price', sortDesc: false })).to.equal(
      `templateId=${TEMPLATE}&filter[price][gte]=10&filter[summary][exists]=true&sortBy=fields.price&sortDesc=false`,
    );
  });

  describe('through the client over HTTP', () => {
    let server: FakeHttpServer;
    before(async () => {
      server = await startFakeHttpServer();
    });
    after(async () => {
      await server.close();
    });

    it('listAll sends the filter and the sort with every page, and only the page changes', async () => {
      const page = (n: number, ids: string[]) => ({ status: 200, body: { items: ids.map((id) => ({ id })), totalCount: 3, page: n, pageSize: 2, totalPages: 2 } });
      server.script(page(1, ['a', 'b']), page(2, ['c']));
      const client = new VersoClient({ baseUrl: server.url, token: 't', retry: { maxAttempts: 1 } });
      const ids: string[] = [];
      const query = contentQuery({ templateId: TEMPLATE, filter: { price: { gte: 10, lte: 20 }, city: { in: ['Berlin', 'Hamburg'] } }, sort: '-eventDate', pageSize: 2 });
      for await (const item of client.listAll('listContent', { path: { workspaceId: WS }, query })) ids.push(item.id);
      expect(ids).to.deep.equal(['a', 'b', 'c']);
      const urls = server.requests.map((r) => r.url);
      const expected = (n: number) =>
        `/api/v1/workspaces/${WS}/content?templateId=${TEMPLATE}&pageSize=2&filter[price][gte]=10&filter[price][lte]=20&filter[city][in]=Berlin%2CHamburg&sortBy=fields.eventDate&sortDesc=true&page=${n}`;
      expect(urls).to.deep.equal([expected(1), expected(2)]);
    });
  });
});
