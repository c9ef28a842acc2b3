import { StorageKey, readStorage, removeStorage, writeStorage } from './storage';

/**
 * After registration (§4, §9): the prize popup appears 1 second later and an `isPrize` flag is stored for
 * 1 hour. The sign-in panels set the flag; the popup host (features/popups) shows the popup once while the
 * flag lives, so it survives the navigation (and a reload) right after registering, and a registration
 * from long ago never brings it back. Logout clears it with the rest of the local storage.
 */
export const PRIZE_FLAG_TTL_MS = 60 * 60 * 1000;
const PRIZE_EVENT = 'xg:prize-flag';

export interface PrizeFlag {
  /** epoch ms after which the flag is gone */
  expiresAt: number;
  /** the popup has been shown for this registration */
  shown: boolean;
}

function write(flag: PrizeFlag): void {
  writeStorage(StorageKey.IS_PRIZE, JSON.stringify({ value: 1, ...flag }));
  window.dispatchEvent(new Event(PRIZE_EVENT));
}

/** Called right after a successful registration. */
export function markRegistered(now: number = Date.now()): void {
  write({ expiresAt: now + PRIZE_FLAG_TTL_MS, shown: false });
}

/** The live flag, or null (none, unreadable or expired: an expired one is removed). */
export function readPrizeFlag(now: number = Date.now()): PrizeFlag | null {
  const raw = readStorage(StorageKey.IS_PRIZE);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    console.warn('[prize] unreadable isPrize flag removed', error);
    removeStorage(StorageKey.IS_PRIZE);
    return null;
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('expiresAt' in parsed) ||
    typeof parsed.expiresAt !== 'number' ||
    parsed.expiresAt <= now
  ) {
    removeStorage(StorageKey.IS_PRIZE);
    return null;
  }
  const shown = 'shown' in parsed && parsed.shown === true;
  return { expiresAt: parsed.expiresAt, shown };
}

/** The popup was shown: keep the flag for the rest of its hour, but do not show the popup again. */
export function markPrizeShown(now: number = Date.now()): void {
  const flag = readPrizeFlag(now);
  if (flag && !flag.shown) write({ ...flag, shown: true });
}

/** Calls the listener whenever the flag is written in this tab. */
export function subscribePrizeFlag(listener: () => void): () => void {
  window.addEventListener(PRIZE_EVENT, listener);
  return () => window.removeEventListener(PRIZE_EVENT, listener);
}
