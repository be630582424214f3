import { Link, NavLink, useLocation } from '../../lib/router';
import { CAR_PAGE_SIZE_MAX } from '../../../shared/constants';
import type { Car } from '../../../shared/schemas/cars';
import { paths } from '../../config/paths';
import { useCars } from '../../lib/car-list';
import { Dialog } from '../dialog';
import { inventoryBodyTypes, inventoryMakes } from './site-links';

interface MobileMenuProps {
  links: { href: string; label: string }[];
  signedIn: boolean;
  /** Staff get a link to the console (PAGE-3). */
  staff?: boolean;
  onClose: () => void;
}

/** The first path segment tells which group the current page belongs to (PAGE-3). */
function currentGroup(pathname: string): 'browse' | 'inventory' | 'info' {
  const segment = pathname.split('/')[1] ?? '';
  if (segment.startsWith('inventory') || segment === 'available-cars' || segment === 'car-details')
    return 'inventory';
  if (['about', 'faq', 'contact', 'terms', 'pricing', 'team-list', 'team-single'].includes(segment))
    return 'info';
  return 'browse';
}

export default function MobileMenu({ links, signedIn, staff = false, onClose }: MobileMenuProps) {
  const { pathname } = useLocation();
  const group = currentGroup(pathname);
  // PAGE-3: the Inventory links point to the first single-car page, here of the first car of
  // that make or body type; before the fleet has loaded, or if none is in it, to the inventory
  // page filtered to it, so a link never leads nowhere.
  const fleet = useCars({ limit: CAR_PAGE_SIZE_MAX });
  const firstCarHref = (matches: (car: Car) => boolean, filter: string) => {
    const car = fleet.data?.all_cars.find(matches);
    return car
      ? paths.inventorySingle.getHref(car.id)
      : paths.inventorySidebarCards.getHref(filter);
  };
  return (
    <Dialog open title="Menu" onClose={onClose}>
      <nav aria-label="Mobile" className="mobile-menu">
        <section
          className={group === 'browse' ? 'menu-group current' : 'menu-group'}
          aria-label="Browse"
        >
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end={link.href === '/'} onClick={onClose}>
                  {link.label}
                </NavLink>
              </li>
            ))}
            {staff && (
              <li>
                <NavLink to={paths.admin.getHref()} onClick={onClose}>
                  Admin
                </NavLink>
              </li>
            )}
            {!signedIn && (
              <li>
                <NavLink to={paths.login.getHref()} onClick={onClose}>
                  Sign In and Register
                </NavLink>
              </li>
            )}
            <li>
              <NavLink to={paths.terms.getHref()} onClick={onClose}>
                Terms &amp; Conditions and Privacy Notice
              </NavLink>
            </li>
          </ul>
        </section>
        <section
          className={group === 'inventory' ? 'menu-group current' : 'menu-group'}
          aria-labelledby="inventory-heading"
        >
          <h3 id="inventory-heading">Inventory</h3>
          <div className="menu-columns">
            <div>
              <h4>Makes</h4>
              <ul>
                {inventoryMakes.map((make) => (
                  <li key={make}>
                    <Link
                      to={firstCarHref(
                        (car) => car.make === make,
                        `?make=${encodeURIComponent(make)}`,
                      )}
                      onClick={onClose}
                    >
                      {make}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h4>Body types</h4>
              <ul>
                {inventoryBodyTypes.map((type) => (
                  <li key={type.value}>
                    <Link
                      to={firstCarHref(
                        (car) => car.body_type === type.value,
                        `?body_type=${type.value}`,
                      )}
                      onClick={onClose}
                    >
                      {type.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      </nav>
    </Dialog>
  );
}
