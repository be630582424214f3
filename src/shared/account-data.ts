/**
 * A renter's own data (ACCT-30 to ACCT-33): the download, closing the account, and what the
 * privacy notice says is kept. Zod-free, so the profile and the terms page can use it without
 * loading zod (PAGE-18).
 */

/** What a closed account's name becomes on the bookings and payments kept (ACCT-31). */
export const CLOSED_ACCOUNT_NAME = 'Closed account';

/**
 * The number a closed account keeps instead of the renter's: `closed-<id>`. Never a phone
 * number (it has letters), so it cannot collide with one and the renter's number is free.
 */
export const closedAccountMsisdn = (userId: number) => `closed-${userId}`;
export const isClosedAccountMsisdn = (msisdn: string) => /^closed-\d+$/.test(msisdn);

/** How long the company keeps booking and payment records for its accounts (ACCT-33). */
export const ACCOUNTING_RETENTION_YEARS = 6;
/** The default of DOCUMENT_RETENTION_DAYS (DOC-10); the privacy notice names it. */
export const DEFAULT_DOCUMENT_RETENTION_DAYS = 90;

export const accountDataMessages = {
  passwordRequired: 'Enter your password to close your account.',
  passwordWrong: 'Your password is not right.',
  tripUnderWay:
    'Your trip is under way. You can close your account after you return the car and the return is settled.',
  bookingNotOver: (code: string) =>
    `Your booking ${code} is not over yet. Cancel it, or close your account after the trip.`,
  paymentOpen: (reference: string) =>
    `A payment or refund of yours (${reference}) is still being settled. You can close your account once it is done; this usually takes a few minutes.`,
  closed:
    'Your account is closed. Your documents are deleted and you are signed out. The bookings and payments we must keep for our accounts no longer carry your name or number.',
  closedKeptHeld:
    'Your account is closed and you are signed out. Documents our staff keep for a dispute are deleted when it is settled; everything else of yours is deleted or no longer carries your name or number.',
};
