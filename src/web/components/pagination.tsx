import { paginationWindow } from '../../shared/pagination';
import './pagination.css';

interface PaginationProps {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
  label?: string;
}

/** PAGE-10's window: all pages up to 7, else first, last and two either side. */
export function Pagination({ page, lastPage, onChange, label = 'Pages' }: PaginationProps) {
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="page-btn"
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        ‹
      </button>
      {paginationWindow(page, lastPage).map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`e${i}`} className="page-gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className="page-btn"
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className="page-btn"
        onClick={() => onChange(page + 1)}
        disabled={page >= lastPage}
        aria-label="Next page"
      >
        ›
      </button>
    </nav>
  );
}
