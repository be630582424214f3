import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import {
  MAX_RENTAL_DAYS,
  MOBILE_MONEY_HOLD_MINUTES,
  SECURITY_DEPOSIT_PESEWAS,
} from '../../../../shared/constants';
import { formatCedisWhole, pesewasToCedis } from '../../../../shared/money';
import {
  ACCOUNTING_RETENTION_YEARS,
  DEFAULT_DOCUMENT_RETENTION_DAYS,
} from '../../../../shared/account-data';
import { Tabs } from '../../../components/tabs';
import { paths } from '../../../config/paths';
import './info.css';
import './terms.css';

const deposit = formatCedisWhole(pesewasToCedis(SECURITY_DEPOSIT_PESEWAS));

interface Clause {
  title: string;
  body: ReactNode;
}

function ClauseList({
  title,
  intro,
  clauses,
}: {
  title: string;
  intro: string;
  clauses: Clause[];
}) {
  return (
    <article className="terms-article">
      <h2>{title}</h2>
      <p className="terms-intro">{intro}</p>
      <ol className="terms-clauses">
        {clauses.map((clause) => (
          <li key={clause.title}>
            <h3>{clause.title}</h3>
            {clause.body}
          </li>
        ))}
      </ol>
    </article>
  );
}

const accountAndPayments: Clause[] = [
  {
    title: 'Your account',
    body: (
      <p>
        You sign in with your phone number and a password. Keep the password to yourself: bookings
        made from your account are yours. The main driver must be at least 21 years old and have
        held a full driving licence for at least two years.
      </p>
    ),
  },
  {
    title: 'Documents',
    body: (
      <p>
        When you collect the car, the driver shows the original of a valid driver's licence plus the
        Ghana Card. Visitors from abroad show their passport and their driving licence, with an
        International Driving Permit if the licence is not in English. Without these documents we
        cannot hand over the car; the booking is then cancelled and anything you paid is refunded.
      </p>
    ),
  },
  {
    title: 'Prices',
    body: (
      <p>
        Prices are in Ghana cedis (GH₵) per day. A rental lasts from the start date to the end date;
        a car picked up and returned on the same day counts as one day, and one booking lasts at
        most {MAX_RENTAL_DAYS} days. The price shown when you book is the price you pay, whatever
        happens to our prices afterwards.
      </p>
    ),
  },
  {
    title: 'Security deposit',
    body: (
      <p>
        Every booking carries a fixed security deposit of {deposit}, paid with the rental. It is
        returned in full when the car comes back on time, with the fuel level it left with and
        without new damage. If we deduct anything from it, we tell you what and why, with the
        receipts.
      </p>
    ),
  },
  {
    title: 'Paying by mobile money or card',
    body: (
      <>
        <p>
          You can pay online when you book, by mobile money (MTN MoMo, Telecel Cash or AirtelTigo
          Money) or by Visa card. The car is held for you for {MOBILE_MONEY_HOLD_MINUTES} minutes
          while you approve the payment on your phone. Your booking is confirmed only once we have
          checked the payment with the provider; if it is not approved in time, the dates are
          released and nothing is taken.
        </p>
        <p>
          We will never ask you for your mobile money PIN or your card's full details by phone, SMS
          or WhatsApp.
        </p>
      </>
    ),
  },
  {
    title: 'Paying in cash',
    body: (
      <p>
        With 'Payment on Pickup' you pay the full amount in cedis, in cash, at delivery, before the
        keys are handed over. The car is held for you until the start date. You receive a receipt
        for every payment.
      </p>
    ),
  },
];

const manageOrders: Clause[] = [
  {
    title: 'Your booking code',
    body: (
      <p>
        Each booking gets a short code such as CL-7K3Q9M, easy to read out over the phone. All your
        bookings and their status are in your{' '}
        <Link to={paths.bookingHistory.getHref()}>booking history</Link>.
      </p>
    ),
  },
  {
    title: 'Cancelling',
    body: (
      <p>
        You may cancel your own booking at any time before its start date, from your booking
        history, free of charge. From the start date on, a booking can no longer be cancelled
        online; call us and we will find the fairest solution. A booking you paid in cash at our
        counter is cancelled at the branch, where your cash is handed back.
      </p>
    ),
  },
  {
    title: 'Refunds',
    body: (
      <p>
        A booking you paid for and cancel before the start date is refunded in full through the
        provider you paid with: to the same mobile money wallet or the same card. The money usually
        arrives within a few working days, depending on the provider. A cash payment is refunded in
        cash or by mobile money, as you prefer.
      </p>
    ),
  },
  {
    title: 'Changing dates or the car',
    body: (
      <p>
        To change the dates or the car, cancel the booking (before its start date) and book again,
        or call us and we will do it for you if the car is free for the new dates.
      </p>
    ),
  },
  {
    title: 'Pickup and return',
    body: (
      <p>
        We check the car together with you at pickup and note any existing scratch or dent, with
        photos, on the hand-over sheet. Bring the car back on the end date at the agreed time and
        place. A car returned more than two hours late without our agreement is charged one extra
        day.
      </p>
    ),
  },
  {
    title: 'If we have to cancel',
    body: (
      <p>
        If the car you booked cannot be rented out (after a breakdown, for example), we offer you a
        car of the same class or better at the same price, or cancel the booking and refund
        everything you paid.
      </p>
    ),
  },
];

