import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { AccountExport } from '../../../shared/schemas/account';
import type { DeletedDocument } from '../../../shared/schemas/documents';
import type { Database } from '../../db/client';
import {
  bookings,
  cars,
  contactMessages,
  favourites,
  payments,
  savedSearches,
  reviews,
  smsOutbox,
  users,
} from '../../db/schema/index';
import { toCustomerDocument } from '../documents/document-mapper';
import { deletedDocumentsOfUser, documentsOfUser } from '../documents/documents.repository';
import { conversationOfUser, threadPage } from '../conversations/conversations.repository';
import { filtersOf } from '../saved-searches/saved-searches.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A sign-in or reset code in an old text is no business of a download: shown as dots. */
/** The newest messages of their conversation the file holds (CONV-1). */
const EXPORTED_MESSAGES = 2_000;

const withoutCodes = (kind: string, body: string) =>
  kind === 'code' ? body.replace(/\b\d{6}\b/g, '••••••') : body;

/**
 * Everything the company holds about one renter (ACCT-30), read only by the renter's own id:
 * their profile, bookings, the payments of those bookings, the texts sent to them, what they
 * wrote through the contact form while signed in, their conversation with the company (its
 * photos open through their urls), the cars and searches they saved, their reviews, and their documents' details
 * (the photos open through `image_url`). Nothing of another account's: every query is by this
 * user's id or by their bookings' ids.
 */
export async function exportAccountData(db: Database, userId: number): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`no user ${userId}`);
  const bookingRows = await db
    .select({ booking: bookings, make: cars.make, model: cars.model })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(and(eq(bookings.userId, userId), eq(bookings.kind, 'rental')))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  const bookingIds = bookingRows.map((r) => r.booking.id);
  const codeOf = new Map(bookingRows.map((r) => [r.booking.id, r.booking.bookingCode]));

  const paymentRows = bookingIds.length
    ? await db
        .select()
        .from(payments)
        .where(inArray(payments.bookingId, bookingIds))
        .orderBy(asc(payments.createdAt), asc(payments.id))
    : [];
  // Texts to this account, and texts about its bookings sent to its number (not staff's alerts).
  const texts = await db
    .select()
    .from(smsOutbox)
    .where(
      or(
        eq(smsOutbox.userId, userId),
        bookingIds.length
          ? and(inArray(smsOutbox.bookingId, bookingIds), eq(smsOutbox.recipient, user.msisdn))
          : undefined,
      ),
    )
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(2_000);
  const contact = await db
    .select({ message: contactMessages.message, createdAt: contactMessages.createdAt })
    .from(contactMessages)
    .where(eq(contactMessages.userId, userId))
    .orderBy(desc(contactMessages.createdAt));
  const conversation = await conversationOfUser(db, userId);
  const thread = conversation
    ? (await threadPage(db, conversation.id, EXPORTED_MESSAGES)).messages
    : [];
  const favouriteRows = await db
    .select({
      carId: favourites.carId,
      make: cars.make,
      model: cars.model,
      at: favourites.createdAt,
    })
    .from(favourites)
    .innerJoin(cars, eq(cars.id, favourites.carId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id));
  const searchRows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.id));
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt));

  return {
    exported_at: new Date().toISOString(),
    profile: {
      id: user.id,
      name: user.name,
      msisdn: user.msisdn,
      email: user.email,
      whatsapp: user.whatsapp,
      phone_verified_at: iso(user.phoneVerifiedAt),
      sms_reminders: user.smsReminders,
      created_at: user.createdAt.toISOString(),
    },
    bookings: bookingRows.map(({ booking: b, make, model }) => ({
      booking_code: b.bookingCode,
      status: b.status,
      payment_status: b.paymentStatus,
      payment_method: b.paymentMethod,
      car: `${make} ${model}`,
      start_date: b.startDate,
      end_date: b.endDate,
      pickup_time: b.pickupTime,
      return_time: b.returnTime,
      destination: b.destination,
      delivery_address: b.deliveryAddress,
      lines: b.lines,
      total_pesewas: b.totalPesewas,
      deposit_pesewas: b.depositPesewas,
      created_at: b.createdAt.toISOString(),
      cancelled_at: iso(b.cancelledAt),
    })),
    payments: paymentRows.map((p) => ({
      reference: p.reference,
      booking_code: codeOf.get(p.bookingId) ?? '',
      purpose: p.purpose,
      amount_pesewas: p.amountPesewas,
      currency: p.currency,
      status: p.status,
      network: p.network,
      wallet_msisdn: p.walletMsisdn,
      paid_at: iso(p.paidAt),
      refunded_at: iso(p.refundedAt),
      created_at: p.createdAt.toISOString(),
    })),
    text_messages: texts.map((t) => ({
      kind: t.kind,
      to: t.recipient,
      body: withoutCodes(t.kind, t.body),
      status: t.status,
      created_at: t.createdAt.toISOString(),
      sent_at: iso(t.sentAt),
    })),
    contact_messages: contact.map((c) => ({
      message: c.message,
      created_at: c.createdAt.toISOString(),
    })),
    conversation: thread,
    favourites: favouriteRows.map((f) => ({
      car_id: f.carId,
      car: `${f.make} ${f.model}`,
      saved_at: f.at.toISOString(),
    })),
    saved_searches: searchRows.map((row) => ({
      name: row.name,
      filters: filtersOf(row),
      alerts_sent: row.alertsSent,
      created_at: row.createdAt.toISOString(),
    })),
    reviews: reviewRows.map((r) => ({
      booking_code: codeOf.get(r.bookingId) ?? '',
      rating: r.rating,
      comment: r.comment,
      created_at: r.createdAt.toISOString(),
    })),
    documents: (await documentsOfUser(db, userId)).map(toCustomerDocument),
    deleted_documents: (await deletedDocumentsOfUser(db, userId)).map((d) => ({
      kind: d.kind as DeletedDocument['kind'],
      reason: d.reason as DeletedDocument['reason'],
      status: d.status as DeletedDocument['status'],
      uploaded_at: d.uploadedAt.toISOString(),
      deleted_at: d.deletedAt.toISOString(),
    })),
  };
}
