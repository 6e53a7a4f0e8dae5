// The Webhooks screens in a real browser against the real API, whose delivery worker sends over real
// TLS to an HTTPS receiver on loopback (a test CA; the egress client with a test resolver and an
// address policy that allows loopback — test-only dependencies of the API). An Editor registers an
// endpoint and sees its secret once, content is published and the delivery shows as delivered; the
// receiver verifies the signature with the secret the page showed. Also: the API's 422s at their
// inputs, stale edits and deletes (412), rotation, a failing receiver (failed → dead letter → retried
// → delivered, and the 409 of a retry that came too late), and read-only access.
import crypto from 'node:crypto';
import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { createTestCa } from '../../test/helpers/test-ca.js';
import { startHttpsReceiver, type HttpsReceiver, type ReceivedRequest } from '../../test/helpers/https-receiver.js';
import { within } from '../../test/helpers/wait.js';
import { loopbackSender } from '../../test/webhooks/webhook-fixture.js';
import { expectAccessible } from './helpers/axe.js';
import { launchBrowser, newPage, signIn } from './helpers/browser.js';
import { HttpSession } from './helpers/http.js';
import { screenshot } from './helpers/screenshot.js';
import { startAdminStack, type AdminStack, type StackUser } from './helpers/stack.js';

const HOST = 'hooks.example.test';

/** X-Verso-Signature as a receiver checks it: HMAC-SHA256 of the raw bytes, key = the secret's UTF-8 bytes. */
function signedWith(r: ReceivedRequest, secret: string): boolean {
  const expected = Buffer.from(`sha256=${crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(r.body).digest('hex')}`);
  const got = Buffer.from(String(r.headers['x-verso-signature']));
  return got.length === expected.length && crypto.timingSafeEqual(got, expected);
}

