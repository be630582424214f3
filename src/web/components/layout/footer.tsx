import { useId, useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { paths } from '../../config/paths';
import { ApiError, apiRequest } from '../../lib/api-client';
import { Logo } from './header';
import { inventoryBodyTypes, SUPPORT_PHONE } from './site-links';
import './footer.css';

/**
 * The one form of the site not on react-hook-form, on purpose: every page renders the footer,
 * so the library would join every page's first-load JavaScript (about 10 KiB gzip, which the
 * heaviest pages do not have under PAGE-18's 110 KiB). One email field needs no more than the
 * browser's own check (`type="email" required`) and the server's message, shown below it.
 */
function Newsletter() {
  const id = useId();
  const [status, setStatus] = useState<{
    kind: 'idle' | 'sending' | 'done' | 'error';
    message?: string;
  }>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '');
    setStatus({ kind: 'sending' });
    try {
      const result = await apiRequest<{ message: string }>('/newsletter', {
        method: 'POST',
        body: { email },
      });
      setStatus({ kind: 'done', message: result.message });
      form.reset();
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.errors.email?.[0] ?? error.message)
          : 'Please try again.';
      setStatus({ kind: 'error', message });
    }
  }

  return (
    <form className="newsletter" onSubmit={submit}>
      <h2 id={`${id}-title`}>Deals and new cars, once a month</h2>
      <div className="newsletter-row">
        <label htmlFor={id} className="visually-hidden">
          Email address
        </label>
        <input
          id={id}
          className="input"
          type="email"
          name="email"
          required
          placeholder="Your email address"
          autoComplete="email"
        />
        <button type="submit" className="btn btn-accent" disabled={status.kind === 'sending'}>
          Sign Up
        </button>
      </div>
      <p
        role="status"
        className={status.kind === 'error' ? 'newsletter-note error' : 'newsletter-note'}
      >
        {status.kind === 'done' || status.kind === 'error' ? status.message : ''}
      </p>
    </form>
  );
}

const columns = [
  {
    title: 'Useful Links',
    links: [
      { to: paths.about.getHref(), label: 'About us' },
      { to: paths.contact.getHref(), label: 'Contact us' },
      { to: paths.faq.getHref(), label: 'FAQ' },
      { to: paths.terms.getHref(), label: 'Terms & Conditions' },
    ],
  },
  {
    title: 'Quick Links',
    links: [
      { to: paths.availableCars.getHref(), label: 'All cars' },
      { to: paths.bookingHistory.getHref(), label: 'My bookings' },
      { to: paths.pricing.getHref(), label: 'Pricing' },
      { to: paths.teamList.getHref(), label: 'Our team' },
    ],
  },
  {
    title: 'Our Brands',
    links: ['Toyota', 'Honda', 'Hyundai', 'Mercedes-Benz', 'BMW', 'Land Rover'].map((make) => ({
      to: paths.availableCars.getHref({ make }),
      label: make,
    })),
  },
  {
    title: 'Vehicles Type',
    links: inventoryBodyTypes.map((t) => ({
      to: paths.availableCars.getHref({ body_type: t.value }),
      label: t.label,
    })),
  },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-top">
          <div className="footer-brand">
            <Logo />
            <p>
              Self-drive and chauffeur car rental from East Legon and Kotoka International Airport
              in Accra, and from Kumasi. Pay by mobile money or cash at pickup.
            </p>
            <p>
              <a href={`tel:${SUPPORT_PHONE.tel}`}>{SUPPORT_PHONE.display}</a>
              <br />
              East Legon, Accra
            </p>
          </div>
          <Newsletter />
        </div>
        <div className="footer-columns">
          {columns.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2>{column.title}</h2>
              <ul>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="footer-bottom">
          {/* The company's social pages are not set up yet: no links to other sites' home pages. */}
          <p className="store-badges">
            <span className="store-badge">Google Play · coming soon</span>
            <span className="store-badge">App Store · coming soon</span>
          </p>
        </div>
        <p className="copyright">
          © {new Date().getFullYear()} CarLink Ghana. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
