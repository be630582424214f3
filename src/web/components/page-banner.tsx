import type { ReactNode } from 'react';
import { Link } from '../lib/router';
import { paths } from '../config/paths';
import './page-banner.css';

interface PageBannerProps {
  title: string;
  /** A short line above the title, in the home page's eyebrow style. */
  eyebrow?: string;
  lead?: ReactNode;
  /** The trail between Home and this page, e.g. [{ label: 'Account', to: '/dashboard' }]. */
  trail?: { label: string; to: string }[];
  /** Shown beside the title on wide screens (a button, a badge). */
  aside?: ReactNode;
}

/**
 * The heading band of an inner page: the hero's green and the flag stripe, at a height that
 * leaves the page's content in the first screenful of a phone. Holds the page's one h1.
 */
export function PageBanner({ title, eyebrow, lead, trail = [], aside }: PageBannerProps) {
  return (
    <header className="page-banner">
      <div className="container page-banner-inner">
        <div className="page-banner-text">
          <nav aria-label="Breadcrumb">
            <ol className="breadcrumb">
              <li>
                <Link to={paths.home.getHref()}>Home</Link>
              </li>
              {trail.map((step) => (
                <li key={step.to}>
                  <Link to={step.to}>{step.label}</Link>
                </li>
              ))}
              <li aria-current="page">{title}</li>
            </ol>
          </nav>
          {eyebrow && <p className="page-banner-eyebrow">{eyebrow}</p>}
          <h1>{title}</h1>
          {lead && <p className="page-banner-lead">{lead}</p>}
        </div>
        {aside && <div className="page-banner-aside">{aside}</div>}
      </div>
    </header>
  );
}
