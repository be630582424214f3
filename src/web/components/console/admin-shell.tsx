import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link, NavLink, useLocation } from '../../lib/router';
import { formatMsisdn } from '../../../shared/phone';
import { paths } from '../../config/paths';
import { useNavCounts } from '../../lib/console/console-queries';
import {
  AuditIcon,
  BookingsIcon,
  BranchIcon,
  CustomersIcon,
  DashboardIcon,
  ExternalIcon,
  FleetIcon,
  IdCardIcon,
  InboxIcon,
  LockIcon,
  MailIcon,
  ReviewStarIcon,
  PriceTagIcon,
  SignOutIcon,
  StaffIcon,
  TaxIcon,
} from './admin-icons';
import './admin-shell.css';
import './admin-ui.css';
import { adminPaths } from '../../config/admin-paths';
import { RouteFocus } from '../layout/route-focus';
import type { StaffRole } from '../../../shared/constants';
import { staffCan, type StaffRoute } from '../../../shared/staff-permissions';

type Counts = ReturnType<typeof useNavCounts>;
const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  agent: 'Agent',
};
const NAV: {
  href: string;
  label: string;
  Icon: typeof DashboardIcon;
  end: boolean;
  count?: (c: Counts) => { n: number; what: string };
  /** Shown only to a role that may use this route (ROLE-8): no section that would refuse. */
  needs?: StaffRoute;
}[] = [
  { href: paths.admin.getHref(), label: 'Dashboard', Icon: DashboardIcon, end: true },
  { href: adminPaths.adminCars.getHref(), label: 'Cars', Icon: FleetIcon, end: false },
  { href: adminPaths.adminBranches.getHref(), label: 'Branches', Icon: BranchIcon, end: false },
  {
    href: adminPaths.adminPrices.getHref(),
    label: 'Prices',
    Icon: PriceTagIcon,
    end: false,
    needs: 'GET /api/admin/extra-prices',
  },
  {
    href: adminPaths.adminTaxes.getHref(),
    label: 'Taxes',
    Icon: TaxIcon,
    end: false,
    needs: 'GET /api/admin/tax-settings',
  },
  {
    href: adminPaths.adminBookings.getHref(),
    label: 'Bookings',
    Icon: BookingsIcon,
    end: false,
    count: (c) => ({ n: c.needsAction, what: 'need action' }),
  },
  {
    href: adminPaths.adminCustomers.getHref(),
    label: 'Customers',
    Icon: CustomersIcon,
    end: false,
  },
  {
    href: adminPaths.adminMessages.getHref(),
    label: 'Messages',
    Icon: InboxIcon,
    end: false,
    count: (c) => ({ n: c.unread, what: 'unread' }),
  },
  {
    href: adminPaths.adminSms.getHref(),
    label: 'SMS log',
    Icon: MailIcon,
    end: false,
    needs: 'GET /api/admin/sms/failed',
  },
  {
    href: adminPaths.adminDocuments.getHref(),
    label: 'Documents',
    Icon: IdCardIcon,
    end: false,
    count: (c) => ({ n: c.documents, what: 'waiting for a check' }),
  },
  {
    href: adminPaths.adminReviews.getHref(),
    label: 'Reviews',
    Icon: ReviewStarIcon,
    end: false,
    needs: 'GET /api/admin/reviews',
  },
  {
    href: adminPaths.adminAudit.getHref(),
    label: 'Audit trail',
    Icon: AuditIcon,
    end: false,
    needs: 'GET /api/admin/audit',
  },
  {
    href: adminPaths.adminStaff.getHref(),
    label: 'Staff',
    Icon: StaffIcon,
    end: false,
    needs: 'GET /api/admin/staff',
  },
];

/**
 * Whether the phone's section strip hides sections to either side. The strip's scroll bar is
 * hidden (it sat under the links), so a fade on that edge is what says there is more.
 */
