// verifyWebhook against deliveries signed by the server's own signer (delivery-signature.ts), and
// against hand-made variations of them: tampering, wrong keys, clocks, missing and malformed
// headers, several signatures, header casing and shapes. Captured real deliveries are
// webhooks-captured.test.ts; the README's Express receiver is webhooks-express.test.ts.
import crypto from 'node:crypto';
import { expect } from 'chai';
import { signatureHeaders } from '../../server/src/services/webhooks/delivery-signature.js';
import { verifyWebhook, VersoWebhookError, type VerifyWebhookOptions, type VersoWebhookErrorReason } from '../src/index.js';

const SECRET = 'whsec_dGhpcy1pcy1hLXRlc3Qtc2VjcmV0LW9mLTMyLWJ5dGVzIQ';
const EVENT_ID = '01a215cd-7901-7889-a4e4-e96e59d6b78d';
const T = 1_795_662_117; // webhook-timestamp (s)
const NOW = T * 1000 + 250; // the receiver's clock, a quarter second later
/** The server's body: the event's type and id, then its data (all of it signed). */
const PAYLOAD = { type: 'content.created', id: EVENT_ID, contentItemId: '01a215cd-78f5-7374-a8bb-fb5f5204d6fd', workspaceId: 'f8fffc51-9c39-4644-bead-3750824317ee', templateVersionId: '01a215cd-7862-72e6-b4d1-b640f15b81a8', contentVersionId: null, versionNumber: null, status: null };
const BODY = Buffer.from(JSON.stringify(PAYLOAD), 'utf8');

/** A delivery as the server signs it (the server's header casing); the body names `type` and `eventId` unless one is given. */
function delivery(o: { secret?: string; body?: Buffer; timestamp?: number; eventId?: string; type?: string } = {}) {
  const body = o.body ?? Buffer.from(JSON.stringify({ ...PAYLOAD, type: o.type ?? PAYLOAD.type, id: o.eventId ?? EVENT_ID }), 'utf8');
  const headers = signatureHeaders({ secret: o.secret ?? SECRET, eventId: o.eventId ?? EVENT_ID, eventType: o.type ?? 'content.created', body, timestamp: o.timestamp ?? T });
  return { body, headers: headers as Record<string, string> };
}

