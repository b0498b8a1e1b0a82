import { describe, expect, it } from 'vitest';
import { AvailabilityCache } from './availability-cache';

describe('AvailabilityCache', () => {
  it('reuses an answer within the TTL, then gives it once more while computing its replacement', async () => {
    let now = 0;
    let computed = 0;
    const cache = new AvailabilityCache(3000, () => now);
    const compute = async () => ++computed;
    expect(await cache.get('k', compute)).toBe(1);
    now = 2999;
    expect(await cache.get('k', compute)).toBe(1);
    now = 3000;
    expect(await cache.get('k', compute)).toBe(1);
    expect(computed).toBe(2);
    expect(await cache.get('k', compute)).toBe(2);
  });

  it('counts the TTL from when the answer was computed, not from when it was asked for', async () => {
    let now = 0;
    let finish = (_: string) => {};
    const cache = new AvailabilityCache(3000, () => now);
    const first = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    now = 5000; // a busy database: the answer takes longer than the TTL
    finish('slow');
    expect(await first).toBe('slow');
    now = 7999;
    expect(await cache.get('k', async () => 'again')).toBe('slow');
  });

  it('asks one replacement at a time, and waits for a new answer once the stale while is over', async () => {
    let now = 0;
    let computed = 0;
    const cache = new AvailabilityCache(3000, () => now, 5000, 10_000);
    let finish = (_: number) => {};
    const slow = () =>
      new Promise<number>((resolve) => {
        computed += 1;
        finish = resolve;
      });
    expect(await cache.get('k', async () => 0)).toBe(0);
    now = 4000;
    const stale = await Promise.all([cache.get('k', slow), cache.get('k', slow)]);
    expect(stale).toEqual([0, 0]);
    expect(computed).toBe(1);
    finish(1);
    await Promise.resolve();
    expect(await cache.get('k', slow)).toBe(1);

    now = 4000 + 3000 + 10_000; // expired and past the stale while: wait for the database
    const fresh = cache.get('k', slow);
    finish(2);
    expect(await fresh).toBe(2);
  });

  it('keeps giving the expired answer when its replacement fails, and tries again', async () => {
    let now = 0;
    const cache = new AvailabilityCache(3000, () => now);
    await cache.get('k', async () => 'old');
    now = 3500;
    expect(await cache.get('k', () => Promise.reject(new Error('database away')))).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', async () => 'new')).toBe('old');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', async () => 'newer')).toBe('new');
  });

  it('throws away a replacement that was being computed when a write cleared the cache', async () => {
    let now = 0;
    const cache = new AvailabilityCache(3000, () => now);
    await cache.get('k', async () => 'before');
    now = 3500;
    let finish = (_: string) => {};
    const refresh = () => new Promise<string>((resolve) => (finish = resolve));
    expect(await cache.get('k', refresh)).toBe('before');
    cache.clear(); // a booking in this process
    finish('computed before the booking');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', async () => 'after')).toBe('after');
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
