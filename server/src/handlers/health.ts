// Health (tag Health): liveness, readiness with its checks, and the optional HTML dashboard.
import { notFound } from '../errors.js';
import type { Handler } from '../http/operation.js';
import { checkReadiness } from '../services/platform/health.js';
import { renderHealthDashboard } from '../services/platform/health-dashboard.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const getHealthLive: Handler<'getHealthLive'> = ({ reply }) => reply(200, { status: 'Healthy' });

export const getHealthReady: Handler<'getHealthReady'> = async ({ deps, reply }) => {
  const report = await checkReadiness({ db: deps.db, storage: deps.storage, version: deps.config.version, process: deps.processIdentity });
  return report.status === 'Healthy' ? reply(200, report, NO_STORE) : reply(503, report, NO_STORE);
};

export const getHealthDashboard: Handler<'getHealthDashboard'> = async ({ deps, reply }) => {
  if (!deps.config.api.healthDashboardEnabled) throw notFound('The health dashboard');
  const report = await checkReadiness({ db: deps.db, storage: deps.storage, version: deps.config.version, process: deps.processIdentity });
  return reply(200, renderHealthDashboard(report), { ...NO_STORE, 'Content-Type': 'text/html; charset=utf-8' });
};
