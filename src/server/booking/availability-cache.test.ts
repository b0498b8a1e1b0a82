import { describe, expect, it } from 'vitest';
import { AvailabilityCache } from './availability-cache';

describe('AvailabilityCache', () => {
  it('reuses an answer within the TTL and computes again after it', async () => {
    let now = 0;
    let computed = 0;
    const cache = new AvailabilityCache(3000, () => now);
    const compute = async () => ++computed;
    expect(await cache.get('k', compute)).toBe(1);
    now = 2999;
    expect(await cache.get('k', compute)).toBe(1);
    now = 3000;
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('shares one computation between concurrent askers of the same question', async () => {
    let computed = 0;
    const cache = new AvailabilityCache(3000, () => 0);
    const compute = () =>
      new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 5));
    const answers = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(answers).toEqual([1, 1]);
    expect(computed).toBe(1);
  });

  it('does not remember failures', async () => {
    const cache = new AvailabilityCache(3000, () => 0);
    await expect(cache.get('k', () => Promise.reject(new Error('bad date')))).rejects.toThrow();
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('computes every time when turned off, and forgets everything on clear', async () => {
    let computed = 0;
    const off = new AvailabilityCache(0, () => 0);
    await off.get('k', async () => ++computed);
    await off.get('k', async () => ++computed);
    expect(computed).toBe(2);

    const on = new AvailabilityCache(3000, () => 0);
    await on.get('k', async () => 'old');
    on.clear();
    expect(await on.get('k', async () => 'new')).toBe('new');
  });

  it('keeps at most maxEntries answers, dropping the oldest', async () => {
    const cache = new AvailabilityCache(3000, () => 0, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });
});
