// The MCP SDK's own client over Streamable HTTP against a real API's `/mcp`, with a bearer token,
// and the allow-list the tests hold the server to (written out here, not read from the generator).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TestApi } from '../helpers/api.js';

/** The list as it exists in the contract (no `listPicklists` operation: picklists are read through templates). */
export const ALLOWED_TOOLS = [
  'listTemplates',
  'getTemplate',
  'listComponents',
  'getComponent',
  'listContent',
  'getContentBySlug',
  'getContent',
  'listContentVersions',
  'getContentVersion',
  'compareContentVersions',
  'listMedia',
  'createContent',
  'createContentVersion',
  'updateContentVersion',
  'submitContentVersion',
  'duplicateContent',
];

export const AGENT = { name: 'test-agent', version: '1.2.3' };

export async function connectMcp(api: TestApi, token: string | null, clientInfo = AGENT): Promise<Client> {
  const client = new Client(clientInfo);
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', api.url), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : {},
  });
  await client.connect(transport);
  return client;
}

/** callTool's result with the fields these tests read (structuredContent is the API's JSON body). */
export async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult & { structuredContent?: any }> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: any };
}

export const textOf = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
