#!/usr/bin/env node
// verso-typegen: writes TypeScript interfaces for a workspace's published templates and components
// (see render.ts), reading them through the SDK's client. Exit codes: 0 written, 1 the API or the
// file system failed (the message says how: a refused token, an unknown workspace …), 2 bad usage.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { VersoClient } from '../client.js';
import { VersoApiError, VersoCircuitOpenError, VersoTimeoutError } from '../errors.js';
import { GUID } from '../operations/build-request.js';
import { readWorkspaceModel } from './read-model.js';
import { renderContentModule } from './render.js';

const USAGE = `Usage: verso-typegen --base-url <url> --token <token> --workspace <workspace id> --out <file.ts> [--sdk-import <module>]

Writes one TypeScript interface per published template and component of the workspace, and the
model toContent(version, versoContentModel, templateSlug) needs.

  --base-url    the Verso API's base URL, e.g. https://cms.example.com
  --token       an API token with read access to the workspace (or set VERSO_TOKEN)
  --workspace   the workspace id (a UUID)
  --out         the file to write, e.g. src/verso-content.ts
  --sdk-import  where the generated file imports the SDK's types from (default @verso/sdk)
`;

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
}


class UsageError extends Error {}

const VALUE_OPTIONS = ['base-url', 'token', 'workspace', 'out', 'sdk-import'] as const;

/**
 * `--token <value>` as `--token=<value>` for every option that takes a value: parseArgs refuses a
 * separate value that starts with `-` as ambiguous, and a token is opaque text that may (a random
 * base64url token does one time in 64).
 */
function joinValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = arg.startsWith('--') ? arg.slice(2) : '';
    if ((VALUE_OPTIONS as readonly string[]).includes(name) && i + 1 < argv.length) out.push(`${arg}=${argv[++i]}`);
    else out.push(arg);
  }
  return out;
}

function options(argv: readonly string[]) {
  let parsed;
  try {
    parsed = parseArgs({
      args: joinValues(argv),
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        workspace: { type: 'string' },
        out: { type: 'string' },
        'sdk-import': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return parsed.values;
}

function explain(error: unknown, baseUrl: string, workspace: string): string {
  if (error instanceof VersoApiError) {
    if (error.status === 401) return `401 Unauthorized: ${baseUrl} refused the token (wrong, expired or revoked). ${error.message}`;
    if (error.status === 403) return `403 Forbidden: the token may not read workspace ${workspace}'s model. ${error.message}`;
    if (error.status === 404 && error.operationId === 'getWorkspace') return `Workspace ${workspace} not found (404) at ${baseUrl}, or the token has no access to it.`;
    return `${error.status} ${error.statusText} from ${error.method} ${error.url}: ${error.message}`;
  }
  if (error instanceof VersoTimeoutError || error instanceof VersoCircuitOpenError) return `${baseUrl} did not answer: ${error.message}`;
  if (error instanceof TypeError && /fetch failed/i.test(error.message)) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `Could not reach ${baseUrl}: ${cause?.code ?? cause?.message ?? error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Runs the command; returns the exit code (the bin sets process.exitCode to it). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let values;
  try {
    values = options(argv);
  } catch (error) {
    io.err(`verso-typegen: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  const baseUrl = values['base-url'];
  const token = values.token ?? io.env.VERSO_TOKEN;
  const workspace = values.workspace;
  const missing = [!baseUrl && '--base-url', !token && '--token (or VERSO_TOKEN)', !workspace && '--workspace', !values.out && '--out'].filter(Boolean);
  if (missing.length > 0) {
    io.err(`verso-typegen: missing ${missing.join(', ')}.\n\n${USAGE}`);
    return 2;
  }
  if (!GUID.test(workspace!)) {
    io.err(`verso-typegen: --workspace takes the workspace's id (a UUID), got ${JSON.stringify(workspace)}.\n`);
    return 2;
  }
  let client: VersoClient;
  try {
    client = new VersoClient({ baseUrl: baseUrl!, token: token!, retry: { maxAttempts: 2 } });
  } catch (error) {
    io.err(`verso-typegen: ${(error as Error).message}\n`);
    return 2;
  }
  try {
    const model = await readWorkspaceModel(client, workspace!);
    const text = renderContentModule(model, { sdkImport: values['sdk-import'], source: client.options.baseUrl });
    const out = path.resolve(io.cwd, values.out!);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, text);
    io.out(`verso-typegen: wrote ${model.templates.length} template and ${model.components.size} component interfaces to ${path.relative(io.cwd, out) || out}\n`);
    return 0;
  } catch (error) {
    io.err(`verso-typegen: ${explain(error, client.options.baseUrl, workspace!)}\n`);
    return 1;
  }
}

// Run as the bin (not when imported by tests).
const invoked = process.argv[1];
if (invoked && import.meta.url === pathToFileURL(fs.realpathSync(invoked)).href) {
  main(process.argv.slice(2), { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t), env: process.env, cwd: process.cwd() }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`verso-typegen: ${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
