import { describe, expect, it } from 'vitest';
import { lastPageOf, paginationWindow, showingRange } from './pagination';

describe('paginationWindow (PAGE-10)', () => {
  it('lists every page when there are 7 or fewer', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it('shows first, last and two either side with ellipses', () => {
    expect(paginationWindow(10, 20)).toEqual([1, 'ellipsis', 8, 9, 10, 11, 12, 'ellipsis', 20]);
  });
  it('has no leading ellipsis near the start', () => {
    expect(paginationWindow(1, 8)).toEqual([1, 2, 3, 'ellipsis', 8]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 10]);
    expect(paginationWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 10]);
  });
  it('has no trailing ellipsis near the end', () => {
    expect(paginationWindow(8, 8)).toEqual([1, 'ellipsis', 6, 7, 8]);
    expect(paginationWindow(7, 10)).toEqual([1, 'ellipsis', 5, 6, 7, 8, 9, 10]);
  });
});

describe('showingRange', () => {
  it("gives 'Showing X to Y of Z' numbers", () => {
    expect(showingRange(1, 16, 37)).toEqual({ from: 1, to: 16, total: 37 });
    expect(showingRange(3, 16, 37)).toEqual({ from: 33, to: 37, total: 37 });
    expect(showingRange(1, 16, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
  it('counts pages', () => {
    expect(lastPageOf(0, 16)).toBe(1);
    expect(lastPageOf(32, 16)).toBe(2);
    expect(lastPageOf(33, 16)).toBe(3);
  });
});
