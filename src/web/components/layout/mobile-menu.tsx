import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { Modal } from '../modal';
import { inventoryBodyTypes, inventoryMakes } from './site-links';

interface MobileMenuProps {
  links: { href: string; label: string }[];
  signedIn: boolean;
  onClose: () => void;
}

/** The first path segment tells which group the current page belongs to (SPEC §2). */
function currentGroup(pathname: string): 'browse' | 'inventory' | 'info' {
  const segment = pathname.split('/')[1] ?? '';
  if (segment.startsWith('inventory') || segment === 'available-cars' || segment === 'car-details') return 'inventory';
  if (['about', 'faq', 'contact', 'terms', 'pricing', 'team-list', 'team-single'].includes(segment)) return 'info';
  return 'browse';
}

export default function MobileMenu({ links, signedIn, onClose }: MobileMenuProps) {
  const { pathname } = useLocation();
  const group = currentGroup(pathname);
  return (
    <Modal open title="Menu" onClose={onClose}>
      <nav aria-label="Mobile" className="mobile-menu">
        <section className={group === 'browse' ? 'menu-group current' : 'menu-group'} aria-label="Browse">
          <ul>
            {links.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end={link.href === '/'} onClick={onClose}>
                  {link.label}
                </NavLink>
              </li>
            ))}
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
        <section className={group === 'inventory' ? 'menu-group current' : 'menu-group'} aria-labelledby="inventory-heading">
          <h3 id="inventory-heading">Inventory</h3>
          <div className="menu-columns">
            <div>
              <h4>Makes</h4>
              <ul>
                {inventoryMakes.map((make) => (
                  <li key={make}>
                    <Link to={paths.availableCars.getHref({ make })} onClick={onClose}>
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
                    <Link to={paths.availableCars.getHref({ body_type: type.value })} onClick={onClose}>
                      {type.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      </nav>
    </Modal>
  );
}
