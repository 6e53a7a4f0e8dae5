// Paging over every page of a list, and the read → If-Match → 412 refresh-and-retry helper.
import { expect } from 'chai';
import { paginate, listAllItems, VersoApiError, VersoClient, writeWithETag, MissingETagError, type PagedEnvelope } from '../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from './support/fake-http-server.js';

describe('SDK pagination and optimistic concurrency', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const envelope = (page: number, items: string[], totalPages: number) => ({ items, totalCount: 5, page, pageSize: 2, totalPages });
  const loader = (client: VersoClient) => async (page: number) =>
    (await client.send<PagedEnvelope<string>>({ method: 'GET', path: '/api/v1/things', query: { page, pageSize: 2 } })).data;

  it('requests pages 1..n in order and yields every item', async () => {
    server.script({ body: envelope(1, ['a', 'b'], 3) }, { body: envelope(2, ['c', 'd'], 3) }, { body: envelope(3, ['e'], 3) });
    const client = new VersoClient({ baseUrl: server.url });
    const items: string[] = [];
    for await (const item of listAllItems(paginate(loader(client)))) items.push(item);
    expect(items).to.deep.equal(['a', 'b', 'c', 'd', 'e']);
    expect(server.requests.map((r) => r.url)).to.deep.equal(['/api/v1/things?page=1&pageSize=2', '/api/v1/things?page=2&pageSize=2', '/api/v1/things?page=3&pageSize=2']);
  });

  it('stops at the first empty page even if totalPages says more', async () => {
    server.script({ body: envelope(1, ['a'], 9) }, { body: envelope(2, [], 9) });
    const client = new VersoClient({ baseUrl: server.url });
    const pages = [];
    for await (const page of paginate(loader(client))) pages.push(page.page);
    expect(pages).to.deep.equal([1, 2]);
  });

  it('checks cancellation before each page: an aborted signal issues no request', async () => {
    const client = new VersoClient({ baseUrl: server.url });
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const error = await paginate(loader(client), { signal: controller.signal }).next().catch((e: unknown) => e);
    expect((error as Error).message).to.equal('stop');
    expect(server.requests).to.have.length(0);
  });

  it('tracks the ETag of a read and sends it as If-Match on the next write to the same URL', async () => {
    server.script({ headers: { etag: '"v1"' }, body: { title: 'a' } }, { body: {} }, { body: {} });
    const client = new VersoClient({ baseUrl: server.url });
    const read = await client.send({ method: 'GET', path: '/api/v1/items/1' });
    expect(read.etag).to.equal('"v1"');
    expect(client.etags.get(`${server.url}/api/v1/items/1?x=1`)).to.equal('"v1"');
    await client.send({ method: 'PUT', path: '/api/v1/items/1', json: {} }, { ifMatch: client.etags.get(`${server.url}/api/v1/items/1`) });
    expect(server.requests[1]!.headers['if-match']).to.equal('"v1"');
  });

  it('only the final response of a retried read is tracked', async () => {
    server.script({ status: 503, headers: { etag: '"stale"' } }, { headers: { etag: '"fresh"' }, body: {} });
    const client = new VersoClient({ baseUrl: server.url, retry: { baseDelayMs: 1 } });
    await client.send({ method: 'GET', path: '/api/v1/items/1' });
    expect(client.etags.get(`${server.url}/api/v1/items/1`)).to.equal('"fresh"');
  });

  it('writeWithETag refreshes once after 412 and re-applies the change to the fresh state', async () => {
    server.script(
      { headers: { etag: '"v1"' }, body: { count: 1 } },
      { status: 412, body: { type: 'https://verso.dev/errors/concurrency-mismatch', title: 'Stale', status: 412 } },
      { headers: { etag: '"v2"' }, body: { count: 5 } },
      { headers: { etag: '"v3"' }, body: { count: 6 } },
    );
    const client = new VersoClient({ baseUrl: server.url });
    const path = '/api/v1/items/1';
    const result = await writeWithETag({
      read: () => client.send<{ count: number }>({ method: 'GET', path }),
      write: (current, etag) => client.send<{ count: number }>({ method: 'PUT', path, json: { count: current.count + 1 } }, { ifMatch: etag }),
    });
    expect(result.data).to.deep.equal({ count: 6 });
    expect(server.requests.map((r) => [r.method, r.headers['if-match'] ?? null, r.body])).to.deep.equal([
      ['GET', null, ''],
      ['PUT', '"v1"', '{"count":2}'],
      ['GET', null, ''],
      ['PUT', '"v2"', '{"count":6}'],
    ]);
  });

  it('writeWithETag gives up after maxRefreshes and rethrows the 412; other errors are not retried', async () => {
    server.script({ headers: { etag: '"v1"' }, body: {} }, { status: 412 }, { headers: { etag: '"v2"' }, body: {} }, { status: 412 });
    const client = new VersoClient({ baseUrl: server.url });
    const path = '/api/v1/items/1';
    const read = () => client.send({ method: 'GET', path });
    const write = (_: unknown, etag: string) => client.send({ method: 'PUT', path, json: {} }, { ifMatch: etag });
    const error = (await writeWithETag({ read, write }).catch((e: unknown) => e)) as VersoApiError;
    expect(error.status).to.equal(412);
    expect(server.requests).to.have.length(4);

    server.script({ headers: { etag: '"v1"' }, body: {} }, { status: 422 });
    expect(((await writeWithETag({ read, write }).catch((e: unknown) => e)) as VersoApiError).status).to.equal(422);
    expect(server.requests).to.have.length(6);

    server.script({ body: {} });
    expect(await writeWithETag({ read, write }).catch((e: unknown) => e)).to.be.instanceOf(MissingETagError);
  });

  it('send refuses another origin before sending (the token cannot leak)', async () => {
    const client = new VersoClient({ baseUrl: server.url, token: 't' });
    const error = await client.send({ method: 'GET', path: 'https://evil.example.com/steal' }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TypeError);
    await client.send({ method: 'GET', path: `${server.url}/ok` });
    expect(server.requests.map((r) => r.url)).to.deep.equal(['/ok']);
  });
});
