// make restore reads only what a backup's manifest lists (server/src/ops/backup-files.ts): each
// hostile backup of test/fuzz/hostile-backups.ts is refused, with its reason, before the target is
// touched, and no host file reaches the target. A format-1 backup (no media list, no table sizes)
// still restores, its assets' blobs checked and its renditions left out. make backup leaves
// renditions out, writes 0600 files in 0700 directories, and refuses a directory owned by another
// user or a symbolic link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import pg from 'pg';
import { loadConfig } from '../../server/src/config.js';
import { prepareBackupDirectory, runBackup } from '../../server/src/ops/backup.js';
import { MANIFEST_FILE, MANIFEST_FORMAT, MANIFEST_FORMAT_V1, type BackupManifest } from '../../server/src/ops/manifest.js';
import { RestoreRefused, runRestore } from '../../server/src/ops/restore.js';
import type { TestApi } from '../helpers/api.js';
import { productionKeyring } from '../helpers/production-env.js';
import { startMediaWorld, uploadPng, type MediaWorld } from '../media/media-world.js';
import { applyCase, emptyTarget, HOSTILE_BACKUP_CASES, makeSecret, restoreCase, type EditableManifest } from '../fuzz/hostile-backups.js';

const keyring = productionKeyring();

function modeOf(file: string): number {
  return fs.statSync(file).mode & 0o777;
}

/** Every entry under `dir` with its permission bits. */
function modesUnder(dir: string): { files: number[]; directories: number[] } {
  const entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  return {
    files: entries.filter((e) => e.isFile()).map((e) => modeOf(path.join(e.parentPath, e.name))),
    directories: [dir, ...entries.filter((e) => e.isDirectory()).map((e) => path.join(e.parentPath, e.name))].map(modeOf),
  };
}

