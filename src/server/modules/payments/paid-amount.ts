/**
 * Whether the provider's verify says the attempt was paid as asked (PAY-15, PAY-22): the
 * currency is the attempt's, and the amount asked for is the attempt's. Paystack's
 * requested_amount is what was asked for; its `amount` adds the fees when they are passed to
 * the customer, so an answer without requested_amount matches with or without its fees. Less
 * money than asked for never matches.
 */
import type { ProviderTransaction } from './payment-provider';

export function paidAsAsked(
  attempt: { amountPesewas: number; currency: string },
  news: Pick<
    ProviderTransaction,
    'requestedPesewas' | 'chargedPesewas' | 'feesPesewas' | 'currency'
  >,
): boolean {
  if (news.currency !== attempt.currency) return false;
  if (news.chargedPesewas < attempt.amountPesewas) return false;
  if (news.requestedPesewas !== null) return news.requestedPesewas === attempt.amountPesewas;
  if (news.chargedPesewas === attempt.amountPesewas) return true;
  return (
    news.feesPesewas !== null && news.chargedPesewas - news.feesPesewas === attempt.amountPesewas
  );
}

/** What the provider says was asked for, for the staff's note on a mismatch. */
export const askedPesewas = (
  news: Pick<ProviderTransaction, 'requestedPesewas' | 'chargedPesewas'>,
) => news.requestedPesewas ?? news.chargedPesewas;
