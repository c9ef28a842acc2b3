import { describe, expect, it, vi } from 'vitest';
import { CachedMap } from './catalog.service.js';

/** CachedMap.peek: the kept value without loading (VideoLibraryService reads a search's count this way). */
describe('CachedMap.peek', () => {
  it('answers nothing before a load, the kept value after it, and nothing once it is too old', async () => {
    vi.useFakeTimers();
    try {
      const map = new CachedMap<string, number>(1000);
      expect(map.peek('a')).toBeUndefined();
      await map.get('a', () => Promise.resolve(7));
      expect(await map.peek('a')).toBe(7);
      map.put('b', 3);
      expect(await map.peek('b')).toBe(3);
      vi.advanceTimersByTime(1001);
      expect(map.peek('a')).toBeUndefined();
      expect(map.peek('b')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
