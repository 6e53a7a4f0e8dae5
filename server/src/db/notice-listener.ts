// One dedicated connection per API process that LISTENs for the changes other replicas announce:
// credential changes (db/credential-notices.ts) and delivery-data changes (db/delivery-notices.ts).
// It is not taken from a pool: a pooled connection is shared and recycled, and a LISTEN only lasts
// as long as its session.
//
// While the connection is down, notifications are lost, so the caches must not be trusted:
// `onState(false)` is reported at once, and `onState(true)` only after every LISTEN is in force
// again (the owners clear their caches then, because whatever they hold may have missed a notice).
import pg from 'pg';
import type { Logger } from '../logging/logger.js';

/** Channel name → what to do with a notice's payload. */
export type NoticeHandlers = Readonly<Record<string, (payload: string | undefined) => void>>;

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

export class NoticeListener {
  private client: pg.Client | null = null;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly handlers: NoticeHandlers,
    private readonly onState: (listening: boolean) => void,
  ) {}

  /** Resolves after the first attempt, listening or not (a failed one keeps retrying). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    this.timer = null;
    if (this.closed) return;
    // keepAlive: a connection cut without a FIN (a dead peer, a NAT timeout) is noticed and redone.
    const client = new pg.Client({ connectionString: this.url, application_name: 'verso-notice-listener', keepAlive: true });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      this.onState(false);
      client.end().catch(() => {});
      if (this.closed) return;
      this.logger.warn('notice listener lost; caches are bypassed until it is back', {
        event: 'notice_listener_lost',
        err: err?.message ?? 'connection ended',
        retryInMs: this.retryMs,
      });
      this.schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      this.handlers[msg.channel]?.(msg.payload);
    });
    try {
      await client.connect();
      for (const channel of Object.keys(this.handlers)) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      onLost(err as Error);
      return;
    }
    if (lost || this.closed) {
      client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.retryMs = FIRST_RETRY_MS;
    this.onState(true);
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.connect(), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    this.onState(false);
    await client?.end().catch(() => {});
  }
}
