import { showingRange } from '../../../../shared/pagination';
import { Pagination } from '../../../components/pagination';

/** 'Showing 21 to 40 of 57 bookings' and the pager under a list. */
export function ListFooter({
  page,
  limit,
  total,
  lastPage,
  noun,
  onPage,
}: {
  page: number;
  limit: number;
  total: number;
  lastPage: number;
  noun: string;
  onPage: (page: number) => void;
}) {
  const range = showingRange(page, limit, total);
  return (
    <div className="list-footer">
      <p className="muted list-showing" aria-live="polite">
        Showing {range.from} to {range.to} of {total} {noun}
      </p>
      <Pagination page={page} lastPage={lastPage} onChange={onPage} label={`Pages of ${noun}`} />
    </div>
  );
}
