import { useEffect, useSyncExternalStore } from 'react';
import type { FavouriteIdsResponse } from '../../shared/schemas/favourites';
import { apiRequest } from './api-client';
import { queryClient } from './query-client';
import { STORAGE_KEYS, storage } from './storage';

/**
 * The saved cars (PAGE-15, PAGE-6): a JSON array of car ids under the `wishlist`
 * key, oldest first. Ids are added or removed without duplicates; anything unreadable counts
 * as empty.
 *
 * A visitor's favourites live here alone. Signed in, they belong to the account (AREA-5): at
 * sign-in this browser's list is merged into the account's (AREA-7) and from then on it is a
 * copy of the account's, read again once per page load; Save changes the copy at once and the
 * account behind it, and is undone if the server refuses. Signing out forgets the copy, so
 * the next person on this browser does not see (or merge) them.
 */

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedIds: readonly number[] = [];

/** The account's list has been read into this page (once per page load is enough). */
let accountRead = false;
/** Saves and removals sent while the account's list is being read: they win over it. */
const inFlight = new Map<number, boolean>();

/** The queries that show favourites from the server: asked again after a change. */
export const favouriteQueryKeys = [['favourites'], ['account', 'dashboard']] as const;

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

const signedIn = () => storage.get(STORAGE_KEYS.token) !== null;

export function isInWishlist(id: number): boolean {
  return readWishlist().includes(id);
}

function setLocal(id: number, saved: boolean) {
  const ids = readWishlist();
  if (saved && !ids.includes(id)) write([...ids, id]);
  if (!saved && ids.includes(id)) write(ids.filter((kept) => kept !== id));
}

/**
 * Saves or removes a car: in this browser at once, and in the account when signed in. The
 * promise settles once the account has it (at once for a visitor); refused, the browser's copy
 * is put back and the promise rejects with the server's ApiError.
 */
export async function setSaved(id: number, saved: boolean): Promise<void> {
  const before = isInWishlist(id);
  setLocal(id, saved);
  if (!signedIn()) return;
  inFlight.set(id, saved);
  try {
    await apiRequest(`/favourites/${id}`, { method: saved ? 'PUT' : 'DELETE' });
  } catch (error) {
    setLocal(id, before);
    throw error;
  } finally {
    if (inFlight.get(id) === saved) inFlight.delete(id);
  }
  for (const queryKey of favouriteQueryKeys) void queryClient.invalidateQueries({ queryKey });
}

export const removeFromWishlist = (id: number) => setSaved(id, false);

/** Adds the car if absent, removes it if present: whether it is saved now, and the request. */
export function toggleWishlist(id: number): { saved: boolean; done: Promise<void> } {
  const saved = !isInWishlist(id);
  return { saved, done: setSaved(id, saved) };
}

/** The account's ids (newest first) become this browser's copy (oldest first). */
function adoptAccountList(newestFirst: readonly number[]) {
  const ids = [...newestFirst].reverse();
  // A Save pressed while the list was on its way is newer than the list.
  for (const [id, saved] of inFlight) {
    const at = ids.indexOf(id);
    if (saved && at < 0) ids.push(id);
    if (!saved && at >= 0) ids.splice(at, 1);
  }
  accountRead = true;
  write(ids);
}

/**
 * AREA-7: at sign-in, what this browser kept is merged into the account in one request (the
 * server ignores what it already has), and the account's whole list comes back as the copy.
 * A failure keeps the browser's list; the next page load reads the account's again.
 */
export async function mergeWishlistIntoAccount(): Promise<void> {
  try {
    const { car_ids } = await apiRequest<FavouriteIdsResponse>('/favourites/merge', {
      method: 'POST',
      body: { car_ids: readWishlist().slice(-500) },
    });
    adoptAccountList(car_ids);
  } catch {
    /* the browser's list stays; the account is read again on the next page load */
  }
}

/** Signed in: the account's list, read once per page load (another device may have changed it). */
async function readAccountList() {
  accountRead = true;
  try {
    const { car_ids } = await apiRequest<FavouriteIdsResponse>('/favourites/ids');
    adoptAccountList(car_ids);
  } catch {
    accountRead = false;
  }
}

/** Sign-out: the account's copy leaves this browser. */
export function forgetWishlist() {
  accountRead = false;
  inFlight.clear();
  storage.remove(STORAGE_KEYS.wishlist);
  for (const listener of listeners) listener();
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
  useEffect(() => {
    if (signedIn() && !accountRead) void readAccountList();
  }, []);
  return useSyncExternalStore(subscribe, readWishlist, () => serverSnapshot);
}

export function useIsSaved(id: number | null): boolean {
  const ids = useWishlist();
  return id !== null && ids.includes(id);
}
