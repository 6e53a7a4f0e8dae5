import fs from 'node:fs';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { productionKeyring } from '../helpers/production-env.js';
import { CONTRACT_PATH } from '../../server/src/contract.js';

describe('API documentation', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  it('GET /openapi.json serves the bundled contract', async () => {
    const res = await api.get('/openapi.json');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal(JSON.parse(fs.readFileSync(CONTRACT_PATH, 'utf8')));
    expect(res.body.openapi).to.match(/^3\.1\./);
  });

  it('GET /swagger serves the viewer and its assets', async () => {
    const page = await api.get('/swagger');
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.headers.get('referrer-policy')).to.equal('no-referrer');
    const assets = [...page.text.matchAll(/(?:src|href)="(\/swagger\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).to.have.length.greaterThan(3);
    for (const asset of assets) {
      const res = await api.get(asset);
      expect(res.status, asset).to.equal(200);
      expect(res.text.length, asset).to.be.greaterThan(20);
    }
    expect((await api.get('/swagger/assets/verso-docs.js')).text).to.include("url: '/openapi.json'");
  });

  it('serves only the listed viewer files', async () => {
    expect((await api.get('/swagger/assets/package.json')).status).to.equal(404);
    expect((await api.get('/swagger/assets/index.html')).status).to.equal(404);
  });

  it('is off in production unless Api__SwaggerEnabled is set', async () => {
    // Production refuses to invent a seed admin password, so the test provides one.
    const production = { NODE_ENV: 'production', Seed__Admin__Password: 'a-Strong-production-passw0rd', ...productionKeyring() };
    const prod = await startTestApi({ env: production });
    try {
      expect((await prod.get('/swagger')).status).to.equal(404);
      expect((await prod.get('/openapi.json')).status).to.equal(404);
      expect((await prod.get('/swagger/assets/swagger-ui.css')).status).to.equal(404);
    } finally {
      await prod.close();
    }
    const enabled = await startTestApi({ env: { ...production, Api__SwaggerEnabled: 'true' } });
    try {
      expect((await enabled.get('/swagger')).status).to.equal(200);
    } finally {
      await enabled.close();
    }
  });
});
