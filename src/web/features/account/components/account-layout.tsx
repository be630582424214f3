import { useEffect, useRef, type ReactNode } from 'react';
import { Link, NavLink } from '../../../lib/router';
import { PageBanner } from '../../../components/page-banner';
import { paths } from '../../../config/paths';
import './account.css';

interface MenuEntry {
  to: string;
  label: string;
  icon: ReactNode;
}

const icon = (d: string) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const entry = (to: string, label: string, d: string): MenuEntry => ({ to, label, icon: icon(d) });

const dashboard = entry(
  paths.dashboard.getHref(),
  'Dashboard',
  'M3 13h8V3H3zM13 21h8V11h-8zM3 21h8v-6H3zM13 3v6h8V3z',
);
const ownerEntries = [
  entry(
    paths.myListings.getHref(),
    'My Listings',
    'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  ),
  entry(paths.addListings.getHref(), 'Add Listings', 'M12 5v14M5 12h14'),
];
/** AREA-9: where a renter who lists no car learns of the partner programme instead. */
const earnEntry = entry(
  paths.pricing.getHref(),
  'Earn with your car',
  'M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
);
const renterEntries = [
  entry(
    paths.favorite.getHref(),
    'My Favorites',
    'M12 20s-7-4.4-9.3-9A5 5 0 0 1 12 6a5 5 0 0 1 9.3 5c-2.3 4.6-9.3 9-9.3 9z',
  ),
  entry(
    paths.saved.getHref(),
    'Saved Search',
    'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-4.3-4.3',
  ),
  entry(
    paths.messages.getHref(),
    'Messages',
    'M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z',
  ),
  entry(
    paths.profile.getHref(),
    'Profile',
    'M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z',
  ),
];

/**
 * The side menu in the first version's order (PAGE-11), showing what applies (AREA-9): My
 * Listings and Add Listings only to someone who lists a car; anyone else gets 'Earn with your
 * car' in their place.
 */
const menuFor = (listsCars: boolean): MenuEntry[] => [
  dashboard,
  ...(listsCars ? ownerEntries : [earnEntry]),
  ...renterEntries,
];

export interface AccountLayoutProps {
  title: string;
  lead?: ReactNode;
  /** Static template content (PAGE-11): says so above the page, so nobody takes it as real. */
  sample?: boolean;
  /**
   * The person lists cars with us (partner owners, not built yet): their menu offers My
   * Listings and Add Listings. Nobody does today, so nobody is offered them (AREA-9).
   */
  listsCars?: boolean;
  children: ReactNode;
}

interface AccountChromeProps extends AccountLayoutProps {
  /** The signed-in user's name, or null for a visitor. */
  userName: string | null;
  onLogout: () => void;
}

/**
 * The account area's frame: a banner with the page's h1, the side menu (a row of chips that
 * scrolls sideways on a phone) and the page. The menu's Logout really signs out; a visitor
 * sees Sign in in its place.
 */
export function AccountLayout({
  title,
  lead,
  sample = false,
  listsCars = false,
  userName,
  onLogout,
  children,
}: AccountChromeProps) {
  const navRef = useRef<HTMLElement>(null);
  // On a phone the current entry may sit past the right edge of the chip row: bring it in.
  useEffect(() => {
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = navRef.current?.querySelector<HTMLElement>('ul');
    if (current && row && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = current.offsetLeft - row.clientWidth / 2 + current.offsetWidth / 2;
    }
  }, [title]);

  return (
    <>
      <PageBanner
        eyebrow={userName ? `Signed in as ${userName}` : 'Your account'}
        title={title}
        lead={lead}
        trail={title === 'Dashboard' ? [] : [{ label: 'Dashboard', to: paths.dashboard.getHref() }]}
        aside={sample ? <span className="sample-pill">Sample data</span> : undefined}
      />
      <div className="container account-page">
        <nav className="account-menu-nav card" aria-label="Account" ref={navRef}>
          <ul>
            {menuFor(listsCars).map((entry) => (
              <li key={entry.to}>
                <NavLink to={entry.to} end>
                  {entry.icon}
                  <span>{entry.label}</span>
                </NavLink>
              </li>
            ))}
            <li>
              {userName ? (
                <button type="button" onClick={onLogout}>
                  {icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9')}
                  <span>Logout</span>
                </button>
              ) : (
                <Link to={paths.login.getHref()}>
                  {icon('M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4M10 17l5-5-5-5M15 12H3')}
                  <span>Sign in</span>
                </Link>
              )}
            </li>
          </ul>
        </nav>
        <div className="account-content">
          {sample && (
            <p className="alert alert-info sample-note">
              <strong>Sample content.</strong> This page shows example figures to preview the owner
              tools; none of it is your real data.
            </p>
          )}
          {children}
        </div>
      </div>
    </>
  );
}
