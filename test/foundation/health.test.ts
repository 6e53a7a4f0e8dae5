import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { freePort } from '../helpers/database.js';
import { startEmbeddedDatabase } from '../../server/src/db/embedded.js';
import { migrate } from '../../server/src/db/migrate.js';
import { MIGRATIONS_DIR } from '../../server/src/contract.js';
import { startS3Server } from '../helpers/s3-server.js';

describe('health endpoints', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  describe('GET /health/live', () => {
    it('answers 200 Healthy without touching dependencies', async () => {
      const res = await api.get('/health/live');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'Healthy' });
    });
  });

  describe('GET /health/ready', () => {
    it('reports the database and storage checks with version metadata', async () => {
      const before = Date.now();
      const res = await api.get('/health/ready');
      expect(res.status).to.equal(200);
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.body.status).to.equal('Healthy');
      expect(res.body.checks.map((c: { name: string }) => c.name)).to.deep.equal(['database', 'storage']);
      for (const check of res.body.checks) {
        expect(check.status).to.equal('Healthy');
        expect(check.duration).to.match(/^\d{2}:\d{2}:\d{2}\.\d{7}$/);
        expect(check.description).to.be.a('string');
      }
      expect(res.body.metadata.version).to.equal('0.0.0-test');
      // One process (Api__Processes 1): this one, at index 0, with the workers as configured.
      expect(res.body.metadata.process).to.deep.equal({ index: 0, pid: process.pid, runsWorkers: api.config.workers.enabled });
      expect(Date.parse(res.body.metadata.generatedAt)).to.be.within(before - 1000, Date.now() + 1000);
    });

    it('turns 503 Unhealthy when the storage path cannot be used', async () => {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verso-')), 'not-a-dir');
      fs.writeFileSync(file, 'x');
      const broken = await startTestApi({ env: { Storage__Local__BasePath: file } });
      try {
        const res = await broken.get('/health/ready');
        expect(res.status).to.equal(503);
        expect(res.body.status).to.equal('Unhealthy');
        const storage = res.body.checks.find((c: { name: string }) => c.name === 'storage');
        expect(storage.status).to.equal('Unhealthy');
        // Why, without the path: anyone may read this report.
        expect(storage.description).to.equal('storage check failed: the local storage directory is not writable (ENOTDIR)');
        expect(res.body.checks.find((c: { name: string }) => c.name === 'database').status).to.equal('Healthy');
      } finally {
        await broken.close();
      }
    });

    it('checks the S3 bucket when Storage__Provider is s3: Healthy, or 503 saying the bucket is missing (no address, no key)', async function () {
      this.timeout(60_000);
      const s3 = await startS3Server();
      const healthy = await startTestApi({ env: s3.env() });
      const missing = await startTestApi({ env: s3.env({ Storage__S3__BucketName: 'no-such-bucket' }) });
      try {
        const ok = await healthy.get('/health/ready');
        expect(ok.status).to.equal(200);
        expect(ok.body.checks.find((c: { name: string }) => c.name === 'storage')).to.include({ status: 'Healthy', description: 'Storage provider "s3" is reachable.' });
        const res = await missing.get('/health/ready');
        expect(res.status).to.equal(503);
        const storage = res.body.checks.find((c: { name: string }) => c.name === 'storage');
        expect(storage).to.include({ status: 'Unhealthy', description: 'storage check failed: S3 bucket "no-such-bucket" does not exist' });
        expect(res.text).not.to.include(s3.endpoint.replace('http://', '')).and.not.to.include(s3.secretKey);
      } finally {
        await healthy.close();
        await missing.close();
        await s3.stop();
      }
    });

    it('turns 503 Unhealthy when the database is stopped, and recovers when it returns', async function () {
      this.timeout(60_000);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-pg-'));
      fs.chmodSync(dir, 0o755);
      const port = await freePort();
      const start = () => startEmbeddedDatabase({ dataDir: path.join(dir, 'data'), port, persistent: true, log: () => {} });
      let pg = await start();
      await pg.createDatabase('verso');
      await migrate(pg.urlFor('verso'), MIGRATIONS_DIR, () => {});
      const own = await startTestApi({ databaseUrl: pg.urlFor('verso') });
      try {
        expect((await own.get('/health/ready')).status).to.equal(200);
        await pg.stop();
        const down = await own.get('/health/ready');
        expect(down.status).to.equal(503);
        const db = down.body.checks.find((c: { name: string }) => c.name === 'database');
        expect(db.status).to.equal('Unhealthy');
        expect(db.description).to.match(/^database check failed/);
        pg = await start();
        let status = 0;
        for (let i = 0; i < 50 && status !== 200; i++) {
          status = (await own.get('/health/ready')).status;
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).to.equal(200);
      } finally {
        await own.close();
        await pg.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('GET /health/dashboard', () => {
    it('does not exist unless Api__HealthDashboardEnabled is true', async () => {
      const res = await api.get('/health/dashboard');
      expect(res.status).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/^application\/problem\+json/);
    });

    it('serves a self-contained HTML report when enabled', async () => {
      const enabled = await startTestApi({ env: { Api__HealthDashboardEnabled: 'true' } });
      try {
        const res = await enabled.get('/health/dashboard');
        expect(res.status).to.equal(200);
        expect(res.headers.get('content-type')).to.match(/^text\/html/);
        expect(res.text).to.include('Verso health: Healthy').and.include('<td>database</td>').and.include('<td>storage</td>');
        expect(res.text).not.to.match(/<script|https?:\/\//);
      } finally {
        await enabled.close();
      }
    });
  });
});
