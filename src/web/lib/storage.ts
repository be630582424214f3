/** localStorage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the session lasts for this page only */
    }
  },
  remove(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};

/** PAGE-15: the browser storage keys. */
export const STORAGE_KEYS = {
  token: 'token',
  auth: 'auth',
  cartList: 'cartList',
  wishlist: 'wishlist',
} as const;
