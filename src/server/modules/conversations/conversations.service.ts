import { eq, sql } from 'drizzle-orm';
import {
  CONVERSATION_HOURLY_LIMIT,
  CONVERSATION_PHOTOS_MAX,
  CONVERSATION_SMS_GAP_MINUTES,
  conversationMessages as texts,
} from '../../../shared/conversations';
import { normalizeBookingCode } from '../../../shared/booking-code';
import { ConversationFieldsSchema } from '../../../shared/schemas/conversations';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import { HttpError, validationError } from '../../http-errors';
import { checkBranchScope } from '../../staff-api/branch-scope';
import type { StaffAccess } from '../auth/staff-access';
import {
  removeDocumentPhoto,
  storeDocumentPhoto,
  type DocumentStore,
} from '../documents/document-files';
import { detectImageKind, UnreadableImageError, type ImageKind } from '../media/images';
import { enqueueSms } from '../messages/outbox.repository';
import { accountTemplates } from '../messages/templates';
import {
  claimReplySms,
  conversationOfUser,
  findPhoto,
  insertMessage,
  insertPhotos,
  latestBookingBranch,
  lockConversation,
  lockConversationOfUser,
  messageById,
  renterBooking,
  renterMessagesLastHour,
  updateConversation,
} from './conversations.repository';

/** What a renter sends: the text fields and each photo's bytes. */
export interface RenterMessageInput {
  fields: Record<string, string>;
  photos: Buffer[];
  via?: 'app' | 'contact_form';
}

const tooMany = () => new HttpError(429, texts.tooMany);

/** Every field's problems at once (VAL): the text, the booking, the photos. */
function messageErrors(input: RenterMessageInput) {
  const errors: Record<string, string[]> = {};
  const parsed = ConversationFieldsSchema.safeParse(input.fields);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      (errors[String(issue.path[0] ?? 'body')] ??= []).push(issue.message);
  const kinds = input.photos.map((bytes) => detectImageKind(bytes));
  if (input.photos.length > CONVERSATION_PHOTOS_MAX) errors.photos = [texts.tooManyPhotos];
  else if (kinds.some((k) => !k)) errors.photos = [texts.photoType];
  const body = parsed.success ? parsed.data.body : '';
  if (parsed.success && !body && !input.photos.length) errors.body = [texts.empty];
  return {
    errors,
    body,
    bookingCode: parsed.success ? parsed.data.booking_code : undefined,
    kinds: kinds as ImageKind[],
  };
}

/** Stores each photo like an identity document (CONV-3); none is left behind on a failure. */
async function storePhotos(
  store: DocumentStore,
  userId: number,
  photos: Buffer[],
  kinds: ImageKind[],
) {
  const keys: string[] = [];
  try {
    for (const [i, bytes] of photos.entries())
      keys.push(await storeDocumentPhoto(store, userId, bytes, kinds[i]!));
    return keys;
  } catch (error) {
    await Promise.all(keys.map((key) => removeDocumentPhoto(store, userId, key)));
    if (error instanceof UnreadableImageError)
      throw validationError({ photos: [texts.photoUnreadable] });
    throw error;
  }
}

/**
 * A renter's message (CONV-2 to CONV-6): checked, its photos stored, then in one transaction
 * the conversation made or opened again (CONV-11), the message and its photos written, and
 * the inbox's figures (branch, unread, last message) kept.
 */
