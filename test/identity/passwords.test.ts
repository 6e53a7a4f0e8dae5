import { expect } from 'chai';
import { loadConfig, ConfigError } from '../../server/src/config.js';
import { passwordViolations } from '../../server/src/services/identity/password-rules.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery, FIXTURE_PASSWORD } from '../helpers/actors.js';

// One string per rule, with the rule it must break.
const BAD: readonly [string, string, string][] = [
  ['leading space', ' secret-password', 'LeadingOrTrailingWhitespace'],
  ['trailing tab', 'secret-password\t', 'LeadingOrTrailingWhitespace'],
  ['a control character (BEL)', 'secret\u0007password', 'ControlCharacter'],
  ['a newline', 'secret\npassword', 'ControlCharacter'],
  ['a zero-width space', 'secret\u200bpassword', 'InvisibleFormattingCharacter'],
  ['a byte order mark', 'secret\ufeffpassword', 'InvisibleFormattingCharacter'],
  ['a right-to-left mark', 'secret\u200fpassword', 'InvisibleFormattingCharacter'],
  ['a line separator', 'secret\u2028password', 'LineOrParagraphSeparator'],
  ['a paragraph separator', 'secret\u2029password', 'LineOrParagraphSeparator'],
  ['a no-break space', 'secret\u00a0password', 'NonStandardSpace'],
  ['an ideographic space', 'secret\u3000password', 'NonStandardSpace'],
  ['an em space', 'secret\u2003password', 'NonStandardSpace'],
];

describe('new-password rules', () => {
  for (const [what, password, rule] of BAD) {
    it(`rejects ${what} (${rule})`, () => {
      expect(passwordViolations(password).map((v) => v.rule)).to.include(rule);
    });
  }

  it('accepts ordinary spaces inside, and any letters, emoji and symbols of other scripts', () => {
    for (const ok of ['correct horse battery staple', 'Pässwörd-ß-日本語-пароль', 'emoji 🦊🔑 ok', 'Ωμέγα!#$%^&*()']) {
      expect(passwordViolations(ok), ok).to.deep.equal([]);
    }
  });

  it('stops start-up when Seed__Admin__Password breaks a rule', () => {
    expect(() => loadConfig({ Seed__Admin__Password: 'admin\u200bpassword' }, { version: 't' })).to.throw(ConfigError, /Seed__Admin__Password/);
    expect(() => loadConfig({ Seed__Admin__Password: ' padded' }, { version: 't' })).to.throw(ConfigError, /start or end with whitespace/);
    expect(loadConfig({ Seed__Admin__Password: 'fine password' }, { version: 't' }).seed.admin.password).to.equal('fine password');
  });
});

describe('POST /api/v1/auth/change-password', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  const change = (token: string | undefined, currentPassword: string, newPassword: string) =>
    api.post('/api/v1/auth/change-password', { currentPassword, newPassword }, { token });

  it('without credentials is 401', async () => {
    expect((await change(undefined, 'a', 'b')).status).to.equal(401);
  });

  it('with a wrong current password is 401, logged, and changes nothing', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const [before] = await dbQuery(api, 'SELECT password_hash FROM users WHERE id = $1', [user.id]);
    const res = await change(user.token, 'wrong-current', 'a new password');
    expect(res.status).to.equal(401);
    expect(api.log.find((l) => l.event === 'change_password_failed' && l.userId === user.id)).to.not.equal(undefined);
    const [after] = await dbQuery(api, 'SELECT password_hash FROM users WHERE id = $1', [user.id]);
    expect(after.password_hash).to.equal(before.password_hash);
  });

  for (const [what, password, rule] of BAD) {
    it(`rejects a new password with ${what} as 400 naming ${rule}`, async () => {
      const user = await createActor(api, { role: 'Reader' });
      const res = await change(user.token, FIXTURE_PASSWORD, password);
      expect(res.status).to.equal(400);
      expect(res.body.type).to.equal('https://verso.dev/errors/bad-request');
      expect(res.body.rules).to.include(rule);
      expect(res.body.errors['/newPassword']).to.be.an('array').with.length.greaterThan(0);
      expect(JSON.stringify(res.body)).to.not.include(password);
    });
  }

  it('changes the password (unicode welcome), clears MustChangePassword, keeps this session and ends the others', async () => {
    const user = await createActor(api, { role: 'Editor' });
    await dbQuery(api, 'UPDATE users SET must_change_password = true WHERE id = $1', [user.id]);
    const other = await api.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD });
    const next = 'Nouveau mot de passe ✓ 密码';
    const res = await change(user.token, FIXTURE_PASSWORD, next);
    expect(res.status).to.equal(204);
    const [row] = await dbQuery(api, 'SELECT must_change_password, password_hash FROM users WHERE id = $1', [user.id]);
    expect(row.must_change_password).to.equal(false);
    expect(row.password_hash).to.match(/^\$argon2id\$/);
    expect((await api.get('/api/v1/auth/me', { token: user.token })).status).to.equal(200);
    expect((await api.get('/api/v1/auth/me', { token: other.body.token })).status).to.equal(401);
    expect((await api.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).status).to.equal(401);
    expect((await api.post('/api/v1/auth/login', { email: user.email, password: next })).status).to.equal(200);
    const [entry] = await dbQuery(api, `SELECT change_delta FROM audit_log WHERE entity_id = $1 AND action = 'Updated' ORDER BY occurred_at DESC LIMIT 1`, [user.id]);
    expect(entry.change_delta.mustChangePassword).to.deep.equal({ before: true, after: false });
    expect(entry.change_delta.passwordHash.before).to.match(/^redacted:[0-9a-f]{12}$/);
    expect(entry.change_delta.passwordHash.after).to.match(/^redacted:[0-9a-f]{12}$/);
    expect(api.log.text()).to.not.include(next);
  });

  it('is 400 for an API client, which has no password', async () => {
    const ws = (await dbQuery(api, 'SELECT id FROM workspaces LIMIT 1'))[0].id as string;
    const { createApiClientToken } = await import('../helpers/actors.js');
    const client = await createApiClientToken(api, { workspaceId: ws });
    expect((await change(client.token, 'a', 'b')).status).to.equal(400);
  });
});