const lowerCased = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
const without = (h: Record<string, string>, name: string) => Object.fromEntries(Object.entries(h).filter(([k]) => k.toLowerCase() !== name));
const withHeader = (h: Record<string, string>, name: string, value: string) => ({ ...without(h, name.toLowerCase()), [name]: value });
const standardMac = (secret: string, id: string, t: number, body: Buffer) => crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${t}.`).update(body).digest('base64');

async function refused(p: Promise<unknown>, reason: VersoWebhookErrorReason, header?: string): Promise<VersoWebhookError> {
  const error = await p.then(
    () => expect.fail(`expected VersoWebhookError ${reason}`),
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(VersoWebhookError);
  const e = error as VersoWebhookError;
  expect(e.name).to.equal('VersoWebhookError');
  expect(e.reason, e.message).to.equal(reason);
  if (header !== undefined) expect(e.header).to.equal(header);
  return e;
}

const at = (ms: number, extra: VerifyWebhookOptions = {}): VerifyWebhookOptions => ({ now: () => ms, ...extra });

describe('verifyWebhook (TypeScript SDK)', () => {
  describe('a good delivery', () => {
    it('returns the event id, type, parsed payload and the signed timestamp', async () => {
      const { body, headers } = delivery();
      const event = await verifyWebhook(body, headers, SECRET, at(NOW));
      expect(event).to.deep.equal({ id: EVENT_ID, type: 'content.created', payload: PAYLOAD, timestamp: new Date(T * 1000) });
    });

    it('takes the body as a Buffer, a Uint8Array, an ArrayBuffer or the exact text', async () => {
      const { body, headers } = delivery();
      const copy = new Uint8Array(body);
      for (const raw of [body, copy, copy.buffer, body.toString('utf8')]) {
        expect((await verifyWebhook(raw, headers, SECRET, at(NOW))).id).to.equal(EVENT_ID);
      }
    });

    it('reads headers in any case: as sent, lower-cased (Node req.headers), upper-cased, or a fetch Headers', async () => {
      const { body, headers } = delivery();
      const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
      for (const h of [headers, lowerCased(headers), upper, new Headers(headers)]) {
        expect((await verifyWebhook(body, h, SECRET, at(NOW))).type).to.equal('content.created');
      }
    });

    it('narrows the payload by event type', async () => {
      const payload = { type: 'template.version_published', id: EVENT_ID, templateId: 't', templateVersionId: 'tv', versionNumber: 2, workspaceId: 'w' };
      const { body, headers } = delivery({ type: 'template.version_published', body: Buffer.from(JSON.stringify(payload)) });
      const event = await verifyWebhook(body, headers, SECRET, at(NOW));
      if (event.type !== 'template.version_published') expect.fail(event.type);
      expect(event.payload.versionNumber).to.equal(2); // typed TemplateVersionPublishedPayload
    });
  });

  describe('what does not verify', () => {
    it('a tampered body', async () => {
      const { headers } = delivery();
      const tampered = Buffer.from(JSON.stringify({ ...PAYLOAD, status: 'Published' }));
      await refused(verifyWebhook(tampered, headers, SECRET, at(NOW)), 'signature_mismatch', 'x-verso-signature');
      // One byte more (a trailing newline a proxy or a re-serialisation added) is tampering too.
      await refused(verifyWebhook(Buffer.concat([BODY, Buffer.from('\n')]), headers, SECRET, at(NOW)), 'signature_mismatch', 'x-verso-signature');
    });

    it('a wrong secret, the secret without whsec_, or the secret read as base64 (the Standard Webhooks default)', async () => {
      const { body, headers } = delivery();
      const base64Key = Buffer.from(SECRET.slice('whsec_'.length), 'base64').toString('latin1');
      for (const wrong of ['whsec_not-the-secret-at-all', SECRET.slice('whsec_'.length), base64Key]) {
        await refused(verifyWebhook(body, headers, wrong, at(NOW)), 'signature_mismatch', 'x-verso-signature');
      }
    });

    it('a Standard Webhooks signature that does not cover this id and time (each signed with another key)', async () => {
      const { body, headers } = delivery();
      await refused(verifyWebhook(body, withHeader(headers, 'webhook-timestamp', String(T + 1)), SECRET, at(NOW)), 'signature_mismatch', 'webhook-signature');
      const otherId = '01a215cd-0000-7000-8000-000000000000';
      const relabelled = withHeader(withHeader(headers, 'webhook-id', otherId), 'X-Verso-Event-Id', otherId);
      await refused(verifyWebhook(body, relabelled, SECRET, at(NOW)), 'signature_mismatch', 'webhook-signature');
      const otherKey = withHeader(headers, 'webhook-signature', `v1,${standardMac('whsec_another-secret', EVENT_ID, T, body)}`);
      await refused(verifyWebhook(body, otherKey, SECRET, at(NOW)), 'signature_mismatch', 'webhook-signature');
    });

    it('an X-Verso-Event-Id other than the signed webhook-id', async () => {
      const { body, headers } = delivery();
      await refused(verifyWebhook(body, withHeader(headers, 'X-Verso-Event-Id', 'another-id'), SECRET, at(NOW)), 'event_id_mismatch', 'x-verso-event-id');
    });

    it('a delivery relabelled with another type: X-Verso-Event is not signed, the body\'s type is', async () => {
      const { body, headers } = delivery({ type: 'content.version_published' });
      const relabelled = withHeader(headers, 'X-Verso-Event', 'content.deleted');
      const e = await refused(verifyWebhook(body, relabelled, SECRET, at(NOW)), 'header_mismatch', 'x-verso-event');
      expect(e.message).to.equal('The x-verso-event header differs from the event type in the signed body.');
      // The same for a sender that signed a body of one type and labelled it another.
      const mislabelled = delivery({ type: 'content.deleted', body: Buffer.from(JSON.stringify({ ...PAYLOAD, type: 'content.version_published' })) });
      await refused(verifyWebhook(mislabelled.body, mislabelled.headers, SECRET, at(NOW)), 'header_mismatch', 'x-verso-event');
    });

    it('event ids in webhook-id or X-Verso-Event-Id other than the body\'s id', async () => {
      const otherId = '01a215cd-0000-7000-8000-000000000000';
      // Signed by the secret's holder for another event id than the body names: both headers agree, the body does not.
      const { body, headers } = delivery({ eventId: otherId, body: BODY });
      await refused(verifyWebhook(body, headers, SECRET, at(NOW)), 'header_mismatch', 'webhook-id');
      const versoOnly = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].reduce(without, headers);
      await refused(verifyWebhook(body, versoOnly, SECRET, { requireStandardSignature: false }), 'header_mismatch', 'x-verso-event-id');
    });

    it('a body without its event type and id (a server older than this SDK) is refused even though it verifies', async () => {
      const { type: _type, id: _id, ...legacy } = PAYLOAD;
      for (const payload of [legacy, { ...legacy, type: 'content.created' }, { ...legacy, id: EVENT_ID }, { ...legacy, type: 7, id: EVENT_ID }, { ...legacy, type: '', id: EVENT_ID }]) {
        const d = delivery({ body: Buffer.from(JSON.stringify(payload)) });
        const e = await refused(verifyWebhook(d.body, d.headers, SECRET, at(NOW)), 'untyped_payload');
        expect(e.header).to.equal(undefined);
      }
    });

    it('a body that is signed but not JSON', async () => {
      const { body, headers } = delivery({ body: Buffer.from('not json') });
      await refused(verifyWebhook(body, headers, SECRET, at(NOW)), 'invalid_payload');
      const invalidUtf8 = delivery({ body: Buffer.from([0x22, 0xff, 0x22]) });
      await refused(verifyWebhook(invalidUtf8.body, invalidUtf8.headers, SECRET, at(NOW)), 'invalid_payload');
      for (const notAnObject of ['[]', 'null', '"content.created"', '7']) {
        const d = delivery({ body: Buffer.from(notAnObject) });
        await refused(verifyWebhook(d.body, d.headers, SECRET, at(NOW)), 'invalid_payload');
      }
    });
  });

  describe('the timestamp tolerance (default 5 minutes, either way)', () => {
    it('accepts a delivery exactly 300 s old or 300 s ahead', async () => {
      const { body, headers } = delivery();
      expect((await verifyWebhook(body, headers, SECRET, at((T + 300) * 1000))).id).to.equal(EVENT_ID);
      expect((await verifyWebhook(body, headers, SECRET, at((T - 300) * 1000))).id).to.equal(EVENT_ID);
    });

    it('refuses an older one as a replay and a future one, after checking the signatures', async () => {
      const { body, headers } = delivery();
      const old = await refused(verifyWebhook(body, headers, SECRET, at((T + 301) * 1000)), 'timestamp_too_old', 'webhook-timestamp');
      expect(old.message).to.contain('301 s old');
      await refused(verifyWebhook(body, headers, SECRET, at((T - 301) * 1000)), 'timestamp_in_future', 'webhook-timestamp');
      // A stale forgery is a signature failure: the clock is only consulted for authentic deliveries.
      await refused(verifyWebhook(body, headers, 'whsec_wrong-secret-xx', at((T + 3600) * 1000)), 'signature_mismatch');
    });

    it('takes another tolerance, and the real clock by default', async () => {
      const { body, headers } = delivery();
      await refused(verifyWebhook(body, headers, SECRET, at((T + 61) * 1000, { toleranceSeconds: 60 })), 'timestamp_too_old');
      expect((await verifyWebhook(body, headers, SECRET, at((T + 3600) * 1000, { toleranceSeconds: 3600 }))).id).to.equal(EVENT_ID);
      const far = delivery({ timestamp: 4_000_000_000 }); // 2096: in the future by the real clock
      await refused(verifyWebhook(far.body, far.headers, SECRET), 'timestamp_in_future');
    });
  });

  describe('missing and malformed headers', () => {
    for (const name of ['x-verso-signature', 'x-verso-event', 'webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      it(`refuses a delivery without ${name} (or with it empty)`, async () => {
        const { body, headers } = delivery();
        await refused(verifyWebhook(body, without(headers, name), SECRET, at(NOW)), 'missing_header', name);
        await refused(verifyWebhook(body, withHeader(headers, name, ''), SECRET, at(NOW)), 'missing_header', name);
      });
    }

    it('uses webhook-id when X-Verso-Event-Id is absent; X-Verso-Event-Id alone is required without the Standard headers', async () => {
      const { body, headers } = delivery();
      expect((await verifyWebhook(body, without(headers, 'x-verso-event-id'), SECRET, at(NOW))).id).to.equal(EVENT_ID);
      const versoOnly = ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-verso-event-id'].reduce(without, headers);
      await refused(verifyWebhook(body, versoOnly, SECRET, { requireStandardSignature: false }), 'missing_header', 'x-verso-event-id');
    });

    it('refuses headers that are not in the form the server sends', async () => {
      const { body, headers } = delivery();
      const hex = headers['X-Verso-Signature']!.slice('sha256='.length);
      const cases: [string, string, string][] = [
        ['X-Verso-Signature', hex, 'x-verso-signature'],
        ['X-Verso-Signature', `sha1=${hex.slice(0, 40)}`, 'x-verso-signature'],
        ['X-Verso-Signature', `sha256=${hex.slice(1)}`, 'x-verso-signature'],
        ['X-Verso-Signature', `sha256=${hex}, sha256=${hex}`, 'x-verso-signature'],
        ['webhook-timestamp', `${T}.5`, 'webhook-timestamp'],
        ['webhook-timestamp', 'yesterday', 'webhook-timestamp'],
        ['webhook-signature', headers['webhook-signature']!.slice(3), 'webhook-signature'],
        ['webhook-signature', `v2,${headers['webhook-signature']!.slice(3)}`, 'webhook-signature'],
        ['webhook-signature', 'v1,not-base64!', 'webhook-signature'],
      ];
      for (const [name, value, reported] of cases) await refused(verifyWebhook(body, withHeader(headers, name, value), SECRET, at(NOW)), 'malformed_header', reported);
    });

    it('accepts upper-case hex in X-Verso-Signature (the bytes are what is compared)', async () => {
      const { body, headers } = delivery();
      const upper = withHeader(headers, 'X-Verso-Signature', `sha256=${headers['X-Verso-Signature']!.slice(7).toUpperCase()}`);
      expect((await verifyWebhook(body, upper, SECRET, at(NOW))).id).to.equal(EVENT_ID);
    });

    it('refuses a header given twice rather than picking one', async () => {
      const { body, headers } = delivery();
      const twice = { ...headers, 'x-verso-signature': headers['X-Verso-Signature']! };
      await refused(verifyWebhook(body, twice, SECRET, at(NOW)), 'malformed_header', 'x-verso-signature');
      await refused(verifyWebhook(body, { ...lowerCased(headers), 'webhook-id': [EVENT_ID, EVENT_ID] }, SECRET, at(NOW)), 'malformed_header', 'webhook-id');
    });
  });

  describe('several signatures and secrets', () => {
    it('accepts when any space-separated v1 entry matches; entries of other versions are skipped', async () => {
      const { body, headers } = delivery();
      const good = headers['webhook-signature']!;
      const forged = `v1,${standardMac('whsec_old-secret-of-the-endpoint', EVENT_ID, T, body)}`;
      for (const value of [`${forged} ${good}`, `${good} ${forged}`, `v1a,c29tZS1hc3ltbWV0cmljLXNpZ25hdHVyZQ== ${good}`, `  ${good}  `]) {
        expect((await verifyWebhook(body, withHeader(headers, 'webhook-signature', value), SECRET, at(NOW))).id, value).to.equal(EVENT_ID);
      }
      await refused(verifyWebhook(body, withHeader(headers, 'webhook-signature', `${forged} ${forged}`), SECRET, at(NOW)), 'signature_mismatch', 'webhook-signature');
    });

    it('takes a list of secrets while rotating: any one that signed both signatures verifies', async () => {
      const { body, headers } = delivery();
      expect((await verifyWebhook(body, headers, ['whsec_the-old-secret-1234', SECRET], at(NOW))).id).to.equal(EVENT_ID);
      expect((await verifyWebhook(body, headers, [SECRET, 'whsec_the-new-secret-1234'], at(NOW))).id).to.equal(EVENT_ID);
      await refused(verifyWebhook(body, headers, ['whsec_the-old-secret-1234', 'whsec_the-new-secret-1234'], at(NOW)), 'signature_mismatch');
    });
  });

  describe('requireStandardSignature: false (a sender of X-Verso-Signature only)', () => {
    const standard = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];

    it('accepts X-Verso-Signature alone, with no timestamp', async () => {
      const { body, headers } = delivery();
      const versoOnly = standard.reduce(without, headers);
      await refused(verifyWebhook(body, versoOnly, SECRET, at(NOW)), 'missing_header', 'webhook-id');
      const event = await verifyWebhook(body, versoOnly, SECRET, { requireStandardSignature: false });
      expect(event).to.deep.equal({ id: EVENT_ID, type: 'content.created', payload: PAYLOAD, timestamp: undefined });
    });

    it('still verifies the Standard headers when any is present, so removing some of them does not get past the clock', async () => {
      const { body, headers } = delivery();
      const options = at((T + 3600) * 1000, { requireStandardSignature: false });
      await refused(verifyWebhook(body, headers, SECRET, options), 'timestamp_too_old');
      await refused(verifyWebhook(body, without(headers, 'webhook-timestamp'), SECRET, options), 'missing_header', 'webhook-timestamp');
      await refused(verifyWebhook(body, without(headers, 'webhook-signature'), SECRET, options), 'missing_header', 'webhook-signature');
    });
  });

  describe('wrong arguments are programming errors (TypeError), not refused deliveries', () => {
    it('a parsed body, a missing secret or headers, a negative tolerance', async () => {
      const { body, headers } = delivery();
      const parsed = verifyWebhook(PAYLOAD as never, headers, SECRET, at(NOW));
      await parsed.then(
        () => expect.fail('accepted a parsed object'),
        (e: unknown) => expect(e).to.be.instanceOf(TypeError).with.property('message').that.contains('JSON body parser'),
      );
      for (const call of [
        () => verifyWebhook(body, headers, '', at(NOW)),
        () => verifyWebhook(body, headers, [], at(NOW)),
        () => verifyWebhook(body, undefined as never, SECRET, at(NOW)),
        () => verifyWebhook(body, headers, SECRET, at(NOW, { toleranceSeconds: -1 })),
      ]) {
        await call().then(
          () => expect.fail('accepted'),
          (e: unknown) => expect(e).to.be.instanceOf(TypeError),
        );
      }
    });

    it('no message of an error contains the secret', async () => {
      const { body, headers } = delivery();
      const errors = await Promise.all([
        verifyWebhook(body, headers, 'whsec_wrong-secret-xx', at(NOW)).catch((e: Error) => e),
        verifyWebhook(body, headers, SECRET, at((T + 301) * 1000)).catch((e: Error) => e),
        verifyWebhook(Buffer.from('x'), headers, SECRET, at(NOW)).catch((e: Error) => e),
      ]);
      for (const e of errors) expect((e as Error).message).not.to.contain('whsec_').and.not.to.contain(SECRET.slice(6, 20));
    });
  });
});
