// Start-up validation of the Secrets__ settings and the development keyring (spec,
// Signing-secret encryption: "Startup fails before readiness when the keyring … is missing, a
// placeholder, invalid Base64, the wrong length, or the active id or key is missing; production
// also rejects the development fixture and weak keys").
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { ConfigError } from '../../server/src/config.js';
import { createSecretBox, readSecretsSettings, type SecretsEnvironment } from '../../server/src/secrets/keyring.js';
import { weakKeyReason } from '../../server/src/secrets/key-rules.js';

const b64 = (bytes: Buffer) => bytes.toString('base64');
const randomKey = () => b64(crypto.randomBytes(32));
const tempDirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-secrets-'));
  tempDirs.push(dir);
  return dir;
};
const read = (env: Record<string, string>, environment: SecretsEnvironment = 'development', dataDirectory = dataDir()) =>
  readSecretsSettings(env, { environment, dataDirectory });

/** Start-up must fail with a ConfigError naming `setting`, whose message never quotes a key. */
function expectRefusal(env: Record<string, string>, setting: string, message: RegExp, environment: SecretsEnvironment = 'development', dataDirectory?: string) {
  let thrown: unknown;
  try {
    read(env, environment, dataDirectory);
  } catch (err) {
    thrown = err;
  }
  expect(thrown, `${JSON.stringify(env)} must be refused`).to.be.instanceOf(ConfigError);
  const e = thrown as ConfigError;
  expect(e.setting).to.equal(setting);
  expect(e.message).to.include(setting).and.match(message);
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith('Secrets__EncryptionKey') && value.trim().length >= 8) expect(e.message, 'the key must not be quoted').to.not.include(value.trim());
  }
}

