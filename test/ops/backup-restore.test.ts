// make backup / make restore (server/src/ops/): the round trip the issue asks for. A running API with
// content (children included), media, webhook endpoints with secrets, users and an API client is
// backed up while requests keep arriving, then restored into a fresh data directory (the embedded
// PostgreSQL created there by the restore) and a fresh store, and the real API entry point started on
// it: by-slug answers the same body, every download is byte-identical, the admin signs in, the
// webhook secrets still open with the keyring and the API client still authenticates, and a stored
// rendition, left out of the backup, is computed again on its first request. Once on local
// storage, once on S3 (s3rver). Then the refusals: a non-empty target, a backup newer than the code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig, type Config } from '../../server/src/config.js';
import { createStorageProvider } from '../../server/src/storage/create-provider.js';
import { REPO_ROOT } from '../../server/src/contract.js';
import { runBackup } from '../../server/src/ops/backup.js';
import { RestoreRefused, runRestore } from '../../server/src/ops/restore.js';
import { MANIFEST_FILE } from '../../server/src/ops/manifest.js';
import { createSecretBox } from '../../server/src/secrets/secret-box.js';
import { readSecretsSettings } from '../../server/src/secrets/keyring.js';
import { createAdminApp } from '../../admin/src/app.js';
import { loadAdminConfig } from '../../admin/src/config.js';
import { createAdminLogger } from '../../admin/src/log.js';
import { HttpSession } from '../../admin/test/helpers/http.js';
import { ensureSdkBuilt, listen } from '../../admin/test/helpers/stack.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { createActor, dbQuery, FIXTURE_PASSWORD } from '../helpers/actors.js';
import { freePort } from '../helpers/database.js';
import { MemoryLog } from '../helpers/memory-log.js';
import { productionKeyring } from '../helpers/production-env.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import { startServerProcess, type ServerProcess } from '../media/server-process.js';
import { multipart, pngBytes } from '../media/media-world.js';
import { fetchPublic, makeImage, servePublicly, urlsFrom } from '../media/public-images.js';
import { child, createArticle, createPerson, expectStatus, publishNow, startContentWorld, type ContentWorld } from '../content/content-fixture.js';

const keyring = productionKeyring();

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755); // as root, the postgres OS user keeps the restored cluster inside it
  return dir;
}

interface Source {
  w: ContentWorld;
  slugs: string[];
  media: { id: string; bytes: Buffer }[];
  webhooks: { id: string; secret: string }[];
  client: string;
  user: { email: string };
}

/** Content with children, media, webhooks with secrets, a user and an API client, through the API. */
async function seed(w: ContentWorld): Promise<Source> {
  const slugs: string[] = [];
  const friend = await createPerson(w, 'Ada');
  const author = await createPerson(w, 'Grace', [friend.id]);
  await publishNow(w, friend.id, 1);
  await publishNow(w, author.id, 1);
  slugs.push(author.slug, friend.slug);
  for (const title of ['First', 'Second']) {
    const article = await createArticle(w, title, {}, [child(w.model.article.fields.author!, author.id)]);
    await publishNow(w, article.id, 1);
    slugs.push(article.slug);
  }
  const media: Source['media'] = [];
  for (const size of [16, 70_000]) {
    const bytes = pngBytes(size);
    bytes.writeUInt32BE(size, 8); // distinct contents
    const form = multipart({ fileName: `image-${size}.png`, contentType: 'image/png', data: bytes });
    const res = await w.api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: w.editor });
    expectStatus(res, 201);
    media.push({ id: res.body.id, bytes });
  }
  const webhooks: Source['webhooks'] = [];
  for (const name of ['site', 'search']) {
    const res = await w.api.post(`${w.base}/webhooks`, { name, url: `https://${name}.example.test/hook`, events: ['content.created'] }, { token: w.editor });
    expectStatus(res, 201);
    webhooks.push({ id: res.body.endpoint?.id ?? res.body.id, secret: res.body.secret });
  }
  const client = await w.api.post('/api/v1/clients', { name: 'site build', role: 'Reader', workspaceId: w.ws }, { token: w.admin });
  expectStatus(client, 201);
  const user = await createActor(w.api, { role: 'Editor', grants: { [w.ws]: 'Write' } });
  return { w, slugs, media, webhooks, client: client.body.token, user };
}

