import { describe, expect, it } from 'vitest';
import { FreshRead } from './change-version';

describe('FreshRead', () => {
  it('never answers a caller with a read that started before it arrived; callers meanwhile share one', async () => {
    let reads = 0;
    const resolvers: ((n: number) => void)[] = [];
    const fresh = new FreshRead(() => {
      reads++;
      return new Promise<number>((resolve) => resolvers.push(resolve));
    });
    const first = fresh.run();
    const second = fresh.run();
    const third = fresh.run();
    expect(reads).toBe(1);
    resolvers[0]!(1);
    expect(await first).toBe(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(reads).toBe(2);
    resolvers[1]!(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('a read that hangs fails its callers as the database being unavailable, and the next caller reads anew', async () => {
    let reads = 0;
    const fresh = new FreshRead(
      () => (++reads === 1 ? new Promise<number>(() => undefined) : Promise.resolve(7)),
      30,
    );
    await expect(fresh.run()).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(await fresh.run()).toBe(7);
    expect(reads).toBe(2);
  });
});
