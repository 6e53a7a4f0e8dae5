// The work-queue read (#25): listWorkspaceContentVersions sends its filters as query parameters to
// …/content/versions and answers typed rows (the version, its item's title, the rejection).
import { expect } from 'chai';
import { VersoClient, type components } from '../../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from '../support/fake-http-server.js';

const WS = '0190a2b4-0000-7000-8000-000000000001';

describe('SDK: listWorkspaceContentVersions', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(() => server.close());

  it('GETs …/content/versions with status, createdBy, rejected and pageSize, and reads the rows', async () => {
    const row = { contentItemId: 'i1', title: 'Harbour', itemSlug: 'harbour', templateName: 'Article', createdByUserId: 'u1', rejectedAt: '2026-11-27T10:00:00Z', rejectionReason: 'Too short', version: { versionNumber: 3, status: 'Draft' } };
    server.script({ body: { items: [row], totalCount: 1, page: 1, pageSize: 5, totalPages: 1 } });
    const client = new VersoClient({ baseUrl: server.url });
    const page = await client.listWorkspaceContentVersions({ path: { workspaceId: WS }, query: { status: 'Draft', createdBy: 'me', rejected: true, pageSize: 5 } });
    const first: components['schemas']['WorkspaceContentVersionResponse'] = page.items[0]!;
    expect(first.title).to.equal('Harbour');
    expect(first.rejectionReason).to.equal('Too short');
    expect(first.version.versionNumber).to.equal(3);
    const url = new URL(server.requests[0]!.url, 'http://x');
    expect(server.requests[0]!.method).to.equal('GET');
    expect(url.pathname).to.equal(`/api/v1/workspaces/${WS}/content/versions`);
    expect(Object.fromEntries(url.searchParams)).to.deep.equal({ status: 'Draft', createdBy: 'me', rejected: 'true', pageSize: '5' });
  });
});
