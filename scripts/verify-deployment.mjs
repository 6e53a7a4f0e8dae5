// `make verify-deployment` / `npm run verify -- --api <url> --admin <url> [--token <token>]`: the
// spec's deployment checks, run before and after an upgrade (docs/operations.md: Runbook). Each check is one row
// of a table; the exit code is 1 when any failed, and the last line names the failed checks.
//
//   api-live       GET  <api>/health/live   200 Healthy (the process answers)
//   api-ready      GET  <api>/health/ready  200 Healthy (database and storage); reports the version
//   admin-sign-in  GET  <admin>/login       200 with the sign-in form
//   media-download GET  …/media/{id}/file   (with --token) the first asset of the token's workspace
//                                           (or of the first workspace with any) downloads whole
//
// Plain Node (fetch), no build: it runs on a machine that only has the checkout and Node 24.
import { parseArgs } from 'node:util';

const USAGE = 'usage: verify-deployment --api <url> --admin <url> [--token <API client or session token>] [--timeout <seconds>]';

/** A failed check: its message is the row's detail. */
class CheckFailed extends Error {}
/** A check that cannot apply (no media yet): shown, not failed. */
class CheckSkipped extends Error {}

async function get(url, { token, timeoutMs, accept = 'application/json' }) {
  const headers = { accept };
  if (token) headers.authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const cause = err?.cause?.code ?? err?.cause?.message ?? err?.name ?? err?.message;
    throw new CheckFailed(`${url} did not answer (${cause})`);
  }
  return res;
}

async function json(res, url) {
  try {
    return await res.json();
  } catch {
    throw new CheckFailed(`${url} answered ${res.status} without JSON`);
  }
}

function checksFor({ api, admin, token, timeoutMs }) {
  const o = { timeoutMs };
  const checks = [
    {
      name: 'api-live',
      async run() {
        const url = `${api}/health/live`;
        const res = await get(url, o);
        const body = await json(res, url);
        if (res.status !== 200 || body.status !== 'Healthy') throw new CheckFailed(`${url} answered ${res.status} ${body.status ?? ''}`.trim());
        return 'Healthy';
      },
    },
    {
      name: 'api-ready',
      async run() {
        const url = `${api}/health/ready`;
        const res = await get(url, o);
        const body = await json(res, url);
        const version = body?.metadata?.version;
        if (res.status !== 200 || body.status !== 'Healthy') {
          const failing = (body.checks ?? []).filter((c) => c.status !== 'Healthy').map((c) => `${c.name}: ${c.description ?? c.status}`);
          throw new CheckFailed(`${res.status} ${body.status ?? ''}${failing.length ? ` (${failing.join('; ')})` : ''}`);
        }
        return `Healthy, version ${version ?? 'unknown'}`;
      },
    },
    {
      name: 'admin-sign-in',
      async run() {
        const url = `${admin}/login`;
        const res = await get(url, { ...o, accept: 'text/html' });
        const html = await res.text();
        if (res.status !== 200) throw new CheckFailed(`${url} answered ${res.status}`);
        if (!/<form[^>]*method="post"/i.test(html) || !/type="password"/i.test(html)) throw new CheckFailed(`${url} has no sign-in form`);
        return 'sign-in form served';
      },
    },
  ];
  if (token) {
    checks.push({
      name: 'media-download',
      async run() {
        const t = { ...o, token };
        const meUrl = `${api}/api/v1/auth/me`;
        const meRes = await get(meUrl, t);
        if (meRes.status !== 200) throw new CheckFailed(`the token was refused: ${meUrl} answered ${meRes.status}`);
        const me = await json(meRes, meUrl);
        let workspaces = me.workspaceId ? [me.workspaceId] : [];
        if (!me.workspaceId) {
          const listUrl = `${api}/api/v1/workspaces?pageSize=100`;
          const list = await get(listUrl, t);
          if (list.status !== 200) throw new CheckFailed(`${listUrl} answered ${list.status}`);
          workspaces = ((await json(list, listUrl)).items ?? []).map((w) => w.id);
        }
        for (const ws of workspaces) {
          const mediaUrl = `${api}/api/v1/workspaces/${ws}/media?pageSize=1`;
          const page = await get(mediaUrl, t);
          if (page.status !== 200) throw new CheckFailed(`${mediaUrl} answered ${page.status}`);
          const asset = ((await json(page, mediaUrl)).items ?? [])[0];
          if (!asset) continue;
          const fileUrl = `${api}/api/v1/workspaces/${ws}/media/${asset.id}/file`;
          const file = await get(fileUrl, { ...t, accept: '*/*' });
          if (file.status !== 200) {
            const problem = await file.text().catch(() => '');
            throw new CheckFailed(`${fileUrl} answered ${file.status}${problem ? `: ${problem.slice(0, 200)}` : ''}`);
          }
          const bytes = Buffer.from(await file.arrayBuffer());
          if (bytes.length !== asset.sizeBytes) throw new CheckFailed(`${fileUrl} sent ${bytes.length} bytes, the asset has ${asset.sizeBytes}`);
          return `${asset.fileName}: ${bytes.length} bytes`;
        }
        throw new CheckSkipped('no media asset to download yet');
      },
    });
  }
  return checks;
}