after(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('Secrets__ settings', () => {
  it('reads a keyring: the active key id, every key, defaults for rotation', () => {
    const k1 = randomKey();
    const k2 = randomKey();
    const s = read({ Secrets__ActiveKeyId: 'k2', Secrets__EncryptionKeys__k1: k1, Secrets__EncryptionKeys__k2: ` ${k2}\n` }, 'production');
    expect(s.activeKeyId).to.equal('k2');
    expect([...s.keys.keys()].sort()).to.deep.equal(['k1', 'k2']);
    expect(b64(s.keys.get('k1')!)).to.equal(k1);
    expect(b64(s.keys.get('k2')!)).to.equal(k2);
    expect(s.legacyKey).to.equal(null);
    expect(s.rotation).to.deep.equal({ enabled: false, batchSize: 100, delayMs: 5000 });
    expect(s.developmentKeyring).to.equal(null);
    expect(createSecretBox(s).activeKeyId).to.equal('k2');
  });

  it('reads the rotation settings within their ranges', () => {
    const s = read({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: randomKey(), Secrets__Rotation__Enabled: 'true', Secrets__Rotation__BatchSize: '500', Secrets__Rotation__DelaySeconds: '1' });
    expect(s.rotation).to.deep.equal({ enabled: true, batchSize: 500, delayMs: 1000 });
  });

  it('reads the legacy v1 key: a 32-byte Base64 key as it is, any other text hashed with SHA-256 (upstream)', () => {
    const legacy = crypto.randomBytes(32);
    const base = { Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: randomKey() };
    expect(read({ ...base, Secrets__EncryptionKey: b64(legacy) }).legacyKey!.equals(legacy)).to.equal(true);
    const derived = crypto.createHash('sha256').update('an old passphrase of the v1 days', 'utf8').digest();
    expect(read({ ...base, Secrets__EncryptionKey: 'an old passphrase of the v1 days' }).legacyKey!.equals(derived)).to.equal(true);
  });

  describe('refuses to start, naming the setting', () => {
    const good = randomKey();
    it('keys without an active key id', () => expectRefusal({ Secrets__EncryptionKeys__a: good }, 'Secrets__ActiveKeyId', /is required/));
    it('an active key id without its key', () => expectRefusal({ Secrets__ActiveKeyId: 'b', Secrets__EncryptionKeys__a: good }, 'Secrets__EncryptionKeys__b', /is missing/));
    it('an active key id and no keys at all', () => expectRefusal({ Secrets__ActiveKeyId: 'a' }, 'Secrets__EncryptionKeys__a', /is missing/));
    it('an invalid active key id', () => expectRefusal({ Secrets__ActiveKeyId: 'no.dots', Secrets__EncryptionKeys__a: good }, 'Secrets__ActiveKeyId', /not a valid key id/));
    it('an invalid key id in a key setting', () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: good, 'Secrets__EncryptionKeys__b.c': good }, 'Secrets__EncryptionKeys__b.c', /invalid key id/));
    it('an empty key', () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: '  ' }, 'Secrets__EncryptionKeys__a', /is empty/));
    for (const placeholder of ['changeme', 'CHANGE_ME', '<your-32-byte-key>', '${WEBHOOK_KEY}', '{{ key }}', 'replace-me-with-a-real-key', 'xxxxxxxx', 'REPLACEME/base64==', 'TODO']) {
      it(`a placeholder key: ${placeholder}`, () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: placeholder }, 'Secrets__EncryptionKeys__a', /is a placeholder/));
    }
    const raw = crypto.randomBytes(32);
    const invalid: Record<string, string> = {
      'not Base64 at all': 'this is not base64!',
      'the URL-safe alphabet': b64(Buffer.concat([Buffer.from([0xfb, 0xff]), raw.subarray(2)])).replaceAll('+', '-').replaceAll('/', '_'),
      'missing padding': b64(raw).replace(/=+$/, ''),
      'whitespace inside': `${b64(raw).slice(0, 20)} ${b64(raw).slice(20)}`,
      'stray bits after the last byte (non-canonical)': b64(raw).replace(/.=$/, (m) => String.fromCharCode(m.charCodeAt(0) + 1) + '='),
    };
    for (const [what, value] of Object.entries(invalid)) {
      it(`an invalid Base64 key: ${what}`, () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: value }, 'Secrets__EncryptionKeys__a', /canonical Base64/));
    }
    for (const bytes of [16, 31, 33, 64]) {
      it(`a key of ${bytes} bytes`, () =>
        expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: b64(crypto.randomBytes(bytes)) }, 'Secrets__EncryptionKeys__a', new RegExp(`exactly 32 bytes, got ${bytes}`)));
    }
    it('the all-zero key', () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: b64(Buffer.alloc(32)) }, 'Secrets__EncryptionKeys__a', /all zero bytes/));
    it('a key that is bad while the active one is fine', () =>
      expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: good, Secrets__EncryptionKeys__old: 'changeme' }, 'Secrets__EncryptionKeys__old', /placeholder/));
    it('a placeholder legacy key', () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: good, Secrets__EncryptionKey: 'changeme' }, 'Secrets__EncryptionKey', /placeholder/));
    it('an all-zero legacy key', () => expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: good, Secrets__EncryptionKey: b64(Buffer.alloc(32)) }, 'Secrets__EncryptionKey', /all zero/));
    it('rotation settings out of range or malformed', () => {
      const base = { Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: good };
      expectRefusal({ ...base, Secrets__Rotation__BatchSize: '0' }, 'Secrets__Rotation__BatchSize', /between 1 and 500/);
      expectRefusal({ ...base, Secrets__Rotation__BatchSize: '501' }, 'Secrets__Rotation__BatchSize', /between 1 and 500/);
      expectRefusal({ ...base, Secrets__Rotation__BatchSize: 'ten' }, 'Secrets__Rotation__BatchSize', /integer/);
      expectRefusal({ ...base, Secrets__Rotation__DelaySeconds: '0' }, 'Secrets__Rotation__DelaySeconds', /between 1 and 3600/);
      expectRefusal({ ...base, Secrets__Rotation__Enabled: 'yes' }, 'Secrets__Rotation__Enabled', /true or false/);
    });
  });

  describe('production', () => {
    it('requires a keyring (never creates the development keyring)', () => {
      const dir = dataDir();
      expectRefusal({}, 'Secrets__ActiveKeyId', /is required in production/, 'production', dir);
      expect(fs.existsSync(path.join(dir, 'secrets'))).to.equal(false);
    });
    it('refuses the development key id, as the active id or as any key', () => {
      expectRefusal({ Secrets__ActiveKeyId: 'development', Secrets__EncryptionKeys__development: randomKey() }, 'Secrets__EncryptionKeys__development', /development key id/, 'production');
      expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: randomKey(), Secrets__EncryptionKeys__development: randomKey() }, 'Secrets__EncryptionKeys__development', /development key id/, 'production');
      expectRefusal({ Secrets__ActiveKeyId: 'development' }, 'Secrets__ActiveKeyId', /development key id/, 'production');
    });
    it('refuses upstream\'s published development key and the key of a development keyring left in the data directory', () => {
      expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: 'Y21zaWZ5LWRldmVsb3BtZW50LWtleS0zMi1ieXRlcyE=' }, 'Secrets__EncryptionKeys__a', /development fixture/, 'production');
      const dir = dataDir();
      const dev = read({}, 'development', dir);
      const devKey = b64(dev.keys.get('development')!);
      expectRefusal({ Secrets__ActiveKeyId: 'prod', Secrets__EncryptionKeys__prod: devKey }, 'Secrets__EncryptionKeys__prod', /development fixture/, 'production', dir);
      expect(read({ Secrets__ActiveKeyId: 'prod', Secrets__EncryptionKeys__prod: devKey }, 'development', dir).activeKeyId).to.equal('prod');
    });
    const weak: Record<string, Buffer> = {
      'all bytes equal': Buffer.alloc(32, 0x41),
      'few distinct bytes': Buffer.from(Array.from({ length: 32 }, (_, i) => [3, 141, 59, 26, 53, 58, 97, 93, 23, 84, 62, 64, 33, 83, 27][i % 15]!)),
      'a repeated 8-byte block': (() => {
        const block = crypto.randomBytes(8);
        return Buffer.concat([crypto.randomBytes(8), block, crypto.randomBytes(8), block]);
      })(),
      'printable text': Buffer.from('correct horse battery staple 42!', 'ascii'),
      'a counting sequence': Buffer.from(Array.from({ length: 32 }, (_, i) => i)),
      'a sequence in steps of 7': Buffer.from(Array.from({ length: 32 }, (_, i) => (200 + i * 7) % 256)),
    };
    for (const [what, key] of Object.entries(weak)) {
      it(`refuses a weak key: ${what}`, () =>
        expectRefusal({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: b64(key) }, 'Secrets__EncryptionKeys__a', /is a weak key/, 'production'));
    }
    it('accepts the same weak keys outside production (they only guard production data)', () => {
      expect(read({ Secrets__ActiveKeyId: 'a', Secrets__EncryptionKeys__a: b64(weak['printable text']!) }, 'test').activeKeyId).to.equal('a');
    });
    it('never judges 20,000 random keys weak', () => {
      for (let i = 0; i < 20_000; i += 1) expect(weakKeyReason(crypto.randomBytes(32))).to.equal(null);
    });
  });
});

