// Amplification caps (issue #23): a workspace has at most Webhook__MaxEndpointsPerWorkspace live
// endpoints (default 50) and at most Webhook__MaxEndpointsPerHost (default 10) naming one host, on
// create and on a URL change; both 422. Two creates at once take turns under an advisory lock, so
// they cannot both pass the cap.
import { expect } from 'chai';
import { insertEndpoint } from '../../server/src/db/webhooks/endpoints.js';
import { checkEndpointCaps } from '../../server/src/services/webhooks/endpoint-caps.js';
import { sealSecret } from '../../server/src/services/webhooks/signing-secrets.js';
import { within } from '../helpers/wait.js';
import { dbQuery, expectProblem, expectStatus, registerEndpoint, startWebhookWorld, type WebhookWorld } from './webhook-fixture.js';

describe('webhook endpoint caps (Webhook__MaxEndpointsPerWorkspace, Webhook__MaxEndpointsPerHost)', () => {
  let w: WebhookWorld;
  before(async () => {
    w = await startWebhookWorld();
  });
  after(() => w.api.close());

  const url = (id = '') => `${w.base}/webhooks${id ? `/${id}` : ''}`;
  const create = (hookUrl: string, base = w.base) => w.api.post(`${base}/webhooks`, { name: 'capped', url: hookUrl, events: ['content.created'] }, { token: w.editor });
  const liveCount = async (ws = w.ws) => (await dbQuery(w.api, 'SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = $1 AND deleted_at IS NULL', [ws]))[0].n as number;

  beforeEach(async () => {
    await dbQuery(w.api, 'UPDATE webhook_endpoints SET deleted_at = now(), is_active = false WHERE deleted_at IS NULL');
  });

  it('at most 10 endpoints per host by default: the 11th is 422 at /url; the host is compared without case or a trailing dot; inactive ones count; deleted ones do not', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push((await registerEndpoint(w, { url: `https://hooks.example.test/${i}` })).endpoint.id);
    for (const same of ['https://hooks.example.test/11', 'https://HOOKS.Example.TEST./x', 'https://hooks.example.test:8443/y']) {
      const res = await create(same);
      expectProblem(res, 422, 'validation-failed');
      expect(res.body.errors, same).to.deep.equal({ '/url': ['This workspace already has 10 endpoints sending to hooks.example.test, the most one host may have (10).'] });
    }
    expect(await liveCount()).to.equal(10);
    // Another host is not affected.
    expectStatus(await create('https://other.example.test/'), 201);
    // Switched off, an endpoint still counts (it can be switched on again without a check).
    const headers = await w.api.ifMatch(url(ids[0]), w.editor);
    expectStatus(await w.api.put(url(ids[0]), { name: 'off', url: 'https://hooks.example.test/0', isActive: false, events: ['content.created'] }, { token: w.editor, headers }), 200);
    expectProblem(await create('https://hooks.example.test/12'), 422, 'validation-failed');
    // Deleted, it no longer does.
    expectStatus(await w.api.delete(url(ids[1]), { token: w.editor, headers: await w.api.ifMatch(url(ids[1]), w.editor) }), 204);
    expectStatus(await create('https://hooks.example.test/12'), 201);
  });

  it('a URL change onto a host that has 10 already is 422 at /url and changes nothing; edits that keep the host pass', async () => {
    for (let i = 0; i < 10; i++) await registerEndpoint(w, { url: `https://full.example.test/${i}` });
    const { endpoint } = await registerEndpoint(w, { url: 'https://elsewhere.example.test/' });
    const put = async (hookUrl: string) =>
      w.api.put(url(endpoint.id), { name: 'moved', url: hookUrl, isActive: true, events: ['content.created'] }, { token: w.editor, headers: await w.api.ifMatch(url(endpoint.id), w.editor) });
    const refused = await put('https://full.example.test/11');
    expectProblem(refused, 422, 'validation-failed');
    expect(refused.body.errors['/url'][0]).to.include('full.example.test');
    expect((await w.api.get(url(endpoint.id), { token: w.editor })).body.url).to.equal('https://elsewhere.example.test/');
    expectStatus(await put('https://elsewhere.example.test/another-path'), 200);
    // One of the ten keeps its host: no check applies, however full the host is.
    const [first] = await dbQuery(w.api, `SELECT id FROM webhook_endpoints WHERE url = 'https://full.example.test/0' AND deleted_at IS NULL`);
    const keep = await w.api.put(url(first.id), { name: 'renamed', url: 'https://full.example.test/renamed', isActive: true, events: ['content.created'] }, { token: w.editor, headers: await w.api.ifMatch(url(first.id), w.editor) });
    expectStatus(keep, 200);
  });

  it('at most 50 endpoints per workspace by default: the 51st is 422 with a plain detail, and nothing is stored', async () => {
    for (let i = 0; i < 50; i++) await registerEndpoint(w, { url: `https://hooks-${i % 10}.example.test/${i}` });
    const res = await create('https://a-new-host.example.test/');
    expectProblem(res, 422, 'validation-failed');
    expect(res.body.detail).to.equal('This workspace already has 50 webhook endpoints, the most it may have (50); delete one before adding another.');
    expect(await liveCount()).to.equal(50);
  });

  it('two creates at once cannot both pass: the second waits for the first to commit, then counts it', async () => {
    for (let i = 0; i < 9; i++) await registerEndpoint(w, { url: `https://race.example.test/${i}` });
    const deps = w.api.running.deps;
    const caps = { perWorkspace: deps.config.webhooks.maxEndpointsPerWorkspace, perHost: deps.config.webhooks.maxEndpointsPerHost };
    let racing: Promise<Awaited<ReturnType<typeof create>>> | undefined;
    // A create that has passed the check and holds the lock, not yet committed...
    await deps.db.transaction(async (tx) => {
      await checkEndpointCaps(tx, caps, w.ws, 'https://race.example.test/tenth');
      await insertEndpoint(tx, { id: crypto.randomUUID(), workspaceId: w.ws, name: 'tenth', url: 'https://race.example.test/tenth', events: ['content.created'], secret: sealSecret(deps.secretBox, 'x'.repeat(40)) });
      // ...while the API takes another: it waits on the lock (seen in pg_stat_activity) rather than counting nine.
      racing = create('https://race.example.test/eleventh');
      await within(10_000, async () => (await dbQuery(w.api, `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`))[0].n > 0);
    });
    const res = await racing!;
    expectProblem(res, 422, 'validation-failed');
    expect(res.body.errors['/url'][0]).to.include('already has 10 endpoints sending to race.example.test');
    expect((await dbQuery(w.api, `SELECT count(*)::int AS n FROM webhook_endpoints WHERE url LIKE 'https://race.example.test/%' AND deleted_at IS NULL`))[0].n).to.equal(10);
  });
});
