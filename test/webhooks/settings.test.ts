// The Webhook__* settings (upstream's names, defaults and ranges) and the webhook worker switches:
// read once, validated at start-up with a message naming the setting.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../../server/src/contract.js';
import { ConfigError, loadConfig } from '../../server/src/config.js';
import { createWorkers } from '../../server/src/workers/index.js';
import { startTestApi } from '../helpers/api.js';
import { productionKeyring } from '../helpers/production-env.js';

const load = (env: Record<string, string>) => loadConfig(env, { version: '1.2.3', cwd: '/srv/verso' });

describe('webhook settings', () => {
  it('defaults to upstream\'s values', () => {
    expect(load({}).webhooks).to.deep.equal({
      allowHttp: false,
      allowedPrivateDestinations: [],
      maxAttempts: 10,
      requestTimeoutMs: 15_000,
      dns: { timeoutMs: 5_000, tries: 2 },
      maxEndpointsPerWorkspace: 50,
      maxEndpointsPerHost: 10,
      outbox: { pollIntervalMs: 30_000, leaseMs: 300_000, batchSize: 100 },
      delivery: { pollIntervalMs: 30_000, leaseMs: 300_000, batchSize: 100, concurrency: 16 },
      cleanup: { retentionDays: 30, batchSize: 100, intervalMs: 3_600_000 },
    });
    expect(load({}).workers).to.include({ webhookDispatch: true, webhookDelivery: true, webhookRetention: true });
  });

  it('reads every setting', () => {
    const c = load({
      Webhook__AllowHttp: 'true',
      Webhook__MaxAttempts: '3',
      Webhook__RequestTimeoutSeconds: '5',
      Webhook__Dns__TimeoutSeconds: '60',
      Webhook__Dns__Tries: '1',
      Webhook__MaxEndpointsPerWorkspace: '10000',
      Webhook__MaxEndpointsPerHost: '1',
      Webhook__OutboxPollIntervalSeconds: '2',
      Webhook__OutboxLeaseSeconds: '60',
      Webhook__OutboxBatchSize: '500',
      Webhook__RetryPollIntervalSeconds: '7',
      Webhook__DeliveryLeaseSeconds: '6',
      Webhook__DeliveryBatchSize: '1',
      Webhook__DeliveryConcurrency: '100',
      Webhook__RetentionDays: '3650',
      Webhook__CleanupBatchSize: '10000',
      Webhook__CleanupIntervalSeconds: '86400',
      Workers__WebhookDelivery__Enabled: 'false',
    });
    expect(c.webhooks).to.deep.equal({
      allowHttp: true,
      allowedPrivateDestinations: [],
      maxAttempts: 3,
      requestTimeoutMs: 5_000,
      dns: { timeoutMs: 60_000, tries: 1 },
      maxEndpointsPerWorkspace: 10_000,
      maxEndpointsPerHost: 1,
      outbox: { pollIntervalMs: 2_000, leaseMs: 60_000, batchSize: 500 },
      delivery: { pollIntervalMs: 7_000, leaseMs: 6_000, batchSize: 1, concurrency: 100 },
      cleanup: { retentionDays: 3650, batchSize: 10_000, intervalMs: 86_400_000 },
    });
    expect(c.workers.webhookDelivery).to.equal(false);
  });

  it('refuses values outside the ranges, naming the setting', () => {
    const cases: [string, string][] = [
      ['Webhook__MaxAttempts', '0'],
      ['Webhook__MaxAttempts', '101'],
      ['Webhook__RequestTimeoutSeconds', '121'],
      ['Webhook__OutboxPollIntervalSeconds', '0'],
      ['Webhook__OutboxLeaseSeconds', '1801'],
      ['Webhook__OutboxBatchSize', '501'],
      ['Webhook__RetryPollIntervalSeconds', '3601'],
      ['Webhook__DeliveryBatchSize', '0'],
      ['Webhook__DeliveryConcurrency', '101'],
      ['Webhook__RetentionDays', '0'],
      ['Webhook__MaxEndpointsPerWorkspace', '0'],
      ['Webhook__MaxEndpointsPerWorkspace', '10001'],
      ['Webhook__MaxEndpointsPerHost', '0'],
      ['Webhook__MaxEndpointsPerHost', 'many'],
      ['Webhook__RetentionDays', '3651'],
      ['Webhook__CleanupBatchSize', '0'],
      ['Webhook__Dns__TimeoutSeconds', '0'],
      ['Webhook__Dns__TimeoutSeconds', '61'],
      ['Webhook__Dns__Tries', '0'],
      ['Webhook__Dns__Tries', '6'],
      ['Webhook__AllowHttp', 'yes'],
      ['Webhook__MaxAttempts', 'ten'],
      ['Workers__WebhookDispatch__Enabled', 'maybe'],
    ];
    for (const [name, value] of cases) {
      expect(() => load({ [name]: value }), `${name}=${value}`).to.throw(ConfigError, name);
    }
  });

  it('refuses a delivery lease no longer than the request timeout (a live attempt could be taken over)', () => {
    expect(() => load({ Webhook__RequestTimeoutSeconds: '30', Webhook__DeliveryLeaseSeconds: '30' })).to.throw(ConfigError, 'Webhook__DeliveryLeaseSeconds');
    expect(load({ Webhook__RequestTimeoutSeconds: '30', Webhook__DeliveryLeaseSeconds: '31' }).webhooks.delivery.leaseMs).to.equal(31_000);
  });

  describe('Webhook__AllowHttp=true is refused in production (spec, Egress rules 5: development only)', () => {
    it('loadConfig names the setting in production, and accepts it in development and test', () => {
      expect(() => load({ NODE_ENV: 'production', Webhook__AllowHttp: 'true' })).to.throw(ConfigError, /^Invalid configuration: Webhook__AllowHttp must not be true in production/);
      expect(() => load({ NODE_ENV: 'Production', Webhook__AllowHttp: '1' })).to.throw(ConfigError, 'Webhook__AllowHttp');
      expect(load({ NODE_ENV: 'production', Webhook__AllowHttp: 'false' }).webhooks.allowHttp).to.equal(false);
      expect(load({ NODE_ENV: 'development', Webhook__AllowHttp: 'true' }).webhooks.allowHttp).to.equal(true);
      expect(load({ NODE_ENV: 'test', Webhook__AllowHttp: 'true' }).webhooks.allowHttp).to.equal(true);
    });

    it('the API process exits 78 naming the setting, before PostgreSQL starts', function () {
      this.timeout(30_000);
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
        env: { ...process.env, ...productionKeyring(), NODE_ENV: 'production', Webhook__AllowHttp: 'true', Data__Directory: path.join(REPO_ROOT, '.data-never-created') },
        encoding: 'utf8',
        timeout: 25_000,
      });
      expect(result.status).to.equal(78);
      expect(result.stderr).to.include('Invalid configuration: Webhook__AllowHttp must not be true in production');
      expect(result.stdout + result.stderr).to.not.include('embedded PostgreSQL');
    });
  });

  it('the worker switches decide which webhook workers a replica runs', async () => {
    const api = await startTestApi({ env: { Workers__Enabled: 'false', Workers__WebhookDelivery__Enabled: 'false', Workers__WebhookRetention__Enabled: 'false' } });
    try {
      // Only the webhook family is this test's (media and scheduling have switches of their own).
      const names = createWorkers(api.running.deps).map((w) => w.name).filter((n) => /^(webhook|secret)-/.test(n));
      expect(names).to.deep.equal(['webhook-dispatch', 'secret-rotation-preflight']);
    } finally {
      await api.close();
    }
  });

  describe('the keyring (Secrets__*) is checked before the API listens', () => {
    it('the API process exits 78 naming the setting, before PostgreSQL starts, and never prints the key', function () {
      this.timeout(30_000);
      const key = 'c2hvcnQ=';
      const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
        env: { ...process.env, Secrets__ActiveKeyId: 'prod', Secrets__EncryptionKeys__prod: key, Data__Directory: path.join(REPO_ROOT, '.data-never-created') },
        encoding: 'utf8',
        timeout: 25_000,
      });
      expect(result.status).to.equal(78);
      expect(result.stderr).to.include('Secrets__EncryptionKeys__prod');
      expect(result.stdout + result.stderr).to.not.include(key);
      expect(result.stdout + result.stderr).to.not.include('embedded PostgreSQL');
    });

    it('startApi refuses a missing active key the same way (tests and embedders)', async () => {
      let error: unknown;
      await startTestApi({ env: { Secrets__ActiveKeyId: 'absent' } }).then((api) => api.close(), (err: unknown) => (error = err));
      expect(error).to.be.instanceOf(ConfigError);
      expect(String((error as Error).message)).to.include('Secrets__');
    });
  });
});