describe('the development keyring', () => {
  for (const environment of ['development', 'test'] as const) {
    it(`is created once in ${environment} (secrets/ 0700, dev-keyring.json 0600) and reused after that`, () => {
      const dir = dataDir();
      const first = read({}, environment, dir);
      const file = path.join(dir, 'secrets', 'dev-keyring.json');
      expect(first.developmentKeyring).to.deep.equal({ path: file, created: true });
      expect(first.activeKeyId).to.equal('development');
      expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
      expect(fs.statSync(path.dirname(file)).mode & 0o777).to.equal(0o700);
      expect(fs.readdirSync(path.dirname(file))).to.deep.equal(['dev-keyring.json']);
      const second = read({}, environment, dir);
      expect(second.developmentKeyring).to.deep.equal({ path: file, created: false });
      expect(second.keys.get('development')!.equals(first.keys.get('development')!)).to.equal(true);
      // What one process sealed, the next opens.
      const sealed = createSecretBox(first).seal('whsec_kept');
      expect(createSecretBox(second).open(sealed)).to.equal('whsec_kept');
    });
  }

  it('is created exactly once when several processes start together, and all of them use that one key', async function () {
    this.timeout(30_000);
    const dir = dataDir();
    const module = pathToFileURL(path.resolve('server/src/secrets/keyring.ts')).href;
    const script = `
      const { readSecretsSettings } = await import(${JSON.stringify(module)});
      const s = readSecretsSettings({}, { environment: 'development', dataDirectory: process.env.TEST_DATA_DIR });
      process.stdout.write(JSON.stringify({ created: s.developmentKeyring.created, key: s.keys.get('development').toString('hex') }));
    `;
    const runOne = () =>
      new Promise<{ created: boolean; key: string }>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          env: { ...process.env, TEST_DATA_DIR: dir },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (c) => (out += c));
        child.stderr.on('data', (c) => (err += c));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`exit ${code}: ${err}`))));
      });
    const results = await Promise.all([runOne(), runOne(), runOne(), runOne()]);
    expect(results.filter((r) => r.created)).to.have.length(1);
    expect(new Set(results.map((r) => r.key)).size).to.equal(1);
    expect(fs.readdirSync(path.join(dir, 'secrets'))).to.deep.equal(['dev-keyring.json']);
  });

  it('keeps a legacy key beside it', () => {
    const legacy = crypto.randomBytes(32);
    const s = read({ Secrets__EncryptionKey: b64(legacy) });
    expect(s.activeKeyId).to.equal('development');
    expect(s.legacyKey!.equals(legacy)).to.equal(true);
  });

  it('takes a loosened file mode back to 0600', () => {
    const dir = dataDir();
    const file = read({}, 'development', dir).developmentKeyring!.path;
    fs.chmodSync(file, 0o644);
    read({}, 'development', dir);
    expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
  });

  it('refuses a damaged keyring file instead of replacing it (that would orphan every sealed secret)', () => {
    const dir = dataDir();
    const file = read({}, 'development', dir).developmentKeyring!.path;
    fs.writeFileSync(file, '{"format":"verso-development-keyring/1","activeKeyId":"development","keys":{"development":"changeme"}}');
    expectRefusal({}, 'Secrets__EncryptionKeys__development', /placeholder/, 'development', dir);
    fs.writeFileSync(file, 'not json');
    expectRefusal({}, 'Secrets__EncryptionKeys__development', /not valid JSON/, 'development', dir);
    expect(fs.readFileSync(file, 'utf8')).to.equal('not json');
  });
});
