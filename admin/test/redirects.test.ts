// returnUrl is kept only when it is a local path: no scheme, no //, no backslash tricks, and none of
// their encoded variants. Checked on the function and end to end through session-expired and login.
import { expect } from 'chai';
import { safeReturnUrl } from '../src/auth/session.js';
import { HttpSession } from './helpers/http.js';
import { startAdminStack, type AdminStack } from './helpers/stack.js';

const UNSAFE = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example',
  '//evil.example/path',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '\\/evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  '%2F%2Fevil.example',
  '/%2Fevil.example',
  '/%2F%2Fevil.example',
  '%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5cevil.example',
  '%5C%5Cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%252F%252Fevil.example',
  '/%25252F/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  '/javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  '.evil.example',
  '@evil.example',
  '/ /evil.example',
  '/\u3000/evil.example',
  '/%E3%80%80/evil.example',
  '',
  'https:evil.example',
  'http:/evil.example',
];

const SAFE = ['/', '/account', '/account?tab=1', '/workspaces/0b7c3a1e-0000-4000-8000-000000000000/edit', '/users?q=a%20b', '/audit?page=2#top'];

describe('returnUrl open-redirect guard', () => {
  it('keeps local paths', () => {
    for (const url of SAFE) expect(safeReturnUrl(url), url).to.equal(url);
  });

  it('drops every open-redirect payload', () => {
    for (const url of UNSAFE) expect(safeReturnUrl(url), JSON.stringify(url)).to.equal(undefined);
    expect(safeReturnUrl(undefined)).to.equal(undefined);
    expect(safeReturnUrl(['/a', '/b'])).to.equal(undefined);
    expect(safeReturnUrl('/' + 'a'.repeat(3000))).to.equal(undefined);
  });

  describe('end to end', () => {
    let stack: AdminStack;
    before(async () => {
      stack = await startAdminStack();
    });
    after(() => stack?.close());

    it('session-expired keeps only a safe returnUrl, and clears no cookie (a link from anywhere must not sign anyone out)', async () => {
      const http = new HttpSession(stack.adminUrl);
      await http.signIn(stack.adminEmail, stack.adminPassword);
      const res = await http.request('GET', '/admin-auth/session-expired?returnUrl=' + encodeURIComponent('/account?tab=1'), undefined, { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' });
      expect(res.status).to.equal(303);
      expect(res.location).to.equal('/login?error=session-expired&returnUrl=%2Faccount%3Ftab%3D1');
      expect(res.headers.getSetCookie().filter((c) => c.startsWith('verso.admin.auth=') && /Max-Age=0/.test(c))).to.deep.equal([]);
      expect(http.cookies.has('verso.admin.auth')).to.equal(true);
      // Still signed in: /login sends the live session on to the page, and the page opens.
      const login = await http.get(res.location!);
      expect(login.status).to.equal(303);
      expect(login.location).to.equal('/account?tab=1');
      expect((await http.get('/account')).status).to.equal(200);
      for (const payload of UNSAFE) {
        const r = await http.get('/admin-auth/session-expired?returnUrl=' + encodeURIComponent(payload));
        expect(r.location, JSON.stringify(payload)).to.equal('/login?error=session-expired');
      }
    });

    it('the login page drops an unsafe returnUrl, and sign-in never redirects off-site', async () => {
      for (const payload of UNSAFE) {
        const http = new HttpSession(stack.adminUrl);
        const page = await http.get('/login?returnUrl=' + encodeURIComponent(payload));
        expect(page.text, JSON.stringify(payload)).to.include('name="returnUrl" value=""');
      }
      for (const payload of ['//evil.example', 'https://evil.example', '/%5Cevil.example']) {
        const http = new HttpSession(stack.adminUrl);
        const login = await http.post('/admin-auth/login', { email: stack.adminEmail, password: stack.adminPassword, returnUrl: payload }, '/login');
        expect(login.status).to.equal(303);
        expect(login.location, payload).to.equal('/');
      }
      const http = new HttpSession(stack.adminUrl);
      const ok = await http.post('/admin-auth/login', { email: stack.adminEmail, password: stack.adminPassword, returnUrl: '/about' }, '/login');
      expect(ok.location).to.equal('/about');
    });
  });
});
