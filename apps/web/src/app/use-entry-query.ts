import { useEffect } from 'react';
import { StorageKey, readStorage, writeStorage } from '../lib/storage';

/**
 * App root (§2.4, §3): keeps `registerParent` from the query, and `SOURCE` from the `source` query or else
 * the referrer, the latter only when none is stored yet. Both are sent with a registration.
 */
export function useEntryQuery(): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const parent = params.get('registerParent');
    if (parent) writeStorage(StorageKey.REGISTER_PARENT, parent.slice(0, 64));
    if (!readStorage(StorageKey.SOURCE)) {
      const source = params.get('source') || document.referrer;
      if (source) writeStorage(StorageKey.SOURCE, source.slice(0, 200));
    }
  }, []);
}
