import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import {
  MAX_RENTAL_DAYS,
  MOBILE_MONEY_HOLD_MINUTES,
  SECURITY_DEPOSIT_PESEWAS,
} from '../../../shared/constants';
import { formatCedisWhole, pesewasToCedis } from '../../../shared/money';
import { paths } from '../../config/paths';

export interface FaqItem {
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  id: string;
  title: string;
  items: FaqItem[];
}

const deposit = formatCedisWhole(pesewasToCedis(SECURITY_DEPOSIT_PESEWAS));

/** FAQ (PAGE-12): 'General' and 'Payments', with the facts of docs/requirements.md. */
export const faqSections: FaqSection[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        id: 'documents',
        question: 'What documents do I need to rent a car?',
        answer: (
          <>
            <p>
              A valid driver's licence plus your Ghana Card (the national ID card). Visitors from
              abroad bring their passport and the driving licence from home; if it is not in
              English, an International Driving Permit as well.
            </p>
            <p>We check the documents when you collect the car, so please bring the originals.</p>
          </>
        ),
      },
      {
        id: 'how-to-book',
        question: 'How do I book a car?',
        answer: (
          <p>
            Sign in with your phone number, choose a car, enter your dates and where you are going,
            and pay by mobile money or choose to pay on pickup. You get a booking code such as
            CL-7K3Q9M at once; keep it to hand when you call us or collect the car.
          </p>
        ),
      },
      {
        id: 'outside-accra',
        question: 'Can I take the car outside Accra?',
        answer: (
          <p>
            Yes. When you book, choose 'Outside Accra' as the destination type ('Outside Kumasi' for
            a car from our Kumasi branch), and tell us the town you are heading to. Our 4×4s and
            pickups are the better choice for upcountry and untarred roads.
          </p>
        ),
      },
      {
        id: 'length',
        question: 'How long can I rent a car for?',
        answer: (
          <p>
            From one day up to {MAX_RENTAL_DAYS} days in one booking. A car picked up and returned
            on the same day counts as one day. For longer rentals, or a car with a driver,{' '}
            <Link to={paths.contact.getHref()}>contact us</Link>.
          </p>
        ),
      },
      {
        id: 'deposit',
        question: 'Is there a security deposit?',
        answer: (
          <p>
            Yes, a fixed security deposit of {deposit} is added to every booking. It is returned
            after the car comes back with no new damage and the fuel level it left with.
          </p>
        ),
      },
      {
        id: 'cancel',
        question: 'Can I cancel my booking?',
        answer: (
          <p>
            Yes, any time before the start date, from your booking history. A booking you have
            already paid for is refunded in full to the wallet or card you paid with, as our{' '}
            <Link to={paths.terms.getHref()}>terms</Link> explain.
          </p>
        ),
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments',
    items: [
      {
        id: 'how-to-pay',
        question: 'How can I pay?',
        answer: (
          <>
            <p>Two ways, whichever suits you:</p>
            <ul>
              <li>
                Cash, paid in full at delivery when you collect the car ('Payment on Pickup').
              </li>
              <li>
                Online, by Visa card or mobile money: MTN MoMo, Telecel Cash or AirtelTigo Money.
              </li>
            </ul>
          </>
        ),
      },
      {
        id: 'when-confirmed',
        question: 'When is my booking confirmed?',
        answer: (
          <p>
            A cash booking holds the car for you until the start date. A mobile money booking holds
            the car for {MOBILE_MONEY_HOLD_MINUTES} minutes while you approve the payment on your
            phone; it is confirmed as soon as we have checked the payment with the provider. If the
            payment is not approved in time, the dates are released and nothing is charged.
          </p>
        ),
      },
      {
        id: 'price',
        question: 'What does the price include?',
        answer: (
          <p>
            Prices are in Ghana cedis per day. Your total is the daily price times the number of
            days, plus the {deposit} security deposit. There are no booking fees; fuel is yours to
            buy.
          </p>
        ),
      },
      {
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: (
          <p>
            Yes, under our terms: a paid booking cancelled before its start date is refunded in full
            through the provider you paid with; the money usually arrives within a few working days.
            The deposit is refunded when the car is returned in good order.
          </p>
        ),
      },
      {
        id: 'receipt',
        question: 'Do I get a receipt?',
        answer: (
          <p>
            Yes. Every booking has its own invoice, with the VAT shown, that you can print or save
            as a PDF.
          </p>
        ),
      },
    ],
  },
];