function useHiddenSections(listRef: RefObject<HTMLUListElement | null>) {
  const [hidden, setHidden] = useState({ before: false, after: false });
  const update = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    // A pixel of slack: scroll positions are fractional on phones that zoom.
    const before = list.scrollLeft > 1;
    const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
    setHidden((now) => (now.before === before && now.after === after ? now : { before, after }));
  }, [listRef]);
  useEffect(() => {
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [update]);
  return { ...hidden, update };
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

interface AdminShellProps {
  user: { name: string; msisdn: string; staff_role?: StaffRole | null };
  onSignOut: () => void;
  /** Runs on every page change: the session check the site's own layout does. */
  onNavigate?: () => void;
  children: ReactNode;
}

/**
 * The console's frame: a side bar on a desktop; on a phone a slim top bar whose section links
 * scroll sideways under it, so every section stays one tap away without a menu to open.
 */
export function AdminShell({ user, onSignOut, onNavigate, children }: AdminShellProps) {
  const { pathname } = useLocation();
  const counts = useNavCounts();
  const [accountOpen, setAccountOpen] = useState(false);
  const accountId = useId();
  const accountRef = useRef<HTMLDivElement>(null);

  const navRef = useRef<HTMLUListElement>(null);
  const hiddenSections = useHiddenSections(navRef);

  // Another section: the account menu closes with the render that shows it.
  const [shownPath, setShownPath] = useState(pathname);
  if (pathname !== shownPath) {
    setShownPath(pathname);
    setAccountOpen(false);
  }
  useEffect(() => {
    window.scrollTo(0, 0);
    onNavigate?.();
  }, [pathname, onNavigate]);

  // On a phone the sections scroll sideways: keep the current one in sight, also once the
  // counts arrive and widen the strip.
  const { update: updateHiddenSections } = hiddenSections;
  useEffect(() => {
    const list = navRef.current;
    const current = list?.querySelector<HTMLElement>('a.active');
    if (list && current && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
    }
    updateHiddenSections();
  }, [pathname, counts.needsAction, counts.unread, counts.documents, updateHiddenSections]);

  useEffect(() => {
    if (!accountOpen) return;
    const onPointer = (event: PointerEvent) => {
      if (!accountRef.current?.contains(event.target as Node)) setAccountOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setAccountOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [accountOpen]);

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      {/* As on the site: after a move to another section, focus on its heading (PAGE-23). */}
      <RouteFocus mainId="admin-main" />
      <header className="admin-side">
        <div className="admin-brand-row">
          <Link to={paths.admin.getHref()} className="admin-brand">
            <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true">
              <rect width="64" height="64" rx="14" fill="#f5b800" />
              <path
                d="M12 38c2-8 6-13 14-14l6-6h10c4 0 7 3 9 8l1 2c2 1 3 3 3 6v4H12z"
                fill="#06361f"
              />
              <circle cx="22" cy="44" r="6" fill="#fff" />
              <circle cx="44" cy="44" r="6" fill="#fff" />
            </svg>
            <span className="admin-brand-text">
              <span className="logo-words">
                <span>CarLink</span> <strong>Ghana</strong>
              </span>
              <small>Staff console</small>
            </span>
          </Link>
          <div className="admin-account" ref={accountRef}>
            <button
              type="button"
              className="admin-account-btn"
              aria-expanded={accountOpen}
              aria-controls={accountId}
              aria-label={`Account menu for ${user.name} (${initials(user.name)})`}
              onClick={() => setAccountOpen((open) => !open)}
            >
              <span className="admin-avatar" aria-hidden="true">
                {initials(user.name)}
              </span>
            </button>
            <div
              id={accountId}
              className={accountOpen ? 'admin-account-panel is-open' : 'admin-account-panel'}
            >
              <div className="admin-account-who">
                <span className="admin-avatar" aria-hidden="true">
                  {initials(user.name)}
                </span>
                <span>
                  <strong>{user.name}</strong>
                  {/* Which role's console this is (ROLE-8): what is missing is not a fault. */}
                  {user.staff_role && <small>{ROLE_NAMES[user.staff_role]}</small>}
                  <small>{formatMsisdn(user.msisdn)}</small>
                </span>
              </div>
              <Link to={adminPaths.adminSecurity.getHref()} className="admin-account-link">
                <LockIcon size={18} />
                Sign-in security
              </Link>
              <Link to={paths.home.getHref()} className="admin-account-link">
                <ExternalIcon size={18} />
                View the website
              </Link>
              <button type="button" className="admin-account-link" onClick={onSignOut}>
                <SignOutIcon size={18} />
                Sign out
              </button>
            </div>
          </div>
        </div>
        <nav
          className={[
            'admin-nav',
            hiddenSections.before && 'more-before',
            hiddenSections.after && 'more-after',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-label="Console"
        >
          <ul ref={navRef} onScroll={hiddenSections.update}>
            {NAV.filter((item) => !item.needs || staffCan(user.staff_role, item.needs)).map(
              ({ href, label, Icon, end, count }) => {
                const badge = count?.(counts);
                return (
                  <li key={href}>
                    <NavLink to={href} end={end}>
                      <Icon size={20} />
                      <span>{label}</span>
                      {badge && badge.n > 0 && (
                        <span className="nav-count">
                          {badge.n}
                          <span className="visually-hidden"> {badge.what}</span>
                        </span>
                      )}
                    </NavLink>
                  </li>
                );
              },
            )}
          </ul>
        </nav>
      </header>
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** The top of every console page: a title, an optional line under it, and its actions. */
export function AdminPageHeader({
  title,
  lead,
  back,
  actions,
}: {
  title: ReactNode;
  lead?: ReactNode;
  back?: { to: string; label: string };
  actions?: ReactNode;
}) {
  return (
    <div className="admin-page-header">
      {back && (
        <Link to={back.to} className="admin-back">
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d="M19 12H5M11 6l-6 6 6 6" />
          </svg>
          {back.label}
        </Link>
      )}
      <div className="admin-page-title">
        <div>
          <h1>{title}</h1>
          {lead && <p className="admin-lead">{lead}</p>}
        </div>
        {actions && <div className="admin-page-actions">{actions}</div>}
      </div>
    </div>
  );
}
