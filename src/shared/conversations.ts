import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from './documents';

/**
 * The renter's conversation with the company (CONV-1 to CONV-16): the limits and every text a
 * renter or staff member reads about it, shared by the API, the messages page and the console.
 */

/** CONV-2: what one message may hold. */
export const CONVERSATION_TEXT_MAX = 2000;
export const CONVERSATION_PHOTOS_MAX = 3;
export const CONVERSATION_PHOTO_MAX_BYTES = DOCUMENT_MAX_BYTES;
export const CONVERSATION_PHOTO_ACCEPT = DOCUMENT_ACCEPT;
/** CONV-6: a renter's messages in any hour. */
export const CONVERSATION_HOURLY_LIMIT = 20;
/** CONV-12: at most one reply text per conversation in this many minutes. */
export const CONVERSATION_SMS_GAP_MINUTES = 15;
/** CONV-14: a page of the thread and of the inbox. */
export const CONVERSATION_PAGE_SIZE = 30;
export const INBOX_PAGE_SIZE = 25;

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const conversationMessages = {
  empty: 'Write a message or add a photo.',
  tooLong: `Keep your message under ${CONVERSATION_TEXT_MAX} characters.`,
  tooManyPhotos: `Add at most ${CONVERSATION_PHOTOS_MAX} photos to one message.`,
  photoType: 'Photos must be JPG, PNG or WebP images.',
  photoUnreadable: 'One of the photos could not be read. Try another photo.',
  photoTooLarge: 'A photo is too large: 8 MB at most.',
  bookingNotYours: 'We could not find that booking among yours.',
  tooMany: `You have sent ${CONVERSATION_HOURLY_LIMIT} messages in the last hour. Please wait a little before sending more; we read every one.`,
  sent: 'Message sent. We usually reply within a few hours.',
  notFound: 'Conversation not found.',
  photoNotFound: 'Photo not found.',
  replyRequired: 'Write your reply.',
  replyTooLong: `Keep the reply under ${CONVERSATION_TEXT_MAX} characters.`,
  replied: 'Reply sent. The renter gets a text telling them to look.',
  closed: 'Conversation closed. It opens again if the renter writes.',
  alreadyClosed: 'This conversation is already closed.',
  markedRead: 'Marked read.',
  assigned: 'Conversation assigned.',
  unassigned: 'Conversation no longer assigned.',
  assigneeNotStaff: 'Choose an active staff member.',
  badCursor: 'This page link is not valid. Start from the first page.',
} as const;
