// `verso-mcp` as users get it: the SDK packed with `npm pack` (its prepack builds the bundle), the
// tarball unpacked, and its bin started over stdio by the MCP SDK's own client against the real
// API. The command holds no tools of its own: everything goes to /mcp, so the tools, refusals and
// audit are the server's, with the desktop client's name as the MCP client.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { dbQuery, startContentWorld, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';
import { ALLOWED_TOOLS, call, textOf } from './mcp-client.js';

const run = promisify(execFile);
const sdkRoot = path.resolve(import.meta.dirname, '../../sdk-ts');
// npm's own variables of a parent `npm run` could point the child npm at the workspace or its cache.
const childEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
childEnv.PATH = `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`;

describe('verso-mcp (stdio) from the packed SDK', () => {
  let w: ContentWorld;
  let tmp: string;
  let bin: string;
  const clients: Client[] = [];

  before(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verso-mcp-pack-'));
    const packed = await run('npm', ['pack', '--pack-destination', tmp, '--cache', path.join(tmp, 'npm-cache')], { cwd: sdkRoot, env: childEnv, maxBuffer: 16 << 20 });
    const tarball = packed.stdout.trim().split('\n').at(-1)!;
    await run('tar', ['-xzf', path.join(tmp, tarball), '-C', tmp]);
    const manifest = JSON.parse(fs.readFileSync(path.join(tmp, 'package/package.json'), 'utf8')) as { bin: Record<string, string>; dependencies?: object };
    expect(manifest.dependencies ?? {}).to.deep.equal({});
    bin = path.join(tmp, 'package', manifest.bin['verso-mcp']!);
    w = await startContentWorld();
  });
  after(async () => {
    for (const c of clients) await c.close();
    await w?.api.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function connect(token: string, clientInfo = { name: 'Claude Desktop', version: '0.7.4' }): Promise<Client> {
    // The token through the environment, as docs/mcp.md advises (argv is visible to other users).
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, '--url', w.api.url], env: { ...childEnv, VERSO_TOKEN: token } as Record<string, string>, stderr: 'pipe' });
    const client = new Client(clientInfo);
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  it('lists the same tools as /mcp', async () => {
    const client = await connect(w.editor);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).to.deep.equal(ALLOWED_TOOLS);
  });

  it('writes a draft the API reads back as Draft, audited with the desktop client as the MCP client', async () => {
    const client = await connect(w.editor);
    const result = await call(client, 'createContent', {
      workspaceId: w.ws,
      body: { templateVersionId: w.model.article.versionId, slug: uniqueSlug('stdio'), fields: [text(w.model.article.fields.title!, 'Over stdio')] },
    });
    expect(result.isError, textOf(result)).not.to.equal(true);
    const id = result.structuredContent.id as string;
    const read = await w.api.get(`${w.base}/content/${id}`, { token: w.editor });
    expect(read.body.versions.map((v: { status: string }) => v.status)).to.deep.equal(['Draft']);
    const rows = await dbQuery(w.api, 'SELECT origin, actor_type FROM audit_log WHERE content_item_id = $1', [id]);
    expect(rows.length).to.be.greaterThan(0);
    for (const row of rows) {
      expect(row.origin).to.deep.equal({ channel: 'Mcp', clientName: 'Claude Desktop', clientVersion: '0.7.4' });
      expect(row.actor_type).to.equal('User');
    }
  });

  it("passes the API's refusals through: a Reader's write, an invalid body, and publish, which is no tool", async () => {
    const reader = await connect(w.reader);
    const refused = await call(reader, 'createContent', { workspaceId: w.ws, body: { templateVersionId: w.model.article.versionId } });
    expect(refused.isError).to.equal(true);
    expect(refused.structuredContent.status).to.equal(403);
    const editor = await connect(w.editor);
    const invalid = await call(editor, 'createContent', { workspaceId: w.ws, body: { templateVersionId: 'nope' } });
    expect(invalid.isError).to.equal(true);
    expect(textOf(invalid)).to.match(/^Bad Request \(400\)/).and.include('/templateVersionId');
    const publish = await editor.callTool({ name: 'publishContentVersion', arguments: { workspaceId: w.ws } }).catch((e: unknown) => e);
    expect(publish).to.be.instanceOf(McpError);
    expect((publish as McpError).code).to.equal(-32602);
  });

  it('reads the template resources through the API', async () => {
    const client = await connect(w.editor);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).to.include(`verso://workspaces/${w.ws}/templates/${w.model.article.templateId}/content-schema`);
  });
});