async function uploadPhoto(w: ContentWorld): Promise<string> {
  const form = multipart({ fileName: 'photo.jpg', contentType: 'image/jpeg', data: await makeImage('jpeg', 1000, 750) });
  const res = await w.api.request('POST', `${w.base}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: w.editor });
  expectStatus(res, 201);
  return res.body.id;
}

/** The rendition keys in the storage `config` names. */
async function renditionKeys(config: Config): Promise<string[]> {
  const storage = createStorageProvider(config);
  try {
    return (await storage.list('verso/renditions/', { limit: 1000 })).objects.map((o) => o.key);
  } finally {
    await storage.close();
  }
}

async function bySlug(url: string, w: ContentWorld, slug: string, token: string) {
  const res = await fetch(`${url}${w.base}/content/by-slug/${slug}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

/** Requests that keep arriving while the backup runs: reads and new drafts. */
function traffic(w: ContentWorld, slugs: string[]): { stop: () => Promise<number> } {
  let running = true;
  let count = 0;
  const loop = (async () => {
    while (running) {
      await w.api.get(`${w.base}/content/by-slug/${slugs[count % slugs.length]}`, { token: w.reader });
      if (count % 3 === 0) await createArticle(w, `Busy ${count}`);
      count += 1;
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return count;
    },
  };
}

function restoreEnv(dataDir: string, pgPort: number, storage: Record<string, string>): Record<string, string> {
  return { NODE_ENV: 'test', Data__Directory: dataDir, Database__EmbeddedPort: String(pgPort), ...keyring, ...storage };
}

async function roundTrip(storage: { source: Record<string, string>; target: Record<string, string> }): Promise<void> {
  const api: TestApi = await startTestApi({ env: { ...keyring, ...storage.source } });
  const src = await seed(await startContentWorld(api));
  const before = await Promise.all(src.slugs.map((s) => bySlug(api.url, src.w, s, src.w.reader)));
  // A public image with a stored rendition: renditions are left out of the backup and computed again.
  await servePublicly(api, src.w.ws);
  const photo = await uploadPhoto(src.w);
  const rendition = (await urlsFrom(api, photo)).renditionUrl!.replace('{width}', '800').replace('{format}', 'webp');
  expect((await fetchPublic(api.url, rendition)).status).to.equal(200);
  expect(await renditionKeys(api.config), 'the source stored the rendition').to.have.length(1);
  expect(await dbQuery(api, 'SELECT storage_key FROM media_renditions'), 'and listed it').to.have.length(1);
  const backupDir = path.join(tempDir('verso-backup-'), 'b');
  const restored = tempDir('verso-restored-');
  let server: ServerProcess | undefined;
  try {
    // Backup while requests run: the source keeps its settings (DATABASE_URL is the API's database).
    const busy = traffic(src.w, src.slugs);
    const sourceConfig = loadConfig({ ...api.config.secretsEnvironment, NODE_ENV: 'test', DATABASE_URL: api.databaseUrl, Data__Directory: api.config.data.directory, ...storage.source }, { version: '0.0.0-test' });
    const { manifest } = await runBackup(sourceConfig, backupDir, () => {});
    expect(await busy.stop()).to.be.greaterThan(0);
    expect(manifest.keyring.keyIdsReferenced).to.deep.equal(['prod']);
    expect(manifest.database.serverVersion, 'the source server version').to.match(/^\d+(\.\d+)?/);
    expect(JSON.stringify(manifest)).not.to.include(keyring.Secrets__EncryptionKeys__prod!);
    expect(manifest.assets.map((a) => a.id).sort()).to.deep.equal([...src.media.map((m) => m.id), photo].sort());
    expect(manifest.media!.filter((o) => o.key.startsWith('verso/renditions/')), 'no rendition in the backup').to.deep.equal([]);
    // Nor the rows that list stored renditions: the restored Verso starts with none, as its storage.
    expect(manifest.database.tables.find((t) => t.name === 'media_renditions')?.rows, 'media_renditions saved empty').to.equal(0);
    expect(manifest.counts.contentItems).to.be.at.least(4);
    await api.close();

    // Restore into a fresh data directory: the restore creates the embedded cluster there.
    const pgPort = await freePort();
    const env = restoreEnv(restored, pgPort, storage.target);
    const result = await runRestore(loadConfig(env, { version: '0.0.0-test' }), backupDir, { force: false }, () => {});
    expect(result.missingKeyIds).to.deep.equal([]);

    server = await startServerProcess(env, restored);
    for (const [i, slug] of src.slugs.entries()) {
      expect(await bySlug(server.url, src.w, slug, src.w.reader), slug).to.deep.equal(before[i]);
    }
    for (const m of src.media) {
      const res = await fetch(`${server.url}${src.w.base}/media/${m.id}/file`, { headers: { authorization: `Bearer ${src.w.reader}` } });
      expect(res.status).to.equal(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(m.bytes), `asset ${m.id} byte-identical`).to.equal(true);
    }
    // The rendition, absent from the restored storage, is computed on its first request.
    const restoredConfig = loadConfig(env, { version: '0.0.0-test' });
    expect(await renditionKeys(restoredConfig)).to.deep.equal([]);
    const recomputed = await fetchPublic(server.url, rendition);
    expect(recomputed.status).to.equal(200);
    expect(recomputed.headers.get('content-type')).to.equal('image/webp');
    expect((await sharp(recomputed.bytes).metadata()).width).to.equal(800);
    expect(await renditionKeys(restoredConfig), 'stored again').to.have.length(1);

    const me = await fetch(`${server.url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${src.client}` } });
    expect(me.status).to.equal(200);
    expect(await me.json()).to.include({ kind: 'ApiClient', workspaceId: src.w.ws });

    // The webhook secrets open with the keyring, as the secrets they were.
    const box = createSecretBox(readSecretsSettings(keyring, { environment: 'test', dataDirectory: restored }));
    const db = new pg.Client({ connectionString: `postgres://verso:${encodeURIComponent(fs.readFileSync(path.join(restored, 'postgres.password'), 'utf8').trim())}@127.0.0.1:${pgPort}/verso` });
    await db.connect();
    try {
      for (const hook of src.webhooks) {
        const row = (await db.query('SELECT secret_ciphertext AS ciphertext, secret_version AS version, secret_key_id AS "keyId" FROM webhook_endpoints WHERE id = $1', [hook.id])).rows[0];
        expect(box.open(row)).to.equal(hook.secret);
      }
    } finally {
      await db.end();
    }

    // The admin app signs a restored user in through the restored API.
    ensureSdkBuilt();
    const adminConfig = loadAdminConfig({ NODE_ENV: 'test', Admin__ApiBaseUrl: server.url, Data__Directory: restored }, { version: '0.0.0-test', cwd: restored });
    const admin = await listen(createAdminApp(adminConfig, { logger: createAdminLogger({ level: 'warn', stream: new MemoryLog() }) }));
    try {
      const session = new HttpSession(admin.url);
      const signedIn = await session.signIn(src.user.email, FIXTURE_PASSWORD);
      expect(signedIn.location).to.equal('/');
    } finally {
      await admin.close();
    }
    await server.stop();
    server = undefined;

    // Restoring again into what is now a non-empty target is refused, and changes nothing.
    const again = await runRestore(loadConfig(env, { version: '0.0.0-test' }), backupDir, { force: false }, () => {}).then(
      () => null,
      (err: unknown) => err,
    );
    expect(again).to.be.instanceOf(RestoreRefused);
    expect((again as Error).message).to.match(/^the target is not empty \(the database has \d+ tables and the (local|s3) storage has media\): restore into a new data directory or database, or set FORCE=1 to replace it$/);
  } finally {
    await server?.stop();
    await api.close().catch(() => {});
    fs.rmSync(path.dirname(backupDir), { recursive: true, force: true });
    fs.rmSync(restored, { recursive: true, force: true });
  }
}

function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const c = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/ops/cli.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    c.stdout.on('data', (d: Buffer) => (out += d.toString()));
    c.stderr.on('data', (d: Buffer) => (out += d.toString()));
    c.once('error', reject);
    c.once('exit', (code) => resolve({ code, out }));
  });
}

