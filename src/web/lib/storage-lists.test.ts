import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, cartTotal, clearCart, readCart, removeFromCart, setCartQuantity } from './cart';
import { readWishlist, removeFromWishlist, setSaved, toggleWishlist } from './wishlist';

/** A stand-in for the browser's localStorage: the unit tests run in Node. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
}

let localStorage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  localStorage = memoryStorage();
  vi.stubGlobal('window', { localStorage, addEventListener() {}, removeEventListener() {} });
});

// The sample cart's prices (PAGE-15): 789 before, 399 after the discount.
const sampleItem = {
  id: 7,
  title: 'Toyota Corolla 2021',
  imgSrc: '/img/7.svg',
  originalPrice: 789,
  discountedPrice: 399,
};

describe('cartList (PAGE-15)', () => {
  it('adds an item once, with quantity 1 unless given, and keeps it under cartList', () => {
    expect(addToCart(sampleItem)).toBe(true);
    expect(addToCart({ ...sampleItem, title: 'again' })).toBe(false);
    expect(addToCart({ ...sampleItem, id: 8, quantity: 3 })).toBe(true);
    expect(JSON.parse(localStorage.getItem('cartList')!)).toEqual([
      { ...sampleItem, quantity: 1 },
      { ...sampleItem, id: 8, quantity: 3 },
    ]);
  });

  it('totals quantity times the discounted price', () => {
    addToCart({ ...sampleItem, quantity: 2 });
    addToCart({ ...sampleItem, id: 9, discountedPrice: 100 });
    expect(cartTotal(readCart())).toBe(2 * 399 + 100);
  });

  it('changes quantities, removes items and empties the cart', () => {
    addToCart(sampleItem);
    addToCart({ ...sampleItem, id: 8 });
    setCartQuantity(7, 4);
    expect(readCart().find((item) => item.id === 7)?.quantity).toBe(4);
    setCartQuantity(8, 0);
    expect(readCart().map((item) => item.id)).toEqual([7]);
    removeFromCart(7);
    expect(readCart()).toEqual([]);
    addToCart(sampleItem);
    clearCart();
    expect(JSON.parse(localStorage.getItem('cartList')!)).toEqual([]);
  });

  it('reads what another tab or an old version stored, dropping what is broken or repeated', () => {
    localStorage.setItem(
      'cartList',
      JSON.stringify([
        { ...sampleItem, quantity: 1 },
        { ...sampleItem, quantity: 5 },
        { id: 'x' },
        null,
      ]),
    );
    expect(readCart()).toEqual([{ ...sampleItem, quantity: 1 }]);
    localStorage.setItem('cartList', '{not json');
    expect(readCart()).toEqual([]);
  });
});

describe('wishlist (PAGE-15)', () => {
  it('adds and removes ids without duplicates, under the wishlist key', () => {
    // A visitor: kept in this browser alone (AREA-5), so nothing waits on the server.
    void setSaved(3, true);
    void setSaved(5, true);
    void setSaved(3, true);
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([3, 5]);
    void removeFromWishlist(3);
    void removeFromWishlist(3);
    expect(readWishlist()).toEqual([5]);
    expect(toggleWishlist(5).saved).toBe(false);
    expect(toggleWishlist(6).saved).toBe(true);
    expect(readWishlist()).toEqual([6]);
  });

  it('ignores duplicates and junk already in storage', () => {
    localStorage.setItem('wishlist', JSON.stringify([4, 4, 'a', -1, 2.5, 9]));
    expect(readWishlist()).toEqual([4, 9]);
  });
});
