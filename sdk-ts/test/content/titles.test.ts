// Titles (#25) surface in the SDK's generated types: list rows and the item detail carry `title`, a
// template version its `titleFieldKey`, and setTemplateTitleField PUTs the choice with If-Match.
import { expect } from 'chai';
import { VersoClient, type components } from '../../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const WS = '0190a2b4-0000-7000-8000-000000000001';
const TEMPLATE = '0190a2b4-0000-7000-8000-000000000002';

describe('SDK: content titles', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(() => server.close());

  it('list rows carry title (typed string | null)', async () => {
    server.script({ body: { items: [{ id: 'a', title: 'Morning at the harbour' }, { id: 'b', title: null }], totalCount: 2, page: 1, pageSize: 20, totalPages: 1 } });
    const client = new VersoClient({ baseUrl: server.url });
    const page = await client.listContent({ path: { workspaceId: WS } });
    const titles: (string | null)[] = page.items.map((i: components['schemas']['ContentItemSummaryResponse']) => i.title);
    expect(titles).to.deep.equal(['Morning at the harbour', null]);
  });

  it('setTemplateTitleField sends the key to …/title-field with If-Match and answers the version with its titleFieldKey', async () => {
    server.script({ headers: { etag: '"v2"' }, body: { titleFieldKey: 'headline' } });
    const client = new VersoClient({ baseUrl: server.url });
    const version = await client.setTemplateTitleField(
      { path: { workspaceId: WS, id: TEMPLATE, versionNumber: 1 }, body: { titleFieldKey: 'headline' } },
      { ifMatch: '"v1"' },
    );
    const key: string | null = version.titleFieldKey;
    expect(key).to.equal('headline');
    expect(server.requests[0]).to.include({ method: 'PUT', url: `/api/v1/workspaces/${WS}/templates/${TEMPLATE}/versions/1/title-field` });
    expect(server.requests[0]!.headers['if-match']).to.equal('"v1"');
    expect(JSON.parse(server.requests[0]!.body)).to.deep.equal({ titleFieldKey: 'headline' });
  });
});
