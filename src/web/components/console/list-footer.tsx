import { showingRange } from '../../../shared/pagination';
import { Pagination } from '../pagination';
import { listTotal } from './admin-labels';

/**
 * 'Showing 21 to 40 of 57 bookings' (or 'of about 12,400' when the total is estimated, PERF-3)
 * and the pager under a list.
 */
export function ListFooter({
  page,
  limit,
  total,
  lastPage,
  noun,
  onPage,
  totalIsEstimate = false,
}: {
  page: number;
  limit: number;
  total: number;
  lastPage: number;
  noun: string;
  onPage: (page: number) => void;
  totalIsEstimate?: boolean;
}) {
  const range = showingRange(page, limit, total);
  return (
    <div className="list-footer">
      <p className="muted list-showing" aria-live="polite">
        Showing {range.from} to {range.to} of {listTotal(total, totalIsEstimate)} {noun}
      </p>
      <Pagination page={page} lastPage={lastPage} onChange={onPage} label={`Pages of ${noun}`} />
    </div>
  );
}
