// Api__Processes (server/src/cluster/): the real entry point started as `make run` starts it, with
// the embedded PostgreSQL, as a cluster of two API processes on one port. Which process answered is
// read from /health/ready (metadata.process); a keep-alive connection stays with the process that
// accepted it, so a client holding one connection talks to one process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { TestApi, ApiResponse, RequestOptions } from '../helpers/api.js';
import { assertMatchesContract } from '../helpers/contract-validator.js';
import { freePort } from '../helpers/database.js';
import { within } from '../helpers/wait.js';
import { isAlive } from '../../server/src/db/process-liveness.js';
import { createArticle, expectStatus, newVersion, publishNow, startContentWorld, text, type ContentWorld } from '../content/content-fixture.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const main = path.join(root, 'server/src/main.ts');

interface HealthProcess {
  readonly index: number;
  readonly pid: number;
  readonly runsWorkers: boolean;
}

/** An HTTP client on one kept-alive connection (one process of the cluster), responses checked against the contract. */
function pinnedClient(url: string, databaseUrl: string, agent: http.Agent | false): TestApi {
  async function request<T>(method: string, urlPath: string, o: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | undefined;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] = 'application/json';
    }
    const res = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
      const req = http.request(url + urlPath, { method, headers, agent }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(r.headers)) if (typeof v === 'string') h.set(k, v);
          resolve({ status: r.statusCode!, headers: h, text: Buffer.concat(chunks).toString('utf8') });
        });
        r.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
    const contentType = res.headers.get('content-type');
    const parsed: unknown = res.text.length > 0 && contentType && /json/.test(contentType) ? JSON.parse(res.text) : res.text || undefined;
    assertMatchesContract({ method, path: urlPath.split('?')[0]!, status: res.status, contentType, body: parsed, headers: res.headers });
    return { status: res.status, headers: res.headers, body: parsed as T, text: res.text };
  }
  return {
    url,
    databaseUrl,
    request,
    get: (p: string, o?: RequestOptions) => request('GET', p, o),
    post: (p: string, b?: unknown, o?: RequestOptions) => request('POST', p, { ...o, body: b }),
    put: (p: string, b?: unknown, o?: RequestOptions) => request('PUT', p, { ...o, body: b }),
    delete: (p: string, o?: RequestOptions) => request('DELETE', p, o),
    async ifMatch(p: string, token?: string) {
      const res = await request('GET', p, { token });
      return { 'if-match': res.headers.get('etag')! };
    },
  } as unknown as TestApi;
}

async function whoAnswers(client: TestApi): Promise<HealthProcess> {
  const res = await client.get<{ metadata: { process: HealthProcess } }>('/health/ready');
  expectStatus(res, 200);
  return res.body.metadata.process;
}

