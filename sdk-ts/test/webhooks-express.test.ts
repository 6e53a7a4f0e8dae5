// The SDK README's Express receiver, run: the route takes the raw body (express.raw) and hands it to
// verifyWebhook with req.headers. Deliveries signed by the server's signer (delivery-signature.ts)
// are accepted once each (at least once: dedupe by event id), a tampered one is a 400 naming the
// reason, and the same route behind express.json() cannot verify anything (a TypeError, 500).
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { expect } from 'chai';
import express from 'express';
import { signatureHeaders } from '../../server/src/services/webhooks/delivery-signature.js';
import { verifyWebhook, VersoWebhookError, type VersoWebhookEvent } from '../src/index.js';

const SECRET = 'whsec_KZ0fGm1c8eC4bqkq2bmD3Zc6m0y8Qe4Pp5lE2v9xWcs';

/** The README's example, with the secret and what to do with an event passed in. */
function receiverApp(secret: string, handle: (event: VersoWebhookEvent) => Promise<void>, parseJsonFirst = false) {
  const app = express();
  if (parseJsonFirst) app.use(express.json()); // the mistake the README warns about
  const seen = new Set<string>(); // use a store shared by your instances in production

  // --- README: "Receiving webhooks (Express)" ---
  app.post('/verso/webhooks', express.raw({ type: 'application/json', limit: '1mb' }), async (req, res) => {
    let event: VersoWebhookEvent;
    try {
      event = await verifyWebhook(req.body, req.headers, secret);
    } catch (e) {
      if (e instanceof VersoWebhookError) return res.status(400).json({ reason: e.reason });
      throw e;
    }
    if (seen.has(event.id)) return res.sendStatus(204); // delivered at least once: a retry of a handled event
    await handle(event);
    seen.add(event.id);
    res.sendStatus(204);
  });
  // --- end of the README's example ---
  app.use((err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    errors.push(err);
    res.sendStatus(500);
  });
  return app;
}

/** What the receivers' routes threw (Express's default handler would print them). */
const errors: unknown[] = [];

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/verso/webhooks`, server };
}

/** A delivery as the server sends it: the body names its event's type and id, and both are signed with it. */
function signed(payload: Record<string, unknown>, eventId = crypto.randomUUID(), type = 'content.version_published') {
  const body = Buffer.from(JSON.stringify({ type, id: eventId, ...payload }));
  const headers = signatureHeaders({ secret: SECRET, eventId, eventType: type, body, timestamp: Math.floor(Date.now() / 1000) });
  return { body, headers };
}

describe("the SDK README's Express receiver", () => {
  const handled: VersoWebhookEvent[] = [];
  let ok: { url: string; server: Server };
  let parsedFirst: { url: string; server: Server };
  before(async () => {
    ok = await listen(receiverApp(SECRET, async (e) => void handled.push(e)));
    parsedFirst = await listen(receiverApp(SECRET, async (e) => void handled.push(e), true));
  });
  after(() => {
    ok?.server.close();
    parsedFirst?.server.close();
  });

  const payload = { contentItemId: 'c1', workspaceId: 'w1', templateVersionId: 't1', contentVersionId: 'v1', versionNumber: 1, status: 'Published' };

  it('accepts a signed delivery (204) and handles it once, however often it is delivered', async () => {
    const { body, headers } = signed(payload);
    for (let i = 0; i < 2; i += 1) expect((await fetch(ok.url, { method: 'POST', headers, body })).status).to.equal(204);
    expect(handled.filter((e) => e.id === headers['webhook-id'])).to.have.length(1);
    expect(handled.at(-1)).to.deep.include({ type: 'content.version_published', payload: { type: 'content.version_published', id: headers['webhook-id'], ...payload } });
  });

  it('answers 400 header_mismatch for a delivery relabelled with another type, and handles nothing', async () => {
    const before = handled.length;
    const { body, headers } = signed(payload);
    const relabelled = await fetch(ok.url, { method: 'POST', headers: { ...headers, 'X-Verso-Event': 'content.deleted' }, body });
    expect(relabelled.status).to.equal(400);
    expect(await relabelled.json()).to.deep.equal({ reason: 'header_mismatch' });
    expect(handled).to.have.length(before);
  });

  it('answers 400 with the reason for a tampered body or a wrong signature, and handles nothing', async () => {
    const before = handled.length;
    const { headers } = signed(payload);
    const tampered = await fetch(ok.url, { method: 'POST', headers, body: JSON.stringify({ ...payload, status: 'Archived' }) });
    expect(tampered.status).to.equal(400);
    expect(await tampered.json()).to.deep.equal({ reason: 'signature_mismatch' });
    const unsigned = await fetch(ok.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    expect(await unsigned.json()).to.deep.equal({ reason: 'missing_header' });
    expect(handled).to.have.length(before);
  });

  it('behind express.json() the raw bytes are gone: verifyWebhook throws a TypeError (500), nothing is handled', async () => {
    const before = handled.length;
    const { body, headers } = signed(payload);
    errors.length = 0;
    expect((await fetch(parsedFirst.url, { method: 'POST', headers, body })).status).to.equal(500);
    expect(errors).to.have.length(1);
    expect(errors[0]).to.be.instanceOf(TypeError).with.property('message').that.contains('JSON body parser');
    expect(handled).to.have.length(before);
  });
});

// For the README: the same check in a fetch-style handler (edge runtimes, Next.js route handlers).
describe("the SDK README's fetch-style receiver", () => {
  async function POST(request: Request): Promise<Response> {
    // --- README: "Edge runtimes and fetch-style handlers" ---
    try {
      const event = await verifyWebhook(new Uint8Array(await request.arrayBuffer()), request.headers, SECRET);
      if (event.type === 'content.version_published') {
        // revalidate the pages that show event.payload.contentItemId …
      }
      return new Response(null, { status: 204 });
    } catch (e) {
      if (e instanceof VersoWebhookError) return Response.json({ reason: e.reason }, { status: 400 });
      throw e;
    }
    // --- end of the README's example ---
  }

  it('verifies a Request with its Headers', async () => {
    const { body, headers } = signed({ workspaceId: 'w1', name: 'Site', slug: 'site' }, undefined, 'workspace.updated');
    expect((await POST(new Request('https://site.example/api/verso', { method: 'POST', headers, body }))).status).to.equal(204);
    const forged = await POST(new Request('https://site.example/api/verso', { method: 'POST', headers, body: body.toString().replace('Site', 'Evil') }));
    expect(forged.status).to.equal(400);
  });
});
