// The admin builds an SDK client per request (each with the user's token and the browser's address)
// from ONE factory per admin app, so they all report to one circuit breaker: failures seen by
// different requests' clients open it, and the next request's client then fails fast without
// reaching the API. Exercised through api.ts's own apiFor/anonymousApi on a real loopback server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type express from 'express';
import { VersoApiError, VersoCircuitOpenError } from '@verso/sdk';
import { anonymousApi, apiFor, clientFactoryOf } from '../src/api.js';
import { loadAdminConfig } from '../src/config.js';
import type { AdminContext } from '../src/context.js';
import { createAdminLogger } from '../src/log.js';
import { MemoryLog } from '../../test/helpers/memory-log.js';

describe('admin API clients share one circuit breaker', () => {
  let server: http.Server;
  let url: string;
  const seen: { authorization: string | undefined; forwardedFor: string | undefined }[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      seen.push({ authorization: req.headers.authorization, forwardedFor: req.headers['x-forwarded-for'] as string | undefined });
      res.writeHead(503, { 'content-type': 'application/problem+json' }).end(JSON.stringify({ title: 'Down', status: 503 }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** What api.ts reads of an Express response: the app's context, the request's address, res.locals. */
  function requestFrom(context: AdminContext, ip: string, token?: string): express.Response {
    return {
      app: { locals: { admin: context } },
      req: { ip },
      locals: token ? { session: { token } } : {},
    } as unknown as express.Response;
  }

  it('failures across per-request clients open the one circuit; the next request fails fast with nothing sent', async () => {
    const log = new MemoryLog();
    const config = loadAdminConfig({ NODE_ENV: 'test', Admin__ApiBaseUrl: url, Data__Directory: '/tmp' }, { version: '0.0.0-test', cwd: '/tmp' });
    const context: AdminContext = { config, logger: createAdminLogger({ level: 'debug', stream: log }), sessions: undefined as never };
    const factory = clientFactoryOf(context);
    expect(clientFactoryOf(context)).to.equal(factory);
    expect(factory.options.circuitBreaker).to.deep.equal({ failureRatio: 0.5, minimumThroughput: 5, samplingDurationMs: 30_000, breakDurationMs: 30_000 });
    // The admin's reads are retried (3 attempts): two requests make 6 failed attempts, over the
    // minimum throughput of 5 — and no single request's client saw 5.
    const first = requestFrom(context, '203.0.113.1', 'token-ann');
    const second = requestFrom(context, '203.0.113.2');
    expect(apiFor(first)).not.to.equal(apiFor(second));
    expect(await apiFor(first).getCurrentUser().catch((e: unknown) => e)).to.be.instanceOf(VersoApiError);
    expect(factory.circuit!.state).to.equal('closed');
    expect(await anonymousApi(second).getHealthReady().catch((e: unknown) => e)).to.be.instanceOf(VersoApiError);
    expect(factory.circuit!.state).to.equal('open');
    expect(seen.map((s) => s.authorization)).to.deep.equal([...Array<string>(3).fill('Bearer token-ann'), undefined, undefined]);
    expect(seen.map((s) => s.forwardedFor)).to.deep.equal(['203.0.113.1', '203.0.113.1', '203.0.113.1', '203.0.113.2', '203.0.113.2']);

    const third = requestFrom(context, '203.0.113.3', 'token-bob');
    expect(await apiFor(third).getCurrentUser().catch((e: unknown) => e)).to.be.instanceOf(VersoCircuitOpenError);
    expect(seen).to.have.length(5);
    expect(log.text()).to.match(/The API is failing: calls fail fast/);

    // Another admin app (another context) has a circuit of its own.
    const other: AdminContext = { ...context };
    expect(clientFactoryOf(other).circuit).not.to.equal(factory.circuit);
    expect(clientFactoryOf(other).circuit!.state).to.equal('closed');
  });
});
