import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

/**
 * A 'Back' that goes back one page when there is one inside the site, and otherwise follows
 * its href (a page opened from a shared link has nowhere to go back to).
 */
export function BackLink({ fallback, label = 'Back' }: { fallback: string; label?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (location.key === 'default' || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(-1);
  }
  return (
    <Link to={fallback} className="back-link" onClick={onClick}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path
          d="M15 5l-7 7 7 7"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {label}
    </Link>
  );
}
