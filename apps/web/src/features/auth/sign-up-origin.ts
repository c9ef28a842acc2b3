import { StorageKey, readStorage } from '../../lib/storage';

/** Where a new account comes from (§3), as the first visit stored it: the inviting parent and the source. */
export function signUpOrigin(): { parent?: string; source?: string } {
  return {
    parent: readStorage(StorageKey.REGISTER_PARENT) ?? undefined,
    source: readStorage(StorageKey.SOURCE)?.slice(0, 200) ?? undefined,
  };
}
