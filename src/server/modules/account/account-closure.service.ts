import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  accountDataMessages,
  CLOSED_ACCOUNT_NAME,
  closedAccountMsisdn,
} from '../../../shared/account-data';
import { maskMsisdn } from '../../../shared/phone';
import type { Database, Executor } from '../../db/client';
import {
  bookings,
  contactMessages,
  customerDocuments,
  favourites,
  payments,
  sessions,
  smsOutbox,
  users,
} from '../../db/schema/index';
import { HttpError, validationError } from '../../http-errors';
import { verifyPassword } from '../auth/passwords';
import { removeDocumentPhoto, type DocumentStore } from '../documents/document-files';
import { LIVE_BOOKING_STATUSES } from '../documents/document-retention';
import { deleteUnheldDocuments } from '../documents/documents.repository';
import { deleteUsersSavedSearches } from '../saved-searches/saved-searches.repository';
import { dropPhotosOfClosingAccount } from '../conversations/conversations.repository';

/** Payment states that are not settled yet: money on its way in or back (ACCT-32). */
const OPEN_PAYMENT_STATUSES = ['pending', 'unknown', 'refund_pending'];

/** Why the account cannot close now, in the renter's words (ACCT-32); null when it can. */
async function closingRefusal(tx: Executor, userId: number): Promise<string | null> {
  const [live] = await tx
    .select({ code: bookings.bookingCode, status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), inArray(bookings.status, [...LIVE_BOOKING_STATUSES])))
    // A trip under way says so first.
    .orderBy(sql`${bookings.status} = 'active' desc`, asc(bookings.startDate))
    .limit(1);
  if (live?.status === 'active') return accountDataMessages.tripUnderWay;
  if (live) return accountDataMessages.bookingNotOver(live.code);
  const [open] = await tx
    .select({ reference: payments.reference })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.userId, userId), inArray(payments.status, OPEN_PAYMENT_STATUSES)))
    .limit(1);
  return open ? accountDataMessages.paymentOpen(open.reference) : null;
}

/**
 * Closes the signed-in renter's account (ACCT-31, decision 031), in one transaction with the
 * user row locked: refused while a trip is under way, a booking is not over or a payment or
 * refund is still open (ACCT-32); otherwise the documents nobody holds are deleted, the name
 * and number are replaced on the account (so on every booking and payment kept for the
 * company's accounts), the wallet numbers on its payments are masked, the texts and contact
 * messages no longer name the number, the photos sent in the conversation are deleted (its
 * words stay), every session ends, and the number is free to register again. Gives whether documents held for a dispute (DOC-11) remain.
 */
export async function closeAccount(
  db: Database,
  store: DocumentStore,
  user: { id: number; passwordHash: string },
  password: string,
): Promise<{ keptHeld: boolean }> {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw validationError({ password: [accountDataMessages.passwordWrong] });

  const { gone, keptHeld } = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ msisdn: users.msisdn, closedAt: users.closedAt })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!current || current.closedAt) throw new HttpError(401, accountDataMessages.passwordWrong);
    const refusal = await closingRefusal(tx, user.id);
    if (refusal) throw new HttpError(409, refusal);

    const documents = await tx
      .select({
        id: customerDocuments.id,
        fileKey: customerDocuments.fileKey,
        heldAt: customerDocuments.heldAt,
      })
      .from(customerDocuments)
      .where(eq(customerDocuments.userId, user.id));
    const deleted = await deleteUnheldDocuments(
      tx,
      documents.filter((d) => !d.heldAt),
      'account_closed',
    );

    const placeholder = closedAccountMsisdn(user.id);
    await tx
      .update(users)
      .set({
        name: CLOSED_ACCOUNT_NAME,
        msisdn: placeholder,
        email: null,
        whatsapp: null,
        // No password opens it: not an argon2 hash, so every check fails.
        passwordHash: '!closed',
        phoneVerifiedAt: null,
        smsReminders: false,
        closedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    // AREA-5: the saved cars were the person's, not the company's accounts'.
    await tx.delete(favourites).where(eq(favourites.userId, user.id));
    // Saved searches name what the renter looked for and would text a closed number (SAVED-5).
    await deleteUsersSavedSearches(tx, user.id);

    const bookingIds = tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.userId, user.id));
    // The wallet number stays recognisable to the provider's statement, not to anyone else.
    await tx
      .update(payments)
      .set({ walletMsisdn: maskMsisdn(current.msisdn) })
      .where(
        and(inArray(payments.bookingId, bookingIds), eq(payments.walletMsisdn, current.msisdn)),
      );
    await tx
      .update(smsOutbox)
      .set({ recipient: placeholder })
      .where(
        and(
          eq(smsOutbox.recipient, current.msisdn),
          or(eq(smsOutbox.userId, user.id), inArray(smsOutbox.bookingId, bookingIds)),
        ),
      );
    await tx
      .update(contactMessages)
      .set({ firstName: CLOSED_ACCOUNT_NAME, lastName: '', email: '', phone: placeholder })
      .where(eq(contactMessages.userId, user.id));
    // The photos sent in their conversation go too (CONV-3): they may show the person.
    const messagePhotos = await dropPhotosOfClosingAccount(tx, user.id);
    return {
      gone: [...deleted, ...messagePhotos],
      keptHeld: documents.length > deleted.length,
    };
  });
  // After the commit: the rows that named the photos are gone.
  for (const row of gone) await removeDocumentPhoto(store, row.userId, row.fileKey);
  return { keptHeld };
}
