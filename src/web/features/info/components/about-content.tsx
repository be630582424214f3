import { Link } from '../../../lib/router';
import { CarIcon, KeyIcon, ReceiptIcon, ShieldIcon, WalletIcon } from '../../../components/icons';
import { paths } from '../../../config/paths';
import './info.css';
import './about.css';

/** The About page's intro: who we are, in a few honest lines, beside an illustration. */
export function AboutIntro() {
  return (
    <section className="info-section" aria-labelledby="about-intro-title">
      <div className="container about-intro">
        <div>
          <p className="info-eyebrow">Our story</p>
          <h2 id="about-intro-title">Renting a car in Ghana should be simple</h2>
          <p className="info-lead">
            CarLink Ghana started in East Legon with a handful of saloon cars and one idea: a
            visitor landing at Kotoka, a family driving home for Christmas or a company with guests
            in town should be able to book a good car in minutes, see the full price up front, and
            pay the way Ghanaians pay.
          </p>
          <p>
            Today we rent city hatchbacks, family vans, 4×4s for upcountry roads and pickups for
            work, from East Legon and the airport in Accra and from Kumasi. Every car is serviced on
            schedule and checked before each rental. You can pay with MTN MoMo, Telecel Cash or
            AirtelTigo Money when you book, or in cash when the car is delivered.
          </p>
          <div className="about-actions">
            <Link to={paths.availableCars.getHref()} className="btn btn-primary">
              See our cars
            </Link>
            <Link to={paths.contact.getHref()} className="btn btn-outline">
              Contact us
            </Link>
          </div>
        </div>
        <AboutIllustration />
      </div>
    </section>
  );
}

const values = [
  {
    icon: <ShieldIcon size={24} />,
    title: 'Cars you can trust',
    text: 'Serviced on schedule, cleaned and checked (tyres, brakes, air-conditioning) before every rental.',
  },
  {
    icon: <ReceiptIcon size={24} />,
    title: 'The full price first',
    text: 'A daily price in cedis and one fixed GH₵ 200 deposit. What you see before you book is what you pay.',
  },
  {
    icon: <WalletIcon size={24} />,
    title: 'Pay your way',
    text: 'Mobile money or Visa card online, or cash in full when the car is delivered to you.',
  },
  {
    icon: <KeyIcon size={24} />,
    title: 'People, not call queues',
    text: 'A team in East Legon on the phone and WhatsApp every day from 7 am to 9 pm, who know the cars and the roads.',
  },
];

export function AboutValues() {
  return (
    <section className="info-section info-section-tint" aria-labelledby="about-values-title">
      <div className="container">
        <div className="info-section-head">
          <div>
            <p className="info-eyebrow">What we promise</p>
            <h2 id="about-values-title">How we work</h2>
          </div>
        </div>
        <ul className="about-values">
          {values.map((value) => (
            <li key={value.title} className="card about-value">
              <span className="about-value-icon" aria-hidden="true">
                {value.icon}
              </span>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Decorative: our office with a car outside, in the house colours. */
function AboutIllustration() {
  return (
    <div className="about-art card" aria-hidden="true">
      <svg viewBox="0 0 400 300" width="400" height="300">
        <rect width="400" height="300" fill="#f2f9f5" />
        <circle cx="320" cy="70" r="34" fill="#f5b800" />
        <circle cx="320" cy="70" r="52" fill="#f5b800" opacity="0.15" />
        <rect x="60" y="90" width="190" height="130" rx="6" fill="#0b5d3b" />
        <rect x="60" y="78" width="190" height="22" rx="4" fill="#06361f" />
        <text x="155" y="94" textAnchor="middle" fontSize="13" fontWeight="800" fill="#f5b800">
          CARLINK GHANA
        </text>
        {[0, 1, 2].map((i) => (
          <rect key={i} x={78 + i * 58} y="114" width="40" height="36" rx="3" fill="#e3f2ea" />
        ))}
        <rect x="134" y="166" width="42" height="54" rx="3" fill="#f5b800" />
        <path d="M0 220h400v80H0z" fill="#1c2621" />
        <path
          d="M20 262h40M100 262h40M180 262h40M260 262h40M340 262h40"
          stroke="#f5b800"
          strokeWidth="4"
          strokeLinecap="round"
        />
        <path
          d="M220 236c3-14 11-22 26-24l16-14c5-4 10-6 16-6h38c8 0 14 3 18 9l12 14c13 2 21 8 23 19l1 6H220z"
          fill="#ce1126"
        />
        <path d="M268 200h46l12 14h-72z" fill="#bfe3f2" />
        <circle cx="252" cy="240" r="14" fill="#14181c" />
        <circle cx="336" cy="240" r="14" fill="#14181c" />
        <circle cx="252" cy="240" r="5" fill="#c9d0d6" />
        <circle cx="336" cy="240" r="5" fill="#c9d0d6" />
      </svg>
      <p className="about-art-caption">
        <CarIcon size={18} /> East Legon, Accra: our head office
      </p>
    </div>
  );
}
