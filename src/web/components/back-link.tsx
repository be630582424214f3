import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from '../lib/router';
import { paths } from '../config/paths';
import { ArrowLeftIcon } from './icons';

/**
 * 'Back' goes one step back in history when there is a page of the site to go back to; a page
 * opened directly (a shared link, a new tab) has none, so the link goes to `fallback` instead
 * (home unless told). It is a real link to that fallback, so it also works as one (middle
 * click, a new tab, no JavaScript).
 * `icon`: an arrow (the catalogue and team pages) or a chevron (the booking pages).
 */
export function BackLink({
  fallback = paths.home.getHref(),
  label = 'Back',
  icon = 'arrow',
}: {
  fallback?: string;
  label?: string;
  icon?: 'arrow' | 'chevron';
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router marks the first entry of a visit with the key 'default'.
  const canGoBack = location.key !== 'default';

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!canGoBack || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    void navigate(-1);
  }

  return (
    <Link to={fallback} className="back-link" onClick={onClick}>
      {icon === 'arrow' ? (
        <ArrowLeftIcon size={18} />
      ) : (
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
      )}
      {label}
    </Link>
  );
}
