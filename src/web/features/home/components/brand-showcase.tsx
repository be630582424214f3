import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../components/icons';
import { HomeSection } from './home-section';
import './brand-showcase.css';

/** PAGE-4: six brands. Lettermarks of our own, not copies of the makers' trademarks. */
const BRANDS = [
  { name: 'Toyota', mark: 'T', hue: 'red' },
  { name: 'BMW', mark: 'BMW', hue: 'blue' },
  { name: 'Mercedes-Benz', mark: 'MB', hue: 'steel' },
  { name: 'Honda', mark: 'H', hue: 'red' },
  { name: 'Hyundai', mark: 'Hy', hue: 'navy' },
  { name: 'Kia', mark: 'KIA', hue: 'ink' },
] as const;

function listHref(make: string) {
  return paths.availableCars.getHref({ make });
}

interface BrandShowcaseProps {
  /** Cars per make from the car list's `brands`, when it has loaded. */
  counts?: ReadonlyMap<string, number>;
}

export function BrandShowcase({ counts }: BrandShowcaseProps) {
  return (
    <HomeSection
      eyebrow="Popular makes"
      title="Rent by brand"
      lead="The makes Ghana trusts on its roads, serviced by dealers and kept in top shape."
      action={
        <Link to={paths.availableCars.getHref()} className="btn btn-outline">
          Show All Brands
          <ArrowRightIcon size={18} />
        </Link>
      }
    >
      <ul className="brand-grid">
        {BRANDS.map((brand) => {
          const count = counts?.get(brand.name);
          return (
            <li key={brand.name}>
              <Link to={listHref(brand.name)} className="brand-tile">
                <span className={`brand-mark brand-mark-${brand.hue}`} aria-hidden="true">
                  {brand.mark}
                </span>
                <span className="brand-name">{brand.name}</span>
                {count !== undefined && (
                  <span className="brand-count">
                    {count} {count === 1 ? 'car' : 'cars'}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </HomeSection>
  );
}
