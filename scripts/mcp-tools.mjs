// The MCP tools (server/src/mcp/), derived from the bundled contract by `make generate` into
// server/src/generated/mcp-tools.ts: one tool per operation on MCP_TOOL_OPERATIONS, named after its
// operationId, described by its summary and description, taking the operation's path, query and
// header parameters at the top level by their contract names and its request body under `body`.
// Nothing is written by hand per tool: a contract change changes the tools with the next generate.

/**
 * The one allow-list (docs/mcp.md: What the tools are). Reading the model, finding and reading
 * content, listing media, and writing drafts as far as submitting them for review. Approving,
 * rejecting, publishing, archiving, deleting, the model's changes, users, clients and webhooks stay
 * with people, so they are not tools under any name. An operation named here that the contract does
 * not have is skipped (the issue's `listPicklists`: picklists are read through the templates).
 */
export const MCP_TOOL_OPERATIONS = [
  'listTemplates',
  'getTemplate',
  'listComponents',
  'getComponent',
  'listPicklists',
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

/** Conditional reads answer 304 without a body: nothing an agent can use, so never a tool argument. */
const LEFT_OUT_HEADERS = new Set(['if-none-match']);

/** OpenAPI's own keywords (not JSON Schema's) and the contract's extensions: left out of tool schemas. */
const OPENAPI_ONLY_KEYWORDS = new Set(['example', 'discriminator', 'xml', 'externalDocs']);

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

function resolve(doc, ref) {
  if (!ref.startsWith('#/')) throw new Error(`MCP tools: only local $refs are supported, not ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

/**
 * A contract schema as plain JSON Schema 2020-12: component schemas it reaches are collected into
 * `defs` (their $refs rewritten to `#/$defs/<name>`, which also keeps recursive schemas finite).
 */
function toJsonSchema(doc, schema, defs) {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(doc, s, defs));
  if (schema === null || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || OPENAPI_ONLY_KEYWORDS.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') {
      const name = /^#\/components\/schemas\/([^/]+)$/.exec(value)?.[1];
      if (!name) return toJsonSchema(doc, resolve(doc, value), defs);
      if (!(name in defs)) {
        defs[name] = {};
        defs[name] = toJsonSchema(doc, resolve(doc, value), defs);
      }
      out.$ref = `#/$defs/${name}`;
      continue;
    }
    // `properties` and `$defs`-like maps hold schemas by name: their keys are never keywords.
    if ((key === 'properties' || key === 'patternProperties' || key === 'dependentSchemas') && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(doc, v, defs)]));
      continue;
    }
    out[key] = toJsonSchema(doc, value, defs);
  }
  return out;
}

function describe(op) {
  return [op.summary, op.description].filter((s) => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()).join('\n\n');
}

/** The tool for one operation: what the server needs to make the HTTP request, and the input schema. */
function toolOf(doc, route, method, pathItem, op) {
  const defs = {};
  const byKey = new Map();
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = raw.$ref ? resolve(doc, raw.$ref) : raw;
    if (p.in === 'cookie' || (p.in === 'header' && LEFT_OUT_HEADERS.has(p.name.toLowerCase()))) continue;
    // An operation's own parameter replaces the path item's of the same name and place (OpenAPI).
    byKey.set(`${p.in}:${p.name}`, p);
  }
  const parameters = [...byKey.values()];
  const properties = {};
  const required = [];
  for (const p of parameters) {
    const schema = toJsonSchema(doc, p.schema ?? {}, defs);
    if (p.description) schema.description = p.description;
    properties[p.name] = schema;
    if (p.required || p.in === 'path') required.push(p.name);
  }
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  if (bodySchema) {
    properties.body = toJsonSchema(doc, bodySchema, defs);
    if (op.requestBody.description) properties.body.description = op.requestBody.description;
    if (op.requestBody.required) required.push('body');
  }
  const inputSchema = { type: 'object', properties, required, additionalProperties: false };
  if (Object.keys(defs).length > 0) inputSchema.$defs = Object.fromEntries(Object.entries(defs).sort(([a], [b]) => a.localeCompare(b)));
  return {
    name: op.operationId,
    description: describe(op),
    method: method.toUpperCase(),
    path: route,
    parameters: parameters.map((p) => ({
      name: p.name,
      in: p.in,
      ...(p.style ? { style: p.style } : {}),
      ...(p.explode !== undefined ? { explode: p.explode } : {}),
    })),
    hasBody: Boolean(bodySchema),
    inputSchema,
  };
}

/** The tools, in allow-list order, for the operations the contract has. */
export function mcpToolsOf(doc) {
  const found = new Map();
  for (const [route, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op && MCP_TOOL_OPERATIONS.includes(op.operationId)) found.set(op.operationId, toolOf(doc, route, method, item, op));
    }
  }
  return MCP_TOOL_OPERATIONS.filter((id) => found.has(id)).map((id) => found.get(id));
}

/** server/src/generated/mcp-tools.ts */
export function mcpToolsModule(doc, header) {
  const tools = mcpToolsOf(doc);
  return (
    header +
    `/* eslint-disable */\n` +
    `// The MCP tools, from scripts/mcp-tools.mjs's allow-list and the contract's operations.\n\n` +
    `export interface McpToolParameter {\n  readonly name: string;\n  readonly in: 'path' | 'query' | 'header';\n  readonly style?: string;\n  readonly explode?: boolean;\n}\n\n` +
    `export interface McpToolDefinition {\n  readonly name: string;\n  readonly description: string;\n  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';\n  readonly path: string;\n  readonly parameters: readonly McpToolParameter[];\n  readonly hasBody: boolean;\n  readonly inputSchema: { readonly type: 'object'; readonly [keyword: string]: unknown };\n}\n\n` +
    `export const mcpTools: readonly McpToolDefinition[] = ${JSON.stringify(tools, null, 2)};\n`
  );
}