describe('admin: webhooks (browser, HTTPS receiver)', function () {
  this.timeout(120_000);
  let stack: AdminStack;
  let browser: Browser;
  let receiver: HttpsReceiver;
  /** Receiver paths that answer 500 while listed. */
  const failing = new Set<string>();

  before(async () => {
    const ca = await createTestCa();
    receiver = await startHttpsReceiver({ certificate: await ca.issue({ dns: [HOST] }) });
    receiver.answer((r) => ({ status: failing.has(r.path) ? 500 : 200 }));
    // Two attempts make a dead letter, so one test walks failed → dead letter → delivered.
    [stack, browser] = await Promise.all([
      startAdminStack({ apiEnv: { Webhook__MaxAttempts: '2' }, apiOverrides: { webhookSender: loopbackSender(ca.cert, { [HOST]: ['127.0.0.1'] }) } }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    await receiver?.close();
  });

  const hookUrl = (path: string) => `https://${HOST}:${receiver.port}${path}`;
  const apiBase = (wsId: string) => `/api/v1/workspaces/${wsId}`;
  const screens = (wsId: string) => `${stack.adminUrl}/workspaces/${wsId}/webhooks`;

  async function signedIn(user: { email: string; password: string }): Promise<{ page: Page; close: () => Promise<void> }> {
    const { context, page } = await newPage(browser);
    await signIn(page, stack.adminUrl, user.email, user.password);
    return { page, close: () => context.close() };
  }

  /** A workspace and an Editor with Write on it. */
  async function workspaceWithEditor(): Promise<{ ws: { id: string; slug: string }; editor: StackUser }> {
    const ws = await stack.createWorkspace();
    return { ws, editor: await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Write' } }) };
  }

  async function registerThroughApi(wsId: string, token: string, path: string, events: string[]): Promise<{ endpoint: { id: string; name: string }; secret: string }> {
    const res = await stack.api.post(`${apiBase(wsId)}/webhooks`, { name: `Receiver ${path}`, url: hookUrl(path), events }, { token });
    expect(res.status, res.text).to.equal(201);
    return res.body;
  }

  const deliveriesOf = async (wsId: string, endpointId: string) => (await stack.api.get(`${apiBase(wsId)}/webhooks/${endpointId}/deliveries?pageSize=100`, { token: stack.adminToken })).body.items as Record<string, any>[];

  /** Reloads until `selector` is on the page (bounded): the delivery worker runs on its own. */
  async function reloadUntil(page: Page, selector: string, limitMs = 15_000): Promise<void> {
    const started = Date.now();
    while ((await page.locator(selector).count()) === 0) {
      if (Date.now() - started > limitMs) throw new Error(`${selector} did not appear within ${limitMs} ms`);
      await page.reload();
    }
  }

  it('an Editor creates an endpoint, sees its secret once; published content shows as delivered and the receiver verifies it with that secret', async () => {
    const { ws, editor } = await workspaceWithEditor();
    const { page, close } = await signedIn(editor);
    try {
      // The Webhooks link appears for an Editor once the workspace is selected.
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content`);
      await Promise.all([page.waitForURL(`${screens(ws.id)}`), page.locator('nav.main-nav [data-nav="webhooks"]').click()]);
      expect(await page.locator('[data-nav="webhooks"]').getAttribute('aria-current')).to.equal('page');
      expect(await page.locator('.empty').textContent()).to.include('No webhook endpoints yet');
      await expectAccessible(page, 'webhooks (empty)');

      await Promise.all([page.waitForURL(`${screens(ws.id)}/new`), page.getByRole('link', { name: 'New endpoint' }).click()]);
      await expectAccessible(page, 'new endpoint');
      await page.getByLabel('Name').fill('Marketing site');
      await page.getByLabel('URL').fill(hookUrl('/verso/events'));
      await page.getByLabel('content.version_published').check();
      await page.getByLabel('content.created').check();
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/webhooks/new')),
        page.getByRole('button', { name: 'Create endpoint' }).click(),
      ]);
      await page.waitForLoadState('load');
      expect(answer.status()).to.equal(200);
      expect(answer.headers()['cache-control']).to.equal('no-store');
      expect(answer.headers()['pragma']).to.equal('no-cache');
      expect(await page.locator('h1').textContent()).to.equal('Webhook endpoint created');
      expect(await page.locator('.secret-once .warning').textContent()).to.include('shown only once');
      const secret = await page.getByLabel('Signing secret for Marketing site').inputValue();
      expect(secret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(await page.getByRole('button', { name: /^Copy/ }).isVisible()).to.equal(true);
      await expectAccessible(page, 'secret shown once');

      // Created with what was typed; the secret is on no other page.
      const [endpoint] = (await stack.api.get(`${apiBase(ws.id)}/webhooks`, { token: editor.token })).body.items;
      expect(endpoint).to.include({ name: 'Marketing site', url: hookUrl('/verso/events'), isActive: true });
      expect(endpoint.events).to.have.members(['content.created', 'content.version_published']);
      await Promise.all([page.waitForURL(screens(ws.id)), page.getByRole('link', { name: 'Back to webhooks' }).click()]);
      expect(await page.locator('tr[data-endpoint="Marketing site"] .wh-url').textContent()).to.equal(hookUrl('/verso/events'));
      expect(await page.content()).to.not.include(secret);
      await screenshot(page, 'webhooks');
      await page.goto(`${screens(ws.id)}/${endpoint.id}`);
      expect(await page.content()).to.not.include(secret);
      await expectAccessible(page, 'endpoint (edit form)');

      // Content is published through the API; the delivery worker sends it to the receiver.
      await stack.seedContent(ws.id, { drafts: 1 });
      const [item] = (await stack.api.get(`${apiBase(ws.id)}/content?pageSize=1`, { token: stack.adminToken })).body.items;
      const published = await stack.api.post(`${apiBase(ws.id)}/content/${item.id}/versions/1/publish`, { overrideWorkflow: true }, { token: stack.adminToken });
      expect(published.status, published.text).to.equal(200);

      await page.goto(`${screens(ws.id)}/${endpoint.id}/deliveries?status=delivered`);
      await reloadUntil(page, 'li[data-state="delivered"] h2:has-text("content.version_published")');
      const delivered = page.locator('li[data-state="delivered"]', { has: page.locator('h2', { hasText: 'content.version_published' }) });
      expect(await delivered.locator('.wh-attempts').textContent()).to.equal('1');
      expect(await delivered.locator('.wh-status').textContent()).to.equal('200');
      expect(await delivered.locator('.badge').textContent()).to.equal('Delivered');
      await delivered.locator('summary').click();
      const shownPayload = JSON.parse((await delivered.locator('.wh-payload pre').textContent()) ?? '');
      const shownEventId = (await delivered.locator('dd code').first().textContent()) ?? '';
      expect(shownPayload).to.include({ type: 'content.version_published', id: shownEventId, contentItemId: item.id, workspaceId: ws.id, versionNumber: 1, status: 'Published' });
      await expectAccessible(page, 'deliveries (delivered)');
      await screenshot(page, 'webhook-deliveries');

      // The receiver got that event, signed with the secret the page showed (and no other).
      // This event's request, by its id in the signed body (not whichever content.version_published arrived first).
      const got = receiver.requests.find((r) => r.path === '/verso/events' && JSON.parse(r.body.toString('utf8')).id === shownEventId);
      expect(got, 'the receiver got content.version_published').to.not.equal(undefined);
      expect(got!.headers['x-verso-event-id']).to.equal(shownEventId);
      expect(JSON.parse(got!.body.toString('utf8'))).to.deep.equal(shownPayload);
      expect(signedWith(got!, secret)).to.equal(true);
      expect(signedWith(got!, `${secret}x`)).to.equal(false);
      // The secret reached no log line of either process.
      expect(stack.adminLog.text()).to.not.include(secret);
      expect(stack.api.log.text()).to.not.include(secret);
    } finally {
      await close();
    }
  });

  it('shows the API’s 422s at their inputs (http:// and no event, a private address, a short secret) and keeps what was typed', async () => {
    const { ws, editor } = await workspaceWithEditor();
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(`${screens(ws.id)}/new`);
      await page.getByLabel('Name').fill('Plain');
      await page.getByLabel('URL').fill('http://hooks.example.com/verso');
      const submit = async () => {
        const [res] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Create endpoint' }).click()]);
        await page.waitForLoadState('load');
        return res.status();
      };
      expect(await submit()).to.equal(422);
      expect(await page.locator('.problem').isVisible()).to.equal(true);
      expect(await page.locator('#url').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('#url').getAttribute('aria-describedby')).to.include('url-error');
      expect(await page.locator('#url-error').textContent()).to.match(/https/i);
      expect(await page.locator('#events-error').textContent()).to.match(/at least one/);
      expect(await page.locator('fieldset.wh-event-choices').getAttribute('aria-describedby')).to.equal('events-error');
      expect(await page.getByLabel('Name').inputValue()).to.equal('Plain');
      expect(await page.getByLabel('URL').inputValue()).to.equal('http://hooks.example.com/verso');
      await expectAccessible(page, 'new endpoint: 422 (http, no events)');

      await page.getByLabel('URL').fill('https://10.0.0.5/hook');
      await page.getByLabel('content.deleted').check();
      expect(await submit()).to.equal(422);
      expect(await page.locator('#url-error').textContent()).to.include('10.0.0.5');
      expect(await page.locator('#events-error').count()).to.equal(0);
      expect(await page.getByLabel('content.deleted').isChecked()).to.equal(true);
      await expectAccessible(page, 'new endpoint: 422 (private address)');

      await page.getByLabel('URL').fill('https://hooks.example.com/verso');
      await page.getByLabel(/^Signing secret/).fill('too-short');
      expect(await submit()).to.equal(422);
      expect(await page.locator('#secret').getAttribute('aria-invalid')).to.equal('true');
      expect(await page.locator('#secret').getAttribute('aria-describedby')).to.include('secret-error');
      expect(await page.locator('#secret-error').count()).to.equal(1);
      expect(await page.locator('#url-error').count()).to.equal(0);
      expect(await page.getByLabel(/^Signing secret/).inputValue()).to.equal('too-short');
      await expectAccessible(page, 'new endpoint: 422 (short secret)');

      const list = (await stack.api.get(`${apiBase(ws.id)}/webhooks`, { token: editor.token })).body;
      expect(list.totalCount).to.equal(0);
    } finally {
      await close();
    }
  });

  it('a stale edit and a stale delete are 412s: the current values are shown and re-applying goes ahead knowingly', async () => {
    const { ws, editor } = await workspaceWithEditor();
    const { endpoint } = await registerThroughApi(ws.id, editor.token, '/stale', ['content.created']);
    const item = `${apiBase(ws.id)}/webhooks/${endpoint.id}`;
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(screens(ws.id));
      await Promise.all([page.waitForURL(`${screens(ws.id)}/${endpoint.id}`), page.getByRole('link', { name: endpoint.name, exact: true }).click()]);
      // Someone else renames it after the page was opened.
      const other = await stack.api.put(item, { name: 'Renamed elsewhere', url: hookUrl('/stale'), isActive: true, events: ['content.created'] }, { token: editor.token, headers: await stack.api.ifMatch(item, editor.token) });
      expect(other.status, other.text).to.equal(200);

      await page.getByLabel('URL').fill(hookUrl('/stale/v2'));
      await page.getByLabel('Active').uncheck();
      await page.getByLabel('content.version_deleted').check();
      const [stale] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Save changes' }).click()]);
      await page.waitForLoadState('load');
      expect(stale.status()).to.equal(409);
      expect(await page.locator('.conflict h2').textContent()).to.equal('Changed by someone else since you opened it');
      expect(await page.locator('.conflict-values').textContent()).to.include('Renamed elsewhere');
      expect(await page.getByLabel('URL').inputValue()).to.equal(hookUrl('/stale/v2'));
      await expectAccessible(page, 'endpoint edit: 412 conflict');
      expect((await stack.api.get(item, { token: editor.token })).body.url).to.equal(hookUrl('/stale'));

      await Promise.all([page.waitForURL(`${screens(ws.id)}/${endpoint.id}`), page.getByRole('button', { name: 'Re-apply my changes' }).click()]);
      expect(await page.locator('.flash').textContent()).to.include('saved');
      const saved = (await stack.api.get(item, { token: editor.token })).body;
      expect(saved).to.include({ name: endpoint.name, url: hookUrl('/stale/v2'), isActive: false });
      expect(saved.events).to.have.members(['content.created', 'content.version_deleted']);

      // Delete: opened, then changed elsewhere, then confirmed.
      await Promise.all([page.waitForURL(`${screens(ws.id)}/${endpoint.id}/delete`), page.getByRole('link', { name: 'Delete endpoint' }).click()]);
      await expectAccessible(page, 'delete endpoint');
      const again = await stack.api.put(item, { name: 'Renamed again', url: hookUrl('/stale/v2'), isActive: false, events: ['content.created'] }, { token: editor.token, headers: await stack.api.ifMatch(item, editor.token) });
      expect(again.status, again.text).to.equal(200);
      await page.getByLabel(/^Yes, delete this endpoint/).check();
      const [staleDelete] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Delete endpoint' }).click()]);
      await page.waitForLoadState('load');
      expect(staleDelete.status()).to.equal(409);
      expect(await page.locator('.conflict-values').textContent()).to.include('Renamed again');
      await expectAccessible(page, 'delete endpoint: 412 conflict');
      expect((await stack.api.get(item, { token: editor.token })).status).to.equal(200);
      await Promise.all([page.waitForURL(screens(ws.id)), page.getByRole('button', { name: 'Re-apply my changes' }).click()]);
      expect(await page.locator('.flash').textContent()).to.include('deleted');
      expect((await stack.api.get(item, { token: editor.token })).status).to.equal(404);
    } finally {
      await close();
    }
  });

  it('rotating shows a new secret once, after a confirmation; the next delivery is signed with it', async () => {
    const { ws, editor } = await workspaceWithEditor();
    const { endpoint, secret: old } = await registerThroughApi(ws.id, editor.token, '/rotated', ['content.created']);
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(screens(ws.id));
      await Promise.all([page.waitForURL(`${screens(ws.id)}/${endpoint.id}/rotate`), page.getByRole('link', { name: `Rotate secret of ${endpoint.name}` }).click()]);
      await expectAccessible(page, 'rotate secret');
      const post = () => Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.getByRole('button', { name: 'Rotate secret' }).click()]).then(async ([r]) => (await page.waitForLoadState('load'), r));
      // Unticked (the browser's own check taken away, as a client without it would post).
      await page.evaluate("document.getElementById('confirm').removeAttribute('required')");
      const unconfirmed = await post();
      expect(unconfirmed.status()).to.equal(422);
      expect(await page.locator('#confirm-error').textContent()).to.include('Tick this box');
      await expectAccessible(page, 'rotate secret: not confirmed');

      await page.getByLabel('Yes, replace the signing secret').check();
      const rotated = await post();
      expect(rotated.status()).to.equal(200);
      expect(rotated.headers()['pragma']).to.equal('no-cache');
      expect(await page.locator('h1').textContent()).to.equal('Signing secret rotated');
      const secret = await page.getByLabel(`Signing secret for ${endpoint.name}`).inputValue();
      expect(secret).to.match(/^whsec_/).and.not.equal(old);
      await expectAccessible(page, 'rotated secret shown once');

      await stack.seedContent(ws.id, { drafts: 1 });
      await within(10_000, async () => receiver.requests.some((r) => r.path === '/rotated'));
      const got = receiver.requests.find((r) => r.path === '/rotated')!;
      expect(signedWith(got, secret)).to.equal(true);
      expect(signedWith(got, old)).to.equal(false);
    } finally {
      await close();
    }
  });

  it('a failing receiver: the delivery shows failed with its error, then dead-lettered; Retry now queues it until it is delivered; a retry that comes too late is the API’s 409', async () => {
    const { ws, editor } = await workspaceWithEditor();
    failing.add('/failing');
    const { endpoint } = await registerThroughApi(ws.id, editor.token, '/failing', ['content.created']);
    const deliveries = `${screens(ws.id)}/${endpoint.id}/deliveries`;
    const { page, close } = await signedIn(editor);
    try {
      await stack.seedContent(ws.id, { drafts: 1 });
      await page.goto(`${deliveries}?status=failed`);
      await reloadUntil(page, 'li[data-state="failed"]');
      const failed = page.locator('li[data-state="failed"]');
      expect(await failed.locator('.wh-attempts').textContent()).to.equal('1');
      expect(await failed.locator('.wh-status').textContent()).to.equal('500');
      expect(await failed.locator('.wh-error pre').textContent()).to.include('HTTP 500');
      expect(await failed.locator('.wh-next').textContent()).to.match(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
      await expectAccessible(page, 'deliveries (failed)');

      // Still failing: the operator's retry is the second and last attempt → dead letter.
      await Promise.all([page.waitForURL(`${deliveries}?status=failed`), failed.getByRole('button', { name: /^Retry now/ }).click()]);
      expect(await page.locator('.flash').textContent()).to.include('content.created queued');
      await page.getByLabel('Show').selectOption('dead-letter');
      await Promise.all([page.waitForURL(`${deliveries}?status=dead-letter`), page.getByRole('button', { name: 'Apply' }).click()]);
      await reloadUntil(page, 'li[data-state="dead-letter"]');
      const dead = page.locator('li[data-state="dead-letter"]');
      expect(await dead.locator('.wh-attempts').textContent()).to.equal('2');
      expect(await dead.locator('dl').textContent()).to.include('Dead letter since');
      await expectAccessible(page, 'deliveries (dead letter)');

      // The receiver is back: Retry now delivers it.
      failing.delete('/failing');
      await Promise.all([page.waitForURL(`${deliveries}?status=dead-letter`), dead.getByRole('button', { name: /^Retry now/ }).click()]);
      await page.goto(`${deliveries}?status=delivered`);
      await reloadUntil(page, 'li[data-state="delivered"]');
      expect(await page.locator('li[data-state="delivered"] .wh-attempts').textContent()).to.equal('3');
      const [d] = await deliveriesOf(ws.id, endpoint.id);
      expect(d).to.include({ isDelivered: true, isDeadLetter: false, attemptCount: 3, statusCode: 200, lastError: null });

      // A page rendered while a delivery was failing; it gets delivered meanwhile; its Retry is refused.
      failing.add('/failing');
      await stack.seedContent(ws.id, { drafts: 1 });
      await page.goto(`${deliveries}?status=failed`);
      await reloadUntil(page, 'li[data-state="failed"]');
      const deliveryId = await page.locator('li[data-state="failed"]').getAttribute('data-delivery');
      failing.delete('/failing');
      const retried = await stack.api.post(`${apiBase(ws.id)}/webhooks/${endpoint.id}/deliveries/${deliveryId}/retry`, undefined, { token: editor.token });
      expect(retried.status).to.equal(202);
      await within(10_000, async () => (await deliveriesOf(ws.id, endpoint.id)).find((x) => x.id === deliveryId)?.isDelivered === true);
      const [late] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), page.locator('li[data-state="failed"]').getByRole('button', { name: /^Retry now/ }).click()]);
      await page.waitForLoadState('load');
      expect(late.status()).to.equal(409);
      expect(await page.locator('.problem').textContent()).to.include('nothing to retry');
      await expectAccessible(page, 'deliveries: retry refused (409)');
    } finally {
      failing.delete('/failing');
      await close();
    }
  });

  it('the edit screen says a new URL applies to every attempt from then on and that an inactive endpoint’s deliveries are held; the new-endpoint screen gives the secret rule', async () => {
    const { ws, editor } = await workspaceWithEditor();
    const { endpoint } = await registerThroughApi(ws.id, editor.token, '/hints', ['content.created']);
    const { page, close } = await signedIn(editor);
    try {
      await page.goto(`${screens(ws.id)}/${endpoint.id}`);
      // Tied to the URL input, so a screen reader reads it with the field.
      expect(await page.getByLabel('URL').getAttribute('aria-describedby')).to.include('url-change-hint');
      expect(await page.locator('#url-change-hint').textContent()).to.equal('A new URL applies to every attempt from the moment you save, retries of earlier deliveries included; an attempt already under way finishes at the old one.');
      expect(await page.locator('#isActive-hint').textContent()).to.equal('An inactive endpoint gets no new deliveries, and those already waiting are held (not attempted) until it is active again.');
      await expectAccessible(page, 'endpoint edit: hints');
      await page.goto(`${screens(ws.id)}/new`);
      expect(await page.locator('#url-change-hint').count()).to.equal(0);
      expect(await page.locator('#secret-hint').textContent()).to.include('32 to 256 printable characters');
    } finally {
      await close();
    }
  });

  it('a Reader sees no Webhooks link and gets the API’s 403; an Editor with Read sees every screen with the controls disabled, and the API refuses its posts', async () => {
    const { ws, editor } = await workspaceWithEditor();
    failing.add('/always-500');
    const { endpoint } = await registerThroughApi(ws.id, editor.token, '/always-500', ['content.created']);
    await stack.seedContent(ws.id, { drafts: 1 });
    await within(10_000, async () => (await deliveriesOf(ws.id, endpoint.id)).some((d) => d.isFailed));
    const reader = await stack.createUser({ role: 'Reader', grants: { [ws.id]: 'Read' } });
    const readOnly = await stack.createUser({ role: 'Editor', grants: { [ws.id]: 'Read' } });

    {
      const { page, close } = await signedIn(reader);
      try {
        await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content`);
        expect(await page.locator('nav.main-nav [data-nav="content"]').count()).to.equal(1);
        expect(await page.locator('nav.main-nav [data-nav="webhooks"]').count()).to.equal(0);
        for (const url of [screens(ws.id), `${screens(ws.id)}/${endpoint.id}`, `${screens(ws.id)}/${endpoint.id}/deliveries`]) {
          const res = await page.goto(url);
          expect(res!.status(), url).to.equal(403);
          expect(await page.locator('h1').textContent()).to.be.a('string').and.not.equal('');
        }
        await expectAccessible(page, 'webhooks as a Reader (403)');
      } finally {
        await close();
      }
    }

    const reason = 'Changing webhooks needs Write access to this workspace; you have Read.';
    const { page, close } = await signedIn(readOnly);
    try {
      await page.goto(`${stack.adminUrl}/workspaces/${ws.id}/content`);
      await Promise.all([page.waitForURL(screens(ws.id)), page.locator('nav.main-nav [data-nav="webhooks"]').click()]);
      const create = page.getByRole('button', { name: 'New endpoint' });
      expect(await create.isDisabled()).to.equal(true);
      expect(await create.getAttribute('aria-describedby')).to.equal('change-reason');
      expect(await page.locator('#change-reason').textContent()).to.equal(reason);
      expect(await page.getByRole('button', { name: `Rotate secret of ${endpoint.name}` }).isDisabled()).to.equal(true);
      expect(await page.getByRole('button', { name: `Delete ${endpoint.name}` }).isDisabled()).to.equal(true);
      await expectAccessible(page, 'webhooks read-only');

      await page.goto(`${screens(ws.id)}/${endpoint.id}`);
      expect(await page.locator('#readonly-reason').textContent()).to.include(reason);
      for (const name of ['Edit endpoint', 'Rotate signing secret', 'Delete endpoint']) expect(await page.getByRole('button', { name }).isDisabled(), name).to.equal(true);
      expect(await page.locator('form[method="post"] input[name="url"]').count()).to.equal(0);
      await expectAccessible(page, 'endpoint read-only');

      await page.goto(`${screens(ws.id)}/${endpoint.id}/deliveries`);
      const retry = page.locator('li[data-state="failed"]').getByRole('button', { name: /^Retry now/ });
      expect(await retry.isDisabled()).to.equal(true);
      expect(await retry.getAttribute('aria-describedby')).to.equal('retry-reason');
      await expectAccessible(page, 'deliveries read-only');

      for (const path of ['new', `${endpoint.id}/rotate`, `${endpoint.id}/delete`]) expect((await page.goto(`${screens(ws.id)}/${path}`))!.status(), path).to.equal(403);
    } finally {
      await close();
    }

    // Direct posts (with a valid CSRF token and the endpoint's real ETag): the API says no.
    const http = new HttpSession(stack.adminUrl);
    await http.signIn(readOnly.email, readOnly.password);
    const root = `/workspaces/${ws.id}/webhooks`;
    const item = `${apiBase(ws.id)}/webhooks/${endpoint.id}`;
    const etag = (await stack.api.ifMatch(item, editor.token))['if-match']!;
    const [deliveryId] = (await deliveriesOf(ws.id, endpoint.id)).map((d) => d.id as string);
    const posts: [string, Record<string, string>][] = [
      [`${root}/new`, { name: 'Sneaky', url: hookUrl('/sneaky'), events: 'content.created' }],
      [`${root}/${endpoint.id}`, { _etag: etag, name: 'Sneaky', url: hookUrl('/sneaky'), events: 'content.created' }],
      [`${root}/${endpoint.id}/rotate`, { confirm: 'yes' }],
      [`${root}/${endpoint.id}/delete`, { _etag: etag, confirm: 'yes' }],
      [`${root}/${endpoint.id}/deliveries/${deliveryId}/retry`, {}],
    ];
    for (const [path, form] of posts) expect((await http.post(path, form, root)).status, path).to.equal(403);
    const list = (await stack.api.get(`${apiBase(ws.id)}/webhooks`, { token: editor.token })).body;
    expect(list.totalCount).to.equal(1);
    expect(list.items[0]).to.include({ name: endpoint.name, url: hookUrl('/always-500') });
    failing.delete('/always-500');
  });
});
