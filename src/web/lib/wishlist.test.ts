import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest } from './api-client';
import {
  forgetWishlist,
  mergeWishlistIntoAccount,
  readWishlist,
  setSaved,
  toggleWishlist,
} from './wishlist';

vi.mock(import('./api-client'), async (importOriginal) => ({
  ...(await importOriginal()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

/** The browser's localStorage, in memory: the unit tests run in Node. */
let localStorage: Map<string, string>;
beforeEach(() => {
  localStorage = new Map();
  const storage = {
    getItem: (key: string) => localStorage.get(key) ?? null,
    setItem: (key: string, value: string) => void localStorage.set(key, value),
    removeItem: (key: string) => void localStorage.delete(key),
  };
  vi.stubGlobal('window', {
    localStorage: storage,
    addEventListener() {},
    removeEventListener() {},
  });
  api.mockReset();
  forgetWishlist();
});

const stored = () => JSON.parse(localStorage.get('wishlist') ?? '[]') as number[];

describe('favourites of a signed-in person belong to the account (AREA-5, AREA-7)', () => {
  it('merges what the browser kept at sign-in, in one request, and keeps the account’s list', async () => {
    localStorage.set('wishlist', JSON.stringify([3, 5]));
    localStorage.set('token', 'a-token');
    api.mockResolvedValueOnce({ car_ids: [5, 3, 9] });
    await mergeWishlistIntoAccount();
    expect(api).toHaveBeenCalledTimes(1);
    expect(api).toHaveBeenCalledWith('/favourites/merge', {
      method: 'POST',
      body: { car_ids: [3, 5] },
    });
    // Newest first from the server, oldest first in the browser, as the wishlist keeps them.
    expect(stored()).toEqual([9, 3, 5]);
  });

  it('saves and removes in the account, and puts the browser back when the server refuses', async () => {
    localStorage.set('token', 'a-token');
    api.mockResolvedValue(undefined);
    const { saved, done } = toggleWishlist(7);
    expect(saved).toBe(true);
    expect(readWishlist()).toEqual([7]);
    await done;
    expect(api).toHaveBeenCalledWith('/favourites/7', { method: 'PUT' });

    api.mockRejectedValueOnce(new ApiError(500, 'Something went wrong.'));
    await expect(setSaved(7, false)).rejects.toThrow('Something went wrong.');
    expect(readWishlist()).toEqual([7]);
  });

  it('a visitor’s favourites stay in the browser, and sign-out forgets the account’s copy', async () => {
    await setSaved(4, true);
    expect(api).not.toHaveBeenCalled();
    expect(stored()).toEqual([4]);
    forgetWishlist();
    expect(localStorage.has('wishlist')).toBe(false);
    expect(readWishlist()).toEqual([]);
  });
});
