import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { REPO_ROOT } from '../../server/src/contract.js';

const load = (env: Record<string, string>) => loadConfig(env, { version: '1.2.3', cwd: '/srv/verso' });

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = load({});
    expect(c.environment).to.equal('development');
    expect(c.api.port).to.equal(5000);
    expect(c.admin.port).to.equal(5001);
    expect(c.data.directory).to.equal('/srv/verso/.data');
    expect(c.database.url).to.equal(null);
    expect(c.storage.provider).to.equal('local');
    expect(c.storage.localBasePath).to.equal('/srv/verso/.data/media');
    expect(c.api.swaggerEnabled).to.equal(true);
    expect(c.api.healthDashboardEnabled).to.equal(false);
    expect(c.version).to.equal('1.2.3');
    expect(c.workers.scheduledPublishing).to.deep.equal({ intervalMs: 60_000, leaseMs: 300_000, batchSize: 100 });
    expect(c.metrics).to.deep.equal({ enabled: false, host: '127.0.0.1', port: 9464 });
    expect(c.delivery).to.deep.equal({ cacheMs: 60_000, cacheBytes: 64 * 1024 * 1024, documents: true, listPages: 256 });
  });

  it('runs the API as one process unless Api__Processes says otherwise; auto is one per core', () => {
    expect(load({}).api.processes).to.equal(1);
    expect(load({ Api__Processes: '3' }).api.processes).to.equal(3);
    expect(load({ Api__Processes: 'auto' }).api.processes).to.equal(Math.min(os.availableParallelism(), 64));
    expect(load({ Api__Processes: 'AUTO' }).api.processes).to.equal(Math.min(os.availableParallelism(), 64));
  });

  it('reads the delivery-cache settings; 0 seconds turns the cache off', () => {
    expect(load({ Delivery__CacheSeconds: '0', Delivery__CacheMegabytes: '8' }).delivery).to.deep.equal({ cacheMs: 0, cacheBytes: 8 * 1024 * 1024, documents: true, listPages: 256 });
    expect(load({ Delivery__StoredDocuments: 'false' }).delivery.documents).to.equal(false);
    expect(load({ Delivery__StoredListPages: '0' }).delivery.listPages).to.equal(0);
  });

  it('reads the metrics endpoint settings; port 0 takes any free port', () => {
    expect(load({ Metrics__Enabled: 'true', Metrics__Host: '0.0.0.0', Metrics__Port: '9100' }).metrics).to.deep.equal({ enabled: true, host: '0.0.0.0', port: 9100 });
    expect(load({ Metrics__Enabled: '1', Metrics__Port: '0' }).metrics).to.deep.equal({ enabled: true, host: '127.0.0.1', port: 0 });
  });

  it('reads the scheduled-publishing worker settings', () => {
    const c = load({
      Workers__ScheduledPublishing__IntervalSeconds: '5',
      Workers__ScheduledPublishing__LeaseSeconds: '30',
      Workers__ScheduledPublishing__BatchSize: '25',
    });
    expect(c.workers.scheduledPublishing).to.deep.equal({ intervalMs: 5_000, leaseMs: 30_000, batchSize: 25 });
  });

  it('turns Swagger off in production unless asked', () => {
    expect(load({ NODE_ENV: 'production' }).api.swaggerEnabled).to.equal(false);
    expect(load({ NODE_ENV: 'production', Api__SwaggerEnabled: 'true' }).api.swaggerEnabled).to.equal(true);
  });

  it('prefers Storage__Local__BasePath over RootPath', () => {
    expect(load({ Storage__Local__RootPath: '/a', Storage__Local__BasePath: '/b' }).storage.localBasePath).to.equal('/b');
    expect(load({ Storage__Local__RootPath: '/a' }).storage.localBasePath).to.equal('/a');
  });

  it('is frozen', () => {
    const c = load({});
    expect(Object.isFrozen(c)).to.equal(true);
    expect(Object.isFrozen(c.api)).to.equal(true);
  });

  for (const [name, value, message] of [
    ['Api__Port', 'abc', /Api__Port must be an integer/],
    ['Api__Port', '70000', /Api__Port must be between 0 and 65535/],
    ['Api__HealthDashboardEnabled', 'yes', /Api__HealthDashboardEnabled must be true or false/],
    ['NODE_ENV', 'staging', /NODE_ENV must be one of development, test, production/],
    ['Storage__Provider', 'ftp', /Storage__Provider must be one of/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL must use postgres: or postgresql:/],
    ['DATABASE_URL', 'not a url', /DATABASE_URL must be a URL/],
    ['Api__MaxRequestBodyBytes', '1.5', /Api__MaxRequestBodyBytes must be an integer/],
    ['Workers__ScheduledPublishing__BatchSize', '0', /Workers__ScheduledPublishing__BatchSize must be between 1 and 1000/],
    ['Workers__ScheduledPublishing__LeaseSeconds', '5', /Workers__ScheduledPublishing__LeaseSeconds must be between 10 and 3600/],
    ['Delivery__CacheSeconds', '3601', /Delivery__CacheSeconds must be between 0 and 3600, got 3601/],
    ['Delivery__CacheMegabytes', '0', /Delivery__CacheMegabytes must be between 1 and 16384, got 0/],
    ['Api__Processes', '0', /Api__Processes must be between 1 and 64, got 0/],
    ['Api__Processes', '65', /Api__Processes must be between 1 and 64, got 65/],
    ['Api__Processes', 'all', /Api__Processes must be an integer or auto, got "all"/],
    ['Api__Processes', '2.5', /Api__Processes must be an integer or auto, got "2.5"/],
    ['Metrics__Enabled', 'yes', /Metrics__Enabled must be true or false, got "yes"/],
    ['Metrics__Port', '9464x', /Metrics__Port must be an integer, got "9464x"/],
    ['Metrics__Port', '65536', /Metrics__Port must be between 0 and 65535, got 65536/],
    ['Metrics__Port', '-1', /Metrics__Port must be between 0 and 65535, got -1/],
  ] as const) {
    it(`rejects ${name}=${JSON.stringify(value)} naming the setting`, () => {
      expect(() => load({ [name]: value })).to.throw(ConfigError, message);
    });
  }

  it('stops the API process at start-up with the setting named and exit code 78', function () {
    this.timeout(30_000);
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
      env: { ...process.env, Api__Port: 'not-a-port' },
      encoding: 'utf8',
      timeout: 25_000,
    });
    expect(result.status).to.equal(78);
    expect(result.stderr).to.include('Invalid configuration: Api__Port must be an integer');
  });
});
