// The block `make run` and `make start` print once Verso answers (scripts/run-banner.mjs) names only
// what answers: in production the docs viewer is off and /swagger is 404, so the block leaves it out.
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
// @ts-expect-error -- a plain ES module of the run script, without types
import { docsUrlOf, readyBanner } from '../../scripts/run-banner.mjs';

const banner = readyBanner as (o: { adminUrl: string; apiUrl: string; docsUrl?: string; dataDirectory: string; embedded: boolean }) => string;
const docsUrl = docsUrlOf as (apiUrl: string) => Promise<string | undefined>;

describe('the ready block', () => {
  let served: TestApi;
  let off: TestApi;
  before(async () => {
    served = await startTestApi();
    // What production does by default (config.ts: Api__SwaggerEnabled defaults to off there).
    off = await startTestApi({ env: { Api__SwaggerEnabled: 'false' } });
  });
  after(async () => {
    await served?.close();
    await off?.close();
  });

  it('names the docs viewer where the API serves it, and it answers', async () => {
    const url = await docsUrl(served.url);
    expect(url).to.equal(`${served.url}/swagger`);
    expect((await fetch(url!)).status).to.equal(200);
    const block = banner({ adminUrl: 'http://localhost:5001', apiUrl: served.url, docsUrl: url, dataDirectory: '/data', embedded: true });
    expect(block).to.contain(`Swagger  ${served.url}/swagger`);
  });

  it('leaves the docs viewer out where /swagger is 404 (production), and names only what answers', async () => {
    expect((await fetch(`${off.url}/swagger`)).status).to.equal(404);
    const url = await docsUrl(off.url);
    expect(url).to.equal(undefined);
    const block = banner({ adminUrl: 'http://localhost:5001', apiUrl: off.url, docsUrl: url, dataDirectory: '/data', embedded: true });
    expect(block).to.not.match(/swagger/i);
    expect(block).to.contain(`API      ${off.url}`);
    expect(block).to.contain('Admin    http://localhost:5001');
  });

  it('is read from the API, so an API that does not answer is not advertised either', async () => {
    expect(await docsUrl('http://127.0.0.1:9')).to.equal(undefined);
  });
});
