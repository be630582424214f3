import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';

export type InventoryLayout = 'map-cards' | 'map-rows' | 'sidebar-rows' | 'sidebar-cards';

const LAYOUTS: {
  layout: InventoryLayout;
  label: string;
  href: (search: string) => string;
  icon: string;
}[] = [
  {
    layout: 'sidebar-cards',
    label: 'Cards',
    href: paths.inventorySidebarCards.getHref,
    icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  },
  {
    layout: 'sidebar-rows',
    label: 'List',
    href: paths.inventorySidebarRows.getHref,
    icon: 'M4 5h5v5H4zM11 6h9M11 9h6M4 14h5v5H4zM11 15h9M11 18h6',
  },
  {
    layout: 'map-cards',
    label: 'Map and cards',
    href: paths.inventoryMapCards.getHref,
    icon: 'M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2zM9 4v14M15 6v14',
  },
  {
    layout: 'map-rows',
    label: 'Map and list',
    href: paths.inventoryMapRows.getHref,
    icon: 'M12 21s-6-5.3-6-10a6 6 0 1 1 12 0c0 4.7-6 10-6 10zM12 13a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  },
];

/** The four layouts of the same results; switching keeps the filters (the query string). */
export function LayoutSwitcher({ current, search }: { current: InventoryLayout; search: string }) {
  return (
    <nav className="layout-switcher" aria-label="Layout">
      <ul>
        {LAYOUTS.map(({ layout, label, href, icon }) => (
          <li key={layout}>
            <Link
              to={href(search)}
              className="layout-switcher-link"
              aria-current={layout === current ? 'page' : undefined}
            >
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d={icon}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                />
              </svg>
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
