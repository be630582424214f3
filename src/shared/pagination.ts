/** One entry of a pager: a page number, or a gap shown as an ellipsis. */
export type PageItem = number | 'ellipsis';

/**
 * PAGE-10: every page when there are 7 or fewer; otherwise the first, the last and a window
 * of 2 either side of the current page, with ellipses over the gaps.
 */
export function paginationWindow(current: number, lastPage: number): PageItem[] {
  if (lastPage <= 7) return Array.from({ length: lastPage }, (_, i) => i + 1);
  const from = Math.max(2, current - 2);
  const to = Math.min(lastPage - 1, current + 2);
  const items: PageItem[] = [1];
  if (from > 2) items.push('ellipsis');
  for (let page = from; page <= to; page++) items.push(page);
  if (to < lastPage - 1) items.push('ellipsis');
  items.push(lastPage);
  return items;
}

/** 'Showing X to Y of Z' numbers for a page. */
export function showingRange(page: number, limit: number, total: number) {
  if (total === 0) return { from: 0, to: 0, total };
  const from = (page - 1) * limit + 1;
  return { from: Math.min(from, total), to: Math.min(page * limit, total), total };
}

export function lastPageOf(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
