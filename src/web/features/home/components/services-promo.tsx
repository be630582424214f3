import { useId } from 'react';
import { BRANCH_TOWNS } from '../../../config/company-facts';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { ArrowRightIcon, CheckIcon } from '../../../components/icons';
import './services-promo.css';

const SERVICES = [
  'Airport pickup and drop-off at Kotoka International',
  'Chauffeur-driven cars for weddings, funerals and business trips',
  'Long-term rentals for NGOs, projects and visiting family',
  'Mobile money or cash at pickup, with a receipt for every payment',
];

/** PAGE-4: 'We Offer The Best Car Rental Services' with a 'Rent Now' link. */
export function ServicesPromo() {
  const titleId = useId();
  return (
    <section className="services-promo" aria-labelledby={titleId}>
      <div className="container services-inner">
        <div className="services-visual" aria-hidden="true">
          <img
            src="/media/demo/convertible-c8161d-1.svg"
            alt=""
            width={800}
            height={480}
            loading="lazy"
            decoding="async"
          />
          <div className="services-stat services-stat-a">
            <strong>{BRANCH_TOWNS.length}</strong>
            <span>towns</span>
          </div>
          <div className="services-stat services-stat-b">
            <strong>7 days</strong>
            <span>a week of help</span>
          </div>
        </div>
        <div className="services-copy">
          <p className="section-eyebrow">Our services</p>
          <h2 id={titleId}>We Offer The Best Car Rental Services</h2>
          <p className="services-lead">
            Whether you are landing at Kotoka, heading home to the village for Christmas or need a
            fleet for a week of meetings, we have the right car and the people to look after you.
          </p>
          <ul className="services-list">
            {SERVICES.map((service) => (
              <li key={service}>
                <span className="services-check">
                  <CheckIcon size={14} />
                </span>
                {service}
              </li>
            ))}
          </ul>
          <Link to={paths.availableCars.getHref()} className="btn btn-primary">
            Rent Now
            <ArrowRightIcon size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}