describe('backup and restore (make backup / make restore)', function () {
  this.timeout(240_000);

  it('round trip on local storage: backup while requests run, restore into a fresh data directory', async () => {
    const restoredMedia = tempDir('verso-restored-media-');
    try {
      await roundTrip({ source: {}, target: { Storage__Local__BasePath: restoredMedia } });
    } finally {
      fs.rmSync(restoredMedia, { recursive: true, force: true });
    }
  });

  describe('on S3', () => {
    let source: S3TestServer;
    let target: S3TestServer;
    before(async () => {
      source = await startS3Server();
      target = await startS3Server({ bucket: 'verso-restored' });
    });
    after(async () => {
      await source?.stop();
      await target?.stop();
    });

    it('round trip: the managed prefix is copied into the backup and restored into another bucket', async () => {
      await roundTrip({ source: source.env(), target: target.env() });
    });
  });

  it('refuses a backup newer than the code (a migration it does not know), exit code 3, before touching the target', async () => {
    const api = await startTestApi({ env: keyring });
    const dir = path.join(tempDir('verso-backup-'), 'b');
    const target = tempDir('verso-restored-');
    try {
      const config = loadConfig({ ...keyring, NODE_ENV: 'test', DATABASE_URL: api.databaseUrl, Data__Directory: api.config.data.directory }, { version: '0.0.0-test' });
      await runBackup(config, dir, () => {});
      const file = path.join(dir, MANIFEST_FILE);
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
      manifest.versoVersion = '9.0.0';
      manifest.migrations.push({ version: 9999, name: 'from_the_future', checksum: 'f'.repeat(64) });
      fs.writeFileSync(file, JSON.stringify(manifest));
      const run = await cli(['restore', dir], { NODE_ENV: 'test', Data__Directory: target, Database__EmbeddedPort: String(await freePort()), ...keyring });
      expect(run.code, run.out).to.equal(3);
      expect(run.out).to.include('verso: restore refused: the backup was made by Verso 9.0.0 with migrations this code does not have (9999_from_the_future): restore it with that version or newer');
      expect(fs.readdirSync(target)).to.deep.equal([]);
    } finally {
      await api.close();
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
      fs.rmSync(target, { recursive: true, force: true });
    }
  });

  it('refuses to back up into a non-empty directory', async () => {
    const dest = tempDir('verso-backup-');
    fs.writeFileSync(path.join(dest, 'something'), 'x');
    try {
      const run = await cli(['backup', dest], { NODE_ENV: 'test', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect(run.code).to.equal(1);
      expect(run.out).to.include(`verso: backup failed: ${dest} is not empty: back up into a new directory`);
    } finally {
      fs.rmSync(dest, { recursive: true, force: true });
    }
  });
});
