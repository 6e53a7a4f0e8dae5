// The self-contained HTML view of a readiness report (no scripts, no external assets).
import type { HealthReport } from '../../generated/schemas.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderHealthDashboard(report: HealthReport): string {
  const rows = report.checks
    .map(
      (c) =>
        `<tr class="${c.status.toLowerCase()}"><td>${escapeHtml(c.name)}</td><td>${c.status}</td>` +
        `<td>${escapeHtml(c.duration)}</td><td>${escapeHtml(c.description ?? '')}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Verso health: ${report.status}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse}
td,th{border:1px solid #ccc;padding:.4rem .8rem;text-align:left}.healthy td:nth-child(2){color:#176d2c}
.unhealthy td:nth-child(2){color:#b00020;font-weight:600}</style></head>
<body><h1>Verso health: ${report.status}</h1>
<p>Version ${escapeHtml(report.metadata.version)}, generated at ${escapeHtml(report.metadata.generatedAt)}.</p>
<table><thead><tr><th>Check</th><th>Status</th><th>Duration</th><th>Description</th></tr></thead>
<tbody>${rows}</tbody></table></body></html>
`;
}
