// What the primary and the API processes of a cluster tell each other over node:cluster's IPC
// channel. The database URL travels here rather than in the environment: a child's environment is
// inherited by whatever it starts and shows in /proc; the channel is private to the two.

/** Member → primary: listening for messages (sent first: one sent before a listener exists is lost). */
export interface HelloMessage {
  readonly type: 'verso:hello';
}

/** Primary → member: who it is and where the (already migrated) database is. */
export interface StartMessage {
  readonly type: 'verso:start';
  readonly index: number;
  readonly runsWorkers: boolean;
  readonly databaseUrl: string;
}

/** Member → primary: serving. */
export interface ReadyMessage {
  readonly type: 'verso:ready';
  readonly url: string;
}

/** Member → primary: start-up failed, and why in one line (the member exits 1 next). */
export interface FailedMessage {
  readonly type: 'verso:failed';
  readonly reason: string;
}

/** Primary → member: close (finish open requests, stop the workers, end the pools) and exit 0. */
export interface StopMessage {
  readonly type: 'verso:stop';
}

export type MemberMessage = HelloMessage | ReadyMessage | FailedMessage;
export type PrimaryMessage = StartMessage | StopMessage;

function hasType(value: unknown): value is { type: unknown } {
  return typeof value === 'object' && value !== null && 'type' in value;
}

export function isMemberMessage(value: unknown): value is MemberMessage {
  return hasType(value) && (value.type === 'verso:hello' || value.type === 'verso:ready' || value.type === 'verso:failed');
}

export function isPrimaryMessage(value: unknown): value is PrimaryMessage {
  return hasType(value) && (value.type === 'verso:start' || value.type === 'verso:stop');
}
