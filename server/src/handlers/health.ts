import { notFound } from '../errors.js';
import type { OperationHandler } from '../http/operation.js';
import { checkReadiness } from '../services/platform/health.js';
import { renderHealthDashboard } from '../services/platform/health-dashboard.js';

export const getHealthLive: OperationHandler = () => ({ status: 200, body: { status: 'Healthy' } });

export const getHealthReady: OperationHandler = async ({ deps }) => {
  const report = await checkReadiness({ db: deps.db, storage: deps.storage, version: deps.config.version });
  return { status: report.status === 'Healthy' ? 200 : 503, body: report, headers: { 'Cache-Control': 'no-store' } };
};

export const getHealthDashboard: OperationHandler = async ({ deps }) => {
  if (!deps.config.api.healthDashboardEnabled) throw notFound('The health dashboard');
  const report = await checkReadiness({ db: deps.db, storage: deps.storage, version: deps.config.version });
  return {
    status: 200,
    body: renderHealthDashboard(report),
    contentType: 'text/html; charset=utf-8',
    headers: { 'Cache-Control': 'no-store' },
  };
};
