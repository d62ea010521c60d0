import { describe, expect, it } from 'vitest';
import { createFairQueue, type FairQueue } from './fair-queue.js';

/** Jobs that record when they start and end only when the test says so. */
function jobs(queue: FairQueue) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    started,
    add(owner: string, name: string, background = false) {
      return queue.run(
        owner,
        () =>
          new Promise<string>((resolve) => {
            started.push(name);
            finish.set(name, () => resolve(name));
          }),
        { background },
      );
    },
    /** Ends a running job and lets the queue start what comes next. */
    async end(name: string) {
      const done = finish.get(name);
      if (!done) throw new Error(`${name} is not running`);
      done();
      await settle();
    },
    settle,
  };
}

describe('fair queue', () => {
  it("one place: another owner's job runs second, not behind the first owner's six", async () => {
    const queue = createFairQueue({ concurrency: 1 });
    const q = jobs(queue);
    const a = [1, 2, 3, 4, 5, 6].map((i) => q.add('user:a', `a${i}`));
    const b = q.add('user:b', 'b1');
    await q.settle();
    expect(q.started).toEqual(['a1']);
    expect(queue.stats()).toEqual({ running: 1, waiting: 6 });
    await q.end('a1');
    expect(q.started).toEqual(['a1', 'b1']);
    await q.end('b1');
    expect(await b).toBe('b1');
    for (const name of ['a2', 'a3', 'a4', 'a5', 'a6']) await q.end(name);
    expect(q.started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(await Promise.all(a)).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('one place an owner: a second owner starts at once beside the first one’s backlog', async () => {
    const queue = createFairQueue({ concurrency: 2, perOwner: 1 });
    const q = jobs(queue);
    for (let i = 1; i <= 6; i += 1) void q.add('user:a', `a${i}`);
    await q.settle();
    // The free place waits for another owner rather than going to a2.
    expect(q.started).toEqual(['a1']);
    void q.add('user:b', 'b1');
    await q.settle();
    expect(q.started).toEqual(['a1', 'b1']);
    // A third owner waits only for a running job, then goes before a's backlog.
    void q.add('ip:10.0.0.9', 'c1');
    await q.end('a1');
    expect(q.started).toEqual(['a1', 'b1', 'c1']);
    await q.end('b1');
    expect(q.started).toEqual(['a1', 'b1', 'c1', 'a2']);
  });

  it('takes turns between owners with backlogs, and an owner’s waited-on jobs before its background ones', async () => {
    const queue = createFairQueue({ concurrency: 1 });
    const q = jobs(queue);
    void q.add('a', 'a1');
    void q.add('a', 'a-copies', true);
    void q.add('a', 'a2');
    for (const owner of ['b', 'c']) for (const i of [1, 2]) void q.add(owner, `${owner}${i}`);
    await q.settle();
    for (let n = 0; n < 7; n += 1) await q.end(q.started.at(-1)!);
    expect(q.started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2', 'a-copies']);
  });

  it('keeps background jobs to their places, so an upload never waits behind copies', async () => {
    const queue = createFairQueue({ concurrency: 2, perOwner: 1, background: 1 });
    const q = jobs(queue);
    for (const owner of ['a', 'b', 'c']) void q.add(owner, `${owner}-copies`, true);
    await q.settle();
    expect(q.started).toEqual(['a-copies']);
    void q.add('d', 'd-upload');
    await q.settle();
    expect(q.started).toEqual(['a-copies', 'd-upload']);
    await q.end('d-upload');
    // The place the upload freed is not taken by a second copy.
    expect(q.started).toEqual(['a-copies', 'd-upload']);
    await q.end('a-copies');
    expect(q.started).toEqual(['a-copies', 'd-upload', 'b-copies']);
  });

  it('runs an owner’s copies beside its next upload, and a second owner’s upload beside both', async () => {
    // The image work's places (image-variants.ts, createImageWork).
    const queue = createFairQueue({ concurrency: 3, perOwner: 1, background: 1 });
    const q = jobs(queue);
    void q.add('user:a', 'a1');
    await q.settle();
    void q.add('user:a', 'a1-copies', true);
    for (let i = 2; i <= 6; i += 1) void q.add('user:a', `a${i}`);
    await q.settle();
    expect(q.started).toEqual(['a1', 'a1-copies']);
    void q.add('user:b', 'b1');
    await q.settle();
    expect(q.started).toEqual(['a1', 'a1-copies', 'b1']);
    await q.end('a1');
    expect(q.started.at(-1)).toBe('a2');
    expect(queue.stats()).toEqual({ running: 3, waiting: 4 });
  });

  it('gives a job’s error to its caller and frees its place, even when it throws at once', async () => {
    const queue = createFairQueue({ concurrency: 1 });
    const failing = queue.run('a', () => {
      throw new Error('unreadable');
    });
    const rejected = queue.run('a', () => Promise.reject(new Error('storage away')));
    const next = queue.run('b', () => Promise.resolve('made'));
    await expect(failing).rejects.toThrow('unreadable');
    await expect(rejected).rejects.toThrow('storage away');
    expect(await next).toBe('made');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
