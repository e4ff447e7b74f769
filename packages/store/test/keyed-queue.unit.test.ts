import { KeyedQueue } from '../src/mongo/keyed-queue';

describe('keyed queue', () => {
  it('runs tasks of one key one after another, in order, even when one fails', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        log.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        log.push(`end ${name}`);
        if (fail) throw new Error(name);
        return name;
      };

    const results = await Promise.allSettled([
      queue.run('p1', task('a', 20, true)),
      queue.run('p1', task('b', 1)),
      queue.run('p2', task('c', 5)),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('end a')).toBeLessThan(log.indexOf('start b'));
    expect(log.indexOf('start c')).toBeLessThan(log.indexOf('end a'));
  });
});
