import { expect } from 'chai';
import { loadConfig, ConfigError } from '../../server/src/config.js';
import { passwordViolations } from '../../server/src/services/identity/password-rules.js';
import { hashPassword } from '../../server/src/services/identity/password-hashing.js';
import { personalWords } from '../../server/src/services/identity/password-strength.js';
import { oneTimeSeedPassword } from '../../server/src/services/identity/seed.js';
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

const POLICY = { minLength: 12, minimumScore: 3 };

describe('new-password rules', () => {
  for (const [what, password, rule] of BAD) {
    it(`rejects ${what} (${rule})`, () => {
      expect(passwordViolations(password, POLICY).map((v) => v.rule)).to.include(rule);
    });
  }

  it('accepts ordinary spaces inside, and any letters, emoji and symbols of other scripts', () => {
    for (const ok of ['correct horse battery staple', 'Pässwörd-ß-日本語-пароль', 'emoji 🦊🔑 ok fine', 'Ωμέγα!#$%^&*()']) {
      expect(passwordViolations(ok, POLICY), ok).to.deep.equal([]);
    }
  });

  it('needs at least the minimum length, counted in characters (Unicode scalar values), with the minimum in the message', () => {
    expect(passwordViolations('Elevenchars', POLICY)).to.deep.equal([{ rule: 'TooShort', message: 'The password must be at least 12 characters long.' }]);
    expect(passwordViolations('Twelve-chars', POLICY)).to.deep.equal([]);
    // 11 emoji are 22 UTF-16 code units but 11 characters.
    expect(passwordViolations('🦊'.repeat(11), POLICY).map((v) => v.rule)).to.deep.equal(['TooShort']);
    expect(passwordViolations('🦊'.repeat(12), { minLength: 12, minimumScore: 0 })).to.deep.equal([]);
    expect(passwordViolations('Twelve-chars', { minLength: 16, minimumScore: 3 })[0]!.message).to.equal('The password must be at least 16 characters long.');
    // Empty is its own rule, not also "too short".
    expect(passwordViolations('', POLICY).map((v) => v.rule)).to.deep.equal(['Empty']);
  });

  it('refuses the most common passwords in any letter case, long ones included', () => {
    for (const common of ['1qaz2wsx3edc', 'QAZWSXEDCRFV', 'Qwerty123456', 'leavemealone', 'LeaveMeAlone']) {
      expect(passwordViolations(common, POLICY), common).to.deep.equal([
        { rule: 'Common', message: 'The password is one of the most common passwords and easy to guess; choose another.' },
      ]);
    }
    // Short common ones break both rules; with a lower minimum only the list stops them.
    expect(passwordViolations('password', POLICY).map((v) => v.rule)).to.deep.equal(['TooShort', 'Common']);
    expect(passwordViolations('PassWord', { minLength: 8, minimumScore: 3 }).map((v) => v.rule)).to.deep.equal(['Common']);
    expect(passwordViolations('sunshine', { minLength: 8, minimumScore: 3 }).map((v) => v.rule)).to.deep.equal(['Common']);
    // Not in the list: a variation of a common password that is long enough.
    expect(passwordViolations('1qaz2wsx3edc4rfv-mine', POLICY)).to.deep.equal([]);
  });

  it('refuses passwords that are easy to guess though long and not in the list: words and digits, keyboard walks, repeats, dates', () => {
    const weak: [string, RegExp][] = [
      ['password1234', /similar to a commonly used password/],
      ['qwertyuiop[]', /Straight rows of keys/],
      ['asdfghjkl;lkj', /keyboard patterns/],
      ['aaaaaaaaaaaaaaaa', /Repeated characters/],
      ['abcabcabcabc', /Repeated character patterns/],
      ['01/02/19851985', /Dates are easy to guess/],
    ];
    for (const [password, why] of weak) {
      const broken = passwordViolations(password, POLICY);
      expect(broken.map((v) => v.rule), password).to.deep.equal(['Weak']);
      expect(broken[0]!.message, password).to.match(/^The password is too easy to guess\. /).and.match(why);
    }
    // One message per failure: too short or common is said once, not also "too easy to guess".
    expect(passwordViolations('password', POLICY).map((v) => v.rule)).to.deep.equal(['TooShort', 'Common']);
    expect(passwordViolations('aaaa', POLICY).map((v) => v.rule)).to.deep.equal(['TooShort']);
    // The minimum is configurable; 0 turns the estimate off, 4 asks for more.
    expect(passwordViolations('password1234', { minLength: 12, minimumScore: 0 })).to.deep.equal([]);
    expect(passwordViolations('Twelve-chars', POLICY)).to.deep.equal([]);
    expect(passwordViolations('Twelve-chars', { minLength: 12, minimumScore: 4 }).map((v) => v.rule)).to.deep.equal(['Weak']);
  });

  it("counts the user's own email and name against the password", () => {
    const mine = personalWords({ email: 'marguerite.okonkwo@example.test', displayName: 'Marguerite Okonkwo' });
    expect(passwordViolations('Okonkwo-2026', POLICY)).to.deep.equal([]);
    const broken = passwordViolations('Okonkwo-2026', POLICY, mine);
    expect(broken.map((v) => v.rule)).to.deep.equal(['Weak']);
    expect(broken[0]!.message).to.match(/personal/);
    expect(mine).to.not.include('example');
  });

  it('stops start-up when Seed__Admin__Password breaks a rule (a 5-character one included)', () => {
    expect(() => loadConfig({ Seed__Admin__Password: 'admin\u200bpassword' }, { version: 't' })).to.throw(ConfigError, /Seed__Admin__Password/);
    expect(() => loadConfig({ Seed__Admin__Password: ' padded' }, { version: 't' })).to.throw(ConfigError, /start or end with whitespace/);
    expect(() => loadConfig({ Seed__Admin__Password: 'admin' }, { version: 't' })).to.throw(ConfigError, /Seed__Admin__Password The password must be at least 12 characters long/);
    expect(() => loadConfig({ Seed__Admin__Password: 'qwerty123456' }, { version: 't' })).to.throw(ConfigError, /one of the most common passwords/);
    expect(() => loadConfig({ Seed__Admin__Password: 'Fine-pass-77', Auth__Password__MinLength: '14' }, { version: 't' })).to.throw(ConfigError, /at least 14 characters/);
    expect(() => loadConfig({ Seed__Admin__Password: 'password1234' }, { version: 't' })).to.throw(ConfigError, /Seed__Admin__Password The password is too easy to guess/);
    // The seed admin's own email and name count against it.
    expect(loadConfig({ Seed__Admin__Password: 'Okonkwo-2026' }, { version: 't' }).seed.admin.password).to.equal('Okonkwo-2026');
    expect(() => loadConfig({ Seed__Admin__Password: 'Okonkwo-2026', Seed__Admin__DisplayName: 'Ada Okonkwo' }, { version: 't' })).to.throw(ConfigError, /personal/);
    expect(loadConfig({ Seed__Admin__Password: 'a fine seed password' }, { version: 't' }).seed.admin.password).to.equal('a fine seed password');
  });

  it('reads Auth__Password__MinimumScore (default 3) and refuses a value outside 0–4', () => {
    expect(loadConfig({ Auth__Password__MinimumScore: '0' }, { version: 't' }).auth.password.minimumScore).to.equal(0);
    expect(loadConfig({ Auth__Password__MinimumScore: '4' }, { version: 't' }).auth.password.minimumScore).to.equal(4);
    for (const bad of ['5', '-1', 'strong', '2.5']) {
      expect(() => loadConfig({ Auth__Password__MinimumScore: bad }, { version: 't' }), bad).to.throw(ConfigError, /Auth__Password__MinimumScore/);
    }
  });

  it('reads Auth__Password__MinLength (default 12) and refuses a value outside 8–128', () => {
    expect(loadConfig({}, { version: 't' }).auth.password).to.deep.equal({ minLength: 12, minimumScore: 3 });
    expect(loadConfig({ Auth__Password__MinLength: '8' }, { version: 't' }).auth.password.minLength).to.equal(8);
    expect(loadConfig({ Auth__Password__MinLength: '128' }, { version: 't' }).auth.password.minLength).to.equal(128);
    for (const bad of ['7', '129', '0', 'twelve', '12.5']) {
      expect(() => loadConfig({ Auth__Password__MinLength: bad }, { version: 't' }), bad).to.throw(ConfigError, /Auth__Password__MinLength/);
    }
  });

  it('the development seed\'s generated one-time password always passes the rules', () => {
    for (let i = 0; i < 50; i++) {
      const generated = oneTimeSeedPassword(POLICY);
      expect(generated).to.have.length(24);
      expect(passwordViolations(generated, POLICY)).to.deep.equal([]);
    }
    const long = oneTimeSeedPassword({ minLength: 100, minimumScore: 4 });
    expect(long).to.have.length(100);
    expect(passwordViolations(long, { minLength: 100, minimumScore: 4 })).to.deep.equal([]);
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

  it('refuses a new password shorter than Auth__Password__MinLength, or a common one, as 400 naming the field with the rule\'s message', async () => {
    const user = await createActor(api, { role: 'Reader' });
    const short = await change(user.token, FIXTURE_PASSWORD, 'Short-pass1');
    expect(short.status).to.equal(400);
    expect(short.body).to.deep.include({
      type: 'https://verso.dev/errors/bad-request',
      status: 400,
      detail: 'The new password breaks a rule: TooShort.',
      errors: { '/newPassword': ['The password must be at least 12 characters long.'] },
      rules: ['TooShort'],
    });
    const common = await change(user.token, FIXTURE_PASSWORD, 'Qwerty123456');
    expect(common.status).to.equal(400);
    expect(common.body.rules).to.deep.equal(['Common']);
    expect(common.body.errors).to.deep.equal({ '/newPassword': ['The password is one of the most common passwords and easy to guess; choose another.'] });
    expect(JSON.stringify(common.body)).to.not.include('Qwerty123456');
    // Nothing changed: the fixture password still signs in.
    expect((await api.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).status).to.equal(200);
  });

  it('a configured Auth__Password__MinLength is the one applied', async () => {
    const strict = await startTestApi({ env: { Auth__Password__MinLength: '20' } });
    try {
      const user = await createActor(strict, { role: 'Reader' });
      const res = await strict.post('/api/v1/auth/change-password', { currentPassword: FIXTURE_PASSWORD, newPassword: 'Nineteen-characters' }, { token: user.token });
      expect(res.status).to.equal(400);
      expect(res.body.errors['/newPassword']).to.deep.equal(['The password must be at least 20 characters long.']);
      const ok = await strict.post('/api/v1/auth/change-password', { currentPassword: FIXTURE_PASSWORD, newPassword: 'Twenty-characters-ok' }, { token: user.token });
      expect(ok.status).to.equal(204);
    } finally {
      await strict.close();
    }
  });

  it('login still accepts an existing password that the new rules would refuse (spec)', async () => {
    const user = await createActor(api, { role: 'Reader' });
    await dbQuery(api, 'UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, await hashPassword('password')]);
    const login = await api.post('/api/v1/auth/login', { email: user.email, password: 'password' });
    expect(login.status).to.equal(200);
  });

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

  it('refuses an easy-to-guess new password — `password1234`, or one built from the user\'s own name — as 400 Weak, everywhere a password is set', async () => {
    const user = await createActor(api, { role: 'Reader', email: `marguerite.okonkwo.${Date.now()}@example.test` });
    const weak = await change(user.token, FIXTURE_PASSWORD, 'password1234');
    expect(weak.status).to.equal(400);
    expect(weak.body).to.deep.include({ detail: 'The new password breaks a rule: Weak.', rules: ['Weak'] });
    expect(weak.body.errors['/newPassword']).to.deep.equal(['The password is too easy to guess. This is similar to a commonly used password. Add more words that are less common.']);
    const personal = await change(user.token, FIXTURE_PASSWORD, 'Okonkwo-2026');
    expect(personal.status).to.equal(400);
    expect(personal.body.rules).to.deep.equal(['Weak']);

    const admin = await createActor(api, { role: 'Admin', superadmin: true });
    const created = await api.post('/api/v1/users', { email: `ada.lovelace.${Date.now()}@example.test`, displayName: 'Ada Lovelace', role: 'Reader', isSuperAdmin: false, temporaryPassword: 'Lovelace-2026' }, { token: admin.token });
    expect(created.status).to.equal(400);
    expect(created.body.errors['/temporaryPassword'][0]).to.match(/^The password is too easy to guess\./);
    const reset = await api.post(`/api/v1/users/${user.id}/reset-password`, { temporaryPassword: 'password1234' }, { token: admin.token });
    expect(reset.status).to.equal(400);
    expect(reset.body.rules).to.deep.equal(['Weak']);
    // Nothing changed.
    expect((await api.post('/api/v1/auth/login', { email: user.email, password: FIXTURE_PASSWORD })).status).to.equal(200);
  });

  it('is 400 for an API client, which has no password', async () => {
    const ws = (await dbQuery(api, 'SELECT id FROM workspaces LIMIT 1'))[0].id as string;
    const { createApiClientToken } = await import('../helpers/actors.js');
    const client = await createApiClientToken(api, { workspaceId: ws });
    expect((await change(client.token, 'a', 'b')).status).to.equal(400);
  });
});
