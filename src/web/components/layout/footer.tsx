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
          <div className="store-badges" aria-label="Mobile apps">
            <span className="store-badge">Google Play · coming soon</span>
            <span className="store-badge">App Store · coming soon</span>
          </div>
          <ul className="social" aria-label="Social media">
            <li>
              <a
                href="https://www.facebook.com/"
                aria-label="Facebook"
                rel="noopener noreferrer"
                target="_blank"
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z"
                  />
                </svg>
              </a>
            </li>
            <li>
              <a
                href="https://www.instagram.com/"
                aria-label="Instagram"
                rel="noopener noreferrer"
                target="_blank"
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <rect
                    x="3"
                    y="3"
                    width="18"
                    height="18"
                    rx="5"
                    stroke="currentColor"
                    strokeWidth="2"
                    fill="none"
                  />
                  <circle cx="12" cy="12" r="4" stroke="currentColor" strokeWidth="2" fill="none" />
                  <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
                </svg>
              </a>
            </li>
            <li>
              <a href="https://x.com/" aria-label="X" rel="noopener noreferrer" target="_blank">
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M17.8 3h3.3l-7.2 8.2L22.4 21h-6.6l-5.2-6.8L4.6 21H1.3l7.7-8.8L.9 3h6.8l4.7 6.2zm-1.2 16h1.8L6.7 4.9H4.8z"
                  />
                </svg>
              </a>
            </li>
            <li>
              <a
                href="https://www.whatsapp.com/"
                aria-label="WhatsApp"
                rel="noopener noreferrer"
                target="_blank"
              >
                <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2zm0 18.2c-1.5 0-3-.4-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5c-.2 0-.4.1-.7.3-.2.3-.9.9-.9 2.1 0 1.3.9 2.5 1 2.7.1.2 1.8 2.8 4.4 3.9 1.6.7 2.3.8 3.1.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3z"
                  />
                </svg>
              </a>
            </li>
          </ul>
        </div>
        <p className="copyright">
          © {new Date().getFullYear()} CarLink Ghana. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
