/**
 * Client-side stored values of spec §3: ACCESS_TOKEN, SOURCE, registerParent, the isPrize flag and the user
 * info; plus the day the update modal was last shown (§4: once per day).
 * localStorage can throw (private mode, quota); every access goes through these wrappers.
 */
export const StorageKey = {
  TOKEN: 'ACCESS_TOKEN',
  USER_INFO: 'USER_INFO',
  SOURCE: 'SOURCE',
  REGISTER_PARENT: 'registerParent',
  IS_PRIZE: 'isPrize',
  UPDATE_NOTICE_DATE: 'updateNoticeDate',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn('localStorage unavailable', error);
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn('localStorage unavailable', error);
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn('localStorage unavailable', error);
  }
}

/** Logout clears the whole local storage (§4). */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch (error) {
    console.warn('localStorage unavailable', error);
  }
}
