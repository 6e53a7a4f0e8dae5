// `npm run verify` (scripts/verify-deployment.mjs), run as an operator runs it: a child process
// against a real API and admin app. Healthy passes every check; an API that is down, or whose storage
// cannot be reached, fails with the check named in the table and on the last line, exit code 1.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../../server/src/contract.js';
import { startAdminStack, type AdminStack } from '../../admin/test/helpers/stack.js';
import { freePort } from '../helpers/database.js';
import { startS3Server, type S3TestServer } from '../helpers/s3-server.js';
import { multipart, pngBytes } from '../media/media-world.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function verify(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'scripts/verify-deployment.mjs'), ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The table's row for one check: [check, result, detail]. */
function row(out: string, check: string): string[] {
  const line = out.split('\n').find((l) => l.startsWith(`${check} `));
  if (!line) throw new Error(`no row for ${check} in:\n${out}`);
  const [name, result, ...detail] = line.split(/\s{2,}/);
  return [name!, result!, detail.join('  ')];
}

describe('verify-deployment (npm run verify)', function () {
  this.timeout(90_000);
  let s3: S3TestServer;
  let stack: AdminStack;
  let clientToken: string;
  before(async () => {
    s3 = await startS3Server();
    stack = await startAdminStack({ apiEnv: s3.env() });
    const ws = await stack.createWorkspace();
    const client = await stack.api.post('/api/v1/clients', { name: 'verify', role: 'Editor', workspaceId: ws.id }, { token: stack.adminToken });
    expect(client.status, client.text).to.equal(201);
    clientToken = client.body.token;
    const form = multipart({ fileName: 'logo.png', contentType: 'image/png', data: pngBytes(5000) }, {});
    const up = await stack.api.request('POST', `/api/v1/workspaces/${ws.id}/media`, { rawBody: form.body, headers: { 'content-type': form.contentType }, token: clientToken });
    expect(up.status, up.text).to.equal(201);
  });
  after(async () => {
    await stack?.close();
    await s3?.stop();
  });

  it('passes every check on a healthy deployment, the media download included, and prints them as a table', async () => {
    const run = await verify(['--api', stack.apiUrl, '--admin', stack.adminUrl, '--token', clientToken]);
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout.split('\n')[0]).to.match(/^check\s+result\s+detail$/);
    expect(row(run.stdout, 'api-live')).to.deep.equal(['api-live', 'ok', 'Healthy']);
    expect(row(run.stdout, 'api-ready')).to.deep.equal(['api-ready', 'ok', 'Healthy, version 0.0.0-test']);
    expect(row(run.stdout, 'admin-sign-in')).to.deep.equal(['admin-sign-in', 'ok', 'sign-in form served']);
    expect(row(run.stdout, 'media-download')).to.deep.equal(['media-download', 'ok', 'logo.png: 5000 bytes']);
    expect(run.stdout.trim().split('\n').at(-1)).to.equal('verify-deployment: all 4 checks passed');
    expect(run.stdout).not.to.include(clientToken);
  });

  it('fails naming the API checks when the API is down (the admin still passes)', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = await verify(['--api', closed, '--admin', stack.adminUrl]);
    expect(run.code).to.equal(1);
    expect(row(run.stdout, 'api-live').slice(0, 2)).to.deep.equal(['api-live', 'FAILED']);
    expect(row(run.stdout, 'api-live')[2]).to.equal(`${closed}/health/live did not answer (ECONNREFUSED)`);
    expect(row(run.stdout, 'api-ready')[1]).to.equal('FAILED');
    expect(row(run.stdout, 'admin-sign-in')[1]).to.equal('ok');
    expect(run.stdout.trim().split('\n').at(-1)).to.equal('verify-deployment: FAILED: api-live, api-ready');
  });

  it('fails api-ready, saying storage, and media-download when the storage cannot be reached', async () => {
    await s3.stop();
    const run = await verify(['--api', stack.apiUrl, '--admin', stack.adminUrl, '--token', clientToken]);
    expect(run.code).to.equal(1);
    expect(row(run.stdout, 'api-live')[1]).to.equal('ok');
    const [, result, detail] = row(run.stdout, 'api-ready');
    expect(result).to.equal('FAILED');
    expect(detail).to.match(/^503 Unhealthy \(storage: storage check failed: /);
    expect(row(run.stdout, 'media-download')[1]).to.equal('FAILED');
    expect(run.stdout.trim().split('\n').at(-1)).to.equal('verify-deployment: FAILED: api-ready, media-download');
  });

  it('says how to call it when --api or --admin is missing (exit 2)', async () => {
    const run = await verify(['--api', stack.apiUrl]);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('--admin is required').and.include('usage: verify-deployment --api <url> --admin <url>');
  });
});