describe('hostile backups: make restore reads only what the manifest lists', function () {
  this.timeout(120_000);
  let world: MediaWorld;
  let api: TestApi;
  let work: string;
  let backup: string;
  let manifest: BackupManifest;
  let secret: string;
  const renditionKey = 'verso/renditions/0190a0a0-0000-7000-8000-000000000000/0190a0a0-0000-7000-8000-000000000001/w320.webp';

  before(async () => {
    world = await startMediaWorld('local', keyring);
    api = world.api;
    for (const size of [16, 5000]) await uploadPng(world, `image-${size}.png`, size);
    // A rendition in the source's storage: derived data, which the backup leaves out.
    await world.storage.put(renditionKey, Readable.from([Buffer.from('rendition bytes')]), { contentType: 'image/webp' });

    work = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-hostile-'));
    backup = path.join(work, 'backup');
    const source = loadConfig({ ...keyring, NODE_ENV: 'test', DATABASE_URL: api.databaseUrl, Data__Directory: api.config.data.directory, Storage__Local__BasePath: api.config.storage.localBasePath }, { version: '0.0.0-test' });
    manifest = (await runBackup(source, backup, () => {})).manifest;
    secret = makeSecret();
  });
  after(async () => {
    await world?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
    if (secret) fs.rmSync(path.dirname(secret), { recursive: true, force: true });
  });

  it('a backup lists every media object with its size and digest, leaves renditions out, and is 0600 files in 0700 directories', () => {
    expect(manifest.format).to.equal(MANIFEST_FORMAT);
    expect(manifest.media).to.have.length(2);
    expect(manifest.media!.map((o) => o.key).sort()).to.deep.equal(manifest.assets.map((a) => a.key).sort());
    expect(manifest.media!.some((o) => o.key.startsWith('verso/renditions/'))).to.equal(false);
    expect(fs.existsSync(path.join(backup, 'media', 'verso', 'renditions'))).to.equal(false);
    for (const t of manifest.database.tables) expect(t.bytes, t.name).to.equal(fs.statSync(path.join(backup, t.file)).size);
    const modes = modesUnder(backup);
    expect([...new Set(modes.files)]).to.deep.equal([0o600]);
    expect([...new Set(modes.directories)]).to.deep.equal([0o700]);
  });

  for (const [index, hostile] of HOSTILE_BACKUP_CASES.entries()) {
    it(`refuses ${hostile.name}, touching nothing`, async () => {
      const dir = path.join(work, `case-${index}`);
      const target = await emptyTarget(keyring);
      try {
        applyCase(backup, dir, secret, hostile, index);
        const { outcome, message } = await restoreCase(target.config, dir);
        expect(outcome, message).to.equal('refused');
        expect(message).to.match(hostile.refusal);
        expect(await target.contents()).to.deep.equal({ tables: [], files: [] });
      } finally {
        target.remove();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it('restores the backup itself: every listed object, 0600 files in 0700 directories, nothing else', async () => {
    const target = await emptyTarget(keyring);
    try {
      await runRestore(target.config, backup, { force: false }, () => {});
      const { tables, files } = await target.contents();
      expect(tables).to.include('media_assets');
      const base = target.config.storage.localBasePath;
      expect(files.map((f) => path.relative(base, f)).sort()).to.deep.equal(manifest.media!.map((o) => o.key).sort());
      const modes = modesUnder(base);
      expect([...new Set(modes.files)]).to.deep.equal([0o600]);
      expect([...new Set(modes.directories)]).to.deep.equal([0o700]);
    } finally {
      target.remove();
    }
  });

  it('restores a format-1 backup (no media list, no table sizes): its assets checked by digest, its renditions and other files left out', async () => {
    const dir = path.join(work, 'format-1');
    fs.cpSync(backup, dir, { recursive: true });
    const old = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as EditableManifest;
    delete old.media;
    for (const t of old.database.tables) delete t.bytes;
    Object.assign(old, { format: MANIFEST_FORMAT_V1 });
    fs.writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify(old));
    // Format 1 copied renditions too: they stay behind.
    const rendition = path.join(dir, 'media', ...renditionKey.split('/'));
    fs.mkdirSync(path.dirname(rendition), { recursive: true });
    fs.writeFileSync(rendition, 'rendition bytes');
    const target = await emptyTarget(keyring);
    const log: string[] = [];
    try {
      await runRestore(target.config, dir, { force: false }, (m) => log.push(m));
      const base = target.config.storage.localBasePath;
      expect((await target.contents()).files.map((f) => path.relative(base, f)).sort()).to.deep.equal(old.assets.map((a) => a.key).sort());
      expect(log.join('\n')).to.include("1 files of the backup's media folder are not listed in its manifest");

      // A format-1 asset blob that differs from its digest is refused as in format 2.
      const altered = path.join(dir, 'media', ...old.assets[0]!.key.split('/'));
      const bytes = fs.readFileSync(altered);
      bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
      fs.writeFileSync(altered, bytes);
      const again = await emptyTarget(keyring);
      try {
        const { outcome, message } = await restoreCase(again.config, dir);
        expect(outcome, message).to.equal('refused');
        expect(message).to.match(/does not match the manifest \(SHA-256\)/);
      } finally {
        again.remove();
      }
    } finally {
      target.remove();
    }
  });

  it('with FORCE=1 too, a hostile backup is refused before the target is emptied', async () => {
    const dir = path.join(work, 'forced');
    applyCase(backup, dir, secret, HOSTILE_BACKUP_CASES[0]!, 0);
    const target = await emptyTarget(keyring);
    try {
      const kept = path.join(target.config.storage.localBasePath, 'verso', 'media', 'kept.bin');
      fs.mkdirSync(path.dirname(kept), { recursive: true });
      fs.writeFileSync(kept, 'kept');
      const client = new pg.Client({ connectionString: target.config.database.url! });
      await client.connect();
      await client.query('CREATE TABLE kept (id int)');
      await client.end();
      const err = await runRestore(target.config, dir, { force: true }, () => {}).then(() => null, (e: unknown) => e);
      expect(err).to.be.instanceOf(RestoreRefused);
      expect((err as Error).message).to.match(HOSTILE_BACKUP_CASES[0]!.refusal);
      expect(await target.contents()).to.deep.equal({ tables: ['kept'], files: [kept] });
    } finally {
      target.remove();
    }
  });
});

describe('make backup: where it writes', () => {
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-backup-dest-'));
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  /** An empty directory owned by another user: made and given away as root, else one root owns. */
  function othersDirectory(): string {
    if (process.getuid?.() === 0) {
      const dir = path.join(work, 'theirs');
      fs.mkdirSync(dir);
      fs.chownSync(dir, 65534, 65534);
      return dir;
    }
    const candidates = ['/mnt', '/srv', '/media', '/opt', '/home'].filter((d) => fs.existsSync(d) && fs.statSync(d).uid !== process.getuid?.() && fs.readdirSync(d).length === 0);
    expect(candidates.length, 'an empty directory of another user on this machine').to.be.above(0);
    return candidates[0]!;
  }

  it("refuses an empty directory owned by someone else, changing nothing in it", () => {
    const dir = othersDirectory();
    const before = fs.statSync(dir);
    expect(() => prepareBackupDirectory(dir)).to.throw(`${dir} belongs to another user (uid ${before.uid}), who could read the backup: back up into a new directory, or one of your own`);
    expect(fs.readdirSync(dir)).to.deep.equal([]);
    expect(fs.statSync(dir).mode).to.equal(before.mode);
  });

  it('refuses a symbolic link, even to an empty directory of our own', () => {
    const real = path.join(work, 'real');
    fs.mkdirSync(real);
    const link = path.join(work, 'link');
    fs.symlinkSync(real, link);
    expect(() => prepareBackupDirectory(link)).to.throw(`${link} is a symbolic link: back up into a new directory`);
    expect(fs.readdirSync(real)).to.deep.equal([]);
  });

  it('makes a new directory 0700, and closes an empty one of our own to 0700', () => {
    const fresh = path.join(work, 'a', 'b');
    prepareBackupDirectory(fresh);
    expect(modeOf(fresh)).to.equal(0o700);
    expect(modeOf(path.join(fresh, 'database'))).to.equal(0o700);
    const open = path.join(work, 'open');
    fs.mkdirSync(open, { mode: 0o777 });
    fs.chmodSync(open, 0o777);
    prepareBackupDirectory(open);
    expect(modeOf(open)).to.equal(0o700);
  });
});
