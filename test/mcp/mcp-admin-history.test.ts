// The admin shows who made an agent's change: the item's history and the audit log say
// "by <MCP client> via MCP on behalf of <actor>" for a draft written through a tool, and only
// "by <actor>" for the same change made over plain HTTP.
import { expect } from 'chai';
import { startAdminStack, type AdminStack } from '../../admin/test/helpers/stack.js';
import { HttpSession } from '../../admin/test/helpers/http.js';
import { buildTemplate, text, uniqueSlug } from '../content/content-fixture.js';
import { createApiClientToken, dbQuery } from '../helpers/actors.js';
import { call, connectMcp, textOf } from './mcp-client.js';

/** The page's text with tags dropped and white space folded, as a person reads it. */
const readable = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/\s+/g, ' ');

describe('admin: an MCP write in the history', () => {
  let stack: AdminStack;
  let session: HttpSession;
  let ws: string;
  let clientName: string;
  let byAgent: string;
  let byHand: string;

  before(async () => {
    stack = await startAdminStack();
    ws = (await stack.createWorkspace()).id;
    const base = `/api/v1/workspaces/${ws}`;
    const note = await buildTemplate(stack.api, base, stack.adminToken, 'Note', () => [
      { key: 'title', label: 'Title', primitiveType: 'Text', isRequired: true, minOccurrences: 1, maxOccurrences: 1 },
    ]);
    const client = await createApiClientToken(stack.api, { workspaceId: ws, role: 'Editor' });
    clientName = (await dbQuery(stack.api, 'SELECT name FROM api_clients WHERE id = $1', [client.id]))[0]!.name;
    const body = () => ({ templateVersionId: note.versionId, slug: uniqueSlug('note'), fields: [text(note.fields.title!, 'Drafted')] });

    const agent = await connectMcp(stack.api, client.token, { name: 'Claude', version: '0.9.1' });
    const created = await call(agent, 'createContent', { workspaceId: ws, body: body() });
    await agent.close();
    expect(created.isError, textOf(created)).not.to.equal(true);
    byAgent = created.structuredContent.id;
    const plain = await stack.api.post(`${base}/content`, body(), { token: client.token });
    expect(plain.status).to.equal(201);
    byHand = plain.body.id;

    session = new HttpSession(stack.adminUrl);
    await session.signIn(stack.adminEmail, stack.adminPassword);
  });
  after(async () => stack?.close());

  it("names the MCP client and whom it acted for in the item's history", async () => {
    const page = await session.get(`/workspaces/${ws}/content/${byAgent}/history`);
    expect(page.status).to.equal(200);
    expect(readable(page.text)).to.include(`by Claude 0.9.1 via MCP on behalf of ${clientName} (API client)`);
    const plain = await session.get(`/workspaces/${ws}/content/${byHand}/history`);
    expect(readable(plain.text)).to.include(`by ${clientName} (API client)`);
    expect(readable(plain.text)).not.to.include('via MCP');
  });

  it('names them in the audit log too', async () => {
    const page = await session.get(`/audit?entityId=${byAgent}`);
    expect(page.status).to.equal(200);
    expect(readable(page.text)).to.include(`by Claude 0.9.1 via MCP on behalf of ${clientName} (API client)`);
  });
});
