// One dedicated connection per API process that LISTENs for credential changes made on any
// replica (db/credential-notices.ts). It is not taken from a pool: a pooled connection is shared
// and recycled, and a LISTEN only lasts as long as its session.
//
// While the connection is down, notifications are lost, so the cache must not be trusted:
// `onState(false)` is reported at once, and `onState(true)` only after LISTEN is in force again
// (the owner clears the cache then, because whatever it holds may have missed a notice).
import pg from 'pg';
import type { Logger } from '../logging/logger.js';
import { CREDENTIAL_CHANNEL, parseCredentialChange, type CredentialChange } from './credential-notices.js';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

export class CredentialListener {
  private client: pg.Client | null = null;
  private retryMs = FIRST_RETRY_MS;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly onChange: (change: CredentialChange) => void,
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
    const client = new pg.Client({ connectionString: this.url, application_name: 'verso-auth-listener', keepAlive: true });
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      this.onState(false);
      client.end().catch(() => {});
      if (this.closed) return;
      this.logger.warn('credential listener lost; authenticating against the database until it is back', {
        event: 'credential_listener_lost',
        err: err?.message ?? 'connection ended',
        retryInMs: this.retryMs,
      });
      this.schedule();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === CREDENTIAL_CHANNEL) this.onChange(parseCredentialChange(msg.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CREDENTIAL_CHANNEL}`);
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
