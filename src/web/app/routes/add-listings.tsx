import { Link } from '../../lib/router';
import { AccountShell } from '../account-shell';
import { paths } from '../../config/paths';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * PAGE-11: Add Listings has no form. Rather than an empty page, it says how an owner lists a
 * car today: through our team, on a membership plan.
 */
export default function AddListingsPage() {
  usePageTitle('Add Listings');
  return (
    <AccountShell title="Add Listings" lead="Put your car in front of renters across Ghana.">
      <section className="card account-panel center-state" aria-labelledby="add-listing-title">
        <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
          <circle cx="48" cy="48" r="44" fill="#e3f2ea" />
          <path d="M22 56c2-8 6-12 13-13l6-6h14c4 0 7 2 9 6l4 6c6 1 9 4 9 9v4H22z" fill="#0b5d3b" />
          <circle cx="34" cy="62" r="6" fill="#14181c" />
          <circle cx="62" cy="62" r="6" fill="#14181c" />
          <circle cx="70" cy="28" r="12" fill="#f5b800" />
          <path d="M70 22v12M64 28h12" stroke="#14181c" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h2 id="add-listing-title">Listing a car online is coming soon</h2>
        <p className="muted">
          Until then our team lists cars for owners: choose a membership plan and send us the car's
          details, and we will inspect it and put it online for you.
        </p>
        <div className="account-actions">
          <Link to={paths.pricing.getHref()} className="btn btn-primary">
            See membership plans
          </Link>
          <Link
            to={paths.contact.getHref('I would like to list my car.')}
            className="btn btn-outline"
          >
            Contact us
          </Link>
        </div>
      </section>
    </AccountShell>
  );
}
