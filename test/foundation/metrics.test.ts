import net from 'node:net';
import { expect } from 'chai';
import { startTestApi } from '../helpers/api.js';
import { readInstruments, SCHEDULE_INSTRUMENTS } from '../helpers/metrics.js';
import { createArticle, expectStatus, startContentWorld, type ContentWorld } from '../content/content-fixture.js';

/** A scrape's value of one series, by its full Prometheus name and labels. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const scoped = (name: string) => `${name}{otel_scope_name="Verso.Operational"}`;

describe('operational metrics (Prometheus endpoint)', () => {
  describe('Metrics__Enabled=true, Metrics__Port=0', () => {
    let w: ContentWorld;
    let url: string;
    before(async () => {
      // The API's own worker, polling every second, does the publishing here.
      w = await startContentWorld(
        await startTestApi({ env: { Metrics__Enabled: 'true', Metrics__Port: '0', Workers__ScheduledPublishing__IntervalSeconds: '1' } }),
      );
      url = w.api.running.deps.metrics.endpointUrl!;
    });
    after(() => w?.api.close());

    it('serves GET /metrics on a port of its own, bound on the configured host', async () => {
      expect(url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(new URL(url).port).to.not.equal(String(w.api.running.port));
      const res = await fetch(url);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      const body = await res.text();
      expect(body).to.include('# TYPE verso_schedule_published_total counter');
      expect(body).to.include('# TYPE verso_schedule_due gauge');
      expect(body).to.match(/^target_info\{.*service_name="verso".*service_version="0\.0\.0-test".*\} 1$/m);
      expect((await fetch(new URL('/other', url))).status).to.equal(404);
    });

    it('counts a version the worker publishes on schedule as verso_schedule_published_total', async function () {
      this.timeout(20_000);
      const item = await createArticle(w, 'On schedule');
      for (const step of ['submit', 'approve']) {
        expectStatus(await w.api.post(`${w.base}/content/${item.id}/versions/1/${step}`, undefined, { token: step === 'submit' ? w.editor : w.reviewer }), 200);
      }
      expectStatus(await w.api.post(`${w.base}/content/${item.id}/versions/1/publish`, { publishAt: new Date(Date.now() - 1000).toISOString() }, { token: w.editor }), 200);

      let body = '';
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
        body = await (await fetch(url)).text();
        if (sample(body, scoped('verso_schedule_published_total')) === 1) break;
      }
      expect(sample(body, scoped('verso_schedule_published_total'))).to.equal(1);
      expect(sample(body, scoped('verso_schedule_claimed_total'))).to.equal(1);
      expect(sample(body, scoped('verso_schedule_reclaimed_total'))).to.equal(0);
      expect(sample(body, scoped('verso_schedule_failures_total'))).to.equal(0);
      expect(sample(body, scoped('verso_schedule_due'))).to.equal(0);
      const version = await w.api.get(`${w.base}/content/${item.id}/versions/1`, { token: w.reader });
      expect(version.body.status).to.equal('Published');
    });
  });

  it('records in memory but opens no port by default', async () => {
    const api = await startTestApi();
    try {
      const { metrics } = api.running.deps;
      expect(metrics.endpointUrl).to.equal(null);
      const values = await readInstruments(metrics);
      expect(Object.fromEntries(SCHEDULE_INSTRUMENTS.map((name) => [name, values[name]]))).to.deep.equal({
        'verso.schedule.due': 0,
        'verso.schedule.claimed': 0,
        'verso.schedule.reclaimed': 0,
        'verso.schedule.published': 0,
        'verso.schedule.failures': 0,
      });
    } finally {
      await api.close();
    }
  });

  it('fails start-up naming the address when the metrics port is taken, and frees it on close', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const env = { Metrics__Enabled: 'true', Metrics__Port: String(port) };
      let failure: unknown;
      await startTestApi({ env }).then((api) => api.close(), (err: unknown) => (failure = err));
      expect(String(failure)).to.include(`metrics endpoint cannot listen on 127.0.0.1:${port}: listen EADDRINUSE`);

      await new Promise<void>((resolve) => blocker.close(() => resolve()));
      const api = await startTestApi({ env });
      expect(api.running.deps.metrics.endpointUrl).to.equal(`http://127.0.0.1:${port}/metrics`);
      await api.close();
      // Closed with its API: the port can be bound again at once.
      await new Promise<void>((resolve, reject) => blocker.once('error', reject).listen(port, '127.0.0.1', resolve));
    } finally {
      blocker.close();
    }
  });
});
