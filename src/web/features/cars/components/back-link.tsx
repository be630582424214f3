import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { ArrowLeftIcon } from '../../../components/icons';

/**
 * 'Back' goes one step back in history, as the spec says; a page opened directly (a shared
 * link, a new tab) has nothing to go back to inside the site, so the link goes home instead.
 * It is a real link to that fallback, so it also works as one (middle click, no JavaScript).
 */
export function BackLink({
  fallback = paths.home.getHref(),
  label = 'Back',
}: {
  fallback?: string;
  label?: string;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router marks the first entry of a visit with the key 'default'.
  const canGoBack = location.key !== 'default';

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (!canGoBack || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
      return;
    event.preventDefault();
    navigate(-1);
  }

  return (
    <Link to={fallback} className="back-link" onClick={onClick}>
      <ArrowLeftIcon size={18} />
      {label}
    </Link>
  );
}
