// The statements every request of a hot path runs — the credential lookups (db/identity/
// access-lookups.ts), the stored delivery documents' lookup (db/delivery/delivery-documents.ts), the
// lists' state and the stored list pages' lookup (db/delivery/delivery-marks.ts, delivery-list-pages.ts)
// — run on a small pg pool of their own, as named statements whose rows come back as PostgreSQL's
// text. On these paths the per-query client cost is most of the cost: slonik's path (query context,
// a random query id, interceptors, its own connection handling, row parsing) cost more CPU per
// by-slug read than everything else the read does once its document is found. Everything else goes
// through slonik as usual.
import pg from 'pg';
import type { StatementShape } from './prepared.js';

/** Rows as PostgreSQL's text, unparsed: only the values used are converted (no Date objects for columns nobody reads). */
const RAW_TEXT = { getTypeParser: () => (value: string) => value } as unknown as pg.CustomTypesConfig;

export type TextRow = Readonly<Record<string, string | null>>;

export class HotPool {
  private readonly pool: pg.Pool;
  private readonly onStatement: ((sql: string) => void) | undefined;

  constructor(url: string, options: { readonly size: number; readonly statementTimeoutMs: number; readonly onStatement?: (sql: string) => void }) {
    this.onStatement = options.onStatement;
    this.pool = new pg.Pool({ connectionString: url, max: options.size, statement_timeout: options.statementTimeoutMs, idleTimeoutMillis: 10_000 });
    // An idle connection dropped by the server is replaced on next use; it must not crash the process.
    this.pool.on('error', () => {});
  }

  /**
   * The rows of the named statement `name` (SQL `text`), every column as text: `R` names the
   * columns the caller reads, as `string`, or `string | null` where the column can be NULL.
   */
  async rows<R extends TextRow = TextRow>(name: string, text: string, values: readonly unknown[]): Promise<readonly R[]> {
    this.onStatement?.(text);
    const { rows } = await this.pool.query({ name, text, values: values as unknown[], types: RAW_TEXT });
    return rows as R[];
  }

  /** The rows of a statement built once with slonik (db/prepared.ts statementShape), given its arguments. */
  async shaped<R extends TextRow = TextRow, A extends readonly (string | number)[] = readonly (string | number)[]>(shape: StatementShape<A>, ...args: A): Promise<readonly R[]> {
    return this.rows<R>(shape.name, shape.text, shape.values(...args));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A timestamptz column's text as an ISO instant. */
export const isoOfText = (text: string): string => new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
/** A boolean column's text. */
export const boolOfText = (text: string): boolean => text === 't';
/** A bytea column's text (PostgreSQL's hex output, `\x…`) as its bytes. */
export const bufferOfByteaText = (text: string): Buffer => Buffer.from(text.slice(2), 'hex');
/** Bytes as bytea's hex text, a parameter cast with `::bytea` (statement shapes take text and numbers only). */
export const byteaTextOf = (bytes: Buffer): string => `\\x${bytes.toString('hex')}`;
/** A uuid[] (or other unquoted) array column's text, e.g. `{a,b}`. */
export const idsOfText = (text: string): string[] => (text === '{}' ? [] : text.slice(1, -1).split(','));
/** The text of a uuid[] value, as a parameter cast with `::uuid[]` (which validates each id). */
export const textOfIds = (ids: readonly string[]): string => `{${ids.join(',')}}`;
