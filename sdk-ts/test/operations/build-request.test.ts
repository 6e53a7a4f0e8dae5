// How an operation's spec and the caller's input become a request (path, query, headers, body,
// If-Match), and which mistakes are refused before anything is sent.
import { expect } from 'chai';
import { buildOperationRequest, type BuildContext } from '../../src/operations/build-request.js';
import type { OperationSpec } from '../../src/operations/operation-spec.js';

const WS = '0190f3a1-7c2b-7d4e-9a10-1234567890ab';
const ID = 'c3d4e5f6-0000-4000-8000-000000000001';

const listSpec: OperationSpec = {
  method: 'GET',
  path: '/api/v1/workspaces/{workspaceId}/content',
  pathParams: ['workspaceId'],
  uuidPathParams: ['workspaceId'],
  queryParams: ['page', 'pageSize', 'tags', 'publishedAfter'],
  headerParams: [],
  body: null,
  accept: ['application/json'],
  paged: { maxPageSize: 100 },
  ifMatch: false,
  anonymous: false,
};

const updateSpec: OperationSpec = {
  method: 'PUT',
  path: '/api/v1/workspaces/{workspaceId}/content/{id}',
  pathParams: ['workspaceId', 'id'],
  uuidPathParams: ['workspaceId', 'id'],
  queryParams: [],
  headerParams: ['If-Match'],
  body: { required: true, mediaTypes: ['application/json'] },
  accept: ['application/json'],
  paged: null,
  ifMatch: true,
  anonymous: false,
};

const context = (over: Partial<BuildContext> = {}): BuildContext => ({
  baseUrl: 'https://cms.example.com/prefix',
  ifMatch: undefined,
  extraHeaders: undefined,
  trackedETag: () => undefined,
  ...over,
});

describe('SDK request building', () => {
  it('expands path parameters and serialises query values (arrays exploded, dates as ISO)', () => {
    const request = buildOperationRequest('listContentItems', listSpec, { path: { workspaceId: WS }, query: { page: 2, pageSize: 50, tags: ['a b', 'c'], publishedAfter: new Date('2026-01-02T03:04:05Z'), skipped: undefined } }, context());
    expect(request.url).to.equal(`https://cms.example.com/prefix/api/v1/workspaces/${WS}/content?page=2&pageSize=50&tags=a+b&tags=c&publishedAfter=2026-01-02T03%3A04%3A05.000Z`);
    expect(request.method).to.equal('GET');
    expect(request.replayable).to.equal(true);
    expect(request.accept).to.equal('application/json, application/problem+json');
  });

  it('refuses a workspace slug (not a GUID) before sending, and accepts any GUID version', () => {
    expect(() => buildOperationRequest('listContentItems', listSpec, { path: { workspaceId: 'my-site' } }, context())).to.throw(TypeError, /must be a GUID/);
    expect(() => buildOperationRequest('listContentItems', listSpec, { path: { workspaceId: WS.toUpperCase() } }, context())).not.to.throw();
  });

  it('refuses page < 1 and pageSize outside 1..max before sending', () => {
    const build = (query: Record<string, unknown>) => () => buildOperationRequest('listContentItems', listSpec, { path: { workspaceId: WS }, query }, context());
    expect(build({ page: 0 })).to.throw(RangeError);
    expect(build({ pageSize: 0 })).to.throw(RangeError);
    expect(build({ pageSize: 101 })).to.throw(RangeError);
    expect(build({ page: 1, pageSize: 100 })).not.to.throw();
  });

  it('encodes path values and refuses a missing one', () => {
    const spec: OperationSpec = { ...listSpec, path: '/content/by-slug/{slug}', pathParams: ['slug'], uuidPathParams: [], paged: null };
    expect(buildOperationRequest('x', spec, { path: { slug: 'a/b c' } }, context()).url).to.equal('https://cms.example.com/prefix/content/by-slug/a%2Fb%20c');
    expect(() => buildOperationRequest('x', spec, { path: {} }, context())).to.throw(TypeError, /slug is required/);
  });

  it('sends a JSON body, requires a required one, and never replays the write', () => {
    const request = buildOperationRequest('updateContentItem', updateSpec, { path: { workspaceId: WS, id: ID }, body: { slug: 'home' } }, context());
    expect(request.body).to.equal('{"slug":"home"}');
    expect(request.headers['Content-Type']).to.equal('application/json');
    expect(request.replayable).to.equal(false);
    expect(() => buildOperationRequest('updateContentItem', updateSpec, { path: { workspaceId: WS, id: ID } }, context())).to.throw(TypeError, /body is required/);
  });

  it('If-Match: explicit option > header parameter > tracked ETag of the same URL; reads never send it', () => {
    const input = { path: { workspaceId: WS, id: ID }, body: {} };
    const tracked = context({ trackedETag: (url) => (url.endsWith(ID) ? '"tracked"' : undefined) });
    expect(buildOperationRequest('u', updateSpec, input, tracked).headers['If-Match']).to.equal('"tracked"');
    expect(buildOperationRequest('u', updateSpec, { ...input, header: { 'If-Match': '"param"' } }, tracked).headers['If-Match']).to.equal('"param"');
    expect(buildOperationRequest('u', updateSpec, { ...input, header: { 'If-Match': '"param"' } }, { ...tracked, ifMatch: '"option"' }).headers['If-Match']).to.equal('"option"');
    const read = buildOperationRequest('l', listSpec, { path: { workspaceId: WS } }, context({ ifMatch: '"x"', trackedETag: () => '"t"' }));
    expect(read.headers).not.to.have.property('If-Match');
  });

  it('builds multipart uploads from fields (never replayed) and passes FormData through', () => {
    const spec: OperationSpec = { ...updateSpec, method: 'POST', path: '/media', pathParams: [], uuidPathParams: [], body: { required: true, mediaTypes: ['multipart/form-data'] }, ifMatch: false };
    const request = buildOperationRequest('uploadMedia', spec, { body: { file: new Blob(['x']), altText: 'a cat' } }, context());
    expect(request.body).to.be.instanceOf(FormData);
    expect((request.body as FormData).get('altText')).to.equal('a cat');
    expect(request.headers).not.to.have.property('Content-Type');
    expect(request.replayable).to.equal(false);
  });
});
