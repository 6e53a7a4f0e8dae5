// The rendition transform queue (services/media/rendition-engine.ts): at most `concurrency` slots
// taken at once, an AVIF encode taking them all, arrival order kept, and a full queue refused; the
// queue shared fairly between workspaces (a line each, bounded, taking turns).
import { expect } from 'chai';
import { ApiError } from '../../server/src/errors.js';
import { slotsFor, TransformQueue } from '../../server/src/services/media/rendition-engine.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('TransformQueue', () => {
  it('an exclusive transform waits for the running ones, runs alone, and is not overtaken', async () => {
    const queue = new TransformQueue(2, 10);
    const started: string[] = [];
    const gates = { a: deferred(), b: deferred(), avif: deferred(), c: deferred() };
    const job = (name: keyof typeof gates, slots: number) =>
      queue.run(async () => {
        started.push(name);
        await gates[name].promise;
      }, slots);
    const a = job('a', 1);
    const b = job('b', 1);
    const avif = job('avif', slotsFor('avif', 2));
    const c = job('c', slotsFor('webp', 2));
    await Promise.resolve();
    expect(started).to.deep.equal(['a', 'b']);
    expect(queue.running).to.equal(2);
    gates.a.resolve();
    await a;
    // One slot is free, but the AVIF waiting first needs both, and c may not overtake it.
    expect(started).to.deep.equal(['a', 'b']);
    gates.b.resolve();
    await b;
    expect(started).to.deep.equal(['a', 'b', 'avif']);
    expect(queue.running).to.equal(2);
    gates.avif.resolve();
    await avif;
    expect(started).to.deep.equal(['a', 'b', 'avif', 'c']);
    gates.c.resolve();
    await c;
    expect(queue.running).to.equal(0);
  });

  it('a full queue is 503 with Retry-After; a failed transform frees its slots', async () => {
    const queue = new TransformQueue(1, 1);
    const gate = deferred();
    const running = queue.run(() => gate.promise);
    const waiting = queue.run(async () => 'ran');
    const refused = await queue.run(async () => 'never').catch((err: unknown) => err);
    expect(refused).to.be.instanceOf(ApiError);
    expect((refused as ApiError).status).to.equal(503);
    expect((refused as ApiError).headers).to.deep.equal({ 'Retry-After': '1' });
    gate.resolve();
    await running;
    expect(await waiting).to.equal('ran');
    await queue.run(() => Promise.reject(new Error('decoder failed'))).catch(() => undefined);
    expect(queue.running).to.equal(0);
    expect(await queue.run(async () => 'next', 5)).to.equal('next');
  });

  it('one workspace\'s flood fills only its own line: another workspace is not 503 and goes next, then the lines take turns', async () => {
    const queue = new TransformQueue(1, 10, 3);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (workspace: string, name: string) => {
      const gate = deferred();
      gates.set(name, gate);
      return queue.run(
        async () => {
          started.push(name);
          await gate.promise;
          return name;
        },
        1,
        workspace,
      );
    };
    const a1 = job('A', 'a1');
    const aWaiting = [job('A', 'a2'), job('A', 'a3'), job('A', 'a4')];
    // A's line is full (3): its next one is refused, while the queue as a whole has room.
    const refused = await job('A', 'a5').catch((err: unknown) => err);
    expect(refused).to.be.instanceOf(ApiError);
    expect((refused as ApiError).status).to.equal(503);
    const b1 = job('B', 'b1');
    const b2 = job('B', 'b2');
    expect(queue.waiting).to.equal(5);
    const finish = async (name: string, run: Promise<string>) => {
      gates.get(name)!.resolve();
      expect(await run).to.equal(name);
    };
    await finish('a1', a1);
    await finish('b1', b1);
    await finish('a2', aWaiting[0]!);
    await finish('b2', b2);
    await finish('a3', aWaiting[1]!);
    await finish('a4', aWaiting[2]!);
    // B's first transform ran right after the one A had running, not after A's whole line.
    expect(started).to.deep.equal(['a1', 'b1', 'a2', 'b2', 'a3', 'a4']);
    expect([queue.running, queue.waiting]).to.deep.equal([0, 0]);
  });
});
