// Captures the server's JSON log lines so tests can assert on them (correlation ids, 401 lines,
// and that no secret ever reaches a log).
import { Writable } from 'node:stream';

export class MemoryLog extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  readonly raw: string[] = [];

  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
      this.raw.push(line);
      try {
        this.lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        this.lines.push({ message: line });
      }
    }
    done();
  }

  find(predicate: (line: Record<string, unknown>) => boolean): Record<string, unknown> | undefined {
    return this.lines.find(predicate);
  }

  text(): string {
    return this.raw.join('\n');
  }
}
