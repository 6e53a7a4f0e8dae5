// The signing-secret box (server/src/secrets): v2 AES-256-GCM under the active key with the key id
// bound in, v1 legacy read-only, and failures reported with the spec's bounded reasons (spec,
// Signing-secret encryption; verso.webhook.secret.decrypt_failures labels).
import crypto from 'node:crypto';
import { expect } from 'chai';
import { createSecretBox, SecretDecryptError, type SecretBox, type SecretsSettings, type StoredSecretRow } from '../../server/src/secrets/keyring.js';

const key = () => crypto.randomBytes(32);
const settings = (o: Partial<SecretsSettings> & { keys: ReadonlyMap<string, Buffer> }): SecretsSettings => ({
  activeKeyId: [...o.keys.keys()][0]!,
  legacyKey: null,
  rotation: { enabled: false, batchSize: 100, delayMs: 5000 },
  developmentKeyring: null,
  ...o,
});

/** Legacy v1 as upstream wrote it: AES-256-GCM, no additional data, `v1.<nonce>.<tag>.<ciphertext>`. */
function sealV1(legacyKey: Buffer, plaintext: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', legacyKey, nonce);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', nonce.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

function expectDecryptError(box: SecretBox, stored: StoredSecretRow, expected: Pick<SecretDecryptError, 'reason' | 'version' | 'keyId'>) {
  let thrown: unknown;
  try {
    box.open(stored);
  } catch (err) {
    thrown = err;
  }
  expect(thrown, 'open() must throw').to.be.instanceOf(SecretDecryptError);
  const e = thrown as SecretDecryptError;
  expect({ reason: e.reason, version: e.version, keyId: e.keyId }).to.deep.equal(expected);
  // The message and every field are labels only: nothing of the ciphertext leaks.
  for (const segment of String(stored.ciphertext).split('.').filter((s) => s.length > 8)) expect(e.message).to.not.include(segment);
}

/** Replaces one envelope segment (0-based) with `f` of it. */
function alter(ciphertext: string, index: number, f: (segment: string) => string): string {
  const parts = ciphertext.split('.');
  parts[index] = f(parts[index]!);
  return parts.join('.');
}
/** Flips one bit of a Base64 segment, keeping it canonical Base64 of the same length. */
const flipBit = (segment: string) => {
  const bytes = Buffer.from(segment, 'base64');
  bytes[0] = bytes[0]! ^ 0x01;
  return bytes.toString('base64');
};

describe('signing-secret keyring: seal and open', () => {
  const k1 = key();
  const k2 = key();
  const box = createSecretBox(settings({ activeKeyId: 'k2', keys: new Map([['k1', k1], ['k2', k2]]) }));
  const secret = 'whsec_' + crypto.randomBytes(32).toString('base64url');

  it('seals as v2 under the active key, with the key id in the envelope and the columns, and opens it again', () => {
    const stored = box.seal(secret);
    expect(stored.version).to.equal('v2');
    expect(stored.keyId).to.equal('k2');
    expect(stored.ciphertext).to.match(/^v2\.k2\.[A-Za-z0-9+/]{16}\.[A-Za-z0-9+/]{22}==\.[A-Za-z0-9+/=]+$/);
    expect(stored.ciphertext).to.not.include(secret);
    expect(box.open(stored)).to.equal(secret);
    expect(box.isCurrent(stored)).to.equal(true);
  });

  it('uses a fresh random nonce for every seal', () => {
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a.ciphertext.split('.')[2]).to.not.equal(b.ciphertext.split('.')[2]);
    expect(a.ciphertext).to.not.equal(b.ciphertext);
  });

  it('round-trips any non-empty UTF-8 text and refuses to seal an empty secret', () => {
    for (const text of ['x', 'ünïcödé ✓ 🔑', 'a'.repeat(5000)]) expect(box.open(box.seal(text))).to.equal(text);
    expect(() => box.seal('')).to.throw(TypeError);
  });

  it('opens v2 ciphertext of a previous (still configured) key, which is not current', () => {
    const old = createSecretBox(settings({ activeKeyId: 'k1', keys: new Map([['k1', k1]]) })).seal(secret);
    expect(old.keyId).to.equal('k1');
    expect(box.open(old)).to.equal(secret);
    expect(box.isCurrent(old)).to.equal(false);
  });

  it('reports tampering with the ciphertext, nonce or tag as an authentication failure', () => {
    const stored = box.seal(secret);
    for (const index of [2, 3, 4]) {
      expectDecryptError(box, { ...stored, ciphertext: alter(stored.ciphertext, index, flipBit) }, { reason: 'authentication', version: 'v2', keyId: 'k2' });
    }
  });

  it('reports a ciphertext moved to another configured key id as an authentication failure (the key id is authenticated)', () => {
    const stored = box.seal(secret);
    const moved = alter(stored.ciphertext, 1, () => 'k1');
    expectDecryptError(box, { ciphertext: moved, version: 'v2', keyId: 'k1' }, { reason: 'authentication', version: 'v2', keyId: 'k1' });
    // Even when the other key is the very same bytes: the additional data still differs.
    const twin = createSecretBox(settings({ activeKeyId: 'a', keys: new Map([['a', k2], ['b', k2]]) }));
    const sealed = twin.seal(secret);
    expectDecryptError(twin, { ciphertext: alter(sealed.ciphertext, 1, () => 'b'), version: 'v2', keyId: 'b' }, { reason: 'authentication', version: 'v2', keyId: 'b' });
  });

  it('reports a v2 ciphertext relabelled as v1 as an authentication failure, mismatched columns as malformed, an unknown version as unknown_version', () => {
    const stored = box.seal(secret);
    const withLegacy = createSecretBox(settings({ activeKeyId: 'k2', keys: new Map([['k1', k1], ['k2', k2]]), legacyKey: k2 }));
    // Same key bytes, but v1 has no additional data: the tag no longer matches.
    const relabelled = stored.ciphertext.replace(/^v2\.k2\./, 'v1.');
    expectDecryptError(withLegacy, { ciphertext: relabelled, version: 'v1', keyId: null }, { reason: 'authentication', version: 'v1', keyId: 'legacy' });
    expectDecryptError(withLegacy, { ...stored, version: 'v1' }, { reason: 'malformed_ciphertext', version: 'v1', keyId: 'legacy' });
    expectDecryptError(box, { ...stored, ciphertext: stored.ciphertext.replace(/^v2/, 'v3') }, { reason: 'unknown_version', version: 'unknown', keyId: 'unknown' });
    expectDecryptError(box, { ...stored, version: 'v3' }, { reason: 'unknown_version', version: 'unknown', keyId: 'unknown' });
  });

  it('reports columns that disagree with the envelope as malformed', () => {
    const stored = box.seal(secret);
    expectDecryptError(box, { ...stored, keyId: 'k1' }, { reason: 'malformed_ciphertext', version: 'v2', keyId: 'k1' });
    expectDecryptError(box, { ...stored, keyId: null }, { reason: 'malformed_ciphertext', version: 'v2', keyId: 'unknown' });
  });

  it('reports damaged envelopes as malformed: segments missing or extra, non-canonical Base64, wrong nonce or tag length, empty ciphertext', () => {
    const stored = box.seal(secret);
    const cases = [
      stored.ciphertext.split('.').slice(0, 4).join('.'),
      `${stored.ciphertext}.AAAA`,
      alter(stored.ciphertext, 2, (s) => s.replace(/=*$/, '') + ' '),
      alter(stored.ciphertext, 3, (s) => s.replace(/==$/, '')),
      alter(stored.ciphertext, 2, () => crypto.randomBytes(16).toString('base64')),
      alter(stored.ciphertext, 3, () => crypto.randomBytes(12).toString('base64')),
      alter(stored.ciphertext, 4, () => ''),
      alter(stored.ciphertext, 2, () => '----____----____'), // base64url, not the standard alphabet
    ];
    for (const ciphertext of cases) expectDecryptError(box, { ...stored, ciphertext }, { reason: 'malformed_ciphertext', version: 'v2', keyId: 'k2' });
    expectDecryptError(box, { ...stored, ciphertext: alter(stored.ciphertext, 1, () => 'bad key!'), keyId: 'bad key!' }, { reason: 'malformed_ciphertext', version: 'v2', keyId: 'unknown' });
  });

  it('reports a key id that is not configured as unknown_key (label "unknown")', () => {
    const retired = createSecretBox(settings({ activeKeyId: 'k0', keys: new Map([['k0', key()]]) })).seal(secret);
    expectDecryptError(box, retired, { reason: 'unknown_key', version: 'v2', keyId: 'unknown' });
  });
});

