import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, storage } from './storage';

/**
 * The cart (PAGE-15): a JSON array of items under the `cartList` key. An item is added only if
 * its id is not there yet, with quantity 1 unless given; the total is the sum of quantity
 * times discounted price. Anything unreadable in storage counts as an empty cart.
 */
export interface CartItem {
  id: number;
  title: string;
  imgSrc: string;
  originalPrice: number;
  discountedPrice: number;
  quantity: number;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedItems: readonly CartItem[] = [];

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function isCartItem(value: unknown): value is CartItem {
  const item = value as Partial<CartItem> | null;
  return (
    typeof item === 'object' &&
    item !== null &&
    Number.isInteger(item.id) &&
    typeof item.title === 'string' &&
    typeof item.imgSrc === 'string' &&
    isNumber(item.originalPrice) &&
    isNumber(item.discountedPrice) &&
    Number.isInteger(item.quantity) &&
    item.quantity! >= 1
  );
}

function parse(raw: string | null): CartItem[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    const seen = new Set<number>();
    return value.filter((item): item is CartItem => {
      if (!isCartItem(item) || seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    });
  } catch {
    return [];
  }
}

/** The items in the cart. The same array is returned until storage changes. */
export function readCart(): readonly CartItem[] {
  const raw = storage.get(STORAGE_KEYS.cartList);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedItems = parse(raw);
  }
  return cachedItems;
}

function write(items: readonly CartItem[]) {
  storage.set(STORAGE_KEYS.cartList, JSON.stringify(items));
  for (const listener of listeners) listener();
}

/** Adds the item unless one with its id is already in the cart; returns whether it was added. */
export function addToCart(item: Omit<CartItem, 'quantity'> & { quantity?: number }): boolean {
  const items = readCart();
  if (items.some((existing) => existing.id === item.id)) return false;
  const quantity =
    item.quantity !== undefined && Number.isInteger(item.quantity) && item.quantity >= 1
      ? item.quantity
      : 1;
  write([...items, { ...item, quantity }]);
  return true;
}

export function removeFromCart(id: number) {
  const items = readCart();
  if (items.some((item) => item.id === id)) write(items.filter((item) => item.id !== id));
}

/** Sets an item's quantity; below 1 removes it. */
export function setCartQuantity(id: number, quantity: number) {
  if (!Number.isInteger(quantity)) return;
  if (quantity < 1) {
    removeFromCart(id);
    return;
  }
  const items = readCart();
  if (items.some((item) => item.id === id && item.quantity !== quantity)) {
    write(items.map((item) => (item.id === id ? { ...item, quantity } : item)));
  }
}

export function clearCart() {
  if (readCart().length) write([]);
}

/** PAGE-15: the sum of quantity times discounted price. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.discountedPrice, 0);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changing the cart changes this tab's too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.cartList) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const serverSnapshot: readonly CartItem[] = [];

export function useCart(): readonly CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => serverSnapshot);
}
