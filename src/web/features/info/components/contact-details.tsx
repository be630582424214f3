import { ClockIcon, PhoneIcon, PinIcon } from '../../../components/icons';
import { SUPPORT_PHONE } from '../../../components/layout/site-links';
import './info.css';
import './contact.css';

export const CONTACT_EMAIL = 'hello@carlinkghana.com';
/** WhatsApp takes the number in international form without '+'. */
const WHATSAPP_LINK = `https://wa.me/${SUPPORT_PHONE.tel.replace('+', '')}`;

/** PAGE-12: contact details and the one office, in Accra (East Legon). */
export function ContactDetails() {
  return (
    <aside className="contact-details" aria-labelledby="contact-details-title">
      <h2 id="contact-details-title">Talk to us</h2>
      <ul className="contact-lines">
        <li>
          <span className="contact-icon" aria-hidden="true">
            <PhoneIcon size={20} />
          </span>
          <div>
            <p className="contact-label">Phone and WhatsApp</p>
            <a href={`tel:${SUPPORT_PHONE.tel}`}>{SUPPORT_PHONE.display}</a>
            <br />
            <a href={WHATSAPP_LINK} rel="noopener noreferrer" target="_blank">
              Chat on WhatsApp
            </a>
          </div>
        </li>
        <li>
          <span className="contact-icon" aria-hidden="true">
            <svg
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="m3 7 9 6 9-6" />
            </svg>
          </span>
          <div>
            <p className="contact-label">Email</p>
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
          </div>
        </li>
        <li>
          <span className="contact-icon" aria-hidden="true">
            <ClockIcon size={20} />
          </span>
          <div>
            <p className="contact-label">Opening hours</p>
            <p>Every day, 7 am to 9 pm</p>
          </div>
        </li>
      </ul>

      <section className="contact-office card" aria-labelledby="contact-office-title">
        <OfficeMap />
        <div className="contact-office-text">
          <h3 id="contact-office-title">
            <PinIcon size={18} /> Accra office
          </h3>
          <address>
            CarLink Ghana
            <br />
            East Legon, Accra
            <br />
            Ghana
          </address>
          <p className="muted">
            Call or WhatsApp us before you come and we will send you the pin and the way in.
          </p>
        </div>
      </section>
    </aside>
  );
}

/** A hand-drawn sketch of the neighbourhood: no map tiles to fetch on a slow network. */
function OfficeMap() {
  return (
    <svg className="contact-map" viewBox="0 0 360 160" width="360" height="160" aria-hidden="true">
      <rect width="360" height="160" fill="#e3f2ea" />
      <path d="M0 110 C90 100 160 120 360 92" stroke="#fff" strokeWidth="16" fill="none" />
      <path d="M120 0 C130 60 140 110 150 160" stroke="#fff" strokeWidth="12" fill="none" />
      <path d="M250 0 L230 160" stroke="#fff" strokeWidth="8" fill="none" />
      <rect x="24" y="20" width="70" height="50" rx="6" fill="#c7e6d4" />
      <rect x="170" y="22" width="44" height="40" rx="6" fill="#c7e6d4" />
      <rect x="270" y="18" width="66" height="52" rx="6" fill="#c7e6d4" />
      <rect x="30" y="124" width="64" height="30" rx="6" fill="#c7e6d4" />
      <rect x="262" y="112" width="80" height="40" rx="6" fill="#c7e6d4" />
      <text x="300" y="88" fontSize="10" fill="#5f6b76" textAnchor="middle">
        East Legon
      </text>
      <circle cx="186" cy="98" r="22" fill="#0b5d3b" opacity="0.15" />
      <path
        d="M186 70c-10 0-17 7-17 16 0 12 17 28 17 28s17-16 17-28c0-9-7-16-17-16z"
        fill="#ce1126"
      />
      <circle cx="186" cy="86" r="6" fill="#fff" />
    </svg>
  );
}