describe('signing-secret keyring: legacy v1', () => {
  const secret = 'whsec_legacy-secret';

  it('reads v1 ciphertext with Secrets__EncryptionKey given as a 32-byte Base64 key', () => {
    const legacyKey = key();
    const box = createSecretBox(settings({ keys: new Map([['k1', key()]]), legacyKey }));
    const stored = { ciphertext: sealV1(legacyKey, secret), version: 'v1', keyId: null };
    expect(box.open(stored)).to.equal(secret);
    expect(box.isCurrent(stored)).to.equal(false);
    expect(box.hasLegacyKey).to.equal(true);
  });

  it('never writes v1: seal is always v2 even with a legacy key configured', () => {
    const box = createSecretBox(settings({ keys: new Map([['k1', key()]]), legacyKey: key() }));
    expect(box.seal(secret).version).to.equal('v2');
  });

  it('reports v1 without a legacy key as a configuration failure, and a wrong legacy key as authentication', () => {
    const ciphertext = sealV1(key(), secret);
    const noLegacy = createSecretBox(settings({ keys: new Map([['k1', key()]]) }));
    expectDecryptError(noLegacy, { ciphertext, version: 'v1', keyId: null }, { reason: 'configuration', version: 'v1', keyId: 'legacy' });
    const wrong = createSecretBox(settings({ keys: new Map([['k1', key()]]), legacyKey: key() }));
    expectDecryptError(wrong, { ciphertext, version: 'v1', keyId: null }, { reason: 'authentication', version: 'v1', keyId: 'legacy' });
    expectDecryptError(wrong, { ciphertext: alter(ciphertext, 3, flipBit), version: 'v1', keyId: null }, { reason: 'authentication', version: 'v1', keyId: 'legacy' });
    expectDecryptError(wrong, { ciphertext: `${ciphertext}.x`, version: 'v1', keyId: null }, { reason: 'malformed_ciphertext', version: 'v1', keyId: 'legacy' });
  });
});