/** Runs every check (none stops the others) and returns the rows. */
export async function verifyDeployment(options) {
  const rows = [];
  for (const check of checksFor(options)) {
    try {
      rows.push({ check: check.name, result: 'ok', detail: await check.run() });
    } catch (err) {
      if (err instanceof CheckSkipped) rows.push({ check: check.name, result: 'skipped', detail: err.message });
      else if (err instanceof CheckFailed) rows.push({ check: check.name, result: 'FAILED', detail: err.message });
      else rows.push({ check: check.name, result: 'FAILED', detail: `unexpected error: ${err?.message ?? err}` });
    }
  }
  return rows;
}

export function formatTable(rows) {
  const header = { check: 'check', result: 'result', detail: 'detail' };
  const all = [header, ...rows];
  const w1 = Math.max(...all.map((r) => r.check.length));
  const w2 = Math.max(...all.map((r) => r.result.length));
  const line = (r) => `${r.check.padEnd(w1)}  ${r.result.padEnd(w2)}  ${r.detail}`.trimEnd();
  return [line(header), `${'-'.repeat(w1)}  ${'-'.repeat(w2)}  ${'-'.repeat(6)}`, ...rows.map(line)].join('\n');
}

function baseUrl(value, flag) {
  if (!value) throw new Error(`${flag} is required\n${USAGE}`);
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${flag} must be a URL, got "${value}"\n${USAGE}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${flag} must be an http or https URL\n${USAGE}`);
  return value.replace(/\/+$/, '');
}

async function main() {
  let options;
  try {
    const { values } = parseArgs({
      options: { api: { type: 'string' }, admin: { type: 'string' }, token: { type: 'string' }, timeout: { type: 'string', default: '10' }, help: { type: 'boolean' } },
    });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const timeout = Number(values.timeout);
    if (!Number.isFinite(timeout) || timeout <= 0) throw new Error(`--timeout must be a number of seconds\n${USAGE}`);
    options = {
      api: baseUrl(values.api, '--api'),
      admin: baseUrl(values.admin, '--admin'),
      // From the environment too, so the token need not appear in the process list.
      token: values.token ?? process.env.VERSO_VERIFY_TOKEN ?? undefined,
      timeoutMs: timeout * 1000,
    };
  } catch (err) {
    console.error(err.message);
    return 2;
  }
  const rows = await verifyDeployment(options);
  console.log(formatTable(rows));
  const failed = rows.filter((r) => r.result === 'FAILED').map((r) => r.check);
  console.log(failed.length ? `\nverify-deployment: FAILED: ${failed.join(', ')}` : `\nverify-deployment: all ${rows.length} checks passed`);
  return failed.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
