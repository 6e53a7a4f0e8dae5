// The MCP server at /mcp (docs/mcp.md), driven by the MCP SDK's own client against the real API:
// the tools are exactly the allow-list with valid JSON Schemas, calls go through the API's own
// authentication, access rules and validation, writes land as Drafts with the MCP origin in their
// audit entries, and nothing publishes.
import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { dbQuery, startContentWorld, text, uniqueSlug, type ContentWorld } from '../content/content-fixture.js';
import { createActor, createApiClientToken, createWorkspace } from '../helpers/actors.js';
import { startTestApi, type TestApi } from '../helpers/api.js';
import { ALLOWED_TOOLS, AGENT, call, connectMcp, textOf } from './mcp-client.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describe('MCP over Streamable HTTP (/mcp)', () => {
  let w: ContentWorld;
  let editor: Client;
  const clients: Client[] = [];

  before(async () => {
    w = await startContentWorld();
    editor = await connectMcp(w.api, w.editor);
    clients.push(editor);
  });
  after(async () => {
    for (const c of clients) await c.close();
    await w?.api.close();
  });

  const draftBody = (title: string) => ({
    templateVersionId: w.model.article.versionId,
    slug: uniqueSlug('mcp'),
    fields: [text(w.model.article.fields.title!, title)],
  });

  it('lists exactly the allow-list, each input schema valid JSON Schema 2020-12 with the contract parameters and body', async () => {
    const { tools } = await editor.listTools();
    expect(tools.map((t) => t.name)).to.deep.equal(ALLOWED_TOOLS);
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    for (const tool of tools) {
      expect(ajv.validateSchema(tool.inputSchema), `${tool.name}: ${JSON.stringify(ajv.errors)}`).to.equal(true);
      expect(() => ajv.compile(tool.inputSchema), tool.name).not.to.throw();
      expect(tool.description, tool.name).to.be.a('string').and.not.equal('');
    }
    const create = tools.find((t) => t.name === 'createContent')!;
    expect(create.inputSchema.required).to.deep.equal(['workspaceId', 'body']);
    expect(Object.keys(create.inputSchema.properties!)).to.deep.equal(['workspaceId', 'body']);
    expect(create.description).to.match(/^Create a content item and its version 1 \(Draft\)\.\n\n/);
    const list = tools.find((t) => t.name === 'listContent')!;
    expect(list.inputSchema.properties).to.include.keys('workspaceId', 'q', 'templateId', 'filter', 'page', 'pageSize');
    expect(list.inputSchema.properties).not.to.have.key('If-None-Match');
    expect(list.annotations?.readOnlyHint).to.equal(true);
    const update = tools.find((t) => t.name === 'updateContentVersion')!;
    expect(update.inputSchema.required).to.include.members(['workspaceId', 'id', 'versionNumber', 'If-Match', 'body']);
  });

  it('creates a draft through createContent that the HTTP API reads back as a Draft, audited as an MCP write on behalf of the user', async () => {
    const result = await call(editor, 'createContent', { workspaceId: w.ws, body: draftBody('From an agent') });
    expect(result.isError, textOf(result)).not.to.equal(true);
    const created = result.structuredContent;
    expect(created.title).to.equal('From an agent');
    expect(JSON.parse(textOf(result).split('\n')[0]!)).to.deep.equal(created);

    const read = await w.api.get(`${w.base}/content/${created.id}`, { token: w.editor });
    expect(read.status).to.equal(200);
    expect(read.body.versions.map((v: { status: string }) => v.status)).to.deep.equal(['Draft']);
    expect(read.body.currentlyServingVersion).to.equal(null);

    const audit = await w.api.get(`/api/v1/workspaces/${w.ws}/audit?contentItemId=${created.id}`, { token: w.admin });
    expect(audit.status).to.equal(200);
    expect(audit.body.items.length).to.be.greaterThan(0);
    for (const entry of audit.body.items) {
      expect(entry.via).to.deep.equal({ channel: 'Mcp', clientName: AGENT.name, clientVersion: AGENT.version });
      expect(entry.actor.type).to.equal('User');
    }
  });

  it('records no MCP origin for a plain HTTP write, whatever headers it sends', async () => {
    const res = await w.api.post(`${w.base}/content`, draftBody('By hand'), {
      token: w.editor,
      headers: { 'x-verso-via': 'Mcp', 'mcp-session-id': 'forged', 'user-agent': 'test-agent/1.2.3' },
    });
    expect(res.status).to.equal(201);
    const rows = await dbQuery(w.api, 'SELECT origin FROM audit_log WHERE content_item_id = $1', [res.body.id]);
    expect(rows.length).to.be.greaterThan(0);
    expect(rows.map((r) => r.origin)).to.deep.equal(rows.map(() => null));
    const audit = await w.api.get(`/api/v1/workspaces/${w.ws}/audit?contentItemId=${res.body.id}`, { token: w.admin });
    expect(audit.body.items.map((e: { via: unknown }) => e.via)).to.deep.equal(audit.body.items.map(() => null));
  });

  it('updates a draft with the ETag the read gave (If-Match) and submits it: the furthest an agent goes', async () => {
    const created = (await call(editor, 'createContent', { workspaceId: w.ws, body: draftBody('First') })).structuredContent;
    const read = await call(editor, 'getContentVersion', { workspaceId: w.ws, id: created.id, versionNumber: 1 });
    const etag = /^ETag: (.+)$/m.exec(textOf(read))?.[1];
    expect(etag, textOf(read)).to.be.a('string');
    const stale = await call(editor, 'updateContentVersion', {
      workspaceId: w.ws, id: created.id, versionNumber: 1, 'If-Match': '"stale"', body: { fields: [text(w.model.article.fields.title!, 'Second')] },
    });
    expect(stale.isError).to.equal(true);
    expect(stale.structuredContent.status).to.equal(412);
    const updated = await call(editor, 'updateContentVersion', {
      workspaceId: w.ws, id: created.id, versionNumber: 1, 'If-Match': etag, body: { fields: [text(w.model.article.fields.title!, 'Second')] },
    });
    expect(updated.isError, textOf(updated)).not.to.equal(true);
    const submitted = await call(editor, 'submitContentVersion', { workspaceId: w.ws, id: created.id, versionNumber: 1 });
    expect(submitted.isError, textOf(submitted)).not.to.equal(true);
    const item = await w.api.get(`${w.base}/content/${created.id}`, { token: w.editor });
    expect(item.body.versions.map((v: { status: string }) => v.status)).to.deep.equal(['Review']);
    expect(item.body.currentlyServingVersion).to.equal(null);
  });

  it("refuses a Reader token's writes with the API's problem details, and lets it read", async () => {
    const reader = await connectMcp(w.api, w.reader);
    clients.push(reader);
    const refused = await call(reader, 'createContent', { workspaceId: w.ws, body: draftBody('Not allowed') });
    expect(refused.isError).to.equal(true);
    expect(refused.structuredContent).to.include({ status: 403, type: 'https://verso.dev/errors/forbidden' });
    expect(textOf(refused)).to.match(/^Forbidden \(403\)/);
    const count = await dbQuery(w.api, "SELECT count(*)::int AS n FROM content_items WHERE slug LIKE 'mcp-%' AND created_at > now() - interval '1 hour'");
    const listed = await call(reader, 'listContent', { workspaceId: w.ws, q: 'mcp', templateId: w.model.article.templateId });
    expect(listed.isError, textOf(listed)).not.to.equal(true);
    expect(listed.structuredContent.totalCount).to.equal(count[0]!.n);
  });

  it('finds content with listContent: q and the field filters, serialised as the contract says (filter[<key>][<op>])', async () => {
    const title = `Findable ${Math.random().toString(36).slice(2, 8)}`;
    const created = (await call(editor, 'createContent', { workspaceId: w.ws, body: draftBody(title) })).structuredContent;
    const byFilter = await call(editor, 'listContent', { workspaceId: w.ws, templateId: w.model.article.templateId, filter: { title: { eq: title } } });
    expect(byFilter.isError, textOf(byFilter)).not.to.equal(true);
    expect(byFilter.structuredContent.items.map((i: { id: string }) => i.id)).to.deep.equal([created.id]);
    const byQ = await call(editor, 'listContent', { workspaceId: w.ws, q: title.toLowerCase() });
    expect(byQ.structuredContent.items.map((i: { id: string }) => i.id)).to.deep.equal([created.id]);
    const unknownField = await call(editor, 'listContent', { workspaceId: w.ws, templateId: w.model.article.templateId, filter: { nope: { eq: 'x' } } });
    expect(unknownField.isError).to.equal(true);
    expect(textOf(unknownField)).to.match(/^Bad Request \(400\)/).and.include('filter[nope][eq]');
  });

  it('answers a Reader API client token the same way (a delivery-safe token writes nothing)', async () => {
    const { token } = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Reader' });
    const client = await connectMcp(w.api, token);
    clients.push(client);
    const refused = await call(client, 'createContentVersion', { workspaceId: w.ws, id: '01a21f94-a659-7575-8a72-4fa2edc14f69', body: { fields: [] } });
    expect(refused.isError).to.equal(true);
    expect(refused.structuredContent.status).to.equal(403);
  });

  it('lets a delivery-only token (docs/mcp.md: the token) read what is published and nothing else', async () => {
    const { id, token } = await createApiClientToken(w.api, { workspaceId: w.ws, role: 'Reader' });
    await dbQuery(w.api, "UPDATE api_clients SET scope = 'Delivery' WHERE id = $1", [id]);
    const client = await connectMcp(w.api, token);
    clients.push(client);
    const published = await call(client, 'listContent', { workspaceId: w.ws, resolve: true });
    expect(published.isError, textOf(published)).not.to.equal(true);
    expect(published.structuredContent.items).to.deep.equal([]);
    for (const [name, args] of [
      ['listContent', { workspaceId: w.ws }],
      ['listTemplates', { workspaceId: w.ws }],
      ['createContent', { workspaceId: w.ws, body: draftBody('No') }],
    ] as const) {
      const refused = await call(client, name, args);
      expect(refused.isError, name).to.equal(true);
      expect(refused.structuredContent.status, name).to.equal(403);
    }
  });

  it('answers an invalid body with readable problem details naming the place', async () => {
    const result = await call(editor, 'createContent', { workspaceId: w.ws, body: { templateVersionId: 'not-an-id', fields: 'none' } });
    expect(result.isError).to.equal(true);
    expect(result.structuredContent).to.include({ status: 400, type: 'https://verso.dev/errors/bad-request' });
    const said = textOf(result);
    expect(said).to.match(/^Bad Request \(400\)/);
    expect(said).to.include('/templateVersionId');
    expect(said).to.include('/fields');
    expect(said).not.to.match(/must match format|must be array/);
  });

  it('refuses an argument the operation does not have, before any request', async () => {
    const result = await call(editor, 'getContent', { workspaceId: w.ws, id: '01a21f94-a659-7575-8a72-4fa2edc14f69', status: 'Published' });
    expect(result.isError).to.equal(true);
    expect(textOf(result)).to.equal('getContent takes no argument named "status"; it takes "workspaceId", "id".');
  });

  it('has no tool for any other operation of the contract: publish, approve, delete … are not callable by any name', async () => {
    const { operations } = await import('../../server/src/generated/operations.js');
    const others = Object.keys(operations).filter((id) => !ALLOWED_TOOLS.includes(id));
    expect(others).to.include.members(['publishContentVersion', 'approveContentVersion', 'deleteContent', 'archiveContentVersion']);
    for (const name of [...others, 'publish', 'PublishContentVersion']) {
      const refusal = await editor.callTool({ name, arguments: { workspaceId: w.ws } }).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusal, name).to.be.instanceOf(McpError);
      expect((refusal as McpError).code, name).to.equal(-32602);
    }
  });

  it('lists each published template as a resource whose JSON Schema a valid draft meets', async () => {
    const { resources } = await editor.listResources();
    const article = resources.find((r) => r.uri === `verso://workspaces/${w.ws}/templates/${w.model.article.templateId}/content-schema`);
    expect(article, JSON.stringify(resources)).to.include({ mimeType: 'application/schema+json' });
    expect(resources.map((r) => r.uri)).to.include(`verso://workspaces/${w.ws}/templates/${w.model.person.templateId}/content-schema`);
    const { contents } = await editor.readResource({ uri: article!.uri });
    const schema = JSON.parse((contents[0] as { text: string }).text);
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    const validate = ajv.compile(schema);
    const body = draftBody('Schema first');
    expect(validate(body), JSON.stringify(validate.errors)).to.equal(true);
    expect(validate({ ...body, fields: [{ ...body.fields[0], textValue: 'x'.repeat(21) }] })).to.equal(false);
    expect(validate({ ...body, templateVersionId: w.model.person.versionId })).to.equal(false);
    const created = await call(editor, 'createContent', { workspaceId: w.ws, body });
    expect(created.isError, textOf(created)).not.to.equal(true);
  });

  it('reads no resource a token cannot reach', async () => {
    const stranger = await connectMcp(w.api, w.stranger);
    clients.push(stranger);
    const { resources } = await stranger.listResources();
    expect(resources.filter((r) => r.uri.includes(w.ws))).to.deep.equal([]);
    const refusal = await stranger.readResource({ uri: `verso://workspaces/${w.ws}/templates/${w.model.article.templateId}/content-schema` }).catch((e: unknown) => e);
    expect(refusal).to.be.instanceOf(McpError);
    expect((refusal as McpError).message).to.match(/Not Found/);
  });

  it('needs a bearer token (401) and serves a session only to the actor who opened it (404)', async () => {
    const anonymous = await connectMcp(w.api, null).catch((e: unknown) => e);
    expect(String(anonymous)).to.match(/401/);
    const init = await fetch(new URL('/mcp', w.api.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${w.editor}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: AGENT } }),
    });
    expect(init.status).to.equal(200);
    const sessionId = init.headers.get('mcp-session-id')!;
    expect(sessionId).to.match(/^[A-Za-z0-9_-]+$/);
    const asOther = await fetch(new URL('/mcp', w.api.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${w.reader}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-session-id': sessionId },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    expect(asOther.status).to.equal(404);
    const without = await fetch(new URL('/mcp', w.api.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${w.editor}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
    });
    expect(without.status).to.equal(400);
    const get = await fetch(new URL('/mcp', w.api.url), { headers: { authorization: `Bearer ${w.editor}`, accept: 'text/event-stream' } });
    expect(get.status).to.equal(405);
  });
});

