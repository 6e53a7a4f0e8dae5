// Security headers on every API response (issue #17), HSTS in production only, and the Swagger
// viewer's CSP proven in Chromium: the page renders the contract with no CSP violation.
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { API_CSP, DOCS_CSP, HSTS } from '../../server/src/http/security-headers.js';
import { launchBrowser } from '../../admin/test/helpers/browser.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { productionKeyring } from '../helpers/production-env.js';

function expectBaseline(headers: Headers, what: string): void {
  expect(headers.get('x-content-type-options'), what).to.equal('nosniff');
  expect(headers.get('referrer-policy'), what).to.equal('no-referrer');
  expect(headers.get('x-frame-options'), what).to.equal('DENY');
  expect(headers.get('content-security-policy'), what).to.match(/frame-ancestors 'none'/);
}

describe('Security headers', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  it('are on every kind of answer: success, problem, 404, 405, health', async () => {
    const answers = [
      await api.get('/health/live'),
      await api.get('/api/v1/auth/me'),
      await api.get('/api/v1/no-such-route'),
      await api.post('/api/v1/auth/login', { email: 'nobody@example.com', password: 'wrong-Password-1' }),
      await api.request('PATCH', '/health/live', { unchecked: true }),
      await api.get('/openapi.json'),
    ];
    expect(answers.map((a) => a.status)).to.deep.equal([200, 401, 404, 401, 405, 200]);
    for (const [i, a] of answers.entries()) {
      expectBaseline(a.headers, `answer ${i}`);
      expect(a.headers.get('content-security-policy'), `answer ${i}`).to.equal(API_CSP);
      expect(a.headers.get('strict-transport-security'), `answer ${i}`).to.equal(null);
    }
  });

  it('give the Swagger viewer and its assets their own CSP', async () => {
    for (const path of ['/swagger', '/swagger/assets/swagger-ui-bundle.js']) {
      const res = await api.get(path);
      expect(res.status).to.equal(200);
      expectBaseline(res.headers, path);
      expect(res.headers.get('content-security-policy'), path).to.equal(DOCS_CSP);
    }
    expect(DOCS_CSP).not.to.match(/script-src[^;]*(unsafe|\*|http)/);
  });

  it('add HSTS in production only', async () => {
    const prod = await startTestApi({ env: { NODE_ENV: 'production', Seed__Admin__Password: 'a-Strong-production-passw0rd', ...productionKeyring() } });
    try {
      const res = await prod.get('/health/live');
      expectBaseline(res.headers, 'production');
      expect(res.headers.get('strict-transport-security')).to.equal(HSTS);
    } finally {
      await prod.close();
    }
  });

  describe('the Swagger viewer in Chromium', function () {
    this.timeout(60_000);
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(() => browser?.close());

    it('renders the contract with no CSP violation', async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
      // Registered before any page script: every violation the policy raises is reported here.
      await page.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
        window.reportCspViolation(e.violatedDirective + ' ' + e.blockedURI);
      });`);
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      const res = await page.goto(`${api.url}/swagger`);
      expect(res?.headers()['content-security-policy']).to.equal(DOCS_CSP);
      // The page opens as the list of the contract's tags (each opened on demand).
      await page.waitForFunction("document.querySelectorAll('.opblock-tag').length > 10", undefined, { timeout: 30_000 });
      expect(await page.locator('.info .title').textContent()).to.match(/Verso/);
      // Opening a tag lists its operations; opening one renders its schemas (more styles and icons).
      await page.locator('.opblock-tag[data-tag="Content"]').click();
      const content = page.locator('.opblock-tag-section:has(.opblock-tag[data-tag="Content"]) .opblock');
      await page.waitForFunction("document.querySelectorAll('.opblock-tag-section .opblock-get').length > 10", undefined, { timeout: 30_000 });
      await content.locator('.opblock-summary').first().click();
      await content.locator('.opblock-body').first().waitFor();
      expect(violations).to.deep.equal([]);
      await context.close();
    });
  });
});
