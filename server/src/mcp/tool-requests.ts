// A tool call's arguments as the HTTP request of its operation, and the answer as a tool result.
// Arguments are named as the contract names the parameters (path, query and header at the top
// level, the request body under `body`); values are serialised as the contract's styles say and
// everything else — types, formats, limits, access — is left to the API's own validation, so a tool
// accepts exactly what the operation accepts and answers its problem details when it does not.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolDefinition, McpToolParameter } from '../generated/mcp-tools.js';
import type { InProcessResponse } from './in-process-dispatch.js';

export interface ToolHttpRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
}

/** A call the server refuses before making any request: the agent reads `message`. */
export class ToolArgumentError extends Error {}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function scalar(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** `name[a][b]=v` pairs of a deepObject parameter (the field filters: filter[<key>][<op>]). */
function deepObjectPairs(prefix: string, value: unknown, out: [string, string][]): void {
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) deepObjectPairs(`${prefix}[${k}]`, v, out);
  } else if (Array.isArray(value)) {
    for (const v of value) out.push([prefix, scalar(v)]);
  } else if (value !== undefined && value !== null) {
    out.push([prefix, scalar(value)]);
  }
}

function queryPairs(p: McpToolParameter, value: unknown): [string, string][] {
  const out: [string, string][] = [];
  if (p.style === 'deepObject') deepObjectPairs(p.name, value, out);
  else if (Array.isArray(value)) {
    // form style: exploded by default (name=a&name=b), else comma-separated.
    if (p.explode === false) out.push([p.name, value.map(scalar).join(',')]);
    else for (const v of value) out.push([p.name, scalar(v)]);
  } else if (value !== null) out.push([p.name, scalar(value)]);
  return out;
}

export function toolHttpRequest(tool: McpToolDefinition, args: Readonly<Record<string, unknown>>): ToolHttpRequest {
  const known = new Set([...tool.parameters.map((p) => p.name), ...(tool.hasBody ? ['body'] : [])]);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length > 0) {
    throw new ToolArgumentError(`${tool.name} takes no argument named ${unknown.map((k) => `"${k}"`).join(', ')}; it takes ${[...known].map((k) => `"${k}"`).join(', ') || 'no arguments'}.`);
  }
  let path = tool.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const p of tool.parameters) {
    const value = args[p.name];
    if (p.in === 'path') {
      if (value === undefined || value === null || value === '') throw new ToolArgumentError(`${tool.name} needs "${p.name}".`);
      path = path.replace(`{${p.name}}`, encodeURIComponent(scalar(value)));
    } else if (value === undefined) {
      continue;
    } else if (p.in === 'query') {
      for (const [k, v] of queryPairs(p, value)) query.append(k, v);
    } else if (p.in === 'header' && value !== null) {
      headers[p.name.toLowerCase()] = scalar(value);
    }
  }
  const search = query.toString();
  const request: ToolHttpRequest = { method: tool.method, url: search ? `${path}?${search}` : path, headers };
  if (!tool.hasBody || args.body === undefined) return request;
  headers['content-type'] = 'application/json';
  return { ...request, body: JSON.stringify(args.body) };
}

function parseJson(response: InProcessResponse): unknown {
  const type = String(response.headers['content-type'] ?? '');
  if (!/json/i.test(type) || response.text === '') return undefined;
  try {
    return JSON.parse(response.text);
  } catch {
    return undefined;
  }
}

/** "title (status): detail" plus each invalid place and its messages, as a person would read them. */
function problemText(problem: Record<string, unknown>, status: number): string {
  const title = typeof problem.title === 'string' ? problem.title : `HTTP ${status}`;
  const lines = [`${title} (${status})${typeof problem.detail === 'string' && problem.detail ? `: ${problem.detail}` : ''}`];
  if (isRecord(problem.errors)) {
    for (const [where, messages] of Object.entries(problem.errors)) {
      const said = Array.isArray(messages) ? messages.map(String).join(' ') : String(messages);
      lines.push(`- ${where || '(the request)'}: ${said}`);
    }
  }
  return lines.join('\n');
}

/**
 * The answer as a tool result: the body as structured content (data, never instructions) and the
 * same JSON as text for clients that show only text; the ETag, which a later update sends as
 * If-Match, as a line of its own. A problem is an error result with its readable text.
 */
export function toolResult(response: InProcessResponse): CallToolResult {
  const body = parseJson(response);
  if (response.status >= 400) {
    const problem = isRecord(body) ? body : { title: `HTTP ${response.status}`, status: response.status };
    return { isError: true, content: [{ type: 'text', text: problemText(problem, response.status) }], structuredContent: problem };
  }
  const content: CallToolResult['content'] = [{ type: 'text', text: body === undefined ? `Done (HTTP ${response.status}).` : JSON.stringify(body) }];
  const etag = response.headers.etag;
  if (typeof etag === 'string') content.push({ type: 'text', text: `ETag: ${etag}` });
  return isRecord(body) ? { content, structuredContent: body } : { content };
}