describe('MCP over Streamable HTTP: rate limits', () => {
  const PERMITS = 5;
  let api: TestApi;
  let ws: string;

  before(async () => {
    api = await startTestApi({ env: { RateLimit__PerActor__PermitPerMinute: String(PERMITS) } });
    ws = (await createWorkspace(api)).id;
  });
  after(async () => api?.close());

  /** One JSON-RPC POST to /mcp: its status, the RateLimit header's remaining and reset, and the body. */
  async function post(token: string, message: Record<string, unknown>, sessionId?: string) {
    const res = await fetch(new URL('/mcp', api.url), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-06-18' } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', ...message }),
    });
    const limit = /r=(\d+);t=(\d+)/.exec(res.headers.get('ratelimit') ?? '');
    return { res, remaining: Number(limit?.[1]), reset: Number(limit?.[2]), body: await res.text() };
  }

  it('counts every /mcp request in the actor window once (a tool call is not counted again inside) and answers 429 past it', async () => {
    // The windows are clock-aligned minutes: a sequence that straddles a window's end is run again.
    for (let attempt = 1; ; attempt += 1) {
      const { token } = await createActor(api, { role: 'Editor', grants: { [ws]: 'Write' } });
      const init = await post(token, { id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: AGENT } });
      expect(init.res.status, init.body).to.equal(200);
      const sessionId = init.res.headers.get('mcp-session-id')!;
      const seen = [init];
      for (let n = 2; n <= PERMITS + 1; n += 1) {
        seen.push(await post(token, { id: n, method: 'tools/call', params: { name: 'listContent', arguments: { workspaceId: ws } } }, sessionId));
      }
      const rolledOver = seen.some((s, i) => i > 0 && s.reset > seen[i - 1]!.reset);
      if (rolledOver && attempt < 3) continue;
      expect(seen.map((s) => s.res.status)).to.deep.equal([200, 200, 200, 200, 200, 429]);
      expect(seen.slice(0, PERMITS).map((s) => s.remaining)).to.deep.equal([4, 3, 2, 1, 0]);
      const refused = seen[PERMITS]!;
      expect(refused.res.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(JSON.parse(refused.body)).to.include({ status: 429, type: 'https://verso.dev/errors/rate-limit-exceeded' });
      expect(Number(refused.res.headers.get('retry-after'))).to.be.greaterThan(0);
      // The SDK's client meets the same refusal.
      const client = await connectMcp(api, token).catch((e: unknown) => e);
      expect(String(client)).to.match(/429/);
      return;
    }
  });
});
