import { MOBILE_MONEY_NETWORK_LABELS } from '../../shared/constants';
import { formatCedis } from '../../shared/money';
import type { CancelRefund, Refund } from '../../shared/schemas/payments';

/**
 * '+233 24 412 3456', as shared/phone.ts's formatMsisdn writes it; not imported from there,
 * which brings libphonenumber-js into the booking page's first load (PAGE-18).
 */
function formatMsisdn(msisdn: string) {
  const match = /^233(\d{2})(\d{3})(\d{4})$/.exec(msisdn);
  return match ? `+233 ${match[1]} ${match[2]} ${match[3]}` : `+${msisdn}`;
}

/** 'your MTN MoMo wallet +233 24 412 3456' (BOOK-22). */
export const walletWords = (r: CancelRefund) =>
  `your ${r.network ? `${MOBILE_MONEY_NETWORK_LABELS[r.network]} ` : 'mobile money '}wallet ${formatMsisdn(r.wallet_msisdn)}`;

/** Before a cancel: what it gives back, and where (BOOK-22). */
export const cancelRefundWords = (r: CancelRefund) =>
  `We refund ${formatCedis(r.amount)} to ${walletWords(r)}.`;

/** After a cancel: the refund on its way or done (BOOK-22). */
export const refundWords = (r: Refund) =>
  r.status === 'refunded'
    ? `Refunded ${formatCedis(r.amount)} to ${walletWords(r)}.`
    : `Refund of ${formatCedis(r.amount)} on its way to ${walletWords(r)}.`;
