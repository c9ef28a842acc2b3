import { useSyncExternalStore } from 'react';
import { CONTRAST_MAX } from '@xg/shared';

/**
 * The comparison selection of the drawer (§2.5, §2.7, §3 "comparison list entry", §5): at most CONTRAST_MAX
 * creators, each checked or not; adding one already there removes it (a toggle). Loaded with the signed-in
 * shell, so it is plain TypeScript (no antd): the drawer itself loads when it first opens.
 *
 * Kept in localStorage so the creator detail (opened in a new tab, §2.5) adds to the same list the search tab
 * shows; the `storage` event keeps open tabs in step. The shell loads this only on the comparison's paths
 * (contrast-paths.ts); leaving them empties the stored list and this one (CONTRAST_CLEAR_EVENT). Logout clears local storage and the token (§3 logout):
 * the store follows the session and empties itself when the token goes.
 */
export interface ContrastEntry {
  kolId: number;
  kolName: string;
  kolUid: number;
  kolImg: string;
  checked: boolean;
}

export type ToggleResult = 'added' | 'removed' | 'full';

interface State {
  entries: readonly ContrastEntry[];
  open: boolean;
}

/** contrast-paths.ts' CONTRAST_STORAGE_KEY and CONTRAST_CLEAR_EVENT (not imported: see there). */
export const STORAGE_KEY = 'contrastList';
export const CLEAR_EVENT = 'contrast:clear';

function readContrastStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch (error) {
    console.warn('localStorage unavailable', error);
    return null;
  }
}

function writeContrastStorage(value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, value);
  } catch (error) {
    console.warn('localStorage unavailable', error);
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();

function isEntry(value: unknown): value is ContrastEntry {
  if (typeof value !== 'object' || value === null) return false;
  const kolId: unknown = Reflect.get(value, 'kolId');
  const kolName: unknown = Reflect.get(value, 'kolName');
  const kolUid: unknown = Reflect.get(value, 'kolUid');
  const kolImg: unknown = Reflect.get(value, 'kolImg');
  const checked: unknown = Reflect.get(value, 'checked');
  return (
    typeof kolId === 'number' &&
    Number.isSafeInteger(kolId) &&
    kolId > 0 &&
    typeof kolName === 'string' &&
    typeof kolUid === 'number' &&
    typeof kolImg === 'string' &&
    typeof checked === 'boolean'
  );
}

/** The stored list, dropping anything malformed (another version's shape, a hand edit). */
export function parseStoredEntries(raw: string | null): ContrastEntry[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn('[contrast] stored list ignored', error);
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const items: unknown[] = parsed;
  const seen = new Set<number>();
  const entries: ContrastEntry[] = [];
  for (const item of items) {
    if (!isEntry(item) || seen.has(item.kolId)) continue;
    seen.add(item.kolId);
    entries.push({ ...item });
    if (entries.length === CONTRAST_MAX) break;
  }
  return entries;
}

let state: State = {
  entries: parseStoredEntries(readContrastStorage()),
  open: false,
};

function set(next: Partial<State>, persist = true): void {
  state = { ...state, ...next };
  if (persist && next.entries) {
    writeContrastStorage(next.entries.length === 0 ? null : JSON.stringify(next.entries));
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------------------
// Pure rules (unit-tested)

/** §5: a creator already in the list is removed; a new one is added checked, unless the list is full. */
export function toggleEntry(
  entries: readonly ContrastEntry[],
  creator: Omit<ContrastEntry, 'checked'>,
): { entries: readonly ContrastEntry[]; result: ToggleResult } {
  if (entries.some((e) => e.kolId === creator.kolId)) {
    return { entries: entries.filter((e) => e.kolId !== creator.kolId), result: 'removed' };
  }
  if (entries.length >= CONTRAST_MAX) return { entries, result: 'full' };
  return { entries: [...entries, { ...creator, checked: true }], result: 'added' };
}

/** §5: the ids of the checked creators, comma-joined, in list order. */
export function checkedKolIds(entries: readonly ContrastEntry[]): string {
  return entries
    .filter((e) => e.checked)
    .map((e) => e.kolId)
    .join(',');
}

// ---------------------------------------------------------------------------------------------------------
// Actions

export function toggleContrast(creator: Omit<ContrastEntry, 'checked'>): ToggleResult {
  const { entries, result } = toggleEntry(state.entries, creator);
  if (result !== 'full') set({ entries });
  return result;
}

/** Adds (never removes): the add modal's 立即添加. */
export function addContrast(creator: Omit<ContrastEntry, 'checked'>): ToggleResult | 'present' {
  if (state.entries.some((e) => e.kolId === creator.kolId)) return 'present';
  return toggleContrast(creator);
}

export function removeContrast(kolId: number): void {
  set({ entries: state.entries.filter((e) => e.kolId !== kolId) });
}

export function setContrastChecked(kolId: number, checked: boolean): void {
  set({ entries: state.entries.map((e) => (e.kolId === kolId ? { ...e, checked } : e)) });
}

export function clearContrast(): void {
  if (state.entries.length === 0 && !state.open) return;
  set({ entries: [], open: false });
}

export function setContrastOpen(open: boolean): void {
  if (state.open !== open) set({ open }, false);
}

export function getContrastState(): State {
  return state;
}

// ---------------------------------------------------------------------------------------------------------
// Hooks

export function useContrastEntries(): readonly ContrastEntry[] {
  return useSyncExternalStore(subscribe, () => state.entries);
}

export function useContrastOpen(): boolean {
  return useSyncExternalStore(subscribe, () => state.open);
}

export function useInContrast(kolId: number): boolean {
  return useSyncExternalStore(subscribe, () => state.entries.some((e) => e.kolId === kolId));
}

// Leaving the paths empties the list (contrast-paths.ts); another tab's change arrives as a storage event (a
// logout elsewhere clears the whole storage: key null).
if (typeof window !== 'undefined') {
  window.addEventListener(CLEAR_EVENT, () => clearContrast());
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    set({ entries: parseStoredEntries(readContrastStorage()) }, false);
  });
}
