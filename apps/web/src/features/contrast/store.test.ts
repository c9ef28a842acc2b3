import { describe, expect, it } from 'vitest';
import { CONTRAST_MAX } from '@xg/shared';
import { CONTRAST_CLEAR_EVENT, CONTRAST_STORAGE_KEY, isContrastPath } from './contrast-paths';
import { CLEAR_EVENT, STORAGE_KEY, checkedKolIds, parseStoredEntries, toggleEntry, type ContrastEntry } from './store';

const kol = (kolId: number): Omit<ContrastEntry, 'checked'> => ({
  kolId,
  kolName: `UP${kolId}`,
  kolUid: 1000 + kolId,
  kolImg: '',
});

describe('comparison selection (§5)', () => {
  it('adds checked, toggles an entry already there off, and refuses a sixth', () => {
    let entries: readonly ContrastEntry[] = [];
    for (let id = 1; id <= CONTRAST_MAX; id += 1) {
      const next = toggleEntry(entries, kol(id));
      expect(next.result).toBe('added');
      entries = next.entries;
    }
    expect(entries).toHaveLength(5);
    expect(entries.every((e) => e.checked)).toBe(true);
    const full = toggleEntry(entries, kol(6));
    expect(full.result).toBe('full');
    expect(full.entries).toBe(entries);
    const removed = toggleEntry(entries, kol(3));
    expect(removed.result).toBe('removed');
    expect(removed.entries.map((e) => e.kolId)).toEqual([1, 2, 4, 5]);
  });

  it('sends only the checked ids, comma-joined, in list order', () => {
    const entries: ContrastEntry[] = [
      { ...kol(12), checked: true },
      { ...kol(34), checked: false },
      { ...kol(56), checked: true },
    ];
    expect(checkedKolIds(entries)).toBe('12,56');
    expect(checkedKolIds([])).toBe('');
  });

  it('reads back only well-formed, distinct stored entries, at most 5', () => {
    const stored = JSON.stringify([
      { ...kol(1), checked: true },
      { ...kol(1), checked: false },
      { kolId: '2', kolName: 'x', kolUid: 1, kolImg: '', checked: true },
      { ...kol(3), checked: false },
      ...[4, 5, 6, 7].map((id) => ({ ...kol(id), checked: true })),
    ]);
    expect(parseStoredEntries(stored).map((e) => e.kolId)).toEqual([1, 3, 4, 5, 6]);
    expect(parseStoredEntries('not json')).toEqual([]);
    expect(parseStoredEntries(null)).toEqual([]);
    expect(parseStoredEntries('{"a":1}')).toEqual([]);
  });

  it('is enabled on the search, rankings, saved lists and creator detail only (§2.5)', () => {
    for (const path of [
      '/search/upSearch',
      '/search/upRank',
      '/search/limitRank',
      '/search/upSearch/detail',
      '/collect/upCollect',
      '/collect/videoCollect',
      '/collect/contrastRecord',
      '/search/upRank/',
    ]) {
      expect(isContrastPath(path), path).toBe(true);
    }
    for (const path of ['/home/dashboard', '/member', '/account', '/search/hotVideo', '/collector', '/index']) {
      expect(isContrastPath(path), path).toBe(false);
    }
  });

  it('the shell and the store name the same storage key and clear event', () => {
    expect(STORAGE_KEY).toBe(CONTRAST_STORAGE_KEY);
    expect(CLEAR_EVENT).toBe(CONTRAST_CLEAR_EVENT);
  });
});
