import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';
import './not-found.css';

export default function NotFound() {
  usePageTitle('Page not found');
  return (
    <div className="container page not-found">
      <svg className="not-found-art" viewBox="0 0 320 160" aria-hidden="true">
        <path
          d="M10 130h300"
          stroke="#c9d0d6"
          strokeWidth="4"
          strokeLinecap="round"
          strokeDasharray="14 12"
        />
        <path
          d="M70 112c4-18 14-28 32-30l22-20c6-5 12-7 20-7h46c9 0 17 4 22 12l14 18c15 2 26 9 28 22l2 5H70z"
          fill="#0b5d3b"
        />
        <circle cx="110" cy="116" r="16" fill="#14181c" />
        <circle cx="220" cy="116" r="16" fill="#14181c" />
        <circle cx="110" cy="116" r="6" fill="#f5b800" />
        <circle cx="220" cy="116" r="6" fill="#f5b800" />
        <text x="250" y="50" fontSize="42" fontWeight="800" fill="#f5b800">
          ?
        </text>
      </svg>
      <h1>Oops! It looks like you're lost.</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Go back to home
      </Link>
    </div>
  );
}
