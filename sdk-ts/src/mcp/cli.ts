#!/usr/bin/env node
// verso-mcp: Verso's MCP server for desktop clients (Claude Desktop, IDEs, the MCP Inspector), over
// stdio. It holds no tools of its own: every request is passed to the API's `/mcp` (Streamable
// HTTP) with the given token, so the tools, their checks and their audit are the server's, one
// implementation for both transports. The desktop client's name and version go upstream as the
// MCP client's, so the audit says "Claude via MCP", not "verso-mcp".
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';

declare const __VERSO_SDK_VERSION__: string | undefined;
const VERSION = typeof __VERSO_SDK_VERSION__ === 'string' ? __VERSO_SDK_VERSION__ : '0.0.0';

const USAGE = `Usage: verso-mcp --url <API base URL> [--token <token>]

Verso's MCP server over stdio, for desktop MCP clients. It passes every request to the API's /mcp
with the token, so an agent can do exactly what the token can: give it an Editor API client scoped
to one workspace to write drafts, a Reader one to only read.

  --url     the Verso API's base URL, e.g. https://cms.example.com
  --token   the API token (better: set VERSO_TOKEN, which other users of the machine cannot see)
`;

/** The API's `/mcp` from a base URL (a URL that already ends in /mcp is taken as it is). */
export function mcpEndpointOf(base: string): URL {
  const url = new URL(base);
  if (!/\/mcp\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/mcp`;
  return url;
}

function fail(message: string, code: number): never {
  process.stderr.write(`verso-mcp: ${message}\n`);
  process.exit(code);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({ options: { url: { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean' }, version: { type: 'boolean' } } }));
  } catch (err) {
    fail(`${(err as Error).message}\n\n${USAGE}`, 2);
  }
  if (values.help) return void process.stdout.write(USAGE);
  if (values.version) return void process.stdout.write(`${VERSION}\n`);
  const token = values.token ?? process.env.VERSO_TOKEN;
  if (!values.url || !token) fail(`--url and a token (--token or VERSO_TOKEN) are required.\n\n${USAGE}`, 2);
  let endpoint: URL;
  try {
    endpoint = mcpEndpointOf(values.url);
  } catch {
    fail(`--url is not a URL: ${values.url}`, 2);
  }

  const local = new McpServer({ name: 'verso-mcp', version: VERSION }, { capabilities: { tools: {}, resources: {} } });
  let upstream: Promise<Client> | undefined;
  // Connected at the first request, after the desktop client has introduced itself.
  const api = () =>
    (upstream ??= (async () => {
      const info = local.server.getClientVersion() ?? { name: 'verso-mcp', version: VERSION };
      const client = new Client({ name: info.name, version: info.version });
      await client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      return client;
    })().catch((err: unknown) => {
      upstream = undefined;
      process.stderr.write(`verso-mcp: cannot reach ${endpoint.href}: ${(err as Error).message}\n`);
      throw err;
    }));

  local.server.setRequestHandler(ListToolsRequestSchema, async (req) => (await api()).request({ method: req.method, params: req.params }, ListToolsResultSchema));
  local.server.setRequestHandler(CallToolRequestSchema, async (req) => (await api()).request({ method: req.method, params: req.params }, CallToolResultSchema));
  local.server.setRequestHandler(ListResourcesRequestSchema, async (req) => (await api()).request({ method: req.method, params: req.params }, ListResourcesResultSchema));
  local.server.setRequestHandler(ListResourceTemplatesRequestSchema, async (req) =>
    (await api()).request({ method: req.method, params: req.params }, ListResourceTemplatesResultSchema),
  );
  local.server.setRequestHandler(ReadResourceRequestSchema, async (req) => (await api()).request({ method: req.method, params: req.params }, ReadResourceResultSchema));

  const stdio = new StdioServerTransport();
  stdio.onclose = () => {
    void upstream?.then((c) => c.close()).catch(() => {});
  };
  await local.connect(stdio);
}

main().catch((err: unknown) => fail((err as Error).message, 1));
