import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from '../../lib/router';
import { BOOKING_CODE_PATTERN, normalizeBookingCode } from '../../../shared/booking-code';
import { messages } from '../../../shared/messages';
import { Spinner } from '../../components/spinner';
import { paths } from '../../config/paths';
import { isSessionValid, useSession, useSignedInUser } from '../../lib/session-store';
import { useBooking, useBookingHandover } from '../../features/bookings/api/bookings';
import { InvoiceView } from '../../features/info/components/invoice-view';
import { invoiceFromBooking, SAMPLE_INVOICE } from '../../features/info/invoice-model';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';

function PrintButton() {
  return (
    <button type="button" className="btn btn-primary" onClick={() => window.print()}>
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d="M6 9V3h12v6M6 18H4a1 1 0 0 1-1-1v-6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v6a1 1 0 0 1-1 1h-2" />
        <rect x="6" y="14" width="12" height="7" rx="1" />
      </svg>
      Print this invoice
    </button>
  );
}

/** The sample invoice (PAGE-11), with a line saying why it is the sample and not a real invoice. */
function SampleInvoice({ notice }: { notice?: ReactNode }) {
  return (
    <InvoiceView
      invoice={SAMPLE_INVOICE}
      sample
      toolbar={
        <>
          <div className="alert alert-info invoice-sample-note" role="note">
            {notice ?? (
              <>
                This is a <strong>sample invoice</strong>. The invoice of one of your bookings opens
                from its booking code.
              </>
            )}
          </div>
          <PrintButton />
        </>
      }
    />
  );
}

/**
 * One of the viewer's own bookings; the API answers 404 for anyone else's. Its taxes come from
 * its receipt (PAGE-25, HAND-15), so the invoice and the receipt split the same way.
 */
function BookingInvoice({ code }: { code: string }) {
  const booking = useBooking(code);
  const receipt = useBookingHandover(code);
  const user = useSignedInUser();

  if (booking.isPending || (booking.isSuccess && receipt.isPending)) {
    return (
      <div className="center-state">
        <Spinner label="Loading invoice…" />
        <p className="muted">Loading the invoice for {code}…</p>
      </div>
    );
  }
  if (booking.isError) {
    const notFound = booking.error instanceof ApiError && booking.error.status === 404;
    return (
      <SampleInvoice
        notice={
          notFound ? (
            <>
              {messages.booking.notFound} There is no booking {code} in your account, so this is a{' '}
              <strong>sample invoice</strong>.{' '}
              <Link to={paths.bookingHistory.getHref()}>See your bookings</Link>.
            </>
          ) : (
            <>
              We couldn't load the invoice for {code} ({booking.error.message}), so this is a{' '}
              <strong>sample invoice</strong>.
            </>
          )
        }
      />
    );
  }
  const customer = user ?? { name: 'Customer', msisdn: '', email: null };
  return (
    <InvoiceView
      invoice={invoiceFromBooking(booking.data, customer, receipt.data?.tax ?? null)}
      toolbar={
        <>
          {receipt.isError && (
            <div className="alert alert-error invoice-sample-note" role="alert">
              We couldn&rsquo;t load the taxes of this invoice ({receipt.error.message}). Reload the
              page before printing it.
            </div>
          )}
          <Link to={paths.booking.getHref(booking.data.booking_code)} className="back-link">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Booking {booking.data.booking_code}
          </Link>
          <PrintButton />
        </>
      }
    />
  );
}

/**
 * /invoice (PAGE-12): with ?code= of one of the signed-in viewer's bookings, that booking's
 * real invoice; otherwise the sample, marked as such. A visitor is offered to sign in first.
 */
export default function InvoicePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const session = useSession();
  const raw = params.get('code')?.trim();
  const code = raw ? normalizeBookingCode(raw) : null;
  usePageTitle(code ? `Invoice ${code}` : 'Invoice');

  let content: ReactNode;
  if (!code) {
    content = <SampleInvoice />;
  } else if (!BOOKING_CODE_PATTERN.test(code)) {
    content = (
      <SampleInvoice
        notice={
          <>
            “{raw}” is not a booking code (they look like CL-7K3Q9M), so this is a{' '}
            <strong>sample invoice</strong>.
          </>
        }
      />
    );
  } else if (!isSessionValid(session)) {
    content = (
      <SampleInvoice
        notice={
          <>
            <Link to={paths.login.getHref()} state={{ from: location.pathname + location.search }}>
              Sign in
            </Link>{' '}
            to see the invoice for booking {code}. Until then, this is a{' '}
            <strong>sample invoice</strong>.
          </>
        }
      />
    );
  } else {
    content = <BookingInvoice code={code} />;
  }

  return <div className="container page">{content}</div>;
}