const covid: Clause[] = [
  {
    title: 'Clean cars',
    body: (
      <p>
        Every car is cleaned between rentals, and the steering wheel, gear lever, door handles, keys
        and screens are disinfected. Air-conditioning filters are serviced on schedule.
      </p>
    ),
  },
  {
    title: 'Contact-free where you like',
    body: (
      <p>
        You can pay by mobile money before pickup and take the keys outdoors. Masks and hand
        sanitiser are available at our office and on request at delivery.
      </p>
    ),
  },
  {
    title: 'If you fall ill',
    body: (
      <p>
        If you or a passenger has symptoms or a positive test before the start date, cancel the
        booking for a full refund. During the rental, call us: we will collect the car and charge
        only the days you had it.
      </p>
    ),
  },
  {
    title: 'Public health rules',
    body: (
      <p>
        Drivers and passengers follow the Ghana Health Service guidance in force at the time of the
        rental, including any limits on travel between regions.
      </p>
    ),
  },
];

const other: Clause[] = [
  {
    title: 'Fuel',
    body: (
      <p>
        The fuel level at pickup is written on the hand-over sheet. Return the car with the same
        level; otherwise we charge the fuel needed at the pump price, with the receipt. Fuel bought
        during the rental is yours to pay.
      </p>
    ),
  },
  {
    title: 'Damage and accidents',
    body: (
      <p>
        Our cars are insured as Ghanaian law requires. You are responsible for new damage during the
        rental that was not caused by a fault of the car; we deduct the repair cost from the deposit
        and invoice any amount above it, with the garage's quote. After an accident, inform the
        police and call us as soon as you safely can, and within 24 hours. Do not have the car
        repaired without our agreement.
      </p>
    ),
  },
  {
    title: 'Using the car',
    body: (
      <p>
        Only the drivers named at pickup may drive. The car may not be sub-let, used for hire or
        racing, driven under the influence of alcohol or drugs, or taken across Ghana's borders
        without our written consent. Traffic fines, tolls and parking charges during the rental are
        the renter's.
      </p>
    ),
  },
  {
    title: 'Breakdowns',
    body: (
      <p>
        If the car breaks down, call us at any hour. We arrange the repair or a replacement car; a
        breakdown that was not your fault costs you nothing.
      </p>
    ),
  },
  {
    title: 'Governing law and changes',
    body: (
      <p>
        These terms are governed by the laws of Ghana. The terms in force when you book apply to
        that booking; we announce changes on this page. Questions?{' '}
        <Link to={paths.contact.getHref()}>Contact us</Link>.
      </p>
    ),
  },
];

/** The privacy notice (ACCT-33), a tab of its own so a renter finds it by its name. */
const privacy: Clause[] = [
  // ACCT-33: why, what is kept and for how long, and what the renter can do about it.
  {
    title: 'Why we hold your details',
    body: (
      <p>
        We use your name, phone number, email and documents only to manage your account and your
        bookings, to take payments and to meet our legal duties, as Ghana's Data Protection Act,
        2012 (Act 843) requires. We never sell your details. Payments are handled by the payment
        provider; we do not store card numbers or mobile money PINs.
      </p>
    ),
  },
  {
    title: 'What we keep, and for how long',
    body: (
      <div className="terms-privacy">
        <ul>
          <li>
            <strong>Your Ghana Card and driving licence</strong>, to check who drives our cars. The
            photos are stored encrypted and only you and our staff can see them. We delete them{' '}
            {DEFAULT_DOCUMENT_RETENTION_DAYS} days after your last completed trip (or{' '}
            {DEFAULT_DOCUMENT_RETENTION_DAYS} days after you upload them, if you do not rent), and
            never while a booking of yours is open. If a trip is in dispute, we keep them until the
            dispute is settled.
          </li>
          <li>
            <strong>Your bookings, payments and invoices</strong>, for our tax and accounting
            records. Our policy is to keep them for {ACCOUNTING_RETENTION_YEARS} years, the period
            commonly required under Ghana's revenue laws. Once you close your account they no longer
            carry your name or phone number.
          </li>
          <li>
            <strong>The text messages we send you</strong> (booking news, reminders, codes), kept
            with the bookings they are about, as long as those.
          </li>
          <li>
            <strong>Your account details</strong> (name, number, email, WhatsApp), while you have an
            account.
          </li>
        </ul>
      </div>
    ),
  },
  {
    title: 'Your choices',
    body: (
      <p>
        On your profile you can download all of this as one file, delete your documents when no trip
        is under way, and close your account: your documents are deleted, you are signed out
        everywhere and your number is free to register again. You may ask us to correct your data at
        any time.
      </p>
    ),
  },
];

/**
 * Terms (PAGE-11): the four tabs with real terms for a car rental in Ghana, and the privacy
 * notice (ACCT-33) as a fifth.
 */
export function TermsTabs() {
  return (
    <Tabs
      label="Terms and conditions"
      className="terms-tabs"
      tabs={[
        {
          id: 'account',
          label: 'Account & Payments',
          panel: (
            <ClauseList
              title="Account & Payments"
              intro="Who can rent, what to bring, and how prices, the deposit and payments work."
              clauses={accountAndPayments}
            />
          ),
        },
        {
          id: 'orders',
          label: 'Manage Orders',
          panel: (
            <ClauseList
              title="Manage Orders"
              intro="Your booking from confirmation to return: cancelling, refunds and changes."
              clauses={manageOrders}
            />
          ),
        },
        {
          id: 'covid',
          label: 'COVID-19',
          panel: (
            <ClauseList
              title="COVID-19"
              intro="How we keep the cars clean and what happens if you fall ill."
              clauses={covid}
            />
          ),
        },
        {
          id: 'other',
          label: 'Other',
          panel: (
            <ClauseList
              title="Other terms"
              intro="Fuel, damage, use of the car and breakdowns."
              clauses={other}
            />
          ),
        },
        {
          id: 'privacy',
          label: 'Privacy',
          panel: (
            <ClauseList
              title="Privacy notice"
              intro="What we keep about you, why, for how long, and what you can do about it."
              clauses={privacy}
            />
          ),
        },
      ]}
    />
  );
}
