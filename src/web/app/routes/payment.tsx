import { useSearchParams } from '../../lib/router';
import { PaymentReturn } from '../../features/bookings/components/payment-return';
import { usePageTitle } from '../../lib/use-page-title';

/** /payment/callback?reference=…: the return from Paystack's checkout. */
export default function Payment() {
  const [params] = useSearchParams();
  usePageTitle('Payment');
  // Paystack appends both ?trxref= and ?reference= with the same value.
  const reference = params.get('reference') ?? params.get('trxref');
  return <PaymentReturn reference={reference} />;
}
