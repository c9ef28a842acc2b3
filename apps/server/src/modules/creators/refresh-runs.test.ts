import { describe, expect, it } from 'vitest';
import { RunCache, refreshCommitted } from './refresh-runs.js';

describe('RunCache (the last refresh run, read once a second)', () => {
  it('reuses a read within its time to live, reads anew after it or after a refresh of this process', async () => {
    let stored = 'run 1';
    let reads = 0;
    const cache = new RunCache(() => {
      reads += 1;
      return Promise.resolve(stored);
    }, 1000);
    expect(await cache.get(10_000)).toBe('run 1');
    stored = 'run 2'; // another process refreshed
    expect(await cache.get(10_999)).toBe('run 1');
    expect(reads).toBe(1);
    expect(await cache.get(11_000)).toBe('run 2');
    expect(reads).toBe(2);
    stored = 'run 3'; // this process refreshed
    refreshCommitted();
    expect(await cache.get(11_001)).toBe('run 3');
    expect(await cache.get(11_002)).toBe('run 3');
    expect(reads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const cache = new RunCache(() => (fail ? Promise.reject(new Error('database away')) : Promise.resolve(7)), 1000);
    await expect(cache.get(0)).rejects.toThrow('database away');
    fail = false;
    expect(await cache.get(1)).toBe(7);
  });

  it('with a time to live of 0 reads every time', async () => {
    let reads = 0;
    const cache = new RunCache(() => Promise.resolve((reads += 1)), 0);
    await cache.get(5);
    await cache.get(5);
    expect(reads).toBe(2);
  });
});
