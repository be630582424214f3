import { useId } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon } from '../../../components/icons';
import './vehicle-types-cta.css';

const TYPES = [
  { label: 'Sedans', value: 'sedan' },
  { label: 'SUVs', value: 'suv' },
  { label: 'Pickups', value: 'pickup' },
  { label: 'Vans', value: 'van' },
  { label: 'Hatchbacks', value: 'hatchback' },
  { label: 'Convertibles', value: 'convertible' },
];

/** PAGE-4: 'Different types of vehicles' with Rent Now and Contact Us links. */
export function VehicleTypesCta() {
  const titleId = useId();
  return (
    <section className="types-cta" aria-labelledby={titleId}>
      <div className="container">
        <div className="types-panel">
          <div className="types-copy">
            <h2 id={titleId}>Different types of vehicles</h2>
            <p>
              A compact car for the school run, a pickup for the farm, a 15-seater for the church
              outing: tell us where you are going and we will find the right vehicle.
            </p>
            <ul className="types-chips" aria-label="Browse by type">
              {TYPES.map((type) => (
                <li key={type.value}>
                  <Link to={paths.availableCars.getHref({ body_type: type.value })}>
                    {type.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="types-actions">
            <Link to={paths.availableCars.getHref()} className="btn btn-primary">
              Rent Now
              <ArrowRightIcon size={18} />
            </Link>
            <Link to={paths.contact.getHref()} className="btn btn-outline">
              Contact Us
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
