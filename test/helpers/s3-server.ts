// A real S3-compatible server for the tests: s3rver (npm), on 127.0.0.1, on a free port, in a child
// process of its own — so it never shares the event loop (or the memory figures) with the server
// under test, and is stopped by PID. Its objects live in a temporary directory removed by stop().
//
// s3rver knows one account (access key S3RVER, secret S3RVER): an unknown access key id is refused
// (403 InvalidAccessKeyId) but SigV4 signatures are not verified, so a wrong secret goes unnoticed.
// It lists keys in its directory tree's order, not S3's byte order (a-b after a/x).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../../server/src/contract.js';

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`: Storage__S3__ServiceUrl. */
  readonly endpoint: string;
  /** A bucket created at start. */
  readonly bucket: string;
  readonly accessKey: string;
  readonly secretKey: string;
  readonly pid: number;
  /** The Storage__* settings of an S3 provider on this server (path-style, as ServiceUrl implies). */
  env(overrides?: Record<string, string>): Record<string, string>;
  /** Kills the child by PID, waits for it to exit, and removes its directory. */
  stop(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

// The child: starts s3rver, prints its port as one JSON line, and exits when its parent's pipe
// closes (a parent that dies without stop() must not leave it running).
const CHILD = `
const S3rver = require('s3rver');
const [directory, bucket] = process.argv.slice(1);
const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
server.run().then(
  (address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'),
  (err) => { process.stderr.write(String(err && err.stack || err)); process.exit(1); },
);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
`;

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-s3rver-'));
  const bucket = options.bucket ?? 'verso-test';
  // s3rver encrypts ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy
  // provider: without this flag every paged listing is a 500 (ERR_OSSL_EVP_UNSUPPORTED). The flag
  // applies to the child only.
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', CHILD, directory, bucket], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let port: number;
  try {
    port = await readPort(child);
  } catch (err) {
    await kill(child);
    fs.rmSync(directory, { recursive: true, force: true });
    throw err;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    bucket,
    accessKey: ACCESS_KEY,
    secretKey: SECRET_KEY,
    pid: child.pid!,
    env: (overrides = {}) => ({
      Storage__Provider: 's3',
      Storage__S3__BucketName: bucket,
      Storage__S3__ServiceUrl: endpoint,
      Storage__S3__AccessKey: ACCESS_KEY,
      Storage__S3__SecretKey: SECRET_KEY,
      ...overrides,
    }),
    stop() {
      stopping ??= (async () => {
        await kill(child);
        fs.rmSync(directory, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}

function readPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 15 s: ${err}`)), 15_000);
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) {
        clearTimeout(timer);
        try {
          resolve((JSON.parse(line) as { port: number }).port);
        } catch {
          reject(new Error(`s3rver printed ${JSON.stringify(line)}`));
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${err}`));
    });
  });
}

/** SIGKILL by PID, then wait for the exit (it is gone when this resolves). */
function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(child.pid!, 'SIGKILL');
  });
}
