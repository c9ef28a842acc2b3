import { describe, expect, it } from 'vitest';
import { RateLimiter, type Priority } from './rate-limiter.js';
import { VirtualClock } from './test-clock.js';
import { backoffDelay, backoffWindow, parseRetryAfter } from './backoff.js';

describe('RateLimiter (token bucket)', () => {
  it('spaces requests at 1/rps after the burst', async () => {
    const clock = new VirtualClock();
    const start = clock.now();
    const limiter = new RateLimiter({ rps: 2, clock });
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () => limiter.acquire('normal').then(() => times.push(clock.now() - start))),
    );
    expect(times).toEqual([0, 500, 1000, 1500, 2000]);
    // never more than 2 grants in any 1 s window
    for (const t of times) expect(times.filter((u) => u >= t && u < t + 1000).length).toBeLessThanOrEqual(2);
  });

  it('refills while idle, up to the burst size', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter({ rps: 2, burst: 3, clock });
    await limiter.acquire();
    clock.advance(10_000);
    const start = clock.now();
    const times: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => limiter.acquire().then(() => times.push(clock.now() - start))));
    expect(times).toEqual([0, 0, 0, 500]);
  });

  it('serves high before normal before low, first come first served within a queue', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter({ rps: 1, clock });
    await limiter.acquire('normal'); // the bucket is empty now
    const order: string[] = [];
    const ask = (p: Priority, name: string) => limiter.acquire(p).then(() => order.push(name));
    const all = [
      ask('low', 'low-1'),
      ask('normal', 'normal-1'),
      ask('low', 'low-2'),
      ask('high', 'high-1'),
      ask('high', 'high-2'),
    ];
    expect(limiter.depth()).toEqual({ high: 2, normal: 1, low: 2 });
    await Promise.all(all);
    expect(order).toEqual(['high-1', 'high-2', 'normal-1', 'low-1', 'low-2']);
    expect(limiter.granted).toEqual({ high: 2, normal: 2, low: 2 });
  });

  it('an aborted waiter leaves the queue', async () => {
    const clock = new VirtualClock();
    const limiter = new RateLimiter({ rps: 1, clock });
    await limiter.acquire();
    const controller = new AbortController();
    const aborted = limiter.acquire('low', controller.signal);
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    await limiter.acquire('low');
    expect(limiter.granted.low).toBe(1);
  });
});

describe('backoff with full jitter', () => {
  it('doubles the window up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffWindow(n))).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });

  it('draws uniformly inside the window; Retry-After is a floor', () => {
    expect(backoffDelay(3, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, () => 0)).toBe(0);
    expect(backoffDelay(1, () => 0.1, undefined, 5000)).toBe(5000);
    expect(parseRetryAfter('3', 0)).toBe(3000);
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });
});
