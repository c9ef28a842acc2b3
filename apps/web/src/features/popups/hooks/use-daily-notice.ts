import { StorageKey, readStorage, writeStorage } from '../../../lib/storage';

/** Today in Asia/Shanghai as YYYY-MM-DD (STYLE: dates in Asia/Shanghai). */
export function shanghaiDay(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);
}

/**
 * The update modal shows at most once per day (§4, §9), on the first signed-in page of a day after an
 * earlier visit: the stored day (UPDATE_NOTICE_DATE) differs from today. A browser with no stored day (a
 * first visit, or right after a logout, which clears the local storage) only records today, so a new user
 * is not greeted by release notes on top of the welcome popup.
 */
export function dailyUpdateNoticeDue(now: Date = new Date()): boolean {
  const today = shanghaiDay(now);
  const last = readStorage(StorageKey.UPDATE_NOTICE_DATE);
  if (last === null) {
    writeStorage(StorageKey.UPDATE_NOTICE_DATE, today);
    return false;
  }
  return last !== today;
}

/** The modal is shown: not again today. */
export function recordDailyUpdateNotice(now: Date = new Date()): void {
  writeStorage(StorageKey.UPDATE_NOTICE_DATE, shanghaiDay(now));
}
