import { useSyncExternalStore } from 'react';
import type { UserInfo } from '@xg/shared';
import { decode } from './decode';
import { StorageKey, clearStorage, readStorage, removeStorage, writeStorage } from './storage';
import { userInfoDecoder } from './user-info';

/**
 * The session: the access token (localStorage ACCESS_TOKEN) and the stored user info. Components subscribe
 * through useAccessToken(); the api client reads getToken() for the USER-TOKEN header.
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let token: string | null = readStorage(StorageKey.TOKEN);
let kickedOut = false;

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToken(): string | null {
  return token;
}

export function setSession(nextToken: string, user: UserInfo): void {
  token = nextToken;
  kickedOut = false;
  loggedOutByUser = false;
  writeStorage(StorageKey.TOKEN, nextToken);
  saveUserInfo(user);
  notify();
}

export function saveUserInfo(user: UserInfo): void {
  writeStorage(StorageKey.USER_INFO, JSON.stringify(user));
}

export function readStoredUserInfo(): UserInfo | null {
  const raw = readStorage(StorageKey.USER_INFO);
  if (!raw) return null;
  try {
    return decode(userInfoDecoder, JSON.parse(raw));
  } catch (error) {
    console.warn('stored user info ignored', error);
    removeStorage(StorageKey.USER_INFO);
    return null;
  }
}

/** Logout (§4): clears the token, the user info and the whole local storage. */
export function clearSession(): void {
  token = null;
  clearStorage();
  notify();
}

let loggedOutByUser = false;

/** A logout the user asked for (§4): the guard then sends to /index without a redirect query. */
export function endSessionByUser(): void {
  loggedOutByUser = true;
  clearSession();
}
export function isLoggedOutByUser(): boolean {
  return loggedOutByUser;
}

/** Code 461 (§4): the session was replaced elsewhere; code 0 must then not log out a second time. */
export function markKickedOut(): boolean {
  const first = !kickedOut;
  kickedOut = true;
  return first;
}
export function isKickedOut(): boolean {
  return kickedOut;
}

export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}

// Another tab signed in or out (e.g. the creator detail opened in a new tab): follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== StorageKey.TOKEN && event.key !== null) return;
    const next = readStorage(StorageKey.TOKEN);
    if (next !== token) {
      token = next;
      notify();
    }
  });
}
