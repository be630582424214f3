import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { HELP_DAYS } from '../../config/company-facts';
import { Link, NavLink, useLocation, useNavigate } from '../../lib/router';
import { paths } from '../../config/paths';
import { logout, useSession, useSignedInUser } from '../../lib/session-store';
import { mainMenu, SUPPORT_PHONE } from './site-links';
import './header.css';

const MobileMenu = lazy(() => import('./mobile-menu'));
const SearchPopup = lazy(() => import('./search-popup'));
const UnreadCount = lazy(() => import('./unread-count'));
const UNREAD_ID = 'account-unread-count';

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

export function Logo() {
  return (
    // Named by its visible words (no aria-label), so that saying what is on screen,
    // 'CarLink Ghana', reaches it by voice (base.css's .logo-words keeps the word mark's look).
    <Link to={paths.home.getHref()} className="logo">
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#0b5d3b" />
        <path d="M12 38c2-8 6-13 14-14l6-6h10c4 0 7 3 9 8l1 2c2 1 3 3 3 6v4H12z" fill="#f5b800" />
        <circle cx="22" cy="44" r="6" fill="#14181c" />
        <circle cx="44" cy="44" r="6" fill="#14181c" />
      </svg>
      <span className="logo-words">
        <span>CarLink</span> <strong>Ghana</strong>
      </span>
    </Link>
  );
}

function AccountMenu({ name, staff }: { name: string; staff: boolean }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="avatar"
        aria-haspopup="true"
        aria-expanded={open}
        // The visible initials are part of the name, so 'click KM' works by voice.
        aria-label={`Account menu for ${name} (${initials(name)})`}
        aria-describedby={staff ? undefined : UNREAD_ID}
        onClick={() => setOpen((v) => !v)}
      >
        {initials(name)}
        {/* CONV-13: replies the renter has not read (staff answer from the console). Loaded
            after the page, so the query machinery stays out of every page's first load. */}
        {!staff && (
          <Suspense fallback={null}>
            <UnreadCount id={UNREAD_ID} variant="avatar" />
          </Suspense>
        )}
      </button>
      {open && (
        <ul className="account-dropdown">
          {staff && (
            <li>
              <Link to={paths.admin.getHref()} onClick={() => setOpen(false)}>
                Admin
              </Link>
            </li>
          )}
          {/* AREA-9: the renter's own places first: their dashboard and their bookings. */}
          <li>
            <Link to={paths.dashboard.getHref()} onClick={() => setOpen(false)}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to={paths.bookingHistory.getHref()} onClick={() => setOpen(false)}>
              My bookings
            </Link>
          </li>
          <li>
            <Link to={paths.profile.getHref()} onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          {!staff && (
            <li>
              <Link to={paths.messages.getHref()} onClick={() => setOpen(false)}>
                Messages
                <Suspense fallback={null}>
                  <UnreadCount variant="menu" />
                </Suspense>
              </Link>
            </li>
          )}
          <li>
            <button
              type="button"
              onClick={async () => {
                setOpen(false);
                await logout();
                navigate(paths.home.getHref());
              }}
            >
              Logout
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

export function Header() {
  const session = useSession();
  const user = useSignedInUser();
  const location = useLocation();
  // Each popup remembers the page it was opened on, so moving to another page closes it
  // (without an effect that would render the open popup once more first).
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.pathname;
  const searchOpen = searchOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : null);
  const setSearchOpen = (open: boolean) => setSearchOpenOn(open ? location.pathname : null);

  const links = mainMenu.filter((l) => l.auth === undefined || l.auth === session.isAuthenticated);

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="container topbar-inner">
          <span>Car rental across Ghana, {HELP_DAYS}</span>
          <a href={`tel:${SUPPORT_PHONE.tel}`} className="topbar-phone">
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
              />
            </svg>
            {SUPPORT_PHONE.display}
          </a>
        </div>
      </div>
      <div className="container header-main">
        <Logo />
        <nav className="main-nav" aria-label="Main">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end={link.href === '/'}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={paths.terms.getHref()}>Terms</NavLink>
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <button
            type="button"
            className="icon-btn"
            aria-label="Search cars"
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen(true)}
          >
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="11" cy="11" r="7" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {session.isAuthenticated ? (
            // Who is signed in arrives from the server a moment after the page (or at once,
            // written by the sign-in): until then the slot stays empty, not 'Sign in'.
            user && <AccountMenu name={user.name} staff={user.role === 'staff'} />
          ) : (
            <>
              <div className="auth-links">
                <Link to={paths.login.getHref()} className="btn btn-ghost btn-sm">
                  Sign in
                </Link>
                <Link to={paths.login.getHref('register')} className="btn btn-primary btn-sm">
                  Register
                </Link>
              </div>
              <Link
                to={paths.login.getHref()}
                className="icon-btn auth-icon"
                aria-label="Sign in or register"
              >
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <circle cx="12" cy="8" r="4" stroke="currentColor" strokeWidth="2" fill="none" />
                  <path
                    d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6"
                    stroke="currentColor"
                    strokeWidth="2"
                    fill="none"
                    strokeLinecap="round"
                  />
                </svg>
              </Link>
            </>
          )}
          <button
            type="button"
            className="icon-btn menu-btn"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M4 7h16M4 12h16M4 17h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      </div>
      <Suspense fallback={null}>
        {menuOpen && (
          <MobileMenu
            onClose={() => setMenuOpen(false)}
            links={links}
            signedIn={session.isAuthenticated}
            staff={user?.role === 'staff'}
          />
        )}
        {searchOpen && <SearchPopup onClose={() => setSearchOpen(false)} />}
      </Suspense>
    </header>
  );
}
