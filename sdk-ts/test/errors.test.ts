// Non-success responses become VersoApiError with the problem details, traceId and correlation id.
import { expect } from 'chai';
import { VersoApiError, VersoClient } from '../src/index.js';
import { startFakeHttpServer, type FakeHttpServer } from './support/fake-http-server.js';

describe('SDK errors', () => {
  let server: FakeHttpServer;
  beforeEach(async () => {
    server = await startFakeHttpServer();
  });
  afterEach(async () => {
    await server.close();
  });

  const failure = async (client: VersoClient) => (await client.getHealthLive().catch((e: unknown) => e)) as VersoApiError;

  it('parses ProblemDetails (members, errors and extensions) into VersoApiError', async () => {
    const problem = {
      type: 'https://verso.dev/errors/validation-failed',
      title: 'Validation failed',
      status: 422,
      detail: 'Field title requires at least 1 value.',
      instance: '/api/v1/workspaces/x/content',
      traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      correlationId: 'corr-from-body',
      errors: { '/fields/0': ['requires at least 1 value'] },
      fieldKey: 'title',
    };
    server.script({ status: 422, headers: { 'x-correlation-id': 'corr-from-header' }, body: problem });
    const error = await failure(new VersoClient({ baseUrl: server.url, token: 'verso_id_secret' }));

    expect(error).to.be.instanceOf(VersoApiError).and.instanceOf(Error);
    expect(error.name).to.equal('VersoApiError');
    expect(error.status).to.equal(422);
    expect(error.message).to.equal(problem.detail);
    expect(error.traceId).to.equal(problem.traceId);
    expect(error.correlationId).to.equal('corr-from-header');
    expect(error.operationId).to.equal('getHealthLive');
    expect(error.problem).to.deep.equal({
      type: problem.type,
      title: problem.title,
      status: 422,
      detail: problem.detail,
      instance: problem.instance,
      traceId: problem.traceId,
      correlationId: 'corr-from-body',
      errors: problem.errors,
      extensions: { fieldKey: 'title' },
    });
    expect(error.message + error.stack).not.to.contain('secret');
    expect(error.fieldErrors).to.deep.equal({ '/fields/0': ['requires at least 1 value'] });
    expect(error.messagesFor('/fields/0')).to.deep.equal(['requires at least 1 value']);
    expect(error.messagesFor('/slug')).to.deep.equal([]);
    expect(error.messagesFor('constructor'), 'only the problem\'s own keys').to.deep.equal([]);
  });

  it('has no field errors when the problem lists none', async () => {
    server.script({ status: 409, body: { type: 'https://verso.dev/errors/conflict', title: 'Conflict', status: 409 } });
    const error = await failure(new VersoClient({ baseUrl: server.url }));
    expect(error.fieldErrors).to.deep.equal({});
    expect(error.messagesFor('/')).to.deep.equal([]);
  });

  it('uses the title when there is no detail, and the sent correlation id when the response has none', async () => {
    server.script({ status: 404, body: { type: 'https://verso.dev/errors/not-found', title: 'Not found', status: 404, detail: null } });
    const error = await failure(new VersoClient({ baseUrl: server.url }));
    expect(error.message).to.equal('Not found');
    expect(error.problem.detail).to.equal(null);
    expect(error.correlationId).to.equal(server.requests[0]!.headers['x-correlation-id']);
  });

  it('a non-JSON body still gives VersoApiError with the status and reason phrase', async () => {
    server.script({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html>Bad gateway</html>' });
    const error = await failure(new VersoClient({ baseUrl: server.url, retry: false }));
    expect(error.status).to.equal(502);
    expect(error.problem).to.deep.equal({ title: 'Bad Gateway', status: 502, extensions: {} });
    expect(error.message).to.equal('Bad Gateway');
  });

  it('an empty or non-object JSON body still gives VersoApiError', async () => {
    server.script({ status: 403 }, { status: 409, headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    const client = new VersoClient({ baseUrl: server.url });
    const empty = await failure(client);
    expect(empty.problem).to.deep.equal({ title: 'Forbidden', status: 403, extensions: {} });
    const array = await failure(client);
    expect(array.status).to.equal(409);
    expect(array.problem.title).to.equal('Conflict');
  });

  it('a 204 or Content-Length: 0 success yields undefined without parsing', async () => {
    server.script({ status: 204 }, { status: 200, headers: { 'content-type': 'application/json', 'content-length': '0' } });
    const client = new VersoClient({ baseUrl: server.url });
    expect(await client.getHealthLive()).to.equal(undefined);
    expect(await client.getHealthLive()).to.equal(undefined);
  });

  it('reads text-like bodies as strings and other media types as a Blob', async () => {
    server.script(
      { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<h1>ok</h1>' },
      { status: 200, headers: { 'content-type': 'image/png' }, body: 'PNGDATA' },
    );
    const client = new VersoClient({ baseUrl: server.url });
    expect(await client.getHealthDashboard()).to.equal('<h1>ok</h1>');
    const png = await client.getApiDocsAsset({ path: { asset: 'logo.png' } });
    expect(png).to.be.instanceOf(Blob);
    expect(await (png as Blob).text()).to.equal('PNGDATA');
    expect(server.requests[1]!.url).to.equal('/swagger/assets/logo.png');
  });
});
