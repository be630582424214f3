import { useId } from 'react';
import { HOLD_WORDING } from '../../../config/company-facts';
import { CheckIcon, ClockIcon, PhoneIcon } from '../../../components/icons';
import './app-download.css';

/** PAGE-4: app download block. The apps are not out yet, so the badges are not links. */
export function AppDownload() {
  const titleId = useId();
  return (
    <section className="app-download" aria-labelledby={titleId}>
      <div className="container">
        <div className="app-panel">
          <div className="app-copy">
            <p className="app-eyebrow">
              <PhoneIcon size={16} />
              CarLink Ghana on your phone
            </p>
            <h2 id={titleId}>Download our app and book on the go</h2>
            <p className="app-lead">
              Book in a minute on your phone: pay on pickup and the car is yours until your start
              date, or pay by mobile money, which holds it for {HOLD_WORDING} while you approve.
            </p>
            <ul className="app-points">
              <li>
                <ClockIcon size={18} />
                Pay on pickup: the car waits for your start date
              </li>
              <li>
                <CheckIcon size={18} />
                Pay with mobile money in the app
              </li>
            </ul>
            <ul className="app-badges" aria-label="App stores">
              <li className="app-badge">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M4 3.5v17l9-8.5z" fill="#34a853" />
                  <path d="m13 12 3-3-10.6-6.1z" fill="#4285f4" />
                  <path d="m13 12 3 3-10.6 6.1z" fill="#ea4335" />
                  <path d="m16 9 4 2.3c.6.4.6 1.1 0 1.5L16 15l-3-3z" fill="#fbbc04" />
                </svg>
                <span>
                  <small>Google Play</small>
                  Coming soon
                </span>
              </li>
              <li className="app-badge">
                <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M16.4 12.6c0-2.4 2-3.5 2-3.6a4.3 4.3 0 0 0-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.9-.8-3.1-.8A4.6 4.6 0 0 0 4.5 9.6c-1.7 2.9-.4 7.1 1.2 9.4.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.4-1-2.3-3.8zM14.2 5.6c.6-.8 1.1-1.8 1-2.9-1 0-2.1.7-2.8 1.4-.6.7-1.1 1.8-1 2.8 1 .1 2.1-.5 2.8-1.3z"
                  />
                </svg>
                <span>
                  <small>App Store</small>
                  Coming soon
                </span>
              </li>
            </ul>
          </div>
          <div className="app-phone" aria-hidden="true">
            <div className="app-phone-screen">
              <span className="app-phone-notch" />
              <p className="app-phone-title">Your car is booked</p>
              <img
                src="/media/demo/suv-1f5f9e-0.svg"
                alt=""
                width={800}
                height={480}
                loading="lazy"
                decoding="async"
              />
              <p className="app-phone-car">Toyota RAV4 Hybrid</p>
              <p className="app-phone-hold">
                <ClockIcon size={14} />
                Yours until pickup
              </p>
              <span className="app-phone-btn">Book now</span>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
