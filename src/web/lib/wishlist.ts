import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage';

/**
 * The saved cars (PAGE-15, PAGE-6): a JSON array of car ids under the `wishlist`
 * key. Ids are added or removed without duplicates; anything unreadable counts as empty.
 */

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedIds: readonly number[] = [];

function parse(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const ids = value.filter((id): id is number => Number.isInteger(id) && id > 0);
    return [...new Set(ids)];
  } catch {
    return [];
  }
}

/** The saved ids. The same array is returned until storage changes, as useSyncExternalStore needs. */
export function readWishlist(): readonly number[] {
  const raw = storage.get(STORAGE_KEYS.wishlist);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedIds = parse(raw);
  }
  return cachedIds;
}

function write(ids: readonly number[]) {
  storage.set(STORAGE_KEYS.wishlist, JSON.stringify(ids));
  for (const listener of listeners) listener();
}

export function isInWishlist(id: number): boolean {
  return readWishlist().includes(id);
}

export function addToWishlist(id: number) {
  const ids = readWishlist();
  if (!ids.includes(id)) write([...ids, id]);
}

export function removeFromWishlist(id: number) {
  const ids = readWishlist();
  if (ids.includes(id)) write(ids.filter((saved) => saved !== id));
}

/** Adds the car if absent, removes it if present; returns whether it is saved now. */
export function toggleWishlist(id: number): boolean {
  if (isInWishlist(id)) {
    removeFromWishlist(id);
    return false;
  }
  addToWishlist(id);
  return true;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saving a car changes this tab's list too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.wishlist) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot: readonly number[] = [];

export function useWishlist(): readonly number[] {
  return useSyncExternalStore(subscribe, readWishlist, () => serverSnapshot);
}

export function useIsSaved(id: number | null): boolean {
  const ids = useWishlist();
  return id !== null && ids.includes(id);
}
