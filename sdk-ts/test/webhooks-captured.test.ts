// verifyWebhook against deliveries the real server sent: the committed fixture
// (test/fixtures/webhook-deliveries/deliveries.json, also read by the .NET SDK's tests) with the
// clock set to when each arrived, and a fresh capture made here in-process by the same script
// (the API's workers, the real egress client, TLS to a loopback receiver).
import fs from 'node:fs';
import { expect } from 'chai';
import { captureDeliveries, FIXTURE_FILE, type CapturedDelivery, type CapturedDeliveries } from '../../test/webhooks/capture-deliveries.js';
import { verifyWebhook, VersoWebhookError } from '../src/index.js';

/** The same checks for any capture; `get` is called when the tests run (a live capture is made in `before`). */
function checkCapture(get: () => CapturedDeliveries): void {
  it('holds the four cases the capture script makes', () => {
    const { deliveries } = get();
    expect(deliveries.map((d) => [d.endpoint, d.expected.type, d.answered])).to.deep.equal([
      ['A', 'content.created', 200],
      ['B', 'content.version_published', 503],
      ['B', 'content.version_published', 200],
      ['A', 'content.created', 200],
    ]);
    expect(deliveries[0]!.secret).not.to.match(/^whsec_/); // a secret the caller chose
    expect(deliveries[1]!.secret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/); // generated: whsec_ + base64url of 32 bytes
  });

  const body = (d: CapturedDelivery) => Buffer.from(d.bodyBase64, 'base64');
  const at = (d: CapturedDelivery, offsetMs = 0) => ({ now: () => d.receivedAtMs + offsetMs });

  it('every delivery verifies with its secret at the time it arrived, headers as sent', async () => {
    const { deliveries } = get();
    for (const d of deliveries) {
      const event = await verifyWebhook(body(d), Object.fromEntries(d.headers), d.secret, at(d));
      expect(event.id, d.label).to.equal(d.expected.id);
      expect(event.type).to.equal(d.expected.type);
      expect(event.payload).to.deep.equal(d.expected.payload);
      expect(Math.abs(event.timestamp!.getTime() - d.receivedAtMs)).to.be.below(2_000);
    }
  });

  it('…and as a fetch Headers and as Node lower-cases them', async () => {
    const { deliveries } = get();
    for (const d of deliveries) {
      const lower = Object.fromEntries(d.headers.map(([k, v]) => [k.toLowerCase(), v]));
      expect((await verifyWebhook(body(d), new Headers(d.headers.map(([k, v]) => [k, v])), d.secret, at(d))).id).to.equal(d.expected.id);
      expect((await verifyWebhook(body(d), lower, d.secret, at(d))).id).to.equal(d.expected.id);
    }
  });

  it('a retry carries the same event id and bytes under a new timestamp and signature; both verify', async () => {
    const { deliveries } = get();
    const [failed, retried] = [deliveries[1]!, deliveries[2]!];
    expect(retried.expected.id).to.equal(failed.expected.id);
    expect(retried.bodyBase64).to.equal(failed.bodyBase64);
    const header = (d: CapturedDelivery, n: string) => d.headers.find(([k]) => k.toLowerCase() === n)![1];
    expect(header(retried, 'webhook-timestamp')).not.to.equal(header(failed, 'webhook-timestamp'));
    expect(header(retried, 'webhook-signature')).not.to.equal(header(failed, 'webhook-signature'));
    expect(header(retried, 'x-verso-signature')).to.equal(header(failed, 'x-verso-signature')); // body only
  });

  it('after a rotation the previous secret no longer verifies; a receiver holding both during the switch does', async () => {
    const { deliveries } = get();
    const d = deliveries[3]!;
    expect(d.previousSecret).to.equal(deliveries[0]!.secret);
    const error = await verifyWebhook(body(d), Object.fromEntries(d.headers), d.previousSecret!, at(d)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(VersoWebhookError).with.property('reason', 'signature_mismatch');
    expect((await verifyWebhook(body(d), Object.fromEntries(d.headers), [d.previousSecret!, d.secret], at(d))).id).to.equal(d.expected.id);
  });

  it('every body names its event: type and id inside the signed bytes, equal to X-Verso-Event, X-Verso-Event-Id and webhook-id', () => {
    for (const d of get().deliveries) {
      const payload = JSON.parse(body(d).toString('utf8')) as Record<string, unknown>;
      const header = (n: string) => d.headers.find(([k]) => k.toLowerCase() === n)![1];
      expect([payload.type, payload.id], d.label).to.deep.equal([d.expected.type, d.expected.id]);
      expect([header('x-verso-event'), header('x-verso-event-id'), header('webhook-id')]).to.deep.equal([payload.type, payload.id, payload.id]);
    }
  });

  it('a captured content.version_published delivery relabelled content.deleted is refused (X-Verso-Event is not signed)', async () => {
    const d = get().deliveries.find((x) => x.expected.type === 'content.version_published')!;
    const relabelled = d.headers.map(([k, v]) => [k, k.toLowerCase() === 'x-verso-event' ? 'content.deleted' : v] as const);
    for (const headers of [Object.fromEntries(relabelled), new Headers(relabelled.map(([k, v]) => [k, v]))]) {
      const error = await verifyWebhook(body(d), headers, d.secret, at(d)).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(VersoWebhookError).with.property('reason', 'header_mismatch');
      expect(error).to.have.property('header', 'x-verso-event');
    }
  });

  it('a captured delivery replayed after the tolerance is refused; one byte changed is refused', async () => {
    const { deliveries } = get();
    for (const d of deliveries) {
      const replay = await verifyWebhook(body(d), Object.fromEntries(d.headers), d.secret, at(d, 301_000)).catch((e: unknown) => e);
      expect(replay).to.be.instanceOf(VersoWebhookError).with.property('reason', 'timestamp_too_old');
      const bytes = body(d);
      const i = bytes.length - 2;
      bytes[i] = bytes[i]! ^ 1;
      const tampered = await verifyWebhook(bytes, Object.fromEntries(d.headers), d.secret, at(d)).catch((e: unknown) => e);
      expect(tampered).to.be.instanceOf(VersoWebhookError).with.property('reason', 'signature_mismatch');
    }
  });
}

describe('verifyWebhook against deliveries captured from the real server', function () {
  describe('the committed fixture', () => {
    const fixture = JSON.parse(fs.readFileSync(FIXTURE_FILE, 'utf8')) as CapturedDeliveries;
    checkCapture(() => fixture);
  });

  describe('a capture made now, in-process', function () {
    this.timeout(60_000);
    let live: CapturedDeliveries | undefined;
    before(async () => {
      live = await captureDeliveries();
    });
    checkCapture(() => live!);

    it('verifies with the real clock too (the default)', async () => {
      for (const d of live!.deliveries) {
        expect((await verifyWebhook(Buffer.from(d.bodyBase64, 'base64'), Object.fromEntries(d.headers), d.secret)).id).to.equal(d.expected.id);
      }
    });
  });
});
