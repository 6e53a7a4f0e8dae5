import { expect } from 'chai';
import { hashPassword } from '../../server/src/services/identity/password-hashing.js';
import { startTestApi } from '../helpers/api.js';
import { productionKeyring } from '../helpers/production-env.js';
import { dbQuery } from '../helpers/actors.js';
import { createTestDatabase } from '../helpers/database.js';

describe('first-start seed', () => {
  it('creates the default workspace and a superadmin Admin who must change the password; a restart adds nothing', async () => {
    const databaseUrl = await createTestDatabase();
    const env = { Seed__Admin__Password: 'Seed pässword 1', Seed__DefaultWorkspace__Name: 'Main', Seed__DefaultWorkspace__Slug: 'main' };
    const api = await startTestApi({ databaseUrl, env });
    try {
      const login = await api.post('/api/v1/auth/login', { email: 'admin@localhost', password: 'Seed pässword 1' });
      expect(login.status).to.equal(200);
      expect(login.body.mustChangePassword).to.equal(true);
      expect(login.body.user).to.include({ role: 'Admin', isSuperAdmin: true });
      const list = await api.get('/api/v1/workspaces', { token: login.body.token });
      expect(list.body.items.map((w: { name: string; slug: string }) => [w.name, w.slug])).to.deep.equal([['Main', 'main']]);
      expect(api.log.text()).to.not.include('Seed pässword 1');
    } finally {
      await api.close();
    }
    const again = await startTestApi({ databaseUrl, env: { ...env, Seed__Admin__Email: 'other@localhost' } });
    try {
      expect(await dbQuery(again, 'SELECT email FROM users')).to.deep.equal([{ email: 'admin@localhost' }]);
      expect(await dbQuery(again, 'SELECT slug FROM workspaces')).to.deep.equal([{ slug: 'main' }]);
    } finally {
      await again.close();
    }
  });

  it('uses Seed__Admin__PasswordHash as given', async () => {
    const api = await startTestApi({ env: { Seed__Admin__Email: 'root@example.test', Seed__Admin__PasswordHash: await hashPassword('from a hash') } });
    try {
      expect((await api.post('/api/v1/auth/login', { email: 'root@example.test', password: 'from a hash' })).status).to.equal(200);
    } finally {
      await api.close();
    }
  });

  it('in development without a password, generates one and prints it once', async () => {
    const printed: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    }) as typeof process.stderr.write;
    let api;
    try {
      api = await startTestApi({ env: { NODE_ENV: 'development' } });
    } finally {
      process.stderr.write = write;
    }
    try {
      const text = printed.join('');
      const password = /one-time password: (\S+)/.exec(text)?.[1];
      expect(password, text).to.be.a('string');
      expect((await api.post('/api/v1/auth/login', { email: 'admin@localhost', password: password! })).status).to.equal(200);
      expect(api.log.text()).to.not.include(password!);
    } finally {
      await api.close();
    }
  });

  it('in production without a password or hash, seeds no administrator and says so', async () => {
    const api = await startTestApi({ env: { NODE_ENV: 'production', ...productionKeyring() } });
    try {
      expect(await dbQuery(api, 'SELECT 1 FROM users')).to.have.length(0);
      expect(api.log.find((l) => l.event === 'seed_admin_skipped')).to.include({ level: 'error' });
    } finally {
      await api.close();
    }
  });

  it('two API processes starting together on an empty database seed once', async () => {
    const databaseUrl = await createTestDatabase();
    const [a, b] = await Promise.all([startTestApi({ databaseUrl }), startTestApi({ databaseUrl })]);
    try {
      expect((await dbQuery(a, 'SELECT count(*)::int AS n FROM users'))[0].n).to.equal(1);
      expect((await dbQuery(a, 'SELECT count(*)::int AS n FROM workspaces'))[0].n).to.equal(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