/** The cluster's API processes: the primary's children other than the postmaster. */
function membersOf(primaryPid: number): number[] {
  const children = fs.readFileSync(`/proc/${primaryPid}/task/${primaryPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.filter((pid) => !fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres'));
}

describe('Api__Processes: the API as a cluster of processes on one port', function () {
  this.timeout(180_000);
  let dataDir: string;
  let child: ChildProcess;
  let url: string;
  let databaseUrl: string;
  let clusterDir: string;
  let exit: Promise<number | null>;
  const lines: Record<string, any>[] = [];

  /** Resolves with the first log line that matches, whenever it was written. */
  const lineMatching = (test: (l: Record<string, any>) => boolean, limitMs = 60_000) =>
    within(limitMs, async () => lines.some(test)).then(() => lines.find(test)!);

  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-processes-'));
    fs.chmodSync(dataDir, 0o755);
    const port = await freePort();
    const pgPort = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', main], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        Api__Host: '127.0.0.1',
        Api__Port: String(port),
        Api__Processes: '2',
        Api__ShutdownTimeoutSeconds: '5',
        Database__EmbeddedPort: String(pgPort),
        Data__Directory: dataDir,
        Logging__Level: 'info',
        // Only a notice can end an entry early: the lifetime is far longer than the test.
        Delivery__CacheSeconds: '3600',
        Seed__Admin__Password: 'processes test Password 1',
      },
    });
    exit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let pending = '';
    child.stdout!.on('data', (d: Buffer) => {
      pending += d.toString();
      const parts = pending.split('\n');
      pending = parts.pop()!;
      for (const l of parts) if (l.startsWith('{')) lines.push(JSON.parse(l) as Record<string, any>);
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const started = await Promise.race([
      lineMatching((l) => /^Verso API .* listening on /.test(l.message), 170_000),
      exit.then((code) => Promise.reject(new Error(`the API exited (${code}) during start-up: ${stderr}`))),
    ]);
    url = /listening on (\S+)/.exec(started.message)![1]!;
    clusterDir = /cluster in (\S+)$/.exec(lines.find((l) => /^embedded PostgreSQL on /.test(l.message))!.message)![1]!;
    const password = fs.readFileSync(path.join(dataDir, 'postgres.password'), 'utf8').trim();
    databaseUrl = `postgres://verso:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/verso`;
  });

  after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exit;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers from both processes on one port, and exactly one of them runs the workers', async () => {
    const seen = new Map<number, HealthProcess>();
    for (let i = 0; i < 200 && seen.size < 2; i++) {
      const p = await whoAnswers(pinnedClient(url, databaseUrl, false)); // a new connection each time
      seen.set(p.pid, p);
    }
    expect([...seen.keys()].sort()).to.deep.equal(membersOf(child.pid!).sort());
    expect([...seen.values()].map((p) => [p.index, p.runsWorkers]).sort()).to.deep.equal([
      [0, true],
      [1, false],
    ]);
    // The workers started in process 0 only; the migrations ran once, in the primary, before it forked.
    const workerLines = lines.filter((l) => /^workers started: /.test(l.message));
    expect(workerLines.map((l) => l.process)).to.deep.equal([0]);
    const migrations = lines.filter((l) => /^applied migration /.test(l.message));
    expect(migrations.length).to.equal(fs.readdirSync(path.join(root, 'migrations')).filter((f) => f.endsWith('.sql')).length);
    expect(migrations.every((l) => l.process === undefined)).to.equal(true);
  });

  it("forks its API processes with glibc's arena limit (MALLOC_ARENA_MAX=2), which the operator did not set", () => {
    const members = membersOf(child.pid!);
    expect(members).to.have.length(2);
    for (const pid of members) expect(fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).to.include('MALLOC_ARENA_MAX=2');
    expect(fs.readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0').some((v) => v.startsWith('MALLOC_ARENA_MAX='))).to.equal(false);
  });

  it('ends a cached delivery read in the other process when one process publishes a change', async () => {
    // Two clients on connections held by different processes.
    const agents: http.Agent[] = [];
    const byPid = new Map<number, TestApi>();
    for (let i = 0; i < 200 && byPid.size < 2; i++) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      const client = pinnedClient(url, databaseUrl, agent);
      const { pid } = await whoAnswers(client);
      if (!byPid.has(pid)) byPid.set(pid, client);
    }
    const [[pidA, a], [pidB, b]] = [...byPid.entries()] as [[number, TestApi], [number, TestApi]];
    try {
      const w: ContentWorld = await startContentWorld(a);
      const title = w.model.article.fields.title!;
      const item = await createArticle(w, 'first words');
      await publishNow(w, item.id, 1);
      const bySlug = `${w.base}/content/by-slug/${item.slug}`;
      const titleOf = (res: ApiResponse) => res.body.fields.find((f: any) => f.fieldId === title).textValue as string;
      for (const client of [a, b]) {
        expectStatus(await client.get(bySlug, { token: w.reader }), 200);
        const cached = await client.get(bySlug, { token: w.reader });
        expect(cached.headers.get('x-verso-cache')).to.equal('hit');
        expect(titleOf(cached)).to.equal('first words');
      }

      await newVersion(w, item.id, { fields: [text(title, 'second words')] });
      await publishNow(w, item.id, 2);
      // Through the writer's own process: at once. Through the other: as soon as the notice arrives.
      expect(titleOf(await a.get(bySlug, { token: w.reader }))).to.equal('second words');
      await within(10_000, async () => titleOf(await b.get(bySlug, { token: w.reader })) === 'second words');
      // Still the same two processes: the answers above came from where they were meant to.
      expect((await whoAnswers(a)).pid).to.equal(pidA);
      expect((await whoAnswers(b)).pid).to.equal(pidB);
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });

  it('replaces a killed process, and the workers move to the replacement of process 0', async () => {
    const before = new Map<number, number>();
    for (let i = 0; i < 200 && before.size < 2; i++) {
      const p = await whoAnswers(pinnedClient(url, databaseUrl, false));
      before.set(p.index, p.pid);
    }
    const workersPid = before.get(0)!;
    process.kill(workersPid, 'SIGKILL');
    const exited = await lineMatching((l) => l.event === 'api_process_exited' && l.pid === workersPid, 30_000);
    expect(exited).to.include({ level: 'warn', process: 0, signal: 'SIGKILL', runsWorkers: true });
    expect(exited.restartInMs).to.be.a('number');
    const replaced = await lineMatching((l) => /^workers started: /.test(l.message) && l.process === 0 && l !== lines.find((x) => /^workers started: /.test(x.message)), 60_000);
    expect(replaced.process).to.equal(0);
    // The replacement answers on the port, as process 0, with the workers; process 1 was untouched.
    let replacement: HealthProcess | undefined;
    for (let i = 0; i < 200 && !replacement; i++) {
      const p = await whoAnswers(pinnedClient(url, databaseUrl, false));
      if (p.index === 0) replacement = p;
    }
    expect(replacement).to.include({ index: 0, runsWorkers: true });
    expect(replacement!.pid).to.not.equal(workersPid);
    expect(membersOf(child.pid!).sort()).to.deep.equal([replacement!.pid, before.get(1)!].sort());
  });

  it('stops every process and PostgreSQL on SIGTERM, and exits 0', async () => {
    const members = membersOf(child.pid!);
    const postmaster = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    expect(isAlive(postmaster)).to.equal(true);
    child.kill('SIGTERM');
    expect(await exit).to.equal(0);
    for (const pid of [...members, postmaster]) expect(isAlive(pid), `process ${pid}`).to.equal(false);
    expect(fs.existsSync(path.join(clusterDir, 'postmaster.pid'))).to.equal(false);
    // Each member said it stopped, then the primary.
    expect(lines.filter((l) => l.message === 'stopped').map((l) => l.process ?? 'primary').sort()).to.deep.equal([0, 1, 'primary']);
  });
});

describe('Api__Processes: bad values', () => {
  for (const value of ['0', '65', 'two']) {
    it(`stops start-up with exit code 78 for Api__Processes=${value}`, function () {
      this.timeout(30_000);
      const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
        env: { PATH: process.env.PATH ?? '', Api__Processes: value },
        encoding: 'utf8',
        timeout: 25_000,
      });
      expect(result.status).to.equal(78);
      expect(result.stderr).to.match(/Invalid configuration: Api__Processes must be (an integer or auto|between 1 and 64)/);
    });
  }
});
