/**
 * The renter's conversation queries (CONV-13), under one root so a sign-out drops them. Apart
 * from the hooks so that the session store, on every page's first load, does not pull in the
 * query machinery with them.
 */
export const conversationKeys = {
  all: ['conversation'] as const,
  unread: ['conversation', 'unread'] as const,
  thread: ['conversation', 'thread'] as const,
};
