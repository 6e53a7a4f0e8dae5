import crypto from 'node:crypto';
import { expect } from 'chai';
import { newTraceId } from '../../server/src/http/correlation.js';
import { startTestApi, type TestApi } from '../helpers/api.js';

describe('X-Correlation-Id', () => {
  let api: TestApi;
  before(async () => {
    api = await startTestApi();
  });
  after(() => api.close());

  it('echoes a well-formed id from the request', async () => {
    const res = await api.get('/health/live', { headers: { 'X-Correlation-Id': 'order-42.retry:1' } });
    expect(res.headers.get('x-correlation-id')).to.equal('order-42.retry:1');
  });

  it('generates one when the request has none', async () => {
    const a = await api.get('/health/live');
    const b = await api.get('/health/live');
    expect(a.headers.get('x-correlation-id')).to.match(/^[0-9a-f-]{36}$/);
    expect(a.headers.get('x-correlation-id')).not.to.equal(b.headers.get('x-correlation-id'));
  });

  for (const [name, value] of [
    ['too long', 'a'.repeat(129)],
    ['unsafe characters', 'abc<script>'],
    ['spaces', 'two words'],
    ['a leading dash', '-abc'],
    ['a tab', 'a\tb'],
  ] as const) {
    it(`replaces an id with ${name}`, async () => {
      const res = await api.get('/health/live', { headers: { 'X-Correlation-Id': value } });
      expect(res.headers.get('x-correlation-id')).not.to.equal(value);
      expect(res.headers.get('x-correlation-id')).to.match(/^[0-9a-f-]{36}$/);
    });
  }

  it('carries the id in the problem body and in every log line of the request', async () => {
    const res = await api.get('/api/v1/auth/me', { headers: { 'X-Correlation-Id': 'trace-me-123' } });
    expect(res.status).to.equal(401);
    expect(res.body.correlationId).to.equal('trace-me-123');
    const lines = api.log.lines.filter((l) => l.correlationId === 'trace-me-123');
    expect(lines.map((l) => l.message)).to.include.members(['request rejected: not authenticated', 'request finished']);
    for (const line of lines) expect(line.traceId).to.equal(res.body.traceId);
  });

  it('takes the trace id from a valid W3C traceparent', async () => {
    const res = await api.get('/api/v1/auth/me', {
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' },
    });
    expect(res.body.traceId).to.equal('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('makes a new 32-hex-digit trace id, different for each request, without a traceparent', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await api.get('/api/v1/auth/me');
      expect(res.body.traceId).to.match(/^[0-9a-f]{32}$/);
      expect(res.body.traceId).to.not.match(/^0+$/);
      ids.add(res.body.traceId);
    }
    expect(ids.size).to.equal(5);
  });

  it('generates distinct 32-hex-digit trace ids from a pool: 1,000 ids draw randomness from the system at most 5 times', () => {
    const draws = { fill: 0, bytes: 0 };
    const { randomFillSync, randomBytes } = crypto;
    crypto.randomFillSync = ((...args: Parameters<typeof randomFillSync>) => (draws.fill++, randomFillSync(...args))) as typeof randomFillSync;
    crypto.randomBytes = ((size: number) => (draws.bytes++, randomBytes(size))) as unknown as typeof randomBytes;
    let ids: string[];
    try {
      ids = Array.from({ length: 1000 }, () => newTraceId());
    } finally {
      crypto.randomFillSync = randomFillSync;
      crypto.randomBytes = randomBytes;
    }
    for (const id of ids) expect(id).to.match(/^[0-9a-f]{32}$/).and.not.match(/^0+$/);
    expect(new Set(ids).size).to.equal(1000);
    expect(draws.fill + draws.bytes).to.be.within(1, 5);
  });
});