export async function sendRenterMessage(
  db: Database,
  store: DocumentStore,
  userId: number,
  input: RenterMessageInput,
) {
  const { errors, body, bookingCode, kinds } = messageErrors(input);
  if (Object.keys(errors).length) throw validationError(errors);
  const booking = bookingCode
    ? await renterBooking(db, userId, normalizeBookingCode(bookingCode))
    : undefined;
  if (bookingCode && !booking) throw validationError({ booking_code: [texts.bookingNotYours] });

  // A cheap look before the photos' work; the count that decides is taken under the lock.
  const existing = await conversationOfUser(db, userId);
  if (existing && (await renterMessagesLastHour(db, existing.id)) >= CONVERSATION_HOURLY_LIMIT)
    throw tooMany();

  const keys = await storePhotos(store, userId, input.photos, kinds);
  try {
    const { conversationId, messageId } = await db.transaction(async (tx) => {
      const conversationId = await lockConversationOfUser(tx, userId);
      if ((await renterMessagesLastHour(tx, conversationId)) >= CONVERSATION_HOURLY_LIMIT)
        throw tooMany();
      const message = await insertMessage(tx, {
        conversationId,
        author: 'renter',
        via: input.via ?? 'app',
        body,
        bookingId: booking?.id ?? null,
      });
      await insertPhotos(tx, message.id, userId, keys);
      // CONV-9: the linked booking's branch, else the latest booking's.
      const branchId = booking?.branchId ?? (await latestBookingBranch(tx, userId));
      await updateConversation(tx, conversationId, {
        status: 'open',
        closedAt: null,
        branchId,
        ...(booking ? { bookingId: booking.id } : {}),
        lastMessageId: message.id,
        lastMessageAt: message.createdAt,
        staffUnread: sql`staff_unread + 1`,
        // Writing means the renter has the thread in front of them.
        renterUnread: 0,
      });
      return { conversationId, messageId: message.id };
    });
    return messageById(db, conversationId, messageId);
  } catch (error) {
    await Promise.all(keys.map((key) => removeDocumentPhoto(store, userId, key)));
    throw error;
  }
}

/** The renter has read staff's replies (CONV-13). */
export async function markRenterRead(db: Database, userId: number) {
  const existing = await conversationOfUser(db, userId);
  if (existing?.renterUnread) await updateConversation(db, existing.id, { renterUnread: 0 });
}

/** The figure beside Messages on the account menu (CONV-13): replies not read yet. */
export async function unreadCountForRenter(db: Database, userId: number): Promise<number> {
  const existing = await conversationOfUser(db, userId);
  return existing?.renterUnread ?? 0;
}

/**
 * A staff reply (CONV-10, CONV-12): the message, the renter's unread count, and (first reply
 * of a burst only) a text with no content and a link, all in one transaction (MSG-1).
 */
export async function staffReply(
  db: Database,
  conversationId: number,
  staffId: number,
  body: string,
  messagesUrl: string,
) {
  const messageId = await db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    if (!conversation) throw new HttpError(404, texts.notFound);
    const message = await insertMessage(tx, {
      conversationId,
      author: 'staff',
      staffId,
      body,
    });
    await updateConversation(tx, conversationId, {
      lastMessageId: message.id,
      lastMessageAt: message.createdAt,
      staffUnread: 0,
      renterUnread: sql`renter_unread + 1`,
    });
    if (await claimReplySms(tx, conversationId, CONVERSATION_SMS_GAP_MINUTES)) {
      const [renter] = await tx
        .select({ msisdn: users.msisdn, closedAt: users.closedAt })
        .from(users)
        .where(eq(users.id, conversation.user_id));
      if (renter && !renter.closedAt)
        await enqueueSms(tx, [
          {
            kind: 'conversation_reply',
            recipient: renter.msisdn,
            body: accountTemplates.conversation_reply(messagesUrl),
            userId: conversation.user_id,
          },
        ]);
    }
    return message.id;
  });
  return messageById(db, conversationId, messageId);
}

/**
 * Who may see a message's photo (CONV-3): the renter who sent it, and staff who reach the
 * conversation's branch (ROLE-5). Anyone else is told it does not exist.
 */
export async function readablePhoto(
  db: Database,
  photoId: number,
  viewer: { id: number; role: string },
  staff: StaffAccess | null,
) {
  const photo = await findPhoto(db, photoId);
  if (!photo || (photo.userId !== viewer.id && (viewer.role !== 'staff' || !staff)))
    throw new HttpError(404, texts.photoNotFound);
  if (photo.userId !== viewer.id && staff)
    await checkBranchScope(db, staff, { conversation: 'id' }, { id: photo.conversationId }).catch(
      () => {
        throw new HttpError(404, texts.photoNotFound);
      },
    );
  return photo;
}
