import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createAdminApp } from '../src/app.js';
import { loadAdminConfig } from '../src/config.js';
import { startTestApi, type TestApi } from '../../test/helpers/api.js';

async function listen(app: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe('admin app', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  it('reads its port and API address from the environment, rejecting bad values', () => {
    expect(loadAdminConfig({})).to.deep.equal({ port: 5001, host: '127.0.0.1', apiBaseUrl: 'http://127.0.0.1:5000' });
    expect(loadAdminConfig({ Api__Port: '6000' }).apiBaseUrl).to.equal('http://127.0.0.1:6000');
    expect(loadAdminConfig({ Admin__ApiBaseUrl: 'https://api.example.test/' }).apiBaseUrl).to.equal('https://api.example.test');
    expect(() => loadAdminConfig({ Admin__Port: 'x' })).to.throw(/Admin__Port must be a port number/);
    expect(() => loadAdminConfig({ Admin__ApiBaseUrl: 'not a url' })).to.throw(/Admin__ApiBaseUrl must be a URL/);
  });

  it('shows the API readiness and version on its home page, with safe headers', async () => {
    const admin = await listen(createAdminApp({ port: 0, host: '127.0.0.1', apiBaseUrl: api.url }));
    try {
      const res = await fetch(admin.url + '/');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-security-policy')).to.include("default-src 'self'");
      expect(res.headers.get('x-powered-by')).to.equal(null);
      expect(await res.text()).to.include('Healthy (API 0.0.0-test)');
    } finally {
      await admin.close();
    }
  });

  it('says the API is unreachable instead of failing when it is down', async () => {
    const admin = await listen(createAdminApp({ port: 0, host: '127.0.0.1', apiBaseUrl: 'http://127.0.0.1:9' }));
    try {
      const res = await fetch(admin.url + '/');
      expect(res.status).to.equal(200);
      expect(await res.text()).to.include('unreachable');
    } finally {
      await admin.close();
    }
  });
});
