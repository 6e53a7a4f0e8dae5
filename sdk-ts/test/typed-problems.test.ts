// The two 422s whose body lists what failed become typed errors: an atomic bulkContentAction's
// `results` (VersoBulkActionError) and publishRelease's `problems` (VersoReleaseProblemsError);
// the same members on another operation, or another status, stay a plain VersoApiError.
import { expect } from 'chai';
import { VersoApiError, VersoBulkActionError, VersoClient, VersoReleaseProblemsError } from '../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from './support/fake-http-server.js';

const workspaceId = '01900000-0000-7000-8000-000000000001';
const itemId = '01900000-0000-7000-8000-000000000002';
const releaseId = '01900000-0000-7000-8000-000000000003';
const failed = {
  id: itemId,
  versionNumber: null,
  status: 'failed',
  problem: { type: 'https://verso.dev/errors/invalid-state-transition', title: 'Invalid state transition', status: 422, detail: 'Version 1 is a Draft.' },
};
const problem = { itemId, versionNumber: 2, reason: 'NotApproved', message: 'Version 2 is not Approved.', referencedItemId: null };

describe('SDK errors: typed 422s of bulk actions and releases', () => {
  let server: FakeHttpServer;
  let client: VersoClient;
  beforeEach(async () => {
    server = await startFakeHttpServer();
    client = new VersoClient({ baseUrl: server.url, token: 'verso_id_secret' });
  });
  afterEach(async () => {
    await server.close();
  });

  const validationFailed = (extra: Record<string, unknown>) => ({
    status: 422,
    body: { type: 'https://verso.dev/errors/validation-failed', title: 'Validation failed', status: 422, detail: 'Nothing was changed.', ...extra },
  });

  it('an atomic bulk action\'s 422 is a VersoBulkActionError with the failing items typed', async () => {
    server.script(validationFailed({ results: [failed] }));
    const error = await client.bulkContentAction({ path: { workspaceId }, body: { action: 'approve', atomic: true, items: [{ id: itemId }] } }).catch((e: unknown) => e);

    expect(error).to.be.instanceOf(VersoBulkActionError).and.instanceOf(VersoApiError);
    const bulk = error as VersoBulkActionError;
    expect(bulk.name).to.equal('VersoBulkActionError');
    expect(bulk.message).to.equal('Nothing was changed.');
    expect(bulk.status).to.equal(422);
    expect(bulk.results).to.deep.equal([failed]);
    expect(bulk.problem.extensions.results).to.deep.equal([failed]);
    expect(JSON.parse(server.requests[0]!.body)).to.deep.equal({ action: 'approve', atomic: true, items: [{ id: itemId }] });
  });

  it('publishRelease\'s 422 is a VersoReleaseProblemsError with the problems typed, also through call()', async () => {
    server.script(validationFailed({ problems: [problem] }), validationFailed({ problems: [problem] }));
    const error = (await client.publishRelease({ path: { workspaceId, id: releaseId } }).catch((e: unknown) => e)) as VersoReleaseProblemsError;
    expect(error).to.be.instanceOf(VersoReleaseProblemsError).and.instanceOf(VersoApiError);
    expect(error.name).to.equal('VersoReleaseProblemsError');
    expect(error.problems).to.deep.equal([problem]);
    expect(server.requests[0]!.url).to.equal(`/api/v1/workspaces/${workspaceId}/releases/${releaseId}/publish`);

    const viaCall = await client.call('publishRelease', { path: { workspaceId, id: releaseId } }).catch((e: unknown) => e);
    expect(viaCall).to.be.instanceOf(VersoReleaseProblemsError);
  });

  it('the same members on another operation or status, or a 422 without them, stay a plain VersoApiError', async () => {
    server.script(
      validationFailed({ results: [failed] }),
      { status: 409, body: { type: 'https://verso.dev/errors/conflict', title: 'Conflict', status: 409, problems: [problem] } },
      validationFailed({}),
    );
    const other = await client.validateRelease({ path: { workspaceId, id: releaseId } }).catch((e: unknown) => e);
    const conflict = await client.publishRelease({ path: { workspaceId, id: releaseId } }).catch((e: unknown) => e);
    const bare = await client.bulkContentAction({ path: { workspaceId }, body: { action: 'submit', items: [{ id: itemId }] } }).catch((e: unknown) => e);
    for (const error of [other, conflict, bare]) {
      expect(error).to.be.instanceOf(VersoApiError).and.not.instanceOf(VersoBulkActionError).and.not.instanceOf(VersoReleaseProblemsError);
      expect((error as VersoApiError).name).to.equal('VersoApiError');
    }
  });
});
