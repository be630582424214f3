import { useConversationUnread } from '../../lib/conversation-unread';

/**
 * The signed-in renter's unread replies (CONV-13): a badge on the account button (its text
 * describes the button, `id`) or a count beside Messages in the account menu. Nothing at 0.
 */
export default function UnreadCount({ id, variant }: { id?: string; variant: 'avatar' | 'menu' }) {
  const unread = useConversationUnread(true).data ?? 0;
  if (!unread) return null;
  const words = `${unread} unread ${unread === 1 ? 'message' : 'messages'}`;
  return (
    <span id={id} className={variant === 'avatar' ? 'avatar-count' : 'menu-count'}>
      <span aria-hidden="true">{variant === 'avatar' && unread > 9 ? '9+' : unread}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}
