// The checks every fuzz response must pass (issue #12): an answer at all; not 5xx; a status the
// operation declares (exactly, by range or through `default`, read from the contract at run time);
// an error (>= 400) as application/problem+json with a body that is a ProblemDetails of that status;
// and no stack trace, SQL or file path in the body. A request that breaks the HTTP message itself
// (protocolLevel) may also get the HTTP layer's own refusals, which no operation can declare.
// A HEAD is judged as its path's GET (the contract's blanket rule), with no body at all: its error
// is problem+json by its Content-Type alone.
import os from 'node:os';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { REPO_ROOT } from '../../server/src/contract.js';
import { declaresStatus, type Json, type OperationSpec } from './contract-operations.js';
import type { FuzzRequest } from './fuzz-request.js';
import { multipartCaseOf } from './hostile-multipart.js';
import { header, type RawResponse } from './raw-http.js';
import { MAX_HEADER_BYTES } from '../../server/src/http/client-error.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * What an HTTP server answers before routing: 400 (unreadable message), 414 (target too long) and
 * 417 (unknown expectation), RFC 9110; 431 (header fields too large), RFC 6585.
 */
const HTTP_LAYER_STATUSES = new Set([400, 414, 417, 431]);
/** llhttp counts a head a little differently from its bytes on the wire: near the limit, either answer is fair. */
const HEAD_LIMIT_MARGIN = 256;

export type Check =
  | 'no-response'
  | 'server-error'
  | 'undeclared-status'
  | 'parser-empty-body'
  | 'not-problem-json'
  | 'invalid-problem'
  | 'leak-stack'
  | 'leak-sql'
  | 'leak-path'
  | 'head-with-body'
  // The surface classes of issue #23.
  | 'accepted-forbidden-url'
  | 'url-not-judged'
  | 'accepted-malformed-multipart'
  | 'stored-on-refusal';

const STACK = [/\n\s*at [^\n]*:\d+:\d+\)?/, /\bat (?:async )?[\w$.<>[\] ]+ \((?:file:\/\/)?\/[^)\s]+:\d+:\d+\)/, /\b(?:Type|Reference|Range|Syntax|Aggregate)?Error: [^\n"]*\n\s+at /];
// PostgreSQL's and slonik's own wording; none of the injected payloads contains any of it.
const SQL = [
  /syntax error at or near/i,
  /violates (?:unique|foreign key|not-null|check|exclusion) constraint/i,
  /duplicate key value/i,
  /invalid input (?:syntax|value) for/i,
  /invalid byte sequence for encoding/i,
  /unterminated quoted string/i,
  /relation "[^"]*" does not exist/i,
  /column "[^"]*" (?:of relation|does not exist)/i,
  /current transaction is aborted/i,
  /\bSQLSTATE\b/,
  /stack depth limit exceeded/i,
  /out of range for type/i,
  /SQL tag cannot be bound/i,
  /(?:IntegrityConstraintViolation|DataIntegrity|InvalidInput|UnexpectedState|StatementTimeout|BackendTerminated)Error/,
  /\bpg_catalog\b/,
  /\b(?:SELECT|UPDATE|DELETE)\b[^"]{0,200}\b(?:FROM|SET|WHERE)\b[^"]{0,200}\$\d/,
];
const PATHS = [
  REPO_ROOT.replace(/\/$/, ''),
  `${os.tmpdir()}/verso-`,
  'node_modules/',
  /\.(?:ts|js|mjs|cjs):\d+:\d+/,
  // What a traversal that worked would serve.
  'root:x:0:0:',
  '"devDependencies"',
];

export interface Verdict {
  readonly checks: readonly Check[];
  /** No correlation id: Node's HTTP layer answered, express never saw the request. */
  readonly fromHttpParser: boolean;
}

export class Oracle {
  private readonly problem: ValidateFunction;

  constructor(document: Json) {
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(document, 'contract');
    this.problem = ajv.compile({ $ref: 'contract#/components/schemas/ProblemDetails' });
  }

  /**
   * `headBytes`: the request line and headers as sent. Mutations that are each within bounds can
   * together pass the contract's global head limit (over 16 KiB → 431, openapi.yaml's description),
   * and then the HTTP layer may answer as it does for a protocol-level mutation.
   */
  judge(op: OperationSpec, req: FuzzRequest, res: RawResponse, headBytes = 0): Verdict {
    const httpLayerMayAnswer = req.protocolLevel === true || headBytes > MAX_HEADER_BYTES - HEAD_LIMIT_MARGIN;
    const fromHttpParser = res.status > 0 && header(res, 'x-correlation-id') === undefined;
    if (res.status === 0) return { checks: ['no-response'], fromHttpParser: false };
    const checks: Check[] = [];
    if (res.status >= 500) checks.push('server-error');
    if (!declaresStatus(op, res.status) && !(httpLayerMayAnswer && HTTP_LAYER_STATUSES.has(res.status))) checks.push('undeclared-status');
    const type = (header(res, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const head = req.method.toUpperCase() === 'HEAD';
    if (head && res.body.length > 0) checks.push('head-with-body');
    if (res.status >= 400) {
      if (res.body.length === 0 && fromHttpParser) checks.push('parser-empty-body');
      else if (head) {
        if (type !== 'application/problem+json') checks.push('not-problem-json');
      }
      else if (type !== 'application/problem+json') checks.push('not-problem-json');
      else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(res.body.toString('utf8'));
        } catch {
          // not JSON: the schema check below fails on undefined
        }
        const valid = this.problem(parsed);
        if (!valid || (parsed as { status?: unknown }).status !== res.status) checks.push('invalid-problem');
      }
    }
    const ok = res.status >= 200 && res.status < 300;
    // A forbidden webhook URL must be refused by the URL rule: 400 (schema) or 422. A create by the
    // Admin caller in the target workspace has no other reason to fail, so anything else means the
    // rule never judged it (an update may also meet a 404 or 412 of its endpoint first).
    if (req.attack === 'webhook-url') {
      if (ok) checks.push('accepted-forbidden-url');
      else if (op.operationId === 'createWebhookEndpoint' && res.status !== 400 && res.status !== 422) checks.push('url-not-judged');
    }
    if (ok && multipartCaseOf(req)?.mustRefuse) checks.push('accepted-malformed-multipart');
    // Served files (the docs viewer's scripts and styles) are third-party code, not messages.
    if (type === '' || /json|text\/(?:html|plain)/.test(type)) checks.push(...leaks(res.body.toString('utf8')));
    return { checks, fromHttpParser };
  }
}

export function leaks(text: string): Check[] {
  const found: Check[] = [];
  if (STACK.some((r) => r.test(text))) found.push('leak-stack');
  if (SQL.some((r) => r.test(text))) found.push('leak-sql');
  if (PATHS.some((p) => (typeof p === 'string' ? text.includes(p) : p.test(text)))) found.push('leak-path');
  return found;
}
