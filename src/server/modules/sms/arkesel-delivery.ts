/**
 * What each delivery status Arkesel publishes means for one of our texts (MSG-13, decision
 * 028, which cites the list): its delivery report (`callback_url`, a GET with `sms_id` and
 * `status`) says one of these six words.
 *
 * - DELIVERED: on the phone → `delivered`.
 * - NOT_DELIVERED (the network gave up), PROHIBITED (refused: the sender id, the content or
 *   the number is barred), EXPIRED (not delivered within the validity period) → `failed`, so
 *   staff see it among the failed texts and can resend it (MSG-10).
 * - SUBMITTED, QUEUED: still on its way → no change; a later report settles it.
 *
 * A word not on the list changes nothing: the message stays `sent`, never guessed at.
 */
export const ARKESEL_DELIVERY_OUTCOMES = {
  DELIVERED: 'delivered',
  NOT_DELIVERED: 'failed',
  PROHIBITED: 'failed',
  EXPIRED: 'failed',
  SUBMITTED: null,
  QUEUED: null,
} as const satisfies Record<string, 'delivered' | 'failed' | null>;

export type ArkeselDeliveryStatus = keyof typeof ARKESEL_DELIVERY_OUTCOMES;

export interface DeliveryOutcome {
  outcome: 'delivered' | 'failed';
  /** Arkesel's own word, kept for staff beside a failed text. */
  status: ArkeselDeliveryStatus;
}

/** The outcome of a report's `status`, in any letter case; null for "still on its way". */
export function deliveryOutcome(status: string | undefined): DeliveryOutcome | null {
  const word = (status ?? '').trim().toUpperCase();
  if (!Object.hasOwn(ARKESEL_DELIVERY_OUTCOMES, word)) return null;
  const outcome = ARKESEL_DELIVERY_OUTCOMES[word as ArkeselDeliveryStatus];
  return outcome ? { outcome, status: word as ArkeselDeliveryStatus } : null;
}
